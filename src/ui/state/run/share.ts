/**
 * Share links, both ways, through the API only: `make` packs an execution into a link (or says it
 * is too large and offers the run as a file), `open` replays a shared run as a new local copy —
 * template, seed, then each input batch added at the step it was added at, then on to the step the
 * run had reached — and checks the replay's ledger hash against the one in the link.
 *
 * Opening is all or nothing: should any call of the replay fail, the template copy is deleted again
 * (with its executions, in one transaction of the store), so a failed link leaves nothing behind, and
 * the failure offers the link again (its text, and Try again).
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { QueryClient } from '@tanstack/query-core';
import type { RouteState } from '../../context/routes';
import {
  decodeShare,
  encodeShare,
  readExportHeader,
  type EncodedShare,
  type SharePayload,
} from '../../controllers/share/shareLink';
import { invalidateTemplates } from '../query/queries';

export interface ShareView {
  step: number | null;
  node: string | null;
  lineage: string | null;
}

export interface OpenedShare {
  templateId: string;
  executionId: string;
  view: ShareView;
  /** true: the replay's ledger hash equals the link's; false: it differs; null: the run had not ended, nothing to compare yet. */
  verified: boolean | null;
}

/** Not pure (API calls): the link for an execution, or why there is none. `base`: the app's address without query or fragment. */
export async function makeShareLink(
  api: EngineAPIService,
  templateId: string,
  executionId: string,
  view: ShareView,
  base: string,
): Promise<{ encoded: EncodedShare; link: string | null; payload: SharePayload }> {
  const [template, exported] = await Promise.all([api.getTemplate(templateId), api.exportRun(templateId, executionId)]);
  const header = readExportHeader(exported);
  const payload: SharePayload = {
    template: { name: template.name, description: template.description ?? '', scenario: header.scenario },
    seed: header.seed,
    inputLog: header.inputLog,
    step: header.step,
    ended: header.status === 'completed' || header.status === 'truncated',
    ledgerHash: header.ledgerHash,
    view,
  };
  const encoded = encodeShare(payload);
  return { encoded, link: encoded.ok ? `${base}${encoded.fragment}` : null, payload };
}

/** Pure: the `<iframe>` that shows the run of a share link's `fragment` in the embeddable player at `playerUrl`. */
export function embedCode(playerUrl: string, fragment: string, title: string): string {
  const safeTitle = title.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
  return `<iframe src="${playerUrl}${fragment}" title="Flowledger: ${safeTitle}" width="100%" height="480" style="border:0" loading="lazy"></iframe>`;
}

/** Pure: what a share link holds, in words: template, external events, seed and step. */
export function shareSummary(payload: SharePayload): string {
  const events = payload.inputLog.reduce((n, b) => n + b.events.length, 0);
  const shown = payload.view.step ?? payload.step;
  const reached = payload.ended ? `the run's end at step ${payload.step}` : `step ${payload.step}`;
  return (
    `The template "${payload.template.name}", ${events === 1 ? '1 external event' : `${events} external events`}, ` +
    `seed ${payload.seed}, the run up to ${reached}, shown at step ${shown}. ` +
    'Everything is in the link itself: nothing is uploaded.'
  );
}

/** Not pure (API read): the run as a file (NDJSON, read as it arrives), for a run too large for a link. */
export function runFile(api: EngineAPIService, templateId: string, executionId: string): Promise<Blob> {
  return api.exportRunFile(templateId, executionId);
}

/**
 * Not pure (API calls): replays a shared run as a new local template and execution. All or nothing:
 * when a step of the replay fails, the template just created is deleted with its executions before
 * the error is passed on (the error says so if even that failed, naming the copy left).
 */
