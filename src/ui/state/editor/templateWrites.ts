/**
 * The editor's writes, as plain async functions over the client and the query cache (Node-testable):
 * a checked document saved as a new template or over the stored one, and a new run of a template.
 * Each invalidates what it changed, so the sidebar, the library and the run bar follow.
 */
import type { QueryClient } from '@tanstack/query-core';
import { ApiError } from '../../../client/ApiError';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { Template } from '../../../contract/wire';
import type { Problem } from '../../controllers/editor/jsonEditor';
import { invalidateTemplate } from '../query/queries';

/** Another save of the template came first (409 CONFLICT): nothing was written. */
export interface SaveConflict {
  /** The stored revision now, and the one the refused change was made on. */
  revision: number;
  basedOn: number;
  /** The fields that other save changed (of `name`, `description`, `scenario`, `referenceDoc`). */
  changed: string[];
  message: string;
}

/**
 * A save: the stored template, or the problems that refused it, or the conflict with a save that
 * came first.
 */
export type SaveResult =
  | { ok: true; templateId: string; template: Template; created: boolean; conflict?: undefined }
  | { ok: false; problems: Problem[]; conflict?: undefined }
  | { ok: false; conflict: SaveConflict; problems?: undefined };

/** Pure: the problem of a document that has no name, else null. */
export function namelessProblem(doc: Record<string, unknown>): Problem | null {
  return typeof doc.name !== 'string' || doc.name.trim() === ''
    ? { severity: 'error', path: '/name', message: 'A template needs a name.', from: 0, to: 1 }
    : null;
}

/**
 * Not pure: stores the checked document `doc` over template `templateId` — on condition that it is
 * still at `basedOn`, the revision the text was made on — or as a new template when `templateId` is
 * null. Refuses a document without a name; answers the conflict when another save came first; any
 * other failed request throws.
 */
export async function saveTemplateDocument(
  api: EngineAPIService,
  cache: QueryClient,
  templateId: string | null,
  doc: Record<string, unknown>,
  basedOn: number | null = null,
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
    let r;
    try {
      r = await api.updateTemplate(templateId, body, basedOn === null ? {} : { ifRevision: basedOn });
    } catch (err) {
      const conflict = conflictOf(err);
      if (!conflict) throw err;
      await invalidateTemplate(cache, templateId);
      return { ok: false, conflict };
    }
    await invalidateTemplate(cache, templateId);
    return { ok: true, templateId, template: r.template, created: false };
  }
  const r = await api.createTemplate(body);
  await invalidateTemplate(cache, r.templateId);
  return { ok: true, templateId: r.templateId, template: r.template, created: true };
}

/** Pure: the conflict a refused conditional update answered (409 CONFLICT), else null. */
export function conflictOf(err: unknown): SaveConflict | null {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== 'CONFLICT') return null;
  const d = err.details;
  return {
    revision: typeof d.revision === 'number' ? d.revision : -1,
    basedOn: typeof d.basedOn === 'number' ? d.basedOn : -1,
    changed: Array.isArray(d.changed) ? d.changed.filter((f): f is string => typeof f === 'string') : [],
    message: err.message,
  };
}

/** Pure: the fields of `doc` (a template document) that differ from `stored`, in template order. */
export function changedFields(stored: Template, doc: Record<string, unknown>): string[] {
  const fields = ['name', 'description', 'scenario', 'referenceDoc'] as const;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
  return fields.filter((f) => !same(stored[f], doc[f]));
}

/** Not pure: starts a new execution of `templateId`; answers its id. */
export async function startRun(api: EngineAPIService, cache: QueryClient, templateId: string): Promise<string> {
  const created = await api.createExecution(templateId, {});
  await invalidateTemplate(cache, templateId);
  return created.executionId;
}
