/**
 * How much of the graph is in view, for the status line under it ("11 of 11 nodes in view"): for
 * people, who cannot tell from a few shapes whether more lie past the edge, and for screen readers,
 * which get it as a polite status. Only the template's own nodes are counted (a state drawn inside
 * an FSM is part of its machine, not a node of the template). A node is in view when its shape lies
 * wholly inside the canvas. The counting and the sentence are pure; `attachViewStatus` follows the
 * view, at most once per `delayMs` (a pan or a pinch moves it every frame; the sentence, and what a
 * screen reader says, changes only when the count does).
 */
import type { Core } from 'cytoscape';
import { labelsReadable, MIN_LABEL_PX } from './legibility';

export interface ViewStatus {
  /** The template's nodes whose shape lies wholly inside the canvas. */
  inView: number;
  /** The template's nodes drawn. */
  total: number;
  /** Labels are hidden: drawn at this zoom they would be under MIN_LABEL_PX on screen. */
  labelsHidden: boolean;
}

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Pure. How many of `boxes` (rendered px) lie wholly inside a `width`×`height` canvas (half a pixel of slack). */
export function countInView(boxes: Iterable<Box>, width: number, height: number): number {
  let n = 0;
  for (const b of boxes) if (b.x1 >= -0.5 && b.y1 >= -0.5 && b.x2 <= width + 0.5 && b.y2 <= height + 0.5) n++;
  return n;
}

const count = new Intl.NumberFormat('en-US');

/**
 * Pure. The status line: `11 of 11 nodes in view`, and, when labels are hidden, how to read them
 * (`hint` false: the page lists the names beside the graph already).
 */
export function viewStatusText(s: ViewStatus, hint = true): string {
  if (s.total === 0) return 'No nodes to show';
  const nodes = s.total === 1 ? 'node' : 'nodes';
  const head = `${count.format(s.inView)} of ${count.format(s.total)} ${nodes} in view`;
  return s.labelsHidden && hint ? `${head} · zoom in for names` : head;
}

/** Pure. Whether two statuses say the same. */
export function sameStatus(a: ViewStatus | null, b: ViewStatus): boolean {
  return a !== null && a.inView === b.inView && a.total === b.total && a.labelsHidden === b.labelsHidden;
}

/** Not pure: the status of `cy`'s view now, counting the nodes `ids` names (those drawn). */
export function viewStatusOf(cy: Core, ids: readonly string[]): ViewStatus {
  const boxes: Box[] = [];
  for (const id of ids) {
    const n = cy.getElementById(id);
    if (n.nonempty()) boxes.push(n.renderedBoundingBox({ includeLabels: false, includeOverlays: false }));
  }
  return {
    inView: countInView(boxes, cy.width(), cy.height()),
    total: boxes.length,
    labelsHidden: !labelsReadable(cy.zoom(), MIN_LABEL_PX),
  };
}

/**
 * Not pure: calls `onChange` with the status of `cy`'s view (the nodes `ids()` names) now and
 * whenever it changes, checked at most once per `delayMs` after the view, the canvas or the graph
 * changed. Returns the detach.
 */
export function attachViewStatus(
  cy: Core,
  ids: () => readonly string[],
  onChange: (s: ViewStatus) => void,
  delayMs = 300,
): () => void {
  let last: ViewStatus | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    timer = null;
    if (cy.destroyed()) return;
    const now = viewStatusOf(cy, ids());
    if (sameStatus(last, now)) return;
    last = now;
    onChange(now);
  };
  const later = () => {
    if (timer === null) timer = setTimeout(check, delayMs);
  };
  const events = 'viewport resize add remove position';
  cy.on(events, later);
  check();
  return () => {
    cy.off(events, later);
    if (timer !== null) clearTimeout(timer);
  };
}
