/**
 * The bottom panels' one door to the service: every read and write the Ledger, Lineage, External
 * events and Charts panels make goes through these functions, over `EngineAPIService`. The service's
 * paged-ledger, provenance and step-view paths are still being added; until they land, the functions
 * here answer from the paths that exist (a step result's `allActivities`), so swapping to the new
 * client methods changes this file only.
 */
import type { EngineAPIService } from '../../client/EngineAPIService';
import type { Lineage, Provenance } from '../../api/wire';
import type { ExternalEvent, LedgerEvent, LedgerOperation } from '../../engine/types';
import type { StepSample } from '../controllers/chart/series';

/** Which run a panel reads. */
export interface RunRef {
  api: EngineAPIService;
  templateId: string;
  executionId: string;
}

/** A filter of the ledger: every given field must hold; steps inclusive. */
export interface LedgerFilter {
  nodeId?: string;
  operation?: LedgerOperation;
  correlationId?: string;
  toStep?: number;
}

/** One page of the (filtered) ledger, in seq order. */
export interface LedgerPage {
  /** Matching events in the whole (filtered) ledger, not only this page. */
  total: number;
  offset: number;
  limit: number;
  events: LedgerEvent[];
}

/** Not pure: events `offset … offset+limit` of the ledger filtered by `filter`, oldest first. */
export async function fetchLedgerPage(
  run: RunRef,
  filter: LedgerFilter,
  offset: number,
  limit: number,
): Promise<LedgerPage> {
  const step = filter.toStep ?? 'end';
  const head = await run.api.executeStep(run.templateId, run.executionId, step, 1);
  const all = await run.api.executeStep(run.templateId, run.executionId, step, Math.max(1, head.allActivitiesTotal));
  const matching = all.allActivities.filter((e) => matches(e, filter)).reverse();
  return { total: matching.length, offset, limit, events: matching.slice(offset, offset + limit) };
}

/** Not pure: the lineage of `correlationId` up to `step`. */
export function fetchLineage(run: RunRef, correlationId: string, step: number): Promise<Lineage> {
  return run.api.getTokenLineage(run.templateId, run.executionId, correlationId, step);
}

/** Not pure: the ancestors (`parents`) or descendants of a token, or null where the service cannot say yet. */
export async function fetchProvenance(
  _run: RunRef,
  _tokenId: string,
  _direction: 'ancestors' | 'descendants',
): Promise<Provenance | null> {
  return null;
}

/** Not pure: node states right after `step` (a read; never advances the run). */
export async function fetchStepSample(run: RunRef, step: number): Promise<StepSample> {
  const r = await run.api.executeStep(run.templateId, run.executionId, step, 1);
  return { step: r.step, nodeStates: r.nodeStates };
}

/** Not pure: external events waiting, per target DataSource, at the run's live step. */
export async function fetchPendingEvents(run: RunRef, liveStep: number): Promise<Record<string, number>> {
  const r = await run.api.executeStep(run.templateId, run.executionId, liveStep, 1);
  return r.queueSnapshot.external.byTarget;
}

/** Not pure: adds `events` to the run's external queue, all or none. */
export async function addEvents(run: RunRef, events: ExternalEvent[]): Promise<{ added: number; queueSize: number }> {
  const r = await run.api.addExternalEvents(run.templateId, run.executionId, events);
  return { added: r.added, queueSize: r.queueSize };
}

function matches(e: LedgerEvent, f: LedgerFilter): boolean {
  if (f.nodeId && e.nodeId !== f.nodeId) return false;
  if (f.operation && e.operation !== f.operation) return false;
  if (f.correlationId) {
    const carries = (t: { correlationIds: string[] } | undefined) => !!t && t.correlationIds.includes(f.correlationId!);
    if (!carries(e.inputToken) && !carries(e.outputToken)) return false;
  }
  return true;
}
