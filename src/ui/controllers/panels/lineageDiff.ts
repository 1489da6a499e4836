/**
 * What changed in a token's data at each entry of a lineage, against the token it came from: the
 * Lineage panel shows each operation with the fields it added, removed or changed. Nested plain objects are flattened to
 * dotted paths (`order.total`); arrays and other values compare by their JSON text.
 */
import type { LineageElement } from '../../../contract/wire';

export type FieldChangeKind = 'added' | 'removed' | 'changed' | 'same';

export interface FieldChange {
  /** Dotted path of the field, e.g. `value` or `order.total`. */
  path: string;
  kind: FieldChangeKind;
  /** JSON text of the value before (absent for `added`). */
  before?: string;
  /** JSON text of the value after (absent for `removed`). */
  after?: string;
}

export interface LineageRow extends LineageElement {
  /** Position in the path, from 0. */
  index: number;
  /** Changes against the token it came from (`lineageRows`); every field `added` for a token new to the path. */
  changes: FieldChange[];
}

/** Pure: `data` as a map from dotted path to JSON text; a non-object value is the single path `value`. */
export function flatten(data: unknown, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  if (isPlainObject(data)) {
    const keys = Object.keys(data).sort();
    if (keys.length === 0 && prefix !== '') out.set(prefix, '{}');
    for (const key of keys) flatten(data[key], prefix === '' ? key : `${prefix}.${key}`, out);
  } else if (data !== undefined) {
    out.set(prefix === '' ? 'value' : prefix, JSON.stringify(data) ?? String(data));
  }
  return out;
}

/** Pure: the field changes from `before` to `after` (null/undefined = no data), sorted by path. */
export function diffData(before: unknown, after: unknown): FieldChange[] {
  const a = before === null || before === undefined ? new Map<string, string>() : flatten(before);
  const b = after === null || after === undefined ? new Map<string, string>() : flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.map((path): FieldChange => {
    const x = a.get(path);
    const y = b.get(path);
    if (x === undefined) return { path, kind: 'added', after: y! };
    if (y === undefined) return { path, kind: 'removed', before: x };
    return x === y ? { path, kind: 'same', before: x, after: y } : { path, kind: 'changed', before: x, after: y };
  });
}

/**
 * Pure: the lineage path as rows, each with its changes against the token it came from — never the
 * row above it, which after a fork may be another branch. A token made from others
 * (`parentTokenIds`: transformed, merged, aggregated) is compared with the first of them the path
 * has shown; a token the event only handled (routed, collected, buffered, dropped) with its own data
 * as the path last showed it — a Sink collecting a token unchanged reads "data unchanged". A token
 * the path has not shown before (generated, or made from tokens of other ids) has every field
 * `added`. An FSM timer transition carries no data and shows no changes.
 */
export function lineageRows(path: readonly LineageElement[]): LineageRow[] {
  const dataOf = new Map<string, unknown>();
  return path.map((element, index) => {
    if (element.data === null) return { ...element, index, changes: [] };
    const from =
      element.parentTokenIds !== undefined && element.parentTokenIds.length > 0
        ? element.parentTokenIds.find((id) => dataOf.has(id))
        : element.tokenId !== null && dataOf.has(element.tokenId)
          ? element.tokenId
          : undefined;
    const changes = diffData(from === undefined ? null : dataOf.get(from), element.data);
    if (element.tokenId !== null) dataOf.set(element.tokenId, element.data);
    return { ...element, index, changes };
  });
}

/** Pure: the distinct node ids of a lineage path, in the order the path first reaches them. */
export function pathNodes(path: readonly LineageElement[]): string[] {
  const seen = new Set<string>();
  for (const e of path) seen.add(e.nodeId);
  return [...seen];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
