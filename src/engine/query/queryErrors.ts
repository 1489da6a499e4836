/**
 * Building query answers: success values, named errors, and the checks every read-side query
 * shares (a step within the run, a known node). A caller's mistake is always an error value with a
 * sentence that names what was wrong, never a throw.
 */
import type { QueryError, QueryResult } from '../../contract/queries';

/** Pure: a success. */
export function ok<T>(value: T): QueryResult<T> {
  return { ok: true, value };
}

/** Pure: a named failure. */
export function failure<T>(
  code: QueryError['code'],
  message: string,
  details?: Record<string, unknown>,
): QueryResult<T> {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * Pure: `step` checked against a run at step `current` — an integer from 0 to `current`;
 * undefined means `current`.
 */
export function checkStep(step: number | undefined, current: number): QueryResult<number> {
  if (step === undefined) return ok(current);
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > current) {
    return failure(
      'STEP_OUT_OF_RANGE',
      `step ${String(step)} is out of range: the run is at step ${current}; ask for a whole number from 0 to ${current}`,
      {
        step,
        currentStep: current,
      },
    );
  }
  return ok(step);
}

/** Pure: a count limit — a non-negative whole number; anything else (absent, NaN, negative) reads as `fallback` or 0. */
export function limitOf(limit: number | undefined, fallback: number): number {
  if (limit === undefined || typeof limit !== 'number' || Number.isNaN(limit)) return fallback;
  if (limit === Infinity) return Number.MAX_SAFE_INTEGER;
  return Math.max(0, Math.floor(limit));
}

/** Pure: the error of an unknown node id. */
export function unknownNode<T>(nodeId: string, known: readonly string[]): QueryResult<T> {
  const shown = known.slice(0, 20).join(', ');
  return failure(
    'UNKNOWN_NODE',
    `no node "${nodeId}" in this scenario; its nodes are: ${shown}${known.length > 20 ? ', …' : ''}`,
    { nodeId },
  );
}
