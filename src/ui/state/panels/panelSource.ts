/**
 * The bottom panels' one door to the service: every read and write the Ledger, Lineage, External
 * events and Charts panels make goes through these functions, over `EngineAPIService` — so the
 * panels' state modules never spell a client call themselves, and a change of client shape lands here.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { LedgerFilter, LedgerPage, Lineage, Provenance } from '../../../contract/wire';
import type { ExternalEvent, NodeState } from '../../../contract/vocabulary';
import type { StepSample } from '../../controllers/chart/series';

export type { LedgerFilter, LedgerPage };

/** Which run a panel reads. */
export interface RunRef {
  api: EngineAPIService;
  templateId: string;
  executionId: string;
}

/** Not pure: events `offset … offset+limit` (limit ≤ 1,000) of the ledger filtered by `filter`, oldest first. */
export function fetchLedgerPage(run: RunRef, filter: LedgerFilter, offset: number, limit: number): Promise<LedgerPage> {
  return run.api.getLedgerPage(run.templateId, run.executionId, { ...filter, offset, limit });
}

/** Not pure: the lineage of `correlationId` up to `step`. */
export function fetchLineage(run: RunRef, correlationId: string, step: number): Promise<Lineage> {
  return run.api.getTokenLineage(run.templateId, run.executionId, correlationId, step);
}

/** Not pure: the tokens a token was made from (`ancestors`), or those made from it (`descendants`). */
export function fetchProvenance(
  run: RunRef,
  tokenId: string,
  direction: 'ancestors' | 'descendants',
): Promise<Provenance | null> {
  return direction === 'ancestors'
    ? run.api.getProvenance(run.templateId, run.executionId, tokenId)
    : run.api.getDescendants(run.templateId, run.executionId, tokenId);
}

/** Not pure: node states right after `step`, from the read-only step view (never advances the run). */
export async function fetchStepSample(run: RunRef, step: number): Promise<StepSample> {
  const view = await run.api.getStepView(run.templateId, run.executionId, step);
  const nodeStates: Record<string, NodeState> = {};
  for (const [nodeId, n] of Object.entries(view.nodes)) {
    nodeStates[nodeId] = {
      nodeId,
      currentState: n.state,
      tokensProcessed: n.processed,
      aggregates: n.counts,
      lastUpdate: n.lastUpdate,
    };
  }
  return { step: view.step, nodeStates };
}

/** Not pure: external events waiting, per target DataSource, at the run's live step. */
export async function fetchPendingEvents(run: RunRef, liveStep: number): Promise<Record<string, number>> {
  const r = await run.api.executeStep(run.templateId, run.executionId, liveStep, 1);
  return r.queueSnapshot.external.byTarget;
}

/** Not pure: *(compat)* the DataSources that emit the external events of a type, with the type (the graph answer's `eventType`). */
export async function fetchTypedSources(run: RunRef): Promise<{ id: string; eventType: string }[]> {
  const graph = await run.api.getGraph(run.templateId);
  return graph.nodes.flatMap((n) =>
    n.kind === 'DataSource' && n.eventType !== undefined ? [{ id: n.nodeId, eventType: n.eventType }] : [],
  );
}

/** Not pure: adds `events` to the run's external queue, all or none. */
export async function addEvents(run: RunRef, events: ExternalEvent[]): Promise<{ added: number; queueSize: number }> {
  const r = await run.api.addExternalEvents(run.templateId, run.executionId, events);
  return { added: r.added, queueSize: r.queueSize };
}
