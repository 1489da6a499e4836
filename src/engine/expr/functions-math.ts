/**
 * Numeric built-ins and the aggregates over arrays. Aggregates skip null elements, as SQL's do
 * (a token without the field contributes nothing), and reject any other non-number. Every element
 * walked costs one evaluation step. Division-like edge cases follow JavaScript: `sqrt(-1)` is NaN,
 * `log(0)` is -Infinity; neither is an error.
 */
import { eager, expectArray, expectNumber, type FunctionSpec } from './builtin';
import { charge, fail, type EvalState } from './state';
import { typeName, visible } from './values';

/** Largest |digits| `round` accepts: doubles carry about 15 significant decimal digits. */
const MAX_ROUND_DIGITS = 15;

/** Not pure (charges steps). The numbers of an aggregate's input, nulls skipped. */
function numbersOf(fn: string, values: readonly unknown[], st: EvalState): number[] {
  charge(st, values.length);
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = visible(values[i]);
    if (v === null) continue;
    if (typeof v !== 'number') fail(`${fn}() expects numbers, got ${typeName(v)}`);
    out.push(v);
  }
  return out;
}

/** `min(a, b, …)` or `min(array)`: the smallest number, null if there is none; NaN if any is NaN. */
function extreme(fn: 'min' | 'max', args: readonly unknown[], st: EvalState): number | null {
  const only = args.length === 1 ? args[0] : undefined;
  const numbers = numbersOf(fn, Array.isArray(only) ? only : args, st);
  if (numbers.length === 0) return null;
  let best = numbers[0];
  for (const n of numbers) {
    if (Number.isNaN(n)) return NaN;
    if (fn === 'min' ? n < best : n > best) best = n;
  }
  return best;
}

/** Relative slack under which a scaled value counts as exactly half: a few units in the last place. */
const HALF_TOLERANCE = 4 * Number.EPSILON;

/**
 * Pure. Rounds half away from zero at `digits` decimals (negative: tens, hundreds, …). A scaled
 * value a few units in the last place below one half counts as one half, so `round(1.005, 2)` is
 * 1.01 as written, not 1.00 as the binary approximation 100.49999999999999 of 1.005 × 100 would give.
 */
export function roundTo(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  // Dividing by 10 ** -digits (an exact integer) rather than multiplying by 10 ** digits (inexact
  // below 1) keeps `round(1250, -2)` at exactly 1300.
  const scale = 10 ** Math.abs(digits);
  const scaled = digits >= 0 ? Math.abs(x) * scale : Math.abs(x) / scale;
  // From 2 ** 52 on, doubles have no fraction left to round.
  if (scaled >= 2 ** 52) return x;
  const whole = Math.floor(scaled + 0.5 + scaled * HALF_TOLERANCE);
  const rounded = digits >= 0 ? whole / scale : whole * scale;
  return x < 0 ? -rounded : rounded;
}

function round(args: readonly unknown[]): number {
  const x = expectNumber('round', args[0], 1);
  const digits = args.length > 1 ? expectNumber('round', args[1], 2) : 0;
  if (!Number.isInteger(digits) || Math.abs(digits) > MAX_ROUND_DIGITS) {
    fail(`round() expects a whole number of digits from -${MAX_ROUND_DIGITS} to ${MAX_ROUND_DIGITS}, got ${digits}`);
  }
  return roundTo(x, digits);
}

function sum(args: readonly unknown[], st: EvalState): number {
  const numbers = numbersOf('sum', expectArray('sum', args[0]), st);
  let total = 0;
  for (const n of numbers) total += n;
  return total;
}

function avg(args: readonly unknown[], st: EvalState): number | null {
  const numbers = numbersOf('avg', expectArray('avg', args[0]), st);
  if (numbers.length === 0) return null;
  let total = 0;
  for (const n of numbers) total += n;
  return total / numbers.length;
}

function count(args: readonly unknown[], st: EvalState): number {
  const values = expectArray('count', args[0]);
  charge(st, values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (visible(values[i]) !== null) n++;
  return n;
}

function len(args: readonly unknown[]): number {
  const v = args[0];
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (v !== null && typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    return proto === Object.prototype || proto === null ? Object.keys(v).length : 0;
  }
  return fail(`len() expects a string, an array or an object, got ${typeName(v)}`);
}

/** A one-number function from `Math`. */
function unary(fn: string, op: (x: number) => number): FunctionSpec {
  return eager(1, 1, (args) => op(expectNumber(fn, args[0])));
}

export const MATH_FUNCTIONS = {
  min: eager(1, Infinity, (args, st) => extreme('min', args, st)),
  max: eager(1, Infinity, (args, st) => extreme('max', args, st)),
  abs: unary('abs', Math.abs),
  round: eager(1, 2, round),
  floor: unary('floor', Math.floor),
  ceil: unary('ceil', Math.ceil),
  sqrt: unary('sqrt', Math.sqrt),
  pow: eager(2, 2, (args) => expectNumber('pow', args[0], 1) ** expectNumber('pow', args[1], 2)),
  log: unary('log', Math.log),
  exp: unary('exp', Math.exp),
  sum: eager(1, 1, sum),
  avg: eager(1, 1, avg),
  count: eager(1, 1, count),
  len: eager(1, 1, len),
} as const satisfies Record<string, FunctionSpec>;
