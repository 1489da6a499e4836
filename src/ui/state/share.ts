/**
 * Share links, both ways, through the API only: `make` packs an execution into a link (or says it
 * is too large and offers the run as a file), `open` replays a shared run as a new local copy —
 * template, seed, then each input batch added at the step it was added at, then on to the step the
 * run had reached — and checks the replay's ledger hash against the one in the link.
 */
import type { EngineAPIService } from '../../client/EngineAPIService';
import { encodeShare, readExportHeader, type EncodedShare, type SharePayload } from '../controllers/share/shareLink';

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
): Promise<{ encoded: EncodedShare; link: string | null }> {
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
  return { encoded, link: encoded.ok ? `${base}${encoded.fragment}` : null };
}

/** Not pure (API calls): replays a shared run as a new local template and execution. */
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
  const { executionId } = await api.createExecution(templateId, { name: 'Shared run', seed: payload.seed });
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
