/**
 * Canonical JSON: the byte form of ledger content that the ledger hash is computed over. Object
 * keys are sorted (by UTF-16 code units, as `Array.prototype.sort` does) at every depth, so the bytes
 * never depend on the order in which an object's properties were created. Everything else follows
 * `JSON.stringify`: strings are escaped the same way, non-finite numbers become `null`, `undefined`
 * object members are left out and `undefined` array items become `null`.
 */

/** Pure: the canonical JSON text of `value` (see the module comment). */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return canonicalArray(value);
      return canonicalObject(value as Record<string, unknown>);
    case 'bigint':
      return String(value);
    default:
      // undefined, functions and symbols have no JSON form; at top level they read as null.
      return 'null';
  }
}

function canonicalArray(items: readonly unknown[]): string {
  if (items.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    const item = items[i];
    out += item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : canonicalJson(item);
  }
  return out + ']';
}

function canonicalObject(obj: Record<string, unknown>): string {
  const keys = Object.keys(obj);
  // Most token data has one or two keys; sorting tiny arrays in place is cheap.
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const member = obj[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    if (!first) out += ',';
    first = false;
    out += JSON.stringify(key) + ':' + canonicalJson(member);
  }
  return out + '}';
}
