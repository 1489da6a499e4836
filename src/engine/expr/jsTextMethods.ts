/**
 * The methods of JavaScript formulas that take a regular expression (`match`, `matchAll`,
 * `replace`, `replaceAll`, `search`, `split`, and `test`/`exec` on the pattern), and the `Date`
 * methods on the simulation clock's times. Kept beside `jsFunctions.ts`, which merges them into its
 * table. Patterns run on RE2 (`regex.ts`); a text pattern is taken literally, as JavaScript does.
 *
 * A `Date` of a formula is a number (epoch ms, from `new Date()` or `Date.now()`: the simulation
 * clock, never the wall clock). Its methods read it in UTC, the simulation's only time zone, so a
 * run gives the same answers on every machine.
 */
import { RE2JS } from 're2js';
import { JsRegex, regexMatch, regexMatchAll, regexReplace, regexSearch, regexSplit, regexTest } from './regex';
import { charge, checkedText, fail, scan, type EvalState, type Scope, type Thunk } from './state';
import { toText, typeName } from './values';

/** A compiled arrow callback (the same shape as `jsFunctions.ts`'s `Callback`). */
interface Callback {
  slots: readonly number[];
  body: Thunk;
}

/** The shape of a method of `jsFunctions.ts`'s table (structurally the same type). */
export interface MethodSpec {
  minArgs: number;
  maxArgs: number;
  callback: 'none';
  call: (recv: unknown, args: readonly unknown[], cb: unknown, scope: unknown, st: EvalState) => unknown;
}

function text(method: string, v: unknown): string {
  return typeof v === 'string' ? v : fail(`.${method}() needs a string, got ${typeName(v)}`);
}

function pattern(method: string, v: unknown): JsRegex | string {
  if (v instanceof JsRegex || typeof v === 'string') return v;
  return fail(`.${method}() needs a regular expression or a string, got ${typeName(v)}`);
}

function regex(method: string, v: unknown): JsRegex {
  return v instanceof JsRegex ? v : fail(`.${method}() needs a regular expression, got ${typeName(v)}`);
}

function spec(minArgs: number, maxArgs: number, call: MethodSpec['call']): MethodSpec {
  return { minArgs, maxArgs, callback: 'none', call };
}

/** `s.replace(p, r)` / `s.replaceAll(p, r)`; `replaceAll` of a pattern without `g` is an error, as in JavaScript. */
function replacer(method: 'replace' | 'replaceAll'): MethodSpec {
  return spec(2, 2, (recv, [p, r], cb, scope, st) => {
    const s = text(method, recv);
    const what = pattern(method, p);
    if (method === 'replaceAll' && what instanceof JsRegex && !what.global)
      fail('.replaceAll() needs a regular expression with the g flag');
    if (cb !== undefined) {
      const fn = cb as Callback;
      // JavaScript's arguments: the match, each group (undefined → null), the index, the whole text.
      const run = (groups: readonly (string | null)[], index: number): string => {
        charge(st, 1);
        const args = [...groups, index, s];
        fn.slots.forEach((slot, i) => (st.locals[slot] = i < args.length ? args[i] : null));
        const v = fn.body(scope as Scope, st);
        return checkedText(typeof v === 'string' ? v : toText(v, st));
      };
      return regexReplace(what, s, run, method === 'replaceAll', st);
    }
    if (typeof r !== 'string') return fail(`.${method}() takes a replacement text or function, got ${typeName(r)}`);
    return regexReplace(what, s, r, method === 'replaceAll', st);
  });
}

export const REGEX_METHODS = {
  match: spec(1, 1, (recv, [p], _cb, _s, st) => {
    const what = pattern('match', p);
    return regexMatch(typeof what === 'string' ? literal(what) : what, text('match', recv), st);
  }),
  matchAll: spec(1, 1, (recv, [p], _cb, _s, st) => regexMatchAll(regex('matchAll', p), text('matchAll', recv), st)),
  replace: replacer('replace'),
  replaceAll: replacer('replaceAll'),
  search: spec(1, 1, (recv, [p], _cb, _s, st) => {
    const what = pattern('search', p);
    return regexSearch(typeof what === 'string' ? literal(what) : what, text('search', recv), st);
  }),
  /** `s.split(sep, limit?)` with a text or a pattern separator. */
  split: spec(1, 2, (recv, args, _cb, _s, st) => {
    const s = text('split', recv);
    const limit = args.length > 1 && args[1] !== null ? limitOf(args[1]) : Infinity;
    const sep = pattern('split', args[0]);
    if (sep instanceof JsRegex) return regexSplit(sep, s, limit, st);
    scan(st, s.length);
    const parts = s.split(sep, limit === Infinity ? undefined : limit);
    charge(st, parts.length);
    return parts;
  }),
  /** `re.test(s)`: a pattern is the receiver. */
  test: spec(1, 1, (recv, [s], _cb, _s, st) => regexTest(regex('test', recv), text('test', s), st)),
  /** `re.exec(s)`: the first match as `match` gives it without `g`. */
  exec: spec(1, 1, (recv, [s], _cb, _s, st) => {
    const re = regex('exec', recv);
    return regexMatch(re.global ? literalFlags(re) : re, text('exec', s), st);
  }),
} as const satisfies Record<string, MethodSpec>;

