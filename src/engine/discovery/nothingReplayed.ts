/**
 * Why a conformance check replayed no event: there were none, or none of them reaches the FSM (each
 * group named by the DataSource it is addressed to, as `check-events` counts them, beside the
 * DataSources that feed the FSM). With nothing replayed there is no fitness to report — a report of
 * fitness 1 over zero events would claim more than happened — so `flowledger conform` (exit 2) and
 * `POST /api/mining/conform` (400) refuse with this sentence.
 */
import { eventCoverage } from './eventCoverage';
import type { Scenario } from '../types';

/** Pure: the sentence; `fix` says how to address the events (the CLI names `parse --target`). */
export function nothingReplayed(scenario: Scenario, events: readonly unknown[], fsm: string, fix: string): string {
  if (events.length === 0) return 'no events to replay: there is no fitness to report';
  const c = eventCoverage(scenario, events);
  const feeding = c.fsms.find((f) => f.fsm === fsm)?.dataSources ?? [];
  const where = c.targets.map((t) =>
    t.target === null
      ? `${t.count} name no DataSource (no "targetDataSourceId", or a "type" no DataSource listens for)`
      : `${t.count} to DataSource ${t.target}${t.known ? '' : ' (not a DataSource of the template)'}`,
  );
  if (c.malformed > 0) where.push(`${c.malformed} cannot be read`);
  const fed = feeding.length === 0 ? 'no DataSource feeds it' : `it is fed by ${feeding.join(', ')}`;
  return `none of the ${events.length} events reaches FSM ${fsm} (${fed}): ${where.join(', ')}; nothing was replayed, so there is no fitness to report — ${fix}`;
}
