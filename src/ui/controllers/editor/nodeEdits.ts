/**
 * The small document edits the property panel makes on one node: read a value at a path inside the
 * node, set or remove it. A scalar replacing a scalar is written in place (the rest of the text keeps
 * its layout, and a keystroke in a form costs a slice, not a re-serialisation of a 500-node document);
 * anything else re-formats the document as the other visual edits do. Pure: text in, text out.
 */
import { formatDocument } from './authoring';
import { readJson, rangeOfPointer, toPointer } from './jsonRanges';

export type Obj = Record<string, unknown>;
export type Path = readonly (string | number)[];
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Pure. The parsed document and its node list (null: not JSON, or no `scenario.nodes`). */
export function parseDoc(text: string): { doc: Obj; nodes: unknown[] } | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(doc) || !isObj(doc.scenario) || !Array.isArray(doc.scenario.nodes)) return null;
  return { doc, nodes: doc.scenario.nodes };
}

let lastRead: { text: string; parsed: ReturnType<typeof parseDoc> } | null = null;

/**
 * Pure to its callers (keeps the last answer): as parseDoc, for reading only — the panel, the outline
 * and the lists all read the same text after each keystroke, and a 500-node document is parsed once
 * for all of them. The answer is shared: never mutate it (edits use parseDoc).
 */
export function readDoc(text: string): ReturnType<typeof parseDoc> {
  if (lastRead?.text !== text) lastRead = { text, parsed: parseDoc(text) };
  return lastRead.parsed;
}

/** Pure. The id of a node (its `nodeId`, or the compat `id`). */
export function idOf(n: unknown): string | null {
  if (!isObj(n)) return null;
  const id = n.nodeId ?? n.id;
  return typeof id === 'string' ? id : null;
}

/** Pure. The value at `path` inside `value` (undefined: absent). */
export function getIn(value: unknown, path: Path): unknown {
  let v = value;
  for (const seg of path) {
    if (isObj(v)) v = v[seg as string];
    else if (Array.isArray(v) && typeof seg === 'number') v = v[seg];
    else return undefined;
  }
  return v;
}

/** Pure (mutates `target` only). Sets `path` inside `target` to `value`, making objects on the way; undefined removes it. */
export function setIn(target: Obj, path: Path, value: unknown): void {
  let o: unknown = target;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i]!;
    const container = o as Obj & unknown[];
    let next = container[seg as never] as unknown;
    if (!isObj(next) && !Array.isArray(next)) {
      if (value === undefined) return;
      next = typeof path[i + 1] === 'number' ? [] : {};
      (container as Obj)[seg as string] = next;
    }
    o = next;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(o) && typeof last === 'number') o.splice(last, 1);
    else delete (o as Obj)[last as string];
  } else (o as Obj)[last as string] = value;
}

const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Pure. `text` with the node `nodeId` changed by `mutate` (which edits the node object in place);
 * null when the document does not parse or has no such node.
 */
export function editNode(text: string, nodeId: string, mutate: (node: Obj, doc: Obj) => void): string | null {
  const p = parseDoc(text);
  const node = p?.nodes.find((n) => idOf(n) === nodeId);
  if (!p || !isObj(node)) return null;
  mutate(node, p.doc);
  return formatDocument(p.doc);
}

/** Pure. `text` with `path` inside node `nodeId` set to `value` (undefined removes it); null: no such node. */
export function setNodeValue(text: string, nodeId: string, path: Path, value: unknown): string | null {
  const p = parseDoc(text);
  if (!p) return null;
  const index = p.nodes.findIndex((n) => idOf(n) === nodeId);
  if (index < 0) return null;
  const old = getIn(p.nodes[index], path);
  if (value !== undefined && old !== undefined && scalar(old) && scalar(value)) {
    // In place: only the value's characters change.
    const r = readJson(text);
    if (r.ok) {
      const range = rangeOfPointer(r.root, toPointer(['scenario', 'nodes', index, ...path]));
      if (range.exact) return text.slice(0, range.from) + JSON.stringify(value) + text.slice(range.to);
    }
  }
  return editNode(text, nodeId, (node) => setIn(node, path, value));
}
