/**
 * The small pure pieces of an FSM firing: the data a token leaves with, and the scope its
 * conditions and actions see (the fixed names; a variable named like one of them is read as
 * `variables.x`).
 */
import { cloneData } from './tokenData';

/** Token data of a timer firing, which has no token. */
export const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** Names the scope always binds; variables with these names are only in `variables`. */
export const RESERVED: ReadonlySet<string> = new Set(['value', 'data', 'token', 'step', 'time', 'state', 'variables']);

/** Pure: `base` with `state` (and `previousState` when the state changed). */
export function withState(
  base: Record<string, unknown>,
  from: number,
  to: number,
  names: readonly string[],
): Record<string, unknown> {
  const out = cloneData(base);
  out['state'] = names[to];
  if (from !== to) out['previousState'] = names[from];
  return out;
}

/** Pure: a scope with the fixed names, before any variable is bound. */
export function freshScope(): Record<string, unknown> {
  return { value: null, data: null, token: null, step: 0, time: 0, state: '', variables: null };
}
