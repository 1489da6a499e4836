/**
 * The original tool's sink aggregation (`GET …/sinks/{sinkId}/aggregate?formula=…&customExpression=…`
 * in the `pled` profile), computed by the service: a formula over the sink's ledger entries — one per
 * token it collected, each `{id, value, timestamp, action, nodeId, correlationIds, tokenId, step, data}` — or a JavaScript
 * expression over `ledgerEntries` (also named `entries` and `events`) and `numericValues`, translated
 * by the project's JavaScript formula translator and evaluated by its own expression evaluator: no
 * `eval`, no globals, bounded work, and `Date.now()` reads the step's simulated time.
 */
import { ACTION_OF, valueOf } from '../../contract/pled';
import type { LedgerEvent } from '../../contract/vocabulary';
import { parseJsFormula } from '../../engine/expr/js';
import { Failure } from '../result';

/** Formulas the original's sink viewer offers; `custom` evaluates `customExpression`. */
export const PLED_FORMULAS = ['latest', 'earliest', 'sum', 'count', 'average', 'min', 'max', 'custom'] as const;

/** The names a custom expression may read. */
export const CUSTOM_EXPRESSION_NAMES = ['ledgerEntries', 'entries', 'events', 'numericValues'] as const;

export interface LedgerEntry {
  id: string;
  value: unknown;
  timestamp: number;
  action: string;
  nodeId: string;
  correlationIds: string[];
  tokenId: string | null;
  step: number;
  /** The collected token's whole data. */
  data: Record<string, unknown> | null;
}

/** Pure: the ledger entries of a sink's collection events, in ledger order. */
export function ledgerEntriesOf(events: readonly LedgerEvent[]): LedgerEntry[] {
  return events.map((e) => {
    const token = e.outputToken ?? e.inputToken;
    return {
      id: e.eventId,
      value: valueOf(token),
      timestamp: e.timestamp,
      action: ACTION_OF[e.operation],
      nodeId: e.nodeId,
      correlationIds: token ? [...token.correlationIds] : [],
      tokenId: token?.id ?? null,
      step: e.step,
      data: token ? token.data : null,
    };
  });
}

/**
 * Pure: the aggregated value of `entries` by `formula`, or by `customExpression` when one is given
 * (as the original did, whatever the formula); `now` is the simulated time `Date.now()` reads.
 * Throws a `Failure` (400) for an unknown formula or an expression outside the translator's subset
 * (naming the construct, line and column) or failing as it runs. No entries: null, as the original.
 */
export function aggregate(
  entries: readonly LedgerEntry[],
  formula: string,
  customExpression: string | null,
  now: number,
): unknown {
  if (!(PLED_FORMULAS as readonly string[]).includes(formula))
    throw new Failure('UNKNOWN_FORMULA', `Unknown formula "${formula}"; the formulas are ${PLED_FORMULAS.join(', ')}`, {
      parameter: 'formula',
      value: formula,
      formulas: [...PLED_FORMULAS],
    });
  if (entries.length === 0) return null;
  const numbers = entries.map((e) => e.value).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (customExpression !== null && customExpression.trim() !== '')
    return evaluateCustom(customExpression, entries, numbers, now);
  switch (formula === 'custom' ? 'sum' : formula) {
    case 'count':
      return entries.length;
    case 'latest':
      return entries[entries.length - 1];
    case 'earliest':
      return entries[0];
    case 'average':
      return numbers.length > 0 ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null;
    case 'min':
      return numbers.length > 0 ? Math.min(...numbers) : null;
    case 'max':
      return numbers.length > 0 ? Math.max(...numbers) : null;
    default:
      return numbers.reduce((a, b) => a + b, 0);
  }
}

function evaluateCustom(source: string, entries: readonly LedgerEntry[], numbers: number[], now: number): unknown {
  const parsed = parseJsFormula(source, { params: CUSTOM_EXPRESSION_NAMES });
  if (!parsed.ok) {
    const { message, line, column, construct } = parsed.error;
    throw new Failure(
      'INVALID_PARAMETER',
      `Query parameter "customExpression" is not a formula Flowledger runs: ${message} (line ${line}, column ${column})`,
      { parameter: 'customExpression', value: source, line, column, construct },
    );
  }
  const list = entries.map((e) => ({ ...e }));
  const result = parsed.expr.evaluate({
    scope: { ledgerEntries: list, entries: list, events: list, numericValues: numbers },
    now: () => now,
  });
  if (!result.ok)
    throw new Failure('INVALID_PARAMETER', `Query parameter "customExpression" failed as it ran: ${result.error}`, {
      parameter: 'customExpression',
      value: source,
    });
  return result.value;
}
