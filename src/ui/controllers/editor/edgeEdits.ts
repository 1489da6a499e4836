/**
 * Edges as the editor edits them in the document's text: deleting one (both of its forms, an output
 * and an input, go), splicing a node into one (a → b becomes a → n → b, as dropping a node onto a
 * wire does), a node's outputs as its form lists them, and a Multiplexer's per-output weights and
 * conditions, which stay aligned with its outputs. Pure: text in, text out. These EDIT the document;
 * the graph the editor draws and lists comes from the engine (the validation's `graph`), which alone
 * resolves a scenario's edges (tests/unit/architecture/edges.test.ts).
 */
import { connect } from './authoring';
import { editNode, idOf, isObj, parseDoc, readDoc, type Obj } from './nodeEdits';

/** Keeps a Multiplexer's `weights`/`conditions` aligned when its outputs at `removed` indexes go. */
function dropAligned(node: Obj, removed: number[]): void {
  const m = node.multiplexing;
  if (!isObj(m)) return;
  for (const key of ['weights', 'conditions'])
    if (Array.isArray(m[key])) m[key] = (m[key] as unknown[]).filter((_, i) => !removed.includes(i));
}

/** Pure (mutates `nodes`). Removes every form of the edge `source → target`. */
function removeEdge(nodes: unknown[], source: string, target: string): boolean {
  let removed = false;
  for (const n of nodes) {
    if (!isObj(n)) continue;
    const id = idOf(n);
    if (id === source && Array.isArray(n.outputs)) {
      const gone = n.outputs.flatMap((o, i) => (isObj(o) && o.destinationNodeId === target ? [i] : []));
      if (gone.length) {
        n.outputs = n.outputs.filter((_, i) => !gone.includes(i));
        dropAligned(n, gone);
        removed = true;
      }
    }
    if (id === target && Array.isArray(n.inputs)) {
      const kept = n.inputs.filter((i) => !(isObj(i) && i.nodeId === source));
      if (kept.length !== n.inputs.length) {
        n.inputs = kept;
        removed = true;
      }
    }
  }
  return removed;
}

/** Pure. `text` without the edge `source → target` (null: no such edge). */
export function deleteEdge(text: string, source: string, target: string): string | null {
  const p = parseDoc(text);
  if (!p || !removeEdge(p.nodes, source, target)) return null;
  return JSON.stringify(p.doc, null, 2) + '\n';
}

/** Pure. `text` with node `nodeId` spliced into the edge `source → target` (null: no such edge, or it is an end). */
export function spliceNode(text: string, nodeId: string, source: string, target: string): string | null {
  if (nodeId === source || nodeId === target) return null;
  const without = deleteEdge(text, source, target);
  const first = without && (connect(without, source, nodeId) ?? without);
  return first && (connect(first, nodeId, target) ?? first);
}

/** Pure. The outputs of node `nodeId`: destination and name (empty when unnamed). */
export function outputsOf(text: string, nodeId: string): { destination: string; name: string }[] {
  const n = readDoc(text)?.nodes.find((x) => idOf(x) === nodeId);
  if (!isObj(n) || !Array.isArray(n.outputs)) return [];
  return n.outputs.map((o) => ({
    destination: isObj(o) && typeof o.destinationNodeId === 'string' ? o.destinationNodeId : '',
    name: isObj(o) && typeof o.name === 'string' ? o.name : '',
  }));
}

/**
 * Pure. Multiplexer `nodeId`'s weight (`weights`) or condition (`conditions`) for output `index`,
 * the list padded to the outputs (weight 1, condition "true") so it stays aligned.
 */
export function setAligned(
  text: string,
  nodeId: string,
  key: 'weights' | 'conditions',
  index: number,
  value: number | string,
): string | null {
  return editNode(text, nodeId, (node) => {
    const outputs = Array.isArray(node.outputs) ? node.outputs.length : 0;
    if (!isObj(node.multiplexing)) node.multiplexing = { strategy: key === 'weights' ? 'weighted' : 'conditional' };
    const m = node.multiplexing as Obj;
    const list = Array.isArray(m[key]) ? [...(m[key] as unknown[])] : [];
    while (list.length < Math.max(outputs, index + 1)) list.push(key === 'weights' ? 1 : 'true');
    list[index] = value;
    m[key] = list;
  });
}
