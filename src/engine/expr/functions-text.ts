/**
 * Text built-ins. Case mapping is locale-independent (`toUpperCase`, never `toLocaleUpperCase`), so
 * results do not depend on the machine. Lengths and positions count UTF-16 code units, as
 * JavaScript's strings do. Functions that walk arrays or build pieces charge one step per element.
 */
import { eager, expectArray, expectString, wrongType, type FunctionSpec } from './builtin';
import { charge, checkedText, fail, failTooLong, scan, type EvalState } from './state';
import { LIMITS } from './limits';
import { deepEqual, toText, visible } from './values';

/** `concat(a, b, …)`: arrays joined into one array when every argument is an array, else text. */
function concat(args: readonly unknown[], st: EvalState): unknown {
  let arrays = 0;
  for (const a of args) if (Array.isArray(a)) arrays++;
  if (arrays === args.length) {
    const out: unknown[] = [];
    for (const a of args as readonly (readonly unknown[])[]) {
      charge(st, a.length);
      for (let i = 0; i < a.length; i++) out.push(visible(a[i]));
    }
    return out;
  }
  if (arrays > 0) fail('concat() expects either all arrays or no arrays');
  let text = '';
  for (const a of args) text = checkedText(text + toText(a, st));
  scan(st, text.length);
  return text;
}

/** `contains(text, part)` or `contains(array, value)` (value compared as by `==`). */
function contains(args: readonly unknown[], st: EvalState): boolean {
  const [haystack, needle] = args;
  if (typeof haystack === 'string') {
    const part = expectString('contains', needle, 2);
    scan(st, haystack.length + part.length);
    return haystack.includes(part);
  }
  if (Array.isArray(haystack)) {
    for (let i = 0; i < haystack.length; i++) {
      charge(st, 1);
      if (deepEqual(visible(haystack[i]), needle, st)) return true;
    }
    return false;
  }
  return wrongType('contains', 'a string or an array', haystack, 1);
}

/** `split(text, separator)`: the pieces; never more than the remaining step budget allows. */
function split(args: readonly unknown[], st: EvalState): string[] {
  const text = expectString('split', args[0], 1);
  const separator = expectString('split', args[1], 2);
  scan(st, text.length);
  // Asking for one piece more than the budget allows bounds the allocation; charging then fails.
  const pieces = text.split(separator, LIMITS.maxEvalSteps - st.steps + 1);
  charge(st, pieces.length);
  return pieces;
}

/** `join(array, separator = ",")`: elements as text (as `string()` shows them) between separators. */
function join(args: readonly unknown[], st: EvalState): string {
  const items = expectArray('join', args[0], 1);
  const separator = args.length > 1 ? expectString('join', args[1], 2) : ',';
  charge(st, items.length);
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < items.length; i++) {
    const part = toText(visible(items[i]), st);
    length += part.length + (i > 0 ? separator.length : 0);
    if (length > LIMITS.maxStringLength) failTooLong();
    parts.push(part);
  }
  scan(st, length);
  return parts.join(separator);
}

/** `upper`/`lower`: the mapping can lengthen the text (`ß` → `SS`), so the result is checked too. */
function mapCase(text: string, upper: boolean, st: EvalState): string {
  scan(st, text.length);
  return checkedText(upper ? text.toUpperCase() : text.toLowerCase());
}

function affix(fn: 'startsWith' | 'endsWith'): FunctionSpec {
  return eager(2, 2, (args, st) => {
    const text = expectString(fn, args[0], 1);
    const part = expectString(fn, args[1], 2);
    scan(st, part.length);
    return fn === 'startsWith' ? text.startsWith(part) : text.endsWith(part);
  });
}

export const TEXT_FUNCTIONS = {
  upper: eager(1, 1, (args, st) => mapCase(expectString('upper', args[0]), true, st)),
  lower: eager(1, 1, (args, st) => mapCase(expectString('lower', args[0]), false, st)),
  concat: eager(1, Infinity, concat),
  contains: eager(2, 2, contains),
  startsWith: affix('startsWith'),
  endsWith: affix('endsWith'),
  split: eager(2, 2, split),
  join: eager(1, 2, join),
} as const satisfies Record<string, FunctionSpec>;
