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
