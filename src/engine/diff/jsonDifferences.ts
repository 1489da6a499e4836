/**
 * Field-by-field differences of two JSON values, named by JSON Pointers (RFC 6901) — the names the
 * validator gives its issues (`/nodes/2/outputs/0/destinationNodeId`) and the editor jumps to. Used
 * for the two events where ledgers diverge and for two versions of a scenario document. Objects
 * are compared member by member, arrays item by item (an inserted item shows as every later index
 * changing, as a pointer names it), anything else by its canonical JSON.
 */
import type { ValueDifference } from '../../contract/diff';
import { canonicalJson } from '../ledger/canonical';

/** Differences found, the first `limit` of them listed and the rest counted. */
export interface JsonDifferences {
  paths: ValueDifference[];
  more: number;
}

/** Pure: one segment of a JSON Pointer (`~` → `~0`, `/` → `~1`). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Pure: the differences between `a` and `b`, pointers under `base` ('' for the whole value), in document order. */
export function jsonDifferences(a: unknown, b: unknown, limit: number, base = ''): JsonDifferences {
  const out: JsonDifferences = { paths: [], more: 0 };
  walk(a, b, base, true, true, limit, out);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Pure: `obj` has a member `key` of its own with a JSON value (an `undefined` member has none). */
function own(obj: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(obj, key) && obj[key] !== undefined;
}

function walk(
  a: unknown,
  b: unknown,
  path: string,
  hasA: boolean,
  hasB: boolean,
  limit: number,
  out: JsonDifferences,
): void {
  if (hasA && hasB) {
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) {
        if (a[key] === undefined) continue;
        const inB = own(b, key);
        walk(a[key], inB ? b[key] : undefined, `${path}/${pointerSegment(key)}`, true, inB, limit, out);
      }
      for (const key of Object.keys(b)) {
        if (b[key] === undefined || own(a, key)) continue;
        walk(undefined, b[key], `${path}/${pointerSegment(key)}`, false, true, limit, out);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) walk(a[i], b[i], `${path}/${i}`, i < a.length, i < b.length, limit, out);
      return;
    }
    if (a === b || canonicalJson(a) === canonicalJson(b)) return;
  }
  if (out.paths.length >= limit) {
    out.more++;
    return;
  }
  const d: ValueDifference = { path };
  if (hasA) d.a = a;
  if (hasB) d.b = b;
  out.paths.push(d);
}
