/**
 * The value model seen by expressions: JSON-like values (null, numbers, strings, booleans, arrays,
 * plain objects). Reading goes through here only, so an expression can see own data properties of
 * plain objects and arrays and nothing else: no prototypes, no functions, no host objects.
 */
import { LIMITS, forbiddenMessage, isForbiddenName } from './limits';
import { charge, fail, failTooLong, scan, type EvalState, type Scope } from './state';

/** Pure. The name of a value's type as messages show it: null, number, string, boolean, array, object. */
export function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Pure. True for objects made by `{}`, JSON.parse or `Object.create(null)`: the only readable objects. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Pure. How an outside value appears to an expression: `undefined`, functions and symbols read as null. */
export function visible(v: unknown): unknown {
  if (v === undefined) return null;
  const t = typeof v;
  return t === 'function' || t === 'symbol' ? null : v;
}

/** Pure. A variable: an own property of the scope, or null. */
export function readVariable(scope: Scope, name: string): unknown {
  return Object.hasOwn(scope, name) ? visible(scope[name]) : null;
}

/**
 * Pure. `obj.key` for a key already known not to be forbidden: an own property of a plain object,
 * or null for anything else (missing key, array, primitive, null, host object).
 */
export function readMember(obj: unknown, key: string): unknown {
  if (!isPlainObject(obj) || !Object.hasOwn(obj, key)) return null;
  return visible(obj[key]);
}

/**
 * Not pure (may throw). `obj[key]` with a key computed at run time: an in-range integer index of an
 * array, or a string (or number, as its decimal text) key of a plain object; null otherwise.
 * A forbidden key is a runtime error, whatever `obj` is.
 */
export function readIndex(obj: unknown, key: unknown): unknown {
  if (typeof key === 'number') {
    if (Array.isArray(obj)) {
      return Number.isInteger(key) && key >= 0 && key < obj.length ? visible(obj[key]) : null;
    }
    return readMember(obj, String(key));
  }
  if (typeof key === 'string') {
    if (isForbiddenName(key)) fail(forbiddenMessage(key));
    return readMember(obj, key);
  }
  return null;
}

/**
 * Not pure (charges steps, may throw). Structural equality without coercion: primitives as by `===`
 * (so `1 == "1"` is false and NaN equals nothing), arrays element by element, plain objects by
 * their own keys; other objects only equal themselves.
 */
export function deepEqual(a: unknown, b: unknown, st: EvalState, depth = 0): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (depth >= LIMITS.maxDepth) fail('values are nested too deeply to compare');
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    charge(st, a.length);
    for (let i = 0; i < a.length; i++) {
      if (!deepEqual(visible(a[i]), visible(b[i]), st, depth + 1)) return false;
    }
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  charge(st, keys.length);
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !deepEqual(visible(a[key]), visible(b[key]), st, depth + 1)) return false;
  }
  return true;
}

/**
 * Not pure (charges steps, may throw). The text of a value, as `string()`, `+` and `concat` use it:
 * a string as is, numbers as JavaScript prints them (`1.5`, `1e+21`, `NaN`), `true`, `false`,
 * `null`, and arrays and plain objects as compact JSON.
 */
export function toText(v: unknown, st: EvalState): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'object': {
      if (v === null) return 'null';
      const out: JsonWriter = { parts: [], length: 0 };
      writeJson(v, st, 0, out);
      return out.parts.join('');
    }
    default:
      return 'null';
  }
}

interface JsonWriter {
  parts: string[];
  length: number;
}

/** Appends `text`, failing as soon as the total passes the string-length limit. */
function append(out: JsonWriter, text: string): void {
  out.length += text.length;
  if (out.length > LIMITS.maxStringLength) failTooLong();
  out.parts.push(text);
}

/** Writes the compact JSON text of `v`; non-finite numbers and non-plain objects as JSON would show them. */
function writeJson(v: unknown, st: EvalState, depth: number, out: JsonWriter): void {
  charge(st, 1);
  if (v === null || v === undefined) return append(out, 'null');
  switch (typeof v) {
    case 'string':
      scan(st, v.length);
      return append(out, JSON.stringify(v));
    case 'number':
      return append(out, Number.isFinite(v) ? String(v) : 'null');
    case 'boolean':
    case 'bigint':
      return append(out, String(v));
    case 'object':
      break;
    default:
      return append(out, 'null');
  }
  if (depth >= LIMITS.maxDepth) fail('value is nested too deeply to convert to text');
  if (Array.isArray(v)) {
    append(out, '[');
    for (let i = 0; i < v.length; i++) {
      if (i > 0) append(out, ',');
      writeJson(visible(v[i]), st, depth + 1, out);
    }
    return append(out, ']');
  }
  append(out, '{');
  if (isPlainObject(v)) {
    let first = true;
    for (const key of Object.keys(v)) {
      append(out, first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      first = false;
      writeJson(visible(v[key]), st, depth + 1, out);
    }
  }
  append(out, '}');
}
