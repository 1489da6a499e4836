/**
 * Waiting is not failure: a run whose DataSources wait for external events (*(compat)*
 * `execution-events` generation, `ExternalEventSource`, or a DataSource with `count: 0`, which
 * generates nothing — a log-driven template's) and has been given none has nothing to do. Such a
 * source has no pending work (`dataSource.ts`), so the run ends at once as `completed`, not after
 * `maxSteps` idle steps as `truncated`; this module says which sources it waits for, so the CLI,
 * the API and the workspace can say so. Adding events to the run lets it go on.
 */
import type { EventFeed } from './externalQueue';
import type { RunStatus, Scenario, WaitingSource } from '../types';

/**
 * Reads only. The DataSources that only emit external events — execution-events ones, and those
 * with `count: 0` — that no event has been addressed to, in scenario order, when the run has
 * nothing left to do (`completed`); empty otherwise.
 */
export function waitingSources(scenario: Scenario, feed: EventFeed, status: RunStatus): WaitingSource[] {
  if (status !== 'completed') return [];
  const out: WaitingSource[] = [];
  for (const n of scenario.nodes) {
    if (n.type !== 'DataSource' || feed.targets(n.index)) continue;
    if (n.generation.type === 'execution-events') out.push({ nodeId: n.nodeId, eventType: n.generation.eventType });
    else if (n.count === 0) out.push({ nodeId: n.nodeId });
  }
  return out;
}

/**
 * Pure. The sentence naming the sources a run waits for:
 * `waiting for external events: none received by "a" (type "x.created"), "b" (type "y"); add events to go on`
 * (a `count: 0` source, addressed by `targetDataSourceId`, without a type: `"sshLog"`).
 */
export function waitingClause(waiting: readonly WaitingSource[]): string {
  const list = waiting
    .map((w) => (w.eventType === undefined ? `"${w.nodeId}"` : `"${w.nodeId}" (type ${JSON.stringify(w.eventType)})`))
    .join(', ');
  return `waiting for external events: none received by ${list}; add events to go on`;
}