export async function openSharedRun(
  api: EngineAPIService,
  payload: SharePayload,
  onProgress: (sentence: string) => void = () => undefined,
): Promise<OpenedShare> {
  onProgress(`Importing the template "${payload.template.name}"…`);
  const created = await api.createTemplate({
    name: payload.template.name,
    description: payload.template.description,
    scenario: payload.template.scenario as never,
  });
  const templateId = created.templateId;
  try {
    return await replay(api, templateId, payload, onProgress);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    try {
      await api.deleteTemplate(templateId);
    } catch (undo) {
      throw new PartialCopyLeft(
        `${message}; the partial copy "${payload.template.name}" (${templateId}) could not be removed ` +
          `(${undo instanceof Error ? undo.message : String(undo)}): delete it from the library`,
        { cause: err },
      );
    }
    throw err;
  }
}

/** A replay failed and its partial copy could not be deleted either (the message names it). */
export class PartialCopyLeft extends Error {}

/** Not pure (API calls): the shared run replayed into a new execution of `templateId` (told to `onCreated` first). */
async function replay(
  api: EngineAPIService,
  templateId: string,
  payload: SharePayload,
  onProgress: (sentence: string) => void,
  onCreated: (executionId: string) => void = () => undefined,
): Promise<OpenedShare> {
  const { executionId } = await api.createExecution(templateId, { name: 'Shared run', seed: payload.seed });
  onCreated(executionId);
  let at = 0;
  const batches = [...payload.inputLog].sort((a, b) => a.step - b.step);
  for (const [i, batch] of batches.entries()) {
    if (batch.step > at) {
      onProgress(`Replaying to step ${batch.step}…`);
      at = (await api.executeStep(templateId, executionId, batch.step)).step;
    }
    onProgress(`Adding events (batch ${i + 1} of ${batches.length})…`);
    await api.addExternalEvents(templateId, executionId, batch.events);
  }
  onProgress(payload.ended ? 'Running to the end…' : `Replaying to step ${payload.step}…`);
  if (payload.ended) await api.executeStep(templateId, executionId, 'end');
  else if (payload.step > at) await api.executeStep(templateId, executionId, payload.step);
  const record = await api.getExecution(executionId);
  const verified = payload.ended && record.ledgerHash !== null ? record.ledgerHash === payload.ledgerHash : null;
  return { templateId, executionId, view: payload.view, verified };
}

/** A template as the library holds it, as far as `placeShared` reads it. */
interface HeldTemplate {
  id: string;
  name: string;
  description?: string;
  scenario: unknown;
}

/** Where a shared template goes: the library's identical one, or a new template of that name. */
export type SharePlace =
  { kind: 'same'; templateId: string; name: string } | { kind: 'new'; name: string; copy: boolean };

/** Pure: `v` as JSON with every object's keys sorted, so two documents that say the same compare equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/**
 * Pure: where the shared template `shared` goes in a library holding `templates`. A template of its
 * name (or a copy made from an earlier link, `… (shared)`, `… (shared 2)`) with the same content —
 * scenario and description — is reused, so opening a link twice never makes two identical entries;
 * else it is new under its own name, or, when the library has a different template of that name, a
 * copy named `… (shared)` (then `… (shared 2)`, … while taken).
 */
export function placeShared(
  templates: readonly HeldTemplate[],
  shared: { name: string; description?: string; scenario: unknown },
): SharePlace {
  const copyName = (n: number) => `${shared.name} (shared${n > 1 ? ` ${n}` : ''})`;
  const kin = templates.filter((t) => t.name === shared.name || t.name.startsWith(`${shared.name} (shared`));
  const content = canonical(shared.scenario);
  const same = kin.find(
    (t) => (t.description ?? '') === (shared.description ?? '') && canonical(t.scenario) === content,
  );
  if (same) return { kind: 'same', templateId: same.id, name: same.name };
  const names = new Set(templates.map((t) => t.name));
  if (!names.has(shared.name)) return { kind: 'new', name: shared.name, copy: false };
  let n = 1;
  while (names.has(copyName(n))) n++;
  return { kind: 'new', name: copyName(n), copy: true };
}

/**
 * Not pure (API calls): the shared run in the library's template `templateId` (identical to the
 * link's): a run of it that ended with the link's ledger hash is the same run and is reused; else the
 * run is replayed into a new execution, which is deleted again should the replay fail (the template
 * is the person's own and stays).
 */
