/**
 * Numbers the engine computes from a template's numbers must be finite (docs/limits.md). Each field
 * is a finite JSON number on its own, but a product or a sum of them can overflow: a time window of
 * 1e308 seconds is `Infinity` steps, and a wake-up at step `Infinity × 0` is NaN; two weights of
 * 1e308 add up to `Infinity`, and every draw then picks the same output. The loader refuses such a
 * template with the path of the field that makes the number overflow, before any run starts.
 */
import type { NodeSpec } from '../types';
import { IssueList, pointer } from './issues';

/** The scenario numbers every step's timestamp is computed from. */
export interface Timing {
  tickMs: number;
  startTime: number;
  maxSteps: number;
}

/** Pure: the step count of `seconds` simulated seconds (as the engine computes a period); may be non-finite. */
export function stepsOf(seconds: number, tickMs: number): number {
  return Math.max(1, Math.round((seconds * 1000) / tickMs));
}

/**
 * Not pure (records issues): every number the engine derives from `nodes` and `timing` — the last
 * step's timestamp, DataSource periods and the last generated value of a sequence, Aggregator time
 * windows in steps, Multiplexer weight sums — is finite. (A random range cannot overflow: bounds
 * that large are integers, and integer bounds must already be safe integers.) `base` is the
 * scenario's pointer (timing errors are reported at its `tickMs`).
 */
export function checkFiniteNumbers(nodes: readonly NodeSpec[], timing: Timing, base: string, issues: IssueList): void {
  const { tickMs, startTime, maxSteps } = timing;
  const lastTime = startTime + maxSteps * tickMs;
  if (!Number.isFinite(lastTime))
    issues.error(
      pointer(base, 'tickMs'),
      `"startTime" + "maxSteps" × "tickMs" (${startTime} + ${maxSteps} × ${tickMs}) is not a finite number of milliseconds, so the ledger's timestamps would overflow; use a smaller "tickMs" or "maxSteps"`,
    );
  for (const spec of nodes) {
    switch (spec.type) {
      case 'DataSource': {
        if (!Number.isFinite(stepsOf(spec.interval, tickMs)))
          issues.error(
            pointer(spec.path, 'interval'),
            `"interval" ${spec.interval} s is not a finite number of steps of ${tickMs} ms; use a smaller interval`,
          );
        const g = spec.generation;
        if (g.type === 'sequence') {
          const last = g.start + Math.max(0, Math.min(spec.count, maxSteps) - 1) * g.step;
          if (!Number.isFinite(last))
            issues.error(
              pointer(spec.path, 'generation', 'step'),
              `the sequence ${g.start}, ${g.start} + ${g.step}, … overflows before its last token; use a smaller "start" or "step"`,
            );
        }
        break;
      }
      case 'Aggregator': {
        const t = spec.aggregation.trigger;
        if (t?.type === 'time' && !Number.isFinite(stepsOf(t.window, tickMs)))
          issues.error(
            pointer(spec.path, 'aggregation', 'trigger', 'window'),
            `time window ${t.window} s is not a finite number of steps of ${tickMs} ms; use a smaller window`,
          );
        break;
      }
      case 'Multiplexer': {
        const weights = spec.multiplexing.weights;
        if (spec.multiplexing.strategy !== 'weighted' || weights === undefined) break;
        const sum = weights.reduce((s, w) => s + (w > 0 ? w : 0), 0);
        if (!Number.isFinite(sum))
          issues.error(
            pointer(spec.path, 'multiplexing', 'weights'),
            `the weights add up to more than the largest finite number; scale them down (only their ratios matter)`,
          );
        break;
      }
      case 'ProcessNode':
      case 'FSM':
      case 'Sink':
        break;
      default: {
        const never: never = spec;
        throw new Error(`unknown node ${JSON.stringify(never)}`);
      }
    }
  }
}
