/**
 * Where a node added in the editor goes: beside the selected node when there is one (to its right,
 * then below, …), else near the middle of what is visible — always on a free cell (no overlap with a
 * drawn node) and inside the visible area when one is free there. Only when the view is full does it
 * go outside, and the editor then fits the view to show it. Pure.
 */
import { NODE_ROOM, freeSpot } from './authoring';

export interface Pt {
  x: number;
  y: number;
}

/** The visible area in model coordinates. */
export interface View {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Pure. Whether a node centred at `p` overlaps none of `taken` (each one `NODE_ROOM`). */
export function isFree(taken: readonly Pt[], p: Pt): boolean {
  return taken.every((t) => Math.abs(t.x - p.x) >= NODE_ROOM.w || Math.abs(t.y - p.y) >= NODE_ROOM.h);
}

/** Pure. Whether a node centred at `p` lies wholly inside `view` (its room's half on each side). */
export function insideView(view: View, p: Pt): boolean {
  const hw = NODE_ROOM.w / 2;
  const hh = NODE_ROOM.h / 2;
  return p.x - hw >= view.x1 && p.x + hw <= view.x2 && p.y - hh >= view.y1 && p.y + hh <= view.y2;
}

/**
 * Pure. The centre for a new node: the free cell nearest to the right of `selected` (or to the
 * view's centre), preferring cells inside `view`; `inView` says whether it is inside.
 */
export function placeNode(taken: readonly Pt[], view: View, selected: Pt | null): Pt & { inView: boolean } {
  const centre = { x: (view.x1 + view.x2) / 2, y: (view.y1 + view.y2) / 2 };
  const near = selected ? { x: selected.x + NODE_ROOM.w, y: selected.y } : centre;
  // The cells around `near`, nearest first, as freeSpot orders them: take the first free one inside the view.
  const cols = Math.ceil((view.x2 - view.x1) / NODE_ROOM.w) + 2;
  const rows = Math.ceil((view.y2 - view.y1) / NODE_ROOM.h) + 2;
  const reach = Math.min(40, Math.max(cols, rows));
  const cells: (Pt & { d: number })[] = [];
  for (let i = -reach; i <= reach; i++)
    for (let j = -reach; j <= reach; j++)
      cells.push({ x: near.x + i * NODE_ROOM.w, y: near.y + j * NODE_ROOM.h, d: i * i + j * j - i * 2e-3 - j * 1e-3 });
  cells.sort((a, b) => a.d - b.d);
  for (const c of cells)
    if (insideView(view, c) && isFree(taken, c)) return { x: Math.round(c.x), y: Math.round(c.y), inView: true };
  // Selected node's neighbourhood is off the view, or the view is full: any free cell inside it, else anywhere.
  if (selected) {
    const again = placeNode(taken, view, null);
    if (again.inView) return again;
  }
  const spot = freeSpot(taken, near);
  return { ...spot, inView: insideView(view, spot) };
}
