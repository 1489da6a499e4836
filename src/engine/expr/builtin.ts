/**
 * The shape of a built-in function and the argument checks they share. A built-in is either eager
 * (gets its arguments' values) or lazy (gets the compiled arguments and evaluates only what it
 * needs, as `if` and `coalesce` do). Argument counts are checked at parse time from `minArgs` and
 * `maxArgs`; argument types at run time, by the helpers below.
 */
import { fail, type EvalState, type Scope, type Thunk } from './state';
import { typeName } from './values';

export type FunctionSpec =
  | {
      kind: 'eager';
      minArgs: number;
      maxArgs: number;
      /**
       * `args` is a buffer the call site reuses between calls: read it, never keep it or return it.
       */
      call: (args: readonly unknown[], st: EvalState) => unknown;
    }
  | {
      kind: 'lazy';
      minArgs: number;
      maxArgs: number;
      call: (args: readonly Thunk[], scope: Scope, st: EvalState) => unknown;
    };

/** Pure. An eager built-in taking between `minArgs` and `maxArgs` arguments (Infinity: no upper bound). */
export function eager(
  minArgs: number,
  maxArgs: number,
  call: (args: readonly unknown[], st: EvalState) => unknown,
): FunctionSpec {
  return { kind: 'eager', minArgs, maxArgs, call };
}

/** Pure. A lazy built-in: it decides which of its arguments to evaluate. */
export function lazy(
  minArgs: number,
  maxArgs: number,
  call: (args: readonly Thunk[], scope: Scope, st: EvalState) => unknown,
): FunctionSpec {
  return { kind: 'lazy', minArgs, maxArgs, call };
}

/** Not pure: throws `fn() expects <what>[ as argument N], got <type>`. */
export function wrongType(fn: string, what: string, v: unknown, argument?: number): never {
  const where = argument === undefined ? '' : ` as argument ${argument}`;
  return fail(`${fn}() expects ${what}${where}, got ${typeName(v)}`);
}

/** Not pure (may throw). `v` if it is a number; `argument` (1-based) is named in the message when given. */
export function expectNumber(fn: string, v: unknown, argument?: number): number {
  return typeof v === 'number' ? v : wrongType(fn, 'a number', v, argument);
}

/** Not pure (may throw). `v` if it is a string. */
export function expectString(fn: string, v: unknown, argument?: number): string {
  return typeof v === 'string' ? v : wrongType(fn, 'a string', v, argument);
}

/** Not pure (may throw). `v` if it is an array. */
export function expectArray(fn: string, v: unknown, argument?: number): readonly unknown[] {
  return Array.isArray(v) ? v : wrongType(fn, 'an array', v, argument);
}

/** Pure. The parse-time message for a call with the wrong number of arguments, e.g. `round() takes 1 or 2 arguments, got 3`. */
export function arityMessage(fn: string, spec: FunctionSpec, got: number): string {
  const { minArgs, maxArgs } = spec;
  const plural = (n: number): string => (n === 1 ? 'argument' : 'arguments');
  let takes: string;
  if (maxArgs === 0) takes = 'no arguments';
  else if (minArgs === maxArgs) takes = `${minArgs} ${plural(minArgs)}`;
  else if (maxArgs === Infinity) takes = `at least ${minArgs} ${plural(minArgs)}`;
  else if (maxArgs === minArgs + 1) takes = `${minArgs} or ${maxArgs} arguments`;
  else takes = `${minArgs} to ${maxArgs} arguments`;
  return `${fn}() takes ${takes}, got ${got}`;
}
