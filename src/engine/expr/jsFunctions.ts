/**
 * The JavaScript built-ins and methods a translated formula may call (`expr/js`): a fixed table,
 * checked at load time like the expression language's own functions. They work on the same value
 * model (`values.ts`: JSON-like data only), never mutate what they are given, and charge one step per
 * element they walk and per callback they run, so `LIMITS.maxEvalSteps` bounds them too. The
 * simulation hooks keep runs deterministic: `Date.now()` and `new Date()` read the simulation clock,
 * `Math.random()` the seeded stream.
 */
import { DATE_METHODS, REGEX_METHODS, parseIsoTime } from './jsTextMethods';
import { LIMITS } from './limits';
import { charge, checkedText, fail, scan, type EvalState, type Scope, type Thunk } from './state';
import { isPlainObject, toText, typeName, visible } from './values';

interface JsFunctionSpec {
  minArgs: number;
  maxArgs: number;
  call: (args: readonly unknown[], st: EvalState) => unknown;
}

function num(fn: string, v: unknown): number {
  return typeof v === 'number' ? v : fail(`${fn}() expects a number, got ${typeName(v)}`);
}

function math1(fn: string, op: (x: number) => number): JsFunctionSpec {
  return { minArgs: 1, maxArgs: 1, call: (args) => op(num(fn, args[0])) };
}

/** `Math.min`/`Math.max` as JavaScript has them: any number of numbers, ±Infinity for none, NaN wins. */
function extreme(fn: string, max: boolean): JsFunctionSpec {
  return {
    minArgs: 0,
    maxArgs: Infinity,
    call: (args, st) => {
      charge(st, args.length);
      let best = max ? -Infinity : Infinity;
      for (const a of args) {
        const n = num(fn, a);
        if (Number.isNaN(n)) return NaN;
        if (max ? n > best : n < best) best = n;
      }
      return best;
    },
  };
}

/** JavaScript's `Number(x)` for the value model: '' and null are 0, text that is no number is NaN. */
function toNumber(v: unknown, st: EvalState): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  if (typeof v === 'string') {
    scan(st, v.length);
    return Number(v);
  }
  return NaN;
}

/** The simulation clock: what `now()` of the expression language reads. */
function clock(st: EvalState): number {
  const t = st.now === undefined ? 0 : st.now();
  return typeof t === 'number' ? t : fail('Date.now() did not get a number from the simulation');
}

function keysOf(fn: string, v: unknown, st: EvalState): string[] {
  if (Array.isArray(v)) {
    charge(st, v.length);
    return v.map((_x, i) => String(i));
  }
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    charge(st, keys.length);
    return keys;
  }
  if (v === null) return fail(`${fn}() cannot read null`);
  return [];
}

function typeOf(v: unknown): string {
  if (v === null || v === undefined) return 'undefined';
  return Array.isArray(v) ? 'object' : typeof v;
}

