/**
 * Auto-layout as a document edit: every node gets the automatic layout's position except the ones the
 * person placed, which stay; a laid-out node that would land on a kept one moves to the nearest free
 * cell. Positions are written into the JSON, so the layout is one undo step like any visual edit. Pure.
 */
import { freeSpot, formatDocument } from './authoring';
import { idOf, isObj, parseDoc } from './nodeEdits';

/** Pure. `text` with the positions of `layout` (rounded) for every node not in `keep`; null when it does not parse. */
export function autoLayout(
  text: string,
  layout: Readonly<Record<string, { x: number; y: number }>>,
  keep: ReadonlySet<string>,
): string | null {
  const p = parseDoc(text);
  if (!p) return null;
  const taken: { x: number; y: number }[] = [];
  for (const n of p.nodes) {
    const id = idOf(n);
    if (id && keep.has(id) && isObj(n) && isObj(n.position)) taken.push(n.position as { x: number; y: number });
  }
  for (const n of p.nodes) {
    const id = idOf(n);
    if (!id || !isObj(n) || (keep.has(id) && isObj(n.position)) || !layout[id]) continue;
    const spot = freeSpot(taken, layout[id]);
    n.position = spot;
    taken.push(spot);
  }
  return formatDocument(p.doc);
}
