/**
 * The graph's overview (minimap): every node as a dot, and the part of the graph the main view
 * shows as a frame; a press or a drag on it moves the main view there. It is shown only when the
 * graph is larger than the view, and never over a node (a minimap that hides what it maps is
 * noise). The mapping between graph coordinates and the overview's pixels is pure (and
 * unit-tested); drawing and pointer handling need a canvas and a Cytoscape core, and are owned by
 * the graph controller.
 */
import type { Core } from 'cytoscape';

export interface Box {
  x1: number;
  y1: number;
  w: number;
  h: number;
}

export interface OverviewMap {
  /** Overview pixels per graph unit. */
  scale: number;
  /** Overview pixel of graph point (0, 0). */
  ox: number;
  oy: number;
}

/** Pure. The map that fits `bounds` (graph units) inside a `width`×`height` overview, centred, with `pad` px around. */
export function overviewMap(bounds: Box, width: number, height: number, pad = 6): OverviewMap {
  const w = Math.max(bounds.w, 1);
  const h = Math.max(bounds.h, 1);
  const scale = Math.min((width - 2 * pad) / w, (height - 2 * pad) / h);
  // The centre of the graph at the centre of the overview.
  return {
    scale,
    ox: width / 2 - (bounds.x1 + bounds.w / 2) * scale,
    oy: height / 2 - (bounds.y1 + bounds.h / 2) * scale,
  };
}

/** Pure. Graph point → overview pixel. */
export function toOverview(m: OverviewMap, p: { x: number; y: number }): { x: number; y: number } {
  return { x: m.ox + p.x * m.scale, y: m.oy + p.y * m.scale };
}

/** Pure. Overview pixel → graph point. */
export function fromOverview(m: OverviewMap, p: { x: number; y: number }): { x: number; y: number } {
  return { x: (p.x - m.ox) / m.scale, y: (p.y - m.oy) / m.scale };
}

/** Pure. The pan that puts graph point `p` at the centre of a `width`×`height` view at `zoom`. */
export function panToCentre(p: { x: number; y: number }, zoom: number, width: number, height: number) {
  return { x: width / 2 - p.x * zoom, y: height / 2 - p.y * zoom };
}

/**
 * Pure. Whether the overview is worth showing: the graph (`graph`, rendered px) reaches outside the
 * `width`×`height` view, and none of the nodes' boxes (`nodes`, rendered px) lies under the
 * overview's own box `over`.
 */
export function overviewWanted(
  graph: { x1: number; y1: number; x2: number; y2: number },
  width: number,
  height: number,
  over: { x1: number; y1: number; x2: number; y2: number },
  nodes: Iterable<{ x1: number; y1: number; x2: number; y2: number }>,
): boolean {
  const larger = graph.x1 < -0.5 || graph.y1 < -0.5 || graph.x2 > width + 0.5 || graph.y2 > height + 0.5;
  if (!larger) return false;
  for (const n of nodes) if (n.x1 < over.x2 && over.x1 < n.x2 && n.y1 < over.y2 && over.y1 < n.y2) return false;
  return true;
}

export interface OverviewColours {
  node: string;
  frame: string;
}

/** Not pure: draws the overview of `cy` on `canvas` whenever the graph or the view changes; returns a detach. */
export function attachOverview(cy: Core, canvas: HTMLCanvasElement, colours: () => OverviewColours): () => void {
  let queued = false;
  let map: OverviewMap | null = null;
  /** Whether the overview shows, decided again only when the graph or the view moved (not on every step's redraw). */
  let wanted = false;
  let moved = true;
  const draw = () => {
    queued = false;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
    if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const nodes = cy.nodes();
    if (moved)
      wanted =
        nodes.length > 0 &&
        width > 0 &&
        overviewWanted(
          nodes.renderedBoundingBox({ includeLabels: false }),
          cy.width(),
          cy.height(),
          { x1: canvas.offsetLeft, y1: canvas.offsetTop, x2: canvas.offsetLeft + width, y2: canvas.offsetTop + height },
          nodes.map((n) => n.renderedBoundingBox({ includeLabels: true })),
        );
    moved = false;
    canvas.style.visibility = wanted ? '' : 'hidden';
    if (!wanted) {
      map = null;
      return;
    }
    const bb = nodes.boundingBox({ includeLabels: false });
    map = overviewMap({ x1: bb.x1, y1: bb.y1, w: bb.w, h: bb.h }, width, height);
    const c = colours();
    ctx.fillStyle = c.node;
    const r = Math.max(1.5, Math.min(4, 20 * map.scale));
    nodes.forEach((n) => {
      const p = toOverview(map!, n.position());
      ctx.fillRect(p.x - r, p.y - r, 2 * r, 2 * r);
    });
    const e = cy.extent();
    const a = toOverview(map, { x: e.x1, y: e.y1 });
    const b = toOverview(map, { x: e.x2, y: e.y2 });
    ctx.strokeStyle = c.frame;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(a.x, a.y, b.x - a.x, b.y - a.y);
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(draw);
  };
  const moveTo = (e: PointerEvent) => {
    if (!map) return;
    const rect = canvas.getBoundingClientRect();
    const p = fromOverview(map, { x: e.clientX - rect.left, y: e.clientY - rect.top });
    cy.pan(panToCentre(p, cy.zoom(), cy.width(), cy.height()));
  };
  let dragging = false;
  const down = (e: PointerEvent) => {
    dragging = true;
    canvas.setPointerCapture(e.pointerId);
    moveTo(e);
  };
  const move = (e: PointerEvent) => {
    if (dragging) moveTo(e);
  };
  const up = () => {
    dragging = false;
  };
  const onMove = () => {
    moved = true;
    schedule();
  };
  cy.on('render', schedule);
  cy.on('viewport add remove position resize', onMove);
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  schedule();
  return () => {
    cy.off('render', schedule);
    cy.off('viewport add remove position resize', onMove);
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', up);
  };
}
