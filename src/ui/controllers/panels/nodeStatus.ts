/**
 * What the Nodes table's State column says for every kind, not only for FSMs: an FSM's state (or
 * instances per state), a Multiplexer's tokens per output, a Sink's tokens per `data.state` when
 * it keeps such counts, and otherwise what the node is doing — emitting, done, joining, buffering,
 * idle. Pure over the step view's plain data.
 */
import type { NodeRow, NodeStateLike } from '../graph/stepState';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Pure: `name: n` pairs of the positive numeric entries of `counts`, largest first. */
function countPairs(counts: Record<string, unknown>): string {
  return Object.entries(counts)
    .filter(([, v]) => typeof v === 'number' && v > 0)
    .sort((a, b) => num(b[1]) - num(a[1]) || a[0].localeCompare(b[0]))
    .map(([k, v]) => `${k}: ${v as number}`)
    .join(', ');
}

/** Pure: the State column's text for `row` (its node state `state` at the shown step; undefined: not started). */
export function nodeStatus(row: NodeRow, state: NodeStateLike | undefined): string {
  const agg = state?.aggregates ?? {};
  const processed = state?.tokensProcessed ?? 0;
  switch (row.kind) {
    case 'FSM':
      return row.state || (processed === 0 ? 'not started' : '');
    case 'Multiplexer':
      return countPairs(agg) || (processed === 0 ? 'nothing routed yet' : 'idle');
    case 'Sink':
      return countPairs(agg) || (row.acted ? 'collecting' : processed === 0 ? 'nothing collected yet' : 'idle');
    case 'DataSource':
      if (num(agg['remaining']) > 0) return 'emitting';
      return agg['mode'] === 'external' ? 'waiting for events' : 'done';
    case 'Aggregator':
      return num(agg['buffered']) > 0 ? 'buffering' : row.acted ? 'working' : 'idle';
    case 'ProcessNode': {
      const errors = num(agg['errors']);
      const doing = row.held && !row.held.startsWith('0 ') ? 'joining' : row.acted ? 'working' : 'idle';
      return errors > 0 ? `${doing}, ${errors} ${errors === 1 ? 'error' : 'errors'}` : doing;
    }
    default:
      return row.acted ? 'working' : 'idle';
  }
}