const JS_FUNCTIONS = {
  /** `x.length`: of a string or an array; an object's own `length` field; null otherwise. */
  length: {
    minArgs: 1,
    maxArgs: 1,
    call: ([v]) => {
      if (typeof v === 'string' || Array.isArray(v)) return v.length;
      return isPlainObject(v) && Object.hasOwn(v, 'length') ? visible(v.length) : null;
    },
  },
  typeof: { minArgs: 1, maxArgs: 1, call: ([v]) => typeOf(v) },
  'Math.abs': math1('Math.abs', Math.abs),
  'Math.floor': math1('Math.floor', Math.floor),
  'Math.ceil': math1('Math.ceil', Math.ceil),
  'Math.round': math1('Math.round', Math.round),
  'Math.trunc': math1('Math.trunc', Math.trunc),
  'Math.sign': math1('Math.sign', Math.sign),
  'Math.sqrt': math1('Math.sqrt', Math.sqrt),
  'Math.cbrt': math1('Math.cbrt', Math.cbrt),
  'Math.log': math1('Math.log', Math.log),
  'Math.log10': math1('Math.log10', Math.log10),
  'Math.log2': math1('Math.log2', Math.log2),
  'Math.exp': math1('Math.exp', Math.exp),
  'Math.pow': { minArgs: 2, maxArgs: 2, call: ([a, b]) => num('Math.pow', a) ** num('Math.pow', b) },
  'Math.min': extreme('Math.min', false),
  'Math.max': extreme('Math.max', true),
  /** `Math.max(...xs)` and `Math.min(...xs)`: the same over one array of all the arguments. */
  'Math.max(...)': { minArgs: 1, maxArgs: 1, call: ([xs], st) => extreme('Math.max', true).call(xs as unknown[], st) },
  'Math.min(...)': { minArgs: 1, maxArgs: 1, call: ([xs], st) => extreme('Math.min', false).call(xs as unknown[], st) },
  'Math.random': {
    minArgs: 0,
    maxArgs: 0,
    call: (_args, st) => {
      if (st.rand === undefined) fail('Math.random() is not available here');
      const r = st.rand();
      return typeof r === 'number' ? r : fail('Math.random() did not get a number from the simulation');
    },
  },
  'Date.now': { minArgs: 0, maxArgs: 0, call: (_args, st) => clock(st) },
  /**
   * `new Date()` is the simulation clock's time; `new Date(t)` of a number is `t`, of an ISO 8601
   * text its time (NaN for any other text).
   */
  'new Date': {
    minArgs: 0,
    maxArgs: 1,
    call: (args, st) =>
      args.length === 0
        ? clock(st)
        : typeof args[0] === 'string'
          ? parseIsoTime(args[0], st)
          : num('new Date', args[0]),
  },
  'Date.parse': {
    minArgs: 1,
    maxArgs: 1,
    call: ([v], st) =>
      typeof v === 'string' ? parseIsoTime(v, st) : fail(`Date.parse() expects a string, got ${typeName(v)}`),
  },
  Number: { minArgs: 0, maxArgs: 1, call: (args, st) => (args.length === 0 ? 0 : toNumber(args[0], st)) },
  String: { minArgs: 0, maxArgs: 1, call: (args, st) => (args.length === 0 ? '' : toText(args[0], st)) },
  Boolean: { minArgs: 0, maxArgs: 1, call: (args) => Boolean(args[0]) },
  parseFloat: {
    minArgs: 1,
    maxArgs: 1,
    call: ([v], st) => {
      const text = toText(v, st);
      scan(st, text.length);
      return Number.parseFloat(text);
    },
  },
  parseInt: {
    minArgs: 1,
    maxArgs: 2,
    call: (args, st) => {
      const text = toText(args[0], st);
      scan(st, text.length);
      return args.length > 1 && args[1] !== null
        ? Number.parseInt(text, num('parseInt', args[1]))
        : Number.parseInt(text);
    },
  },
  isNaN: { minArgs: 1, maxArgs: 1, call: ([v], st) => Number.isNaN(toNumber(v, st)) },
  isFinite: { minArgs: 1, maxArgs: 1, call: ([v], st) => Number.isFinite(toNumber(v, st)) },
  'Number.isFinite': { minArgs: 1, maxArgs: 1, call: ([v]) => Number.isFinite(v) },
  'Number.isInteger': { minArgs: 1, maxArgs: 1, call: ([v]) => Number.isInteger(v) },
  'Number.isNaN': { minArgs: 1, maxArgs: 1, call: ([v]) => Number.isNaN(v) },
  'Array.isArray': { minArgs: 1, maxArgs: 1, call: ([v]) => Array.isArray(v) },
  /** `Array.from(x)` of an array (a copy; `matchAll`'s result is one) or a string (its characters). */
  'Array.from': {
    minArgs: 1,
    maxArgs: 1,
    call: ([v], st) => {
      if (typeof v === 'string') {
        const chars = [...v];
        charge(st, chars.length);
        return chars;
      }
      if (!Array.isArray(v)) return fail(`Array.from() expects an array or a string, got ${typeName(v)}`);
      charge(st, v.length);
      return v.map(visible);
    },
  },
  'Object.keys': { minArgs: 1, maxArgs: 1, call: ([v], st) => keysOf('Object.keys', v, st) },
  'Object.values': {
    minArgs: 1,
    maxArgs: 1,
    call: ([v], st) =>
      Array.isArray(v)
        ? v.map(visible)
        : keysOf('Object.values', v, st).map((k) => visible((v as Record<string, unknown>)[k])),
  },
  'Object.entries': {
    minArgs: 1,
    maxArgs: 1,
    call: ([v], st) =>
      keysOf('Object.entries', v, st).map((k) => [
        k,
        visible(Array.isArray(v) ? v[Number(k)] : (v as Record<string, unknown>)[k]),
      ]),
  },
  'JSON.stringify': { minArgs: 1, maxArgs: 1, call: ([v], st) => toText(v, st) },
} as const satisfies Record<string, JsFunctionSpec>;

