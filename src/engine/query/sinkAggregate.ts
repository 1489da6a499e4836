/**
 * Sink aggregation (DSL.md §5.6, API `…/sinks/{sinkId}/aggregate`): a formula over the values a
 * Sink collected up to a step, at a data path (`field`, default `value`):
 *
 * | formula | value |
 * |---|---|
 * | `count` | tokens collected |
 * | `sum` | sum of the values that are numbers (0 for none) |
 * | `average` | that sum / how many are numbers (null for none) |
 * | `min`, `max` | over the numbers (null for none) |
 * | `latest`, `earliest` | the last / first collected token's value (null when none, or missing) |
 * | `list` | every value, in collection order (missing as null) |
 * | `distinct` | the different values, in order of first collection (compared as canonical JSON) |
 *
 * `count`, `sum`, `average`, `min`, `max`, `latest` and `earliest` cost a binary search on the
 * Sink's prefix index (`sinkIndex.ts`); `list` and `distinct` are as long as their answer.
 */
import { canonicalJson } from '../ledger/canonical';
import type { LiveRun } from '../replay/liveRun';
import { SINK_FORMULAS, type QueryResult, type SinkAggregateValue, type SinkFormula } from '../../contract/queries';
import { checkStep, failure, ok, unknownNode } from './queryErrors';
import type { SinkIndex } from '../run/sinkIndex';

/** Pure: whether `formula` is one of `SINK_FORMULAS`. */
export function isSinkFormula(formula: string): formula is SinkFormula {
  return (SINK_FORMULAS as readonly string[]).includes(formula);
}

/** Reads only (Sink indexes are extended as a cache): `formula` over Sink `sinkId` up to `step` (default current). */
export function sinkAggregate(
  run: LiveRun,
  sinkId: string,
  formula: string,
  options: { field?: string; step?: number } = {},
): QueryResult<SinkAggregateValue> {
  const node = run.ledger.nodeIndex(sinkId);
  if (node === undefined)
    return unknownNode(
      sinkId,
      run.scenario.nodes.map((n) => n.nodeId),
    );
  const spec = run.scenario.nodes[node]!;
  if (spec.type !== 'Sink') {
    return failure(
      'NOT_A_SINK',
      `node "${sinkId}" is a ${spec.type}, not a Sink; aggregates are computed over what a Sink collected`,
      { nodeId: sinkId, type: spec.type },
    );
  }
  if (!isSinkFormula(formula)) {
    return failure('UNKNOWN_FORMULA', `unknown formula "${formula}"; the formulas are: ${SINK_FORMULAS.join(', ')}`, {
      formula,
      formulas: [...SINK_FORMULAS],
    });
  }
  const checked = checkStep(options.step, run.step);
  if (!checked.ok) return checked;
  const step = checked.value;
  const field = options.field ?? 'value';
  const index = run.sinks.of(node, field);
  const count = index.countAt(run.ledger.lastSeqAt(step));
  return ok({ sinkId, formula, field, value: aggregate(index, formula, count), count, step });
}

/** Pure with respect to the index's content (reads only): `formula` over the first `n` collected tokens. */
function aggregate(index: SinkIndex, formula: SinkFormula, n: number): unknown {
  switch (formula) {
    case 'count':
      return n;
    case 'sum':
      return index.sum(n);
    case 'average': {
      const numbers = index.numericCount(n);
      return numbers === 0 ? null : index.sum(n) / numbers;
    }
    case 'min':
      return index.min(n);
    case 'max':
      return index.max(n);
    case 'latest':
      return n === 0 ? null : index.value(n - 1);
    case 'earliest':
      return n === 0 ? null : index.value(0);
    case 'list':
      return Array.from({ length: n }, (_, i) => index.value(i));
    case 'distinct': {
      const seen = new Set<string>();
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const v = index.value(i);
        const key = canonicalJson(v);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(v);
      }
      return out;
    }
    default: {
      const never: never = formula;
      throw new Error(`unknown sink formula ${String(never)}`);
    }
  }
}
