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

/** A fitted viewport, and whether it shows the whole graph (false: held at `minZoom`, shown from its start). */
export interface ClearFit extends Viewport {
  whole: boolean;
}

type Side = 'left' | 'top' | 'right' | 'bottom';

/** The margin left between the graph and the canvas's edges or an overlay, in pixels. */
export const FIT_PAD = 16;

/**
 * Pure. The viewport (zoom, pan) that draws `graph` (graph units) as large as it can be, no larger
 * than `maxZoom`, inside a `width`×`height` canvas with `pad` px around it, touching none of
 * `overlays` (canvas pixels). Null when the graph is empty or no clear area is left.
 *
 * `minZoom` (default none): a graph that would be drawn smaller is drawn at `minZoom` instead (its
 * labels stay readable), its left edge at the clear area's left — where the sources are, the layout
 * running left to right — and centred vertically; `whole` is then false.
 */
export function clearFit(
  graph: Rect,
  width: number,
  height: number,
  overlays: readonly Rect[],
  maxZoom: number,
  pad = FIT_PAD,
  minZoom = 0,
): ClearFit | null {
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
  const { area } = best;
  const zoom = Math.min(maxZoom, Math.max(best.zoom, minZoom));
  // The graph's centre at the centre of the clear area; a graph wider than the area shows its start
  // (its left edge at the area's left), where the flow begins.
  const centre = (start: number, end: number, g0: number, g1: number) => (start + end) / 2 - ((g0 + g1) / 2) * zoom;
  const wide = (graph.right - graph.left) * zoom > area.right - area.left + 0.5;
  return {
    zoom,
    pan: {
      x: wide ? area.left - graph.left * zoom : centre(area.left, area.right, graph.left, graph.right),
      y: centre(area.top, area.bottom, graph.top, graph.bottom),
    },
    whole: zoom <= best.zoom + 1e-9,
  };
}

/** Pure. Whether two viewports are the same (to a millionth of a pixel or zoom step). */
export function sameViewport(a: Viewport, b: Viewport): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 1e-6;
  return near(a.zoom, b.zoom) && near(a.pan.x, b.pan.x) && near(a.pan.y, b.pan.y);
}

/** Pure. Whether any of `boxes` (graph units), drawn at `view`, touches any of `overlays` (canvas px), with `margin` px between. */
export function anyUnder(view: Viewport, boxes: readonly Rect[], overlays: readonly Rect[], margin = 4): boolean {
  const { zoom, pan } = view;
  for (const b of boxes) {
    const l = b.left * zoom + pan.x;
    const t = b.top * zoom + pan.y;
    const r = b.right * zoom + pan.x;
    const bo = b.bottom * zoom + pan.y;
    for (const o of overlays)
      if (l < o.right + margin && o.left - margin < r && t < o.bottom + margin && o.top - margin < bo) return true;
  }
  return false;
}

/**
 * Pure. Like clearFit, but first tries the fit that ignores the overlays: when none of the nodes'
 * `boxes` (graph units, labels included) would lie under an overlay — the zoom buttons in the corner
 * of a graph whose corner is empty — the graph gets the whole canvas.
 */
export function clearFitAround(
  graph: Rect,
  boxes: readonly Rect[],
  width: number,
  height: number,
  overlays: readonly Rect[],
  maxZoom: number,
  pad = FIT_PAD,
  minZoom = 0,
): ClearFit | null {
  const open = clearFit(graph, width, height, [], maxZoom, pad, minZoom);
  if (open && !anyUnder(open, boxes, overlays)) return open;
  return clearFit(graph, width, height, overlays, maxZoom, pad, minZoom);
}

/** Whether `el` is drawn (an element hidden by `visibility` or `display` floats over nothing). */
function drawn(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}

export interface FitOptions {
  /** Never zoomed in past this. */
  maxZoom?: number;
  /** Margin around the graph and between it and an overlay, px. */
  pad?: number;
  /**
   * The zoom from which node labels are drawn (legibility.ts; below it they carry the class `far`
   * and are hidden). A graph whose labels cannot be drawn that large is fitted by its shapes alone,
   * just under this zoom (labels hidden: the level of detail).
   */
  readableZoom?: number;
  /** Never below `readableZoom` instead: a graph too large is shown from its start (not whole). */
  floor?: boolean;
}

/** The bounding box of `eles` (graph units) as a Rect. */
const rectOf = (b: { x1: number; y1: number; x2: number; y2: number }): Rect => ({
  left: b.x1,
  top: b.y1,
  right: b.x2,
  bottom: b.y2,
});

/**
 * Not pure: fits `cy`'s graph clear of `overlays` (elements floating over its container; hidden
 * ones are ignored): the whole graph with its labels when they can be drawn at `readableZoom` or
 * larger, else (see FitOptions) its shapes alone with the labels hidden, or, with `floor`, its start
 * at the readable zoom. Falls back to Cytoscape's own fit when no clear area is left. Answers
 * whether the whole graph is shown.
 */
export function fitClearOf(cy: Core, overlays: readonly Element[], options: FitOptions = {}): boolean {
  const { maxZoom = cy.maxZoom(), pad = FIT_PAD, readableZoom = 0, floor = false } = options;
  if (cy.nodes().length === 0) return true;
  const container = cy.container();
  if (!container) return true;
  const frame = container.getBoundingClientRect();
  const rects = overlays
    .filter(drawn)
    .map((el) => el.getBoundingClientRect())
    .map((r) => ({
      left: r.left - frame.left,
      top: r.top - frame.top,
      right: r.right - frame.left,
      bottom: r.bottom - frame.top,
    }));
  const top = Math.min(maxZoom, cy.maxZoom());
  // Measured with the labels drawn, whatever the zoom shown now.
  const far = cy.elements('.far');
  if (far.nonempty()) cy.batch(() => far.removeClass('far'));
  const fitOf = (labels: boolean, max: number, min: number) =>
    clearFitAround(
      rectOf(labels ? cy.elements().boundingBox() : cy.elements().boundingBox({ includeLabels: false })),
      cy.nodes().map((n) => rectOf(n.boundingBox({ includeLabels: labels }))),
      frame.width,
      frame.height,
      rects,
      max,
      pad,
      min,
    );
  let fit = fitOf(true, top, floor ? Math.min(readableZoom, top) : 0);
  if (fit && !floor && fit.zoom < readableZoom - 1e-9) {
    // The labels would be too small to read: the shapes alone, just too small for labels.
    const shapes = fitOf(false, Math.min(top, readableZoom * 0.999), 0);
    if (shapes && shapes.zoom >= fit.zoom) fit = shapes;
  }
  if (fit && fit.zoom >= cy.minZoom()) cy.viewport({ zoom: fit.zoom, pan: fit.pan });
  else cy.fit(undefined, pad);
  if (cy.zoom() < readableZoom - 1e-9) cy.batch(() => cy.elements().addClass('far'));
  return fit ? fit.whole : true;
}