export type JsFunctionName = keyof typeof JS_FUNCTIONS;

/** Pure. The JavaScript built-in called `name` (`Math.max`, `new Date`, …), if it is in the table. */
export function lookupJsFunction(name: string): JsFunctionSpec | undefined {
  return Object.hasOwn(JS_FUNCTIONS, name) ? JS_FUNCTIONS[name as JsFunctionName] : undefined;
}

/** Pure. Every JavaScript built-in a formula may call, for messages and docs. */
export const JS_FUNCTION_NAMES: readonly string[] = Object.freeze(Object.keys(JS_FUNCTIONS));

// ---------------------------------------------------------------------------------------------
// Methods

/** A compiled arrow callback: its parameters' slots and its body. */
export interface Callback {
  slots: readonly number[];
  body: Thunk;
}

type MethodCall = (
  recv: unknown,
  args: readonly unknown[],
  cb: Callback | undefined,
  scope: Scope,
  st: EvalState,
) => unknown;

export interface JsMethodSpec {
  minArgs: number;
  maxArgs: number;
  /** Whether the first argument is an arrow callback (required or optional), or never one. */
  callback: 'none' | 'required' | 'optional';
  call: MethodCall;
}

/** Not pure: runs `cb` with `a`, `b`, `c` in its parameter slots (missing ones read as null); one step. */
function invoke(cb: Callback, scope: Scope, st: EvalState, a: unknown, b?: unknown, c?: unknown): unknown {
  charge(st, 1);
  const slots = cb.slots;
  if (slots.length > 0) st.locals[slots[0]] = a;
  if (slots.length > 1) st.locals[slots[1]] = b === undefined ? null : b;
  if (slots.length > 2) st.locals[slots[2]] = c === undefined ? null : c;
  for (let i = 3; i < slots.length; i++) st.locals[slots[i]] = null;
  return cb.body(scope, st);
}

function arrayOf(method: string, recv: unknown): readonly unknown[] {
  return Array.isArray(recv) ? recv : fail(`.${method}() needs an array, got ${typeName(recv)}`);
}

function stringOf(method: string, recv: unknown): string {
  return typeof recv === 'string' ? recv : fail(`.${method}() needs a string, got ${typeName(recv)}`);
}

/**
 * A method that looks for its one argument in a string (after a scan of the text) or in an array
 * (one step per element): `onText` and `onArray` say how.
 */
function searcher(
  method: string,
  onText: (text: string, needle: string) => unknown,
  onArray: (xs: readonly unknown[], x: unknown) => unknown,
): JsMethodSpec {
  return {
    minArgs: 1,
    maxArgs: 1,
    callback: 'none',
    call: (recv, [x], _cb, _s, st) => {
      if (typeof recv === 'string') {
        scan(st, recv.length);
        return onText(recv, stringOf(method, x));
      }
      const xs = arrayOf(method, recv);
      charge(st, xs.length);
      return onArray(xs, x);
    },
  };
}

