/**
 * Tokens on the graph, as plain geometry: where a token is along its edge at a moment of its
 * journey, how many travel per edge (a few — the count badge says how many there are), and where
 * each edge's count badge goes so that no two badges cover each other. The idea comes from
 * bpmn-js-token-simulation (a token is a dot that moves along the flow, a fixed-size count beside
 * it); the code is ours. Pure functions over numbers: tokenLayer.ts draws them.
 */

export interface Point {
  x: number;
  y: number;
}

/** An edge's drawn path: a straight line, or a quadratic Bézier through `control` (bundled edges). */
export interface EdgePath {
  from: Point;
  to: Point;
  control: Point | null;
}

/** At most this many tokens travel along one edge in a step; the badge carries the full count. */
export const TOKENS_PER_EDGE = 3;
/** Where a travelling token starts (just out of its source) and rests (waiting for its target), as a fraction of the edge. */
export const LEAVE_AT = 0.08;
export const REST_AT = 0.55;
/** Each following token of an edge starts this fraction of the journey later than the one before. */
export const STAGGER = 0.18;
/** A step's journey lasts this long at most (ms); shorter when steps come faster. */
export const MAX_JOURNEY_MS = 600;
/** Steps coming faster than this (ms apart: 30 steps/s) show their tokens at rest, without a journey. */
export const FASTEST_JOURNEY_GAP_MS = 50;

/** Pure. The point at fraction `t` (0…1) of `path`. */
export function pointAt(path: EdgePath, t: number): Point {
  const u = 1 - t;
  if (!path.control) return { x: u * path.from.x + t * path.to.x, y: u * path.from.y + t * path.to.y };
  const c = path.control;
  return {
    x: u * u * path.from.x + 2 * u * t * c.x + t * t * path.to.x,
    y: u * u * path.from.y + 2 * u * t * c.y + t * t * path.to.y,
  };
}

/** Pure. How many tokens are drawn travelling on an edge with `waiting` tokens: at most TOKENS_PER_EDGE. */
export function travellers(waiting: number): number {
  return Math.max(0, Math.min(TOKENS_PER_EDGE, Math.floor(waiting)));
}

/** Pure. Ease in and out (a token speeds up, then slows to its resting place). */
export function ease(p: number): number {
  const q = Math.min(1, Math.max(0, p));
  return q * q * (3 - 2 * q);
}

/**
 * Pure. The fraction of its edge where token `i` (0: the first) of `n` is at `progress` (0…1) of the
 * step's journey: they leave one after the other (STAGGER apart) and all rest at REST_AT at the end.
 */
export function journeyAt(progress: number, i: number, n: number): number {
  const span = 1 - STAGGER * Math.max(0, n - 1);
  const own = (progress - STAGGER * i) / span;
  return LEAVE_AT + (REST_AT - LEAVE_AT) * ease(own);
}

/**
 * Pure. How long the step's journey lasts (0: none), given the time (ms) since the step before was
 * shown: most of the time between steps, so a token arrives before the next step sets off.
 */
export function journeyMs(sinceLastStep: number): number {
  if (sinceLastStep < FASTEST_JOURNEY_GAP_MS) return 0;
  return Math.round(Math.min(MAX_JOURNEY_MS, sinceLastStep * 0.8));
}

/** Pure. The text of a count badge: the number, shortened from 10,000 on (`12k`) so the badge stays small. */
export function badgeText(count: number): string {
  if (count < 10_000) return String(count);
  if (count < 1_000_000) return `${Math.floor(count / 1000)}k`;
  return `${Math.floor(count / 1_000_000)}M`;
}

/** Pure. A badge's size in px for `text` at the badge font (11 px; digits about 6.5 px wide). */
export function badgeSize(text: string): { w: number; h: number } {
  return { w: Math.ceil(text.length * 6.6) + 10, h: 17 };
}

export interface BadgeCandidate {
  id: string;
  /** Where the badge may be centred, best first (rendered px). */
  spots: Point[];
  w: number;
  h: number;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Pure. Puts each badge at the first of its spots that overlaps neither a badge already placed (in
 * the given order, with `gap` px between) nor one of the `obstacles` (the nodes and their labels),
 * inside the `width`×`height` view; a badge with no free spot, or off screen, is left out (null) —
 * hidden rather than drawn over something else.
 */
export function placeBadges(
  candidates: readonly BadgeCandidate[],
  width: number,
  height: number,
  obstacles: readonly Box[] = [],
  gap = 2,
): Record<string, Point | null> {
  const placed: Box[] = [...obstacles];
  const out: Record<string, Point | null> = {};
  for (const c of candidates) {
    out[c.id] = null;
    for (const s of c.spots) {
      const box = { x1: s.x - c.w / 2, y1: s.y - c.h / 2, x2: s.x + c.w / 2, y2: s.y + c.h / 2 };
      if (box.x2 < 0 || box.y2 < 0 || box.x1 > width || box.y1 > height) continue;
      const hit = placed.some(
        (b) => box.x1 < b.x2 + gap && b.x1 < box.x2 + gap && box.y1 < b.y2 + gap && b.y1 < box.y2 + gap,
      );
      if (hit) continue;
      placed.push(box);
      out[c.id] = s;
      break;
    }
  }
  return out;
}

/** The fractions of an edge tried for its badge, best first: beside the resting tokens, then further along either way. */
export const BADGE_SPOTS = [REST_AT, 0.42, 0.68, 0.3, 0.8, 0.2];
