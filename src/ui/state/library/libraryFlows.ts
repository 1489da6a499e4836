/**
 * The library's flows, as plain async functions over the client and the query cache (no `$state`,
 * no DOM, so they run in Node tests against the real service): duplicate, export, what a delete takes
 * along, delete, check an imported file, save it. Every write invalidates the keys it changed, so
 * every list on screen follows without being told.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { Template, ValidationAnswer } from '../../../contract/wire';
import { jsonTooDeepAt, tooDeepJsonMessage } from '../../../contract/jsonDepth';
import { exportDocument, formatDocument, toTemplateDocument } from '../../controllers/editor/authoring';
import { lineColumn } from '../../controllers/editor/jsonRanges';
import { executionsQuery, invalidateTemplates, queryKeys } from '../query/queries';

export type Issue = ValidationAnswer['errors'][number];

/** A file read for import: its document (null: not a template), why it cannot be saved, and the validator's findings. */
export interface ImportCheck {
  file: string;
  doc: Record<string, unknown> | null;
  problem: string | null;
  errors: Issue[];
  warnings: Issue[];
  /** The validator answered: only a checked document without errors is offered for saving. */
  checked: boolean;
}

/** Pure: an error's message. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Not pure: stores a copy of template `templateId` named "<name> (copy)"; answers the copy. */
export async function duplicateTemplate(
  api: EngineAPIService,
  cache: QueryClient,
  templateId: string,
): Promise<Template> {
  const full = await api.getTemplate(templateId);
  const created = await api.createTemplate({
    name: `${full.name} (copy)`,
    description: full.description,
    scenario: full.scenario,
    ...(full.referenceDoc ? { referenceDoc: full.referenceDoc } : {}),
  });
  await invalidateTemplates(cache);
  return created.template;
}

/** Not pure (reads): template `templateId` as the file a person downloads — its name and its JSON text. */
export async function templateFile(api: EngineAPIService, templateId: string): Promise<{ name: string; text: string }> {
  const full = await api.getTemplate(templateId);
  return { name: `${full.slug || full.id}.json`, text: formatDocument(exportDocument(full)) };
}

/** Not pure (reads, fresh): the names (else ids) of the executions deleting `templateId` takes along. */
export async function executionNames(api: EngineAPIService, cache: QueryClient, templateId: string): Promise<string[]> {
  const list = await cache.fetchQuery({ ...executionsQuery(api, templateId), staleTime: 0 });
  return list.map((e) => e.name || e.id);
}

/**
 * Not pure: deletes template `templateId` and its executions; the list is refetched and its cached
 * executions become none (set, not dropped: a run bar still observing them must not keep a stale list).
 */
export async function deleteTemplate(api: EngineAPIService, cache: QueryClient, templateId: string): Promise<void> {
  await api.deleteTemplate(templateId);
  cache.setQueryData(queryKeys.executions(templateId), []);
  await invalidateTemplates(cache);
}

/** Not pure (validates through the API): reads `text`, the content of file `file`, as a template to import. */
export async function checkImport(api: EngineAPIService, file: string, text: string): Promise<ImportCheck> {
  let doc: Record<string, unknown> | null = null;
  let problem: string | null = null;
  let errors: Issue[] = [];
  let warnings: Issue[] = [];
  let checked = false;
  // Refused before parsing, as the API and the command line refuse it: a document nested this deeply
  // would pass JSON.parse and then exhaust the stack in every recursive walk after it.
  const deep = jsonTooDeepAt(text);
  if (deep !== null) {
    const { line, column } = lineColumn(text, deep);
    problem = `This file cannot be imported: line ${line}, column ${column}: ${tooDeepJsonMessage()}.`;
    return { file, doc, problem, errors, warnings, checked };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    doc = toTemplateDocument(parsed, file.replace(/\.json$/i, ''));
    if (!doc) problem = 'This JSON is neither a template (with a "scenario") nor a scenario (with "nodes").';
  } catch (err) {
    problem = `This file is not JSON: ${messageOf(err)}`;
  }
  if (doc) {
    try {
      const answer = await api.validateTemplate(doc.scenario as Record<string, unknown>);
      errors = answer.errors;
      warnings = answer.warnings;
      checked = true;
    } catch (err) {
      problem = `The file could not be checked, so it cannot be saved from here: ${messageOf(err)}`;
    }
  }
  return { file, doc, problem, errors, warnings, checked };
}

/** Not pure: stores the imported document `doc` as a new template; answers it. */
export async function saveImport(
  api: EngineAPIService,
  cache: QueryClient,
  doc: Record<string, unknown>,
): Promise<Template> {
  const created = await api.createTemplate({
    name: String(doc.name),
    ...(typeof doc.description === 'string' ? { description: doc.description } : {}),
    scenario: doc.scenario as Record<string, unknown>,
    ...(typeof doc.referenceDoc === 'string' ? { referenceDoc: doc.referenceDoc } : {}),
  });
  await invalidateTemplates(cache);
  return created.template;
}