async function openInHeldTemplate(
  api: EngineAPIService,
  templateId: string,
  payload: SharePayload,
  onProgress: (sentence: string) => void,
): Promise<OpenedShare & { reusedRun: boolean }> {
  if (payload.ended && payload.ledgerHash !== null) {
    const runs = (await api.listExecutions(templateId)).executions;
    const same = runs.find((e) => e.seed === payload.seed && e.ledgerHash === payload.ledgerHash);
    if (same) return { templateId, executionId: same.id, view: payload.view, verified: true, reusedRun: true };
  }
  let created: string | null = null;
  try {
    const opened = await replay(api, templateId, payload, onProgress, (id) => (created = id));
    return { ...opened, reusedRun: false };
  } catch (err) {
    if (created !== null) await api.deleteExecution(created).catch(() => undefined);
    throw err;
  }
}

/** What opening a share link leaves for the person: a sentence, and the view to show (null: the address's own). */
export interface ShareOutcome {
  notice: ShareNotice;
  route: RouteState | null;
}

/** The sentence shown after a share link; a failed one keeps the link (`fragment`), and `retry` when trying again may help. */
export interface ShareNotice {
  tone: 'ok' | 'warn';
  text: string;
  /** The link's fragment (`#share=…`), shown for copying, when the link could not be opened. */
  fragment?: string;
  /** Trying again may succeed (the replay failed; nothing was kept). */
  retry?: boolean;
}

/**
 * Not pure (API calls, cache): opens the share fragment `fragment` — decodes it, finds the template's
 * place in the library (`placeShared`: the identical one, or a new copy), replays the run there (the
 * template list is then stale) and says where it went and whether its ledger hash matches the link's.
 */
export async function openShareLink(
  api: EngineAPIService,
  cache: QueryClient,
  fragment: string,
  onProgress: (sentence: string) => void,
): Promise<ShareOutcome> {
  const decoded = decodeShare(fragment);
  if (!decoded.ok)
    return {
      notice: {
        tone: 'warn',
        text: `This share link cannot be opened: ${decoded.message}. Ask for a new link.`,
        fragment,
      },
      route: null,
    };
  try {
    onProgress('Opening the shared run…');
    const payload = decoded.payload;
    const place = placeShared((await api.listTemplates()).templates, payload.template);
    const opened =
      place.kind === 'same'
        ? await openInHeldTemplate(api, place.templateId, payload, onProgress)
        : {
            ...(await openSharedRun(
              api,
              { ...payload, template: { ...payload.template, name: place.name } },
              onProgress,
            )),
            reusedRun: false,
          };
    await invalidateTemplates(cache);
    const { step, node, lineage } = opened.view;
    const route = { template: opened.templateId, execution: opened.executionId, step, node, lineage };
    const name = payload.template.name;
    const where =
      place.kind === 'same'
        ? opened.reusedRun
          ? `"${place.name}" and this run are already in your library: opened them, nothing was added`
          : `"${place.name}" is already in your library (the same template): the shared run was added to it`
        : place.copy
          ? `Your library has a different "${name}": opened the shared run as a copy named "${place.name}"`
          : `Opened the shared run "${name}" as a new copy`;
    if (opened.verified === false)
      return {
        route,
        notice: {
          tone: 'warn',
          text: `${where}, but its ledger hash differs from the link's: it was made by a different version of Flowledger.`,
        },
      };
    const text =
      opened.verified === true && !opened.reusedRun ? `${where}; its ledger hash matches the link's.` : `${where}.`;
    return { route, notice: { tone: 'ok', text } };
  } catch (err) {
    // The copy was deleted again (or the message says it could not be): the list is stale either way.
    await invalidateTemplates(cache).catch(() => undefined);
    return {
      notice: {
        tone: 'warn',
        text:
          `The shared run could not be replayed: ${err instanceof Error ? err.message : String(err)}.` +
          (err instanceof PartialCopyLeft ? '' : ' Nothing of it was kept.'),
        fragment,
        retry: true,
      },
      route: null,
    };
  }
}
