import type { Frame } from '@playwright/test';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface GraphGeometry {
  /** Every node's drawn box (label included), clipped to the canvas: the part of it a person sees. */
  nodes: (Box & { id: string })[];
  /**
   * Whatever could cover the graph: the elements laid over the canvas that are drawn (a transparent
   * layer that lets the pointer through — the travelling tokens, drawn on the graph's own edges —
   * hides nothing), the graph's tool group and every legend, wherever they stand.
   */
  overlays: (Box & { name: string })[];
  /** The on-screen size of every node label drawn (font size × zoom), and how many nodes there are. */
  labelPx: number[];
  nodeCount: number;
}

/**
 * In `frame` (the page's main frame, or the player's), the graph's geometry as the page draws it,
 * read from the graph's own Cytoscape core (its container keeps it for tests) and the page's boxes, in
 * the frame's pixels.
 */
export async function graphGeometry(frame: Frame): Promise<GraphGeometry> {
  return frame.evaluate(() => {
    type Ele = {
      id(): string;
      renderedBoundingBox(o?: object): { x1: number; y1: number; x2: number; y2: number };
      style(name: string): string;
    };
    const canvas = document.querySelector('[aria-label^="Workflow graph"]') as HTMLElement & {
      _cyreg: { cy: { zoom(): number; nodes(): { map<T>(f: (n: Ele) => T): T[]; length: number } } };
    };
    const cy = canvas._cyreg.cy;
    const frameBox = canvas.getBoundingClientRect();
    const nodes = cy
      .nodes()
      .map((n) => {
        const b = n.renderedBoundingBox();
        return {
          id: n.id(),
          left: Math.max(frameBox.left, frameBox.left + b.x1),
          top: Math.max(frameBox.top, frameBox.top + b.y1),
          right: Math.min(frameBox.right, frameBox.left + b.x2),
          bottom: Math.min(frameBox.bottom, frameBox.top + b.y2),
        };
      })
      .filter((b) => b.right > b.left && b.bottom > b.top);
    const seeThrough = (el: Element) => {
      const cs = getComputedStyle(el);
      return cs.pointerEvents === 'none' && cs.backgroundColor === 'rgba(0, 0, 0, 0)';
    };
    const candidates = [
      ...[...(canvas.parentElement?.children ?? [])].filter((el) => el !== canvas && !seeThrough(el)),
      ...document.querySelectorAll('[role="group"][aria-label="Graph view"], [aria-label="Legend"]'),
    ];
    const overlays = [...new Set(candidates)]
      .filter((el) => getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(({ el, r }) => ({
        name: el.getAttribute('aria-label') ?? el.className,
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
      }));
    const zoom = cy.zoom();
    const labelPx = cy
      .nodes()
      .map((n) =>
        n.style('label') !== '' && n.style('display') !== 'none' ? parseFloat(n.style('font-size')) * zoom : null,
      )
      .filter((s): s is number => s !== null);
    return { nodes, overlays, labelPx, nodeCount: cy.nodes().length };
  });
}

export const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Each node box lying under an overlay, as `node under overlay`. */
export function covered(g: GraphGeometry): string[] {
  return g.nodes.flatMap((n) => g.overlays.filter((o) => overlaps(n, o)).map((o) => `${n.id} under ${o.name}`));
}
