/**
 * Keeping the graph's text readable whatever its size. Cytoscape draws labels in graph units, so a
 * label shrinks with the zoom; fitting an 11-node chain into a 390 px canvas drew 3 px text. Labels
 * are drawn only while they are at least MIN_LABEL_PX on screen: zoomed out further (a wide graph
 * fitted whole, or a person zooming out) the graph shows its shapes, and zooming in brings the names
 * back — the level of detail (the workspace's Fit, GraphView and fitClear.ts; the status under the
 * graph says so). `legibleViewport` is the other answer, for a view that must keep its labels (the
 * editor's graph): never below the readable zoom, a larger graph shown from its start. The maths is
 * pure; `attachLabelHiding` is the small stateful part that follows the zoom.
 */
import type { Core } from 'cytoscape';

/** The node label's font size in graph units (the stylesheet's `font-size`). */
export const NODE_FONT_PX = 12;

/**
 * The smallest on-screen size a node label is drawn at, px, at every width: below it a label is a
 * smudge, and the graph shows the shapes without names (the level of detail, docs/ui.md). It was
 * 11 px on wide canvases; one figure keeps "labels are drawn" the same question at every width.
 */
export const MIN_LABEL_PX = 10;

/** Pure. The smallest on-screen label size for a canvas `width` px wide (the same at every width). */
export function minLabelPx(_width?: number): number {
  return MIN_LABEL_PX;
}

/** Pure. The zoom at which a `fontPx` label is `minPx` on screen. */
export function readableZoom(minPx: number, fontPx = NODE_FONT_PX): number {
  return minPx / fontPx;
}

export interface Bounds {
  x1: number;
  y1: number;
  w: number;
  h: number;
}

/** Room kept free at each side of the canvas (the tools above, the legend below), rendered px. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Viewport {
  zoom: number;
  pan: { x: number; y: number };
  /** The whole graph is in view (false: it was too large to show at a readable size). */
  whole: boolean;
}

/**
 * Pure. The viewport that shows `bounds` (graph units) in a `width`×`height` canvas, inside `insets`
 * plus `pad`: as large as fits, but never below `minZoom` nor above `maxZoom`. A graph fitted whole is
 * centred in the free area; one that does not fit at `minZoom` is shown from its top-left corner
 * (where the sources are, the layout running left to right), centred along an axis that fits.
 */
export function legibleViewport(
  bounds: Bounds,
  width: number,
  height: number,
  insets: Insets,
  pad: number,
  minZoom: number,
  maxZoom: number,
): Viewport {
  const freeW = Math.max(1, width - insets.left - insets.right - 2 * pad);
  const freeH = Math.max(1, height - insets.top - insets.bottom - 2 * pad);
  const bw = Math.max(bounds.w, 1);
  const bh = Math.max(bounds.h, 1);
  const fitZoom = Math.min(freeW / bw, freeH / bh);
  const zoom = Math.min(maxZoom, Math.max(minZoom, fitZoom));
  const left = insets.left + pad;
  const top = insets.top + pad;
  const place = (free: number, size: number, start: number, origin: number) =>
    size * zoom <= free ? start + (free - size * zoom) / 2 - origin * zoom : start - origin * zoom;
  return {
    zoom,
    pan: { x: place(freeW, bw, left, bounds.x1), y: place(freeH, bh, top, bounds.y1) },
    whole: bw * zoom <= freeW + 0.5 && bh * zoom <= freeH + 0.5,
  };
}

/** Pure. Whether labels drawn at `zoom` are at least `minPx` on screen. */
export function labelsReadable(zoom: number, minPx: number, fontPx = NODE_FONT_PX): boolean {
  return zoom * fontPx >= minPx - 1e-6;
}

/**
 * Not pure: gives every element of `cy` the class `far` while the zoom is below the readable level
 * (the stylesheet then draws no label), checked once per frame and changed only when it flips.
 * Returns a function that re-checks at once (after a new graph), and the detach.
 */
export function attachLabelHiding(cy: Core, schedule: (cb: () => void) => void): { check(): void; detach(): void } {
  let far: boolean | null = null;
  let queued = false;
  const check = () => {
    queued = false;
    if (cy.destroyed()) return;
    const now = !labelsReadable(cy.zoom(), minLabelPx(cy.width()));
    // A new graph's elements come without the class: put it back even when the zoom did not flip.
    if (now === far && (!now || cy.elements('.far').length === cy.elements().length)) return;
    far = now;
    cy.batch(() => {
      if (now) cy.elements().addClass('far');
      else cy.elements('.far').removeClass('far');
    });
  };
  const onZoom = () => {
    if (queued) return;
    queued = true;
    schedule(check);
  };
  cy.on('zoom resize', onZoom);
  return {
    check,
    detach: () => cy.off('zoom resize', onZoom),
  };
}