/** `limit` of `split`: a number, truncated to an unsigned 32-bit count as JavaScript does. */
function limitOf(v: unknown): number {
  if (typeof v !== 'number') return fail(`.split() takes a number as its limit, got ${typeName(v)}`);
  return v >>> 0;
}

const LITERALS = new Map<string, JsRegex>();

/** Not pure (caches). A text searched for literally, as a pattern without `g`: `'a.b'.match('.')` finds the dot. */
function literal(s: string): JsRegex {
  // JavaScript reads a text given to `match`/`search` as a pattern; a formula reads it literally,
  // so that no text from data ever becomes a pattern (nothing of it is compiled but its quoted form).
  let re = LITERALS.get(s);
  if (re === undefined) {
    re = quoted(s);
    if (LITERALS.size > 256) LITERALS.clear();
    LITERALS.set(s, re);
  }
  return re;
}

/** Pure. `re` without its `g` flag (`exec` reports the first match). */
function literalFlags(re: JsRegex): JsRegex {
  return new JsRegex(re.source, re.flags.replace('g', ''), false, re.re);
}

function quoted(s: string): JsRegex {
  return new JsRegex(s, '', false, RE2JS.compile(RE2JS.quote(s)));
}

/** A time of a formula (epoch ms), checked to be a valid `Date`. */
function time(method: string, v: unknown): Date {
  if (typeof v !== 'number') return fail(`.${method}() needs a date (a time in ms), got ${typeName(v)}`);
  if (!Number.isFinite(v) || Math.abs(v) > 8.64e15) return fail(`.${method}() of an invalid time ${v}`);
  return new Date(v);
}

function getter(method: string, read: (d: Date) => number): MethodSpec {
  return spec(0, 0, (recv) => read(time(method, recv)));
}

export const DATE_METHODS = {
  getFullYear: getter('getFullYear', (d) => d.getUTCFullYear()),
  getMonth: getter('getMonth', (d) => d.getUTCMonth()),
  getDate: getter('getDate', (d) => d.getUTCDate()),
  getDay: getter('getDay', (d) => d.getUTCDay()),
  getHours: getter('getHours', (d) => d.getUTCHours()),
  getMinutes: getter('getMinutes', (d) => d.getUTCMinutes()),
  getSeconds: getter('getSeconds', (d) => d.getUTCSeconds()),
  getMilliseconds: getter('getMilliseconds', (d) => d.getUTCMilliseconds()),
  getUTCFullYear: getter('getUTCFullYear', (d) => d.getUTCFullYear()),
  getUTCMonth: getter('getUTCMonth', (d) => d.getUTCMonth()),
  getUTCDate: getter('getUTCDate', (d) => d.getUTCDate()),
  getUTCDay: getter('getUTCDay', (d) => d.getUTCDay()),
  getUTCHours: getter('getUTCHours', (d) => d.getUTCHours()),
  getUTCMinutes: getter('getUTCMinutes', (d) => d.getUTCMinutes()),
  getUTCSeconds: getter('getUTCSeconds', (d) => d.getUTCSeconds()),
  getUTCMilliseconds: getter('getUTCMilliseconds', (d) => d.getUTCMilliseconds()),
  getTimezoneOffset: getter('getTimezoneOffset', () => 0),
  toISOString: spec(0, 0, (recv) => time('toISOString', recv).toISOString()),
  toJSON: spec(0, 0, (recv) => time('toJSON', recv).toISOString()),
} as const satisfies Record<string, MethodSpec>;

/** ISO 8601 as `Date.parse` reads it on every engine: a date, or a date and time (`zone`: its `Z` or offset, if any). */
const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?<zone>Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Not pure (charges steps, may throw). `new Date(x)` / `Date.parse(x)` of a text: ISO 8601 only
 * (a date, or a date and time with or without `Z` or an offset), as other forms are read
 * differently by each JavaScript engine; NaN for text in no such form. A date and time without a
 * zone is read in UTC, as discovery reads it (src/engine/discovery/isoTime.ts): `Date.parse` would
 * read it in the machine's own zone, another time on every machine.
 */
export function parseIsoTime(s: string, st: EvalState): number {
  scan(st, s.length);
  if (s.length > 40) return NaN;
  const m = ISO.exec(s);
  if (m === null) return NaN;
  return Date.parse(s.length > 10 && m.groups?.['zone'] === undefined ? `${s}Z` : s);
}
