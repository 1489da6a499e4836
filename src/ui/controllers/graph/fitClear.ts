/**
 * Fit that keeps the graph clear of what floats over the canvas (the zoom buttons, the overview,
 * a legend): Cytoscape's own fit pads evenly and lets a corner overlay cover the nodes under it —
 * in a small embedded frame, often the first node of the graph. Each overlay is avoided by keeping
 * the graph above, below, left or right of it; every combination is tried and the one that lets the
 * graph be drawn largest wins. The arithmetic is pure (and unit-tested); `fitClearOf` applies it.
 */
import type { Core } from 'cytoscape';

/** A rectangle in the canvas's pixels (left, top, right, bottom), or the graph's in graph units. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Viewport {
  zoom: number;
  pan: { x: number; y: number };
}

type Side = 'left' | 'top' | 'right' | 'bottom';

/** The margin left between the graph and the canvas's edges or an overlay, in pixels. */
export const FIT_PAD = 16;

/**
 * Pure. The viewport (zoom, pan) that draws `graph` (graph units) as large as it can be, no larger
 * than `maxZoom`, inside a `width`×`height` canvas with `pad` px around it, touching none of
 * `overlays` (canvas pixels). Null when the graph is empty or no clear area is left.
 */
export function clearFit(
  graph: Rect,
  width: number,
  height: number,
  overlays: readonly Rect[],
  maxZoom: number,
  pad = FIT_PAD,
): Viewport | null {
  const gw = Math.max(graph.right - graph.left, 1);
  const gh = Math.max(graph.bottom - graph.top, 1);
  const shown = overlays.filter((o) => o.right > o.left && o.bottom > o.top);
  let best: { zoom: number; area: Rect } | null = null;
  // Each overlay is avoided from one of its four sides: 4^n choices (n is at most a few).
  const choices = 4 ** shown.length;
  for (let c = 0; c < choices; c++) {
    const area: Rect = { left: pad, top: pad, right: width - pad, bottom: height - pad };
    let code = c;
    for (const o of shown) {
      const side = (['left', 'top', 'right', 'bottom'] as Side[])[code % 4];
      code = Math.floor(code / 4);
      // "left": the graph stays left of the overlay, and so on.
      if (side === 'left') area.right = Math.min(area.right, o.left - pad);
      else if (side === 'right') area.left = Math.max(area.left, o.right + pad);
      else if (side === 'top') area.bottom = Math.min(area.bottom, o.top - pad);
      else area.top = Math.max(area.top, o.bottom + pad);
    }
    const w = area.right - area.left;
    const h = area.bottom - area.top;
    if (w <= 0 || h <= 0) continue;
    const zoom = Math.min(w / gw, h / gh, maxZoom);
    if (!best || zoom > best.zoom) best = { zoom, area };
  }
  if (!best) return null;
  const { zoom, area } = best;
  // The graph's centre at the centre of the clear area.
  const cx = (area.left + area.right) / 2;
  const cy = (area.top + area.bottom) / 2;
  return {
    zoom,
    pan: { x: cx - ((graph.left + graph.right) / 2) * zoom, y: cy - ((graph.top + graph.bottom) / 2) * zoom },
  };
}

/**
 * Not pure: fits `cy`'s graph clear of `overlays` (elements floating over its container; hidden
 * ones are ignored), never zooming in past `maxZoom`. Falls back to Cytoscape's own fit when no
 * clear area is left.
 */
export function fitClearOf(cy: Core, overlays: readonly Element[], maxZoom = cy.maxZoom()): void {
  if (cy.nodes().length === 0) return;
  const container = cy.container();
  if (!container) return;
  const frame = container.getBoundingClientRect();
  const rects = overlays
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({
      left: r.left - frame.left,
      top: r.top - frame.top,
      right: r.right - frame.left,
      bottom: r.bottom - frame.top,
    }));
  const bb = cy.elements().boundingBox();
  const fit = clearFit(
    { left: bb.x1, top: bb.y1, right: bb.x2, bottom: bb.y2 },
    frame.width,
    frame.height,
    rects,
    Math.min(maxZoom, cy.maxZoom()),
  );
  if (fit && fit.zoom >= cy.minZoom()) cy.viewport(fit);
  else cy.fit(undefined, FIT_PAD);
}