/** An array method walking the receiver with its callback. */
function walker(
  method: string,
  body: (xs: readonly unknown[], cb: Callback, scope: Scope, st: EvalState) => unknown,
): JsMethodSpec {
  return {
    minArgs: 1,
    maxArgs: 1,
    callback: 'required',
    call: (recv, _args, cb, scope, st) => body(arrayOf(method, recv), cb as Callback, scope, st),
  };
}

/** JavaScript's relative index (`slice`, `at`): negative counts from the end, clamped to [0, length]. */
function relative(i: unknown, length: number, fallback: number): number {
  if (i === null || i === undefined) return fallback;
  if (typeof i !== 'number') fail(`an index must be a number, got ${typeName(i)}`);
  const n = Number.isNaN(i) ? 0 : Math.trunc(i);
  return n < 0 ? Math.max(length + n, 0) : Math.min(n, length);
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

/** Not pure (charges steps, may throw). The elements of `xs` with arrays among them joined in, one level. */
function flatten(xs: readonly unknown[], st: EvalState): unknown[] {
  const out: unknown[] = [];
  for (const x of xs) {
    if (Array.isArray(x)) for (const y of x) out.push(visible(y));
    else out.push(visible(x));
    if (out.length > LIMITS.maxStringLength) fail('array is too long');
  }
  charge(st, out.length);
  return out;
}

const JS_METHODS = {
  map: walker('map', (xs, cb, scope, st) => xs.map((x, i) => invoke(cb, scope, st, visible(x), i, xs))),
  filter: walker('filter', (xs, cb, scope, st) => xs.filter((x, i) => invoke(cb, scope, st, visible(x), i, xs))),
  some: walker('some', (xs, cb, scope, st) => xs.some((x, i) => invoke(cb, scope, st, visible(x), i, xs))),
  every: walker('every', (xs, cb, scope, st) => xs.every((x, i) => invoke(cb, scope, st, visible(x), i, xs))),
  find: walker('find', (xs, cb, scope, st) => {
    for (let i = 0; i < xs.length; i++) if (invoke(cb, scope, st, visible(xs[i]), i, xs)) return visible(xs[i]);
    return null;
  }),
  findIndex: walker('findIndex', (xs, cb, scope, st) => {
    for (let i = 0; i < xs.length; i++) if (invoke(cb, scope, st, visible(xs[i]), i, xs)) return i;
    return -1;
  }),
  findLast: walker('findLast', (xs, cb, scope, st) => {
    for (let i = xs.length - 1; i >= 0; i--) if (invoke(cb, scope, st, visible(xs[i]), i, xs)) return visible(xs[i]);
    return null;
  }),
  findLastIndex: walker('findLastIndex', (xs, cb, scope, st) => {
    for (let i = xs.length - 1; i >= 0; i--) if (invoke(cb, scope, st, visible(xs[i]), i, xs)) return i;
    return -1;
  }),
  /** `flatMap`: the callback's arrays joined (one level), other results kept as they are. */
  flatMap: walker('flatMap', (xs, cb, scope, st) =>
    flatten(
      xs.map((x, i) => invoke(cb, scope, st, visible(x), i, xs)),
      st,
    ),
  ),
  /** `forEach` has nothing to change (a formula cannot assign): it runs the callback and gives null. */
  forEach: walker('forEach', (xs, cb, scope, st) => {
    for (let i = 0; i < xs.length; i++) invoke(cb, scope, st, visible(xs[i]), i, xs);
    return null;
  }),
  /** `flat()`: one level of nested arrays joined (a depth other than 1 is not supported). */
  flat: {
    minArgs: 0,
    maxArgs: 1,
    callback: 'none',
    call: (recv, args, _cb, _s, st) => {
      if (args.length > 0 && args[0] !== 1) fail('.flat() supports only depth 1');
      return flatten(arrayOf('flat', recv), st);
    },
  },
  reduce: {
    minArgs: 1,
    maxArgs: 2,
    callback: 'required',
    call: (recv, args, cb, scope, st) => {
      const xs = arrayOf('reduce', recv);
      let i = 0;
      let acc: unknown;
      if (args.length > 1) acc = args[1];
      else if (xs.length === 0) return fail('.reduce() of an empty array with no initial value');
      else acc = visible(xs[i++]);
      for (; i < xs.length; i++) acc = invoke(cb as Callback, scope, st, acc, visible(xs[i]), i);
      return acc;
    },
  },
  /** A sorted copy (the receiver is never changed); without a callback, by text as JavaScript does. */
  sort: {
    minArgs: 0,
    maxArgs: 1,
    callback: 'optional',
    call: (recv, _args, cb, scope, st) => {
      const xs = arrayOf('sort', recv).map(visible);
      charge(st, xs.length);
      if (cb === undefined) {
        const keyed = xs.map((x) => ({ x, k: toText(x, st) }));
        keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
        return keyed.map((e) => e.x);
      }
      return xs.sort((a, b) => {
        const r = invoke(cb, scope, st, a, b);
        return typeof r === 'number' && !Number.isNaN(r) ? r : 0;
      });
    },
  },
  includes: searcher(
    'includes',
    (text, needle) => text.includes(needle),
    (xs, x) => xs.some((y) => same(visible(y), x)),
  ),
  indexOf: searcher(
    'indexOf',
    (text, needle) => text.indexOf(needle),
    (xs, x) => xs.findIndex((y) => visible(y) === x),
  ),
  join: {
    minArgs: 0,
    maxArgs: 1,
    callback: 'none',
    call: (recv, args, _cb, _s, st) => {
      const xs = arrayOf('join', recv);
      const sep = args.length > 0 && args[0] !== null ? stringOf('join', args[0]) : ',';
      charge(st, xs.length);
      const text = xs.map((x) => (x === null || x === undefined ? '' : toText(visible(x), st))).join(sep);
      scan(st, text.length);
      return checkedText(text);
    },
  },
  slice: {
    minArgs: 0,
    maxArgs: 2,
    callback: 'none',
    call: (recv, args, _cb, _s, st) => {
      const xs = typeof recv === 'string' ? recv : arrayOf('slice', recv);
      const from = relative(args[0], xs.length, 0);
      const to = relative(args[1], xs.length, xs.length);
      charge(st, Math.max(0, to - from));
      return typeof xs === 'string' ? xs.slice(from, to) : xs.slice(from, to).map(visible);
    },
  },
  at: {
    minArgs: 1,
    maxArgs: 1,
    callback: 'none',
    call: (recv, [i]) => {
      const xs = typeof recv === 'string' ? recv : arrayOf('at', recv);
      const n = Math.trunc(num('at', i));
      const k = n < 0 ? xs.length + n : n;
      return k >= 0 && k < xs.length ? visible(xs[k]) : null;
    },
  },
  concat: {
    minArgs: 0,
    maxArgs: Infinity,
    callback: 'none',
    call: (recv, args, _cb, _s, st) => {
      if (typeof recv === 'string') {
        const text = checkedText(recv + args.map((a) => toText(a, st)).join(''));
        scan(st, text.length);
        return text;
      }
      const out = arrayOf('concat', recv).map(visible);
      for (const a of args) {
        if (Array.isArray(a)) out.push(...a.map(visible));
        else out.push(a);
      }
      charge(st, out.length);
      return out;
    },
  },
  toUpperCase: text('toUpperCase', (s) => s.toUpperCase()),
  toLowerCase: text('toLowerCase', (s) => s.toLowerCase()),
  trim: text('trim', (s) => s.trim()),
  startsWith: textTest('startsWith', (s, x) => s.startsWith(x)),
  endsWith: textTest('endsWith', (s, x) => s.endsWith(x)),
  substring: {
    minArgs: 1,
    maxArgs: 2,
    callback: 'none',
    call: (recv, args, _cb, _s, st) => {
      const s = stringOf('substring', recv);
      scan(st, s.length);
      return s.substring(num('substring', args[0]), args.length > 1 ? num('substring', args[1]) : s.length);
    },
  },
  toString: {
    minArgs: 0,
    maxArgs: 0,
    callback: 'none',
    call: (recv, _args, _cb, _s, st) => toText(recv, st),
  },
  toFixed: {
    minArgs: 0,
    maxArgs: 1,
    callback: 'none',
    call: (recv, args) => {
      const digits = args.length > 0 ? num('toFixed', args[0]) : 0;
      if (!Number.isInteger(digits) || digits < 0 || digits > 100) fail('.toFixed() expects 0 to 100 digits');
      return num('toFixed', recv).toFixed(digits);
    },
  },
  /** On the numbers that `Date.now()` and `new Date()` give: the time itself. */
  getTime: { minArgs: 0, maxArgs: 0, callback: 'none', call: (recv) => num('getTime', recv) },
  valueOf: { minArgs: 0, maxArgs: 0, callback: 'none', call: (recv) => visible(recv) },
  ...REGEX_METHODS,
  ...DATE_METHODS,
} as const satisfies Record<string, JsMethodSpec>;

function text(method: string, op: (s: string) => string): JsMethodSpec {
  return {
    minArgs: 0,
    maxArgs: 0,
    callback: 'none',
    call: (recv, _args, _cb, _s, st) => {
      const s = stringOf(method, recv);
      scan(st, s.length);
      return op(s);
    },
  };
}

/** A string method of one string argument answering about the receiver (`startsWith`, `endsWith`). */
function textTest(method: string, op: (s: string, x: string) => boolean): JsMethodSpec {
  return {
    minArgs: 1,
    maxArgs: 1,
    callback: 'none',
    call: (recv, [x], _cb, _s, st) => {
      const s = stringOf(method, recv);
      scan(st, s.length);
      return op(s, stringOf(method, x));
    },
  };
}

export type JsMethodName = keyof typeof JS_METHODS;

/** Pure. The method called `name` (`map`, `filter`, `toUpperCase`, …), if it is in the table. */
export function lookupJsMethod(name: string): JsMethodSpec | undefined {
  return Object.hasOwn(JS_METHODS, name) ? JS_METHODS[name as JsMethodName] : undefined;
}

/** Every method a formula may call, for messages and docs. */
export const JS_METHOD_NAMES: readonly string[] = Object.freeze(Object.keys(JS_METHODS));

/**
 * Not pure (charges steps, may throw). `{...a, b: 1}` and `[...a, b]`: the parts joined. An object
 * takes own fields of plain objects and the elements of arrays by index; null adds nothing. A field
 * named `__proto__` becomes an own field, never the prototype.
 */
export function merge(kind: 'object' | 'array', parts: readonly unknown[], st: EvalState): unknown {
  if (kind === 'array') {
    const out: unknown[] = [];
    for (const p of parts) {
      if (typeof p === 'string') out.push(...p);
      else if (Array.isArray(p)) out.push(...p.map(visible));
      else fail(`cannot spread ${typeName(p)} into an array`);
    }
    charge(st, out.length);
    if (out.length > LIMITS.maxStringLength) fail('array is too long');
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const p of parts) {
    let entries: [string, unknown][] = [];
    if (Array.isArray(p)) entries = p.map((x, i) => [String(i), visible(x)]);
    else if (isPlainObject(p)) entries = Object.keys(p).map((k) => [k, visible(p[k])]);
    charge(st, entries.length);
    for (const [k, v] of entries) {
      if (k === '__proto__')
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
  }
  return out;
}
