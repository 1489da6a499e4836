/**
 * Bounds on the values a node builds (DSL.md §5, docs/limits.md): the result of every evaluation a
 * node makes — what becomes token data, an FSM variable, a routing choice — and every token data
 * object a node makes (an aggregate of any method, `collect` included, a join, an FSM's output, a
 * formula merged over its input) must be a value whose JSON text stays small and shallow. Values share structure (`[x, x]` holds `x` twice
 * without copying it), so a cycle of nodes could double a token's encoded size on every lap while
 * its memory barely grows; the ledger encodes every token it names, so such a run would never
 * finish writing its hash. Measuring the result as the JSON text would spell it, shared parts
 * counted each time, keeps every token's line bounded. Each built value is measured once, when it
 * is built, with an early exit: the walk costs at most `maxSize` units, and never more than the
 * ledger's own encoding of that value would.
 */

export const VALUE_LIMITS = {
  /** Levels of arrays and objects in one built value (the value itself is level 1). */
  maxDepth: 256,
  /** Size units of one built value: 1 per value, plus the characters of every string and key. */
  maxSize: 1_000_000,
} as const satisfies Record<string, number>;

/**
 * Pure: null when `value` is within `VALUE_LIMITS`, or the message naming the bound it passes, about
 * `subject` ("the result" of a formula, "the aggregate", "the token data"). The walk stops as soon
 * as a bound is passed, so it costs at most `maxSize` units whatever `value`.
 */
export function valueBoundIssue(value: unknown, subject = 'the result'): string | null {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'string' && value.length + 1 > VALUE_LIMITS.maxSize) return tooLarge(subject);
    return null;
  }
  const budget = { left: VALUE_LIMITS.maxSize };
  const result = measure(value, 1, budget);
  return result === DEEP ? tooDeep(subject) : result === LARGE ? tooLarge(subject) : null;
}

const OK = 0;
const DEEP = 1;
const LARGE = 2;

function measure(value: unknown, depth: number, budget: { left: number }): number {
  budget.left--;
  if (typeof value === 'string') budget.left -= value.length;
  if (budget.left < 0) return LARGE;
  if (typeof value !== 'object' || value === null) return OK;
  if (depth > VALUE_LIMITS.maxDepth) return DEEP;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const r = measure(value[i], depth + 1, budget);
      if (r !== OK) return r;
    }
    return OK;
  }
  for (const key of Object.keys(value)) {
    budget.left -= key.length;
    const r = measure((value as Record<string, unknown>)[key], depth + 1, budget);
    if (r !== OK) return r;
  }
  return OK;
}

function tooDeep(subject: string): string {
  return `${subject} is nested too deeply (more than ${VALUE_LIMITS.maxDepth} levels of arrays and objects)`;
}

function tooLarge(subject: string): string {
  return `${subject} is too large (its JSON text would pass about ${VALUE_LIMITS.maxSize.toLocaleString('en-US')} characters)`;
}
