/**
 * The editor's writes, as plain async functions over the client and the query cache (Node-testable):
 * a checked document saved as a new template or over the stored one, and a new run of a template.
 * Each invalidates what it changed, so the sidebar, the library and the run bar follow.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { Problem } from '../../controllers/editor/jsonEditor';
import { invalidateTemplate } from '../query/queries';

/** A save: the template's id and its stored `updatedAt`, or the problems that refused it. */
export type SaveResult =
  { ok: true; templateId: string; updatedAt: string; created: boolean } | { ok: false; problems: Problem[] };

/** Pure: the problem of a document that has no name, else null. */
export function namelessProblem(doc: Record<string, unknown>): Problem | null {
  return typeof doc.name !== 'string' || doc.name.trim() === ''
    ? { severity: 'error', path: '/name', message: 'A template needs a name.', from: 0, to: 1 }
    : null;
}

/**
 * Not pure: stores the checked document `doc` over template `templateId`, or as a new template when
 * `templateId` is null. Refuses a document without a name; a failed request throws.
 */
export async function saveTemplateDocument(
  api: EngineAPIService,
  cache: QueryClient,
  templateId: string | null,
  doc: Record<string, unknown>,
): Promise<SaveResult> {
  const nameless = namelessProblem(doc);
  if (nameless) return { ok: false, problems: [nameless] };
  const body = {
    name: doc.name as string,
    description: typeof doc.description === 'string' ? doc.description : '',
    scenario: doc.scenario as Record<string, unknown>,
    referenceDoc: typeof doc.referenceDoc === 'string' ? doc.referenceDoc : '',
  };
  if (templateId) {
    const r = await api.updateTemplate(templateId, body);
    await invalidateTemplate(cache, templateId);
    return { ok: true, templateId, updatedAt: r.template.updatedAt, created: false };
  }
  const r = await api.createTemplate(body);
  await invalidateTemplate(cache, r.templateId);
  return { ok: true, templateId: r.templateId, updatedAt: r.template.updatedAt, created: true };
}

/** Not pure: starts a new execution of `templateId`; answers its id. */
export async function startRun(api: EngineAPIService, cache: QueryClient, templateId: string): Promise<string> {
  const created = await api.createExecution(templateId, {});
  await invalidateTemplate(cache, templateId);
  return created.executionId;
}
