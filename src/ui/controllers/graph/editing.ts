/**
 * The editor's hands on the graph: dragging nodes (the drop's position, and the node it was dropped
 * onto — the hit test) and the small reads the palette needs (what is drawn where, the visible centre).
 * Behind the graph controller, so no component touches Cytoscape's elements itself.
 */
import type { Core, NodeSingular } from 'cytoscape';

export interface Point {
  x: number;
  y: number;
}

/** A node let go after a drag. */
export interface NodeDrop {
  id: string;
  /** Where it was let go (model coordinates). */
  position: Point;
  /** The other node whose box holds the drop point, if any (the hit test). */
  onto: string | null;
  /** Puts the node back where the drag started. */
  undo(): void;
}

/** Not pure (reads the drawing): the id of a node other than `id` whose bounding box holds `p`, else null. */
export function nodeAt(cy: Core, p: Point, exceptId: string | null = null): string | null {
  const hit = cy
    .nodes()
    .filter((n) => n.id() !== exceptId)
    .filter((n) => {
      const b = n.boundingBox({});
      return p.x >= b.x1 && p.x <= b.x2 && p.y >= b.y1 && p.y <= b.y2;
    })
    .first();
  return hit.nonempty() ? (hit.id() as string) : null;
}

/** Not pure: lets nodes be dragged; each drop is handed to `onDrop`. Returns the detach. */
export function attachDragging(cy: Core, onDrop: (drop: NodeDrop) => void): () => void {
  cy.autoungrabify(false);
  let grabbedAt: Point | null = null;
  const grab = (e: { target: NodeSingular }) => {
    grabbedAt = { ...e.target.position() };
  };
  const free = (e: { target: NodeSingular }) => {
    const node = e.target;
    const id = node.id() as string;
    const position = { ...node.position() } as Point;
    const from = grabbedAt;
    onDrop({
      id,
      position,
      onto: nodeAt(cy, position, id),
      undo: () => {
        if (from) node.position(from);
      },
    });
  };
  cy.on('grab', 'node', grab);
  cy.on('dragfree', 'node', free);
  return () => {
    cy.removeListener('grab', 'node', grab);
    cy.removeListener('dragfree', 'node', free);
    cy.autoungrabify(true);
  };
}

/** Not pure (reads the drawing): the positions of the nodes drawn. */
export function nodePositions(cy: Core): Point[] {
  return cy.nodes().map((n) => ({ ...n.position() }));
}

/** Not pure (reads the viewport): the centre of what is visible, in model coordinates. */
export function visibleCentre(cy: Core): Point {
  const ext = cy.extent();
  return { x: ext.x1 + ext.w / 2, y: ext.y1 + ext.h / 2 };
}

/** Not pure: reports taps on edges (their id) to `onEdge`. Returns the detach. */
export function attachEdgeTaps(cy: Core, onEdge: (edgeId: string) => void): () => void {
  const tap = (e: { target: { id(): string } }) => onEdge(e.target.id());
  cy.on('tap', 'edge', tap);
  return () => cy.removeListener('tap', 'edge', tap);
}

/**
 * Not pure: marks edge `id` as the selected one (null: none). A style bypass on the element, so the
 * workspace's stylesheet stays as it is; the edge is drawn thicker in the theme's selection colour.
 */
export function markEdge(cy: Core, id: string | null, colour: string): void {
  cy.batch(() => {
    cy.edges('.edit-selected').removeStyle('width line-color target-arrow-color').removeClass('edit-selected');
    if (!id) return;
    const e = cy.getElementById(id);
    if (e.nonempty())
      e.addClass('edit-selected').style({ width: 5, 'line-color': colour, 'target-arrow-color': colour });
  });
}

/** Not pure (reads the drawing): the edge, not touching `exceptNode`, whose line passes within `tolerance` of `p`. */
export function edgeAt(cy: Core, p: Point, exceptNode: string, tolerance = 24): string | null {
  let best: { id: string; d: number } | null = null;
  cy.edges().forEach((e) => {
    if (e.source().id() === exceptNode || e.target().id() === exceptNode) return;
    const a = e.source().position();
    const b = e.target().position();
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const d = Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
    if (d <= tolerance && (!best || d < best.d)) best = { id: e.id() as string, d };
  });
  return (best as { id: string } | null)?.id ?? null;
}

/** Not pure (reads the viewport): the visible area in model coordinates. */
export function visibleArea(cy: Core): { x1: number; y1: number; x2: number; y2: number } {
  const e = cy.extent();
  return { x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2 };
}
