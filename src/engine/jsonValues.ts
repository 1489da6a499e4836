/**
 * Helpers for the JSON-like values that flow through a run (event fields, token data): setting a
 * field safely whatever its name, and deep-copying a value handed in from outside.
 */

/** Not pure: sets an own property of `target`, even one named `__proto__` (assignment would change the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Pure: a deep copy of a JSON-like value, so tokens never share mutable objects with a caller. */
export function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, copyJson((value as Record<string, unknown>)[key]));
  return out;
}
