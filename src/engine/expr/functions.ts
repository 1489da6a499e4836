/**
 * The fixed table of built-in functions. There are no user functions and functions are not values:
 * a name followed by `(` must be one of these, which the parser checks at load time together with
 * the argument count. This file adds conversions, control flow and the simulation hooks (`now`,
 * `rand`) to the numeric and text built-ins.
 */
import { eager, lazy, wrongType, type FunctionSpec } from './builtin';
import { MATH_FUNCTIONS } from './functions-math';
import { TEXT_FUNCTIONS } from './functions-text';
import { fail, scan, type EvalState } from './state';
import { toText } from './values';

/**
 * Pure. `number(text)`: a decimal number written with digits, sign, point and exponent only
 * (surrounding whitespace ignored); null for anything else, so `coalesce(number(x), 0)` gives a
 * default. Hex, `Infinity` and the empty string are not numbers here, unlike JavaScript's `Number`.
 */
export function parseDecimal(text: string): number | null {
  const t = text.trim();
  // A character class and `+` only: linear time on any input.
  if (t === '' || !/^[0-9eE+\-.]+$/.test(t)) return null;
  const n = Number(t);
  return Number.isNaN(n) ? null : n;
}

function toNumber(args: readonly unknown[], st: EvalState): number | null {
  const v = args[0];
  if (typeof v === 'string') scan(st, v.length);
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return null;
  if (typeof v === 'string') return parseDecimal(v);
  return wrongType('number', 'a string, a number or a boolean', v);
}

const CONTROL_FUNCTIONS = {
  number: eager(1, 1, toNumber),
  string: eager(1, 1, (args, st) => toText(args[0], st)),
  bool: eager(1, 1, (args) => Boolean(args[0])),
  /** The first argument that is not null, evaluating no further; null if all are. */
  coalesce: lazy(1, Infinity, (args, scope, st) => {
    for (const arg of args) {
      const v = arg(scope, st);
      if (v !== null) return v;
    }
    return null;
  }),
  /** `if(cond, a, b)`: only the chosen branch is evaluated, like `cond ? a : b`. */
  if: lazy(3, 3, (args, scope, st) => (args[0](scope, st) ? args[1](scope, st) : args[2](scope, st))),
  now: eager(0, 0, (_args, st) => {
    const t = st.now === undefined ? 0 : st.now();
    return typeof t === 'number' ? t : fail('now() did not get a number from the simulation');
  }),
  rand: eager(0, 0, (_args, st) => {
    if (st.rand === undefined) fail('rand() is not available here');
    const r = st.rand();
    return typeof r === 'number' ? r : fail('rand() did not get a number from the simulation');
  }),
} as const satisfies Record<string, FunctionSpec>;

const FUNCTIONS = { ...MATH_FUNCTIONS, ...TEXT_FUNCTIONS, ...CONTROL_FUNCTIONS };

export type FunctionName = keyof typeof FUNCTIONS;

/** Every built-in's name, in documentation order. */
export const FUNCTION_NAMES: readonly string[] = Object.freeze(Object.keys(FUNCTIONS));

/** Pure. The built-in called `name`, if any; only the table's own names count (not `toString`). */
export function lookupFunction(name: string): { name: FunctionName; spec: FunctionSpec } | undefined {
  return Object.hasOwn(FUNCTIONS, name)
    ? { name: name as FunctionName, spec: FUNCTIONS[name as FunctionName] }
    : undefined;
}
