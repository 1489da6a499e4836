/**
 * The token layer: an element laid over the Cytoscape canvas where the tokens of a step travel along
 * their edges, and the placing of each waiting edge's count badge (the edge's own `N waiting` label,
 * drawn at a fixed screen size by the stylesheet) so that no two badges cover each other.
 *
 * A token is a small fixed-size element; its journey is a transform animation (Web Animations, its
 * path sampled into keyframes) that the browser's compositor plays for every token in the same
 * frame, off the main thread — a loop of our own repainting an SVG each frame cost a played run a
 * third of its frames (B4, docs/benchmarks.md). Few travel per edge (TOKENS_PER_EDGE): the element
 * count is bounded by the edges, never by the tokens. Badges are placed again on pan and zoom, once
 * per frame. With `prefers-reduced-motion` nothing travels: tokens stand at rest with their counts.
 */
import type { Core, EdgeSingular } from 'cytoscape';
import { BADGE_SCRATCH } from './style';
import {
  BADGE_SPOTS,
  REST_AT,
  badgeSize,
  journeyAt,
  placeBadges,
  pointAt,
  travellers,
  type BadgeCandidate,
  type EdgePath,
  type Point,
} from './tokens';

/** Points sampled along a journey (keyframes per token). */
const KEYFRAMES = 12;
/** The badge sits this far from the resting token (up and to the right), px. */
const BADGE_OFFSET = { x: 10, y: -12 };

interface Entry {
  count: number;
  dots: HTMLElement[];
  path: EdgePath | null;
  /** The badge offset last given to the stylesheet (graph units; null: hidden), to restyle only on a change. */
  offset: Point | null | undefined;
}

/** Node boxes (labels included) are measured again at most this often while only labels change, ms. */
const OBSTACLES_MS = 500;

export interface TokenLayer {
  /** Shows `waiting` (tokens per edge id); with `journeyMs` > 0 they travel there first. */
  update(waiting: Readonly<Record<string, number>>, journeyMs: number): void;
  /** Node positions changed (a new graph, a drag): the edges' paths are read again. */
  invalidate(): void;
  destroy(): void;
}

let motionQuery: MediaQueryList | null = null;
/** Whether the person asked for less motion (read at each step, so a change applies at once). */
export function prefersReducedMotion(): boolean {
  if (typeof matchMedia !== 'function') return false;
  motionQuery ??= matchMedia('(prefers-reduced-motion: reduce)');
  return motionQuery.matches;
}

function pathOf(edge: EdgeSingular): EdgePath | null {
  if (edge.empty() || edge.removed()) return null;
  const from = edge.sourceEndpoint();
  const to = edge.targetEndpoint();
  if (!from || !to || !Number.isFinite(from.x) || !Number.isFinite(to.x)) return null;
  const cps = edge.controlPoints();
  return { from: { ...from }, to: { ...to }, control: cps && cps.length === 1 ? { ...cps[0]! } : null };
}

/** Not pure: a token layer drawing into `svg` over `cy`'s canvas. */
export function createTokenLayer(cy: Core, layer: HTMLElement): TokenLayer {
  const entries = new Map<string, Entry>();
  /** The journeys under way, and which update started them (a later one makes their end stale). */
  let journeys: Animation[] = [];
  let journey = 0;
  let placeQueued = false;
  let pathsStale = true;
  /** The nodes' boxes in graph units, when they were measured, and the zoom the badges were placed at. */
  let obstacles: { x1: number; y1: number; x2: number; y2: number }[] = [];
  let obstaclesAt = -Infinity;
  let placedZoom = NaN;

  const at = (p: Point) => `translate(${p.x.toFixed(1)}px, ${p.y.toFixed(1)}px)`;

  function entryOf(id: string): Entry {
    let e = entries.get(id);
    if (e) return e;
    e = { count: 0, dots: [], path: null, offset: undefined };
    entries.set(id, e);
    pathsStale = true;
    return e;
  }

  const toScreen = (p: Point, zoom: number, pan: Point): Point => ({ x: p.x * zoom + pan.x, y: p.y * zoom + pan.y });

  function readPaths(): void {
    for (const [id, e] of entries) e.path = pathOf(cy.getElementById(id) as EdgeSingular);
    pathsStale = false;
  }

  /** Ends any journey and stands every token at rest: one per edge (the badge counts the rest). */
  function rest(): void {
    for (const a of journeys) a.cancel();
    journeys = [];
    journey++;
    const zoom = cy.zoom();
    const pan = cy.pan();
    for (const e of entries.values())
      e.dots.forEach((dot, i) => {
        const shown = e.path !== null && i === 0;
        dot.style.display = shown ? '' : 'none';
        dot.classList.remove('moving');
        if (shown) dot.style.transform = at(toScreen(pointAt(e.path!, REST_AT), zoom, pan));
      });
    layer.removeAttribute('data-moving');
  }

  /** Sends the tokens of every waiting edge from their source to their resting place in `ms`. */
  function travel(ms: number): void {
    rest();
    const zoom = cy.zoom();
    const pan = cy.pan();
    const mine = journey;
    for (const e of entries.values()) {
      if (!e.path) continue;
      e.dots.forEach((dot, i) => {
        const frames: Keyframe[] = [];
        for (let k = 0; k <= KEYFRAMES; k++) {
          const progress = k / KEYFRAMES;
          const p = toScreen(pointAt(e.path!, journeyAt(progress, i, e.dots.length)), zoom, pan);
          frames.push({ transform: at(p), offset: progress });
        }
        dot.style.display = '';
        dot.classList.add('moving');
        journeys.push(dot.animate(frames, { duration: ms, easing: 'linear' }));
      });
    }
    if (journeys.length === 0) return;
    layer.setAttribute('data-moving', '');
    void Promise.all(journeys.map((a) => a.finished)).then(
      () => mine === journey && rest(),
      () => undefined,
    );
  }

  /**
   * Places the count badges apart from each other (in edge order) and hides one that finds no room:
   * each waiting edge's label gets, in its scratch data, the offset (graph units) from the edge's
   * midpoint where the stylesheet draws it.
   */
  function placeAll(): void {
    placeQueued = false;
    if (cy.destroyed()) return;
    const now = performance.now();
    if (pathsStale) {
      readPaths();
      obstaclesAt = -Infinity;
    }
    const zoom = cy.zoom();
    const pan = cy.pan();
    // Measuring labels is the costly part: done again when the graph moved, or now and then as
    // labels grow with their counts — not on every step of a fast run.
    if (entries.size > 0 && now - obstaclesAt > OBSTACLES_MS) {
      obstacles = cy.nodes().map((n) => n.boundingBox({ includeLabels: true }));
      obstaclesAt = now;
    }
    const candidates: BadgeCandidate[] = [];
    const mids: Record<string, Point> = {};
    for (const [id, e] of entries) {
      if (!e.path) continue;
      const size = badgeSize(String(cy.getElementById(id).data('label') ?? ''));
      // Above the edge at each place along it, then below it, then centred on it.
      const along = BADGE_SPOTS.map((t) => toScreen(pointAt(e.path!, t), zoom, pan));
      const spots = [
        ...along.map((p) => ({ x: p.x + BADGE_OFFSET.x + size.w / 2, y: p.y + BADGE_OFFSET.y })),
        ...along.map((p) => ({ x: p.x + BADGE_OFFSET.x + size.w / 2, y: p.y - BADGE_OFFSET.y })),
        ...along.slice(1).map((p) => ({ x: p.x, y: p.y })),
      ];
      // Cytoscape draws an edge label centred on the edge's midpoint: offsets are taken from there.
      mids[id] = toScreen((cy.getElementById(id) as EdgeSingular).midpoint(), zoom, pan);
      candidates.push({ id, spots, ...size });
    }
    const nodes = obstacles.map((b) => ({
      x1: b.x1 * zoom + pan.x,
      y1: b.y1 * zoom + pan.y,
      x2: b.x2 * zoom + pan.x,
      y2: b.y2 * zoom + pan.y,
    }));
    // The tokens resting on their edges are in the way too: a badge beside another edge's token,
    // not over it.
    for (const e of entries.values()) {
      if (!e.path) continue;
      const r = toScreen(pointAt(e.path, REST_AT), zoom, pan);
      nodes.push({ x1: r.x - 7, y1: r.y - 7, x2: r.x + 7, y2: r.y + 7 });
    }
    const at = placeBadges(candidates, cy.width(), cy.height(), nodes);
    // The badge's font and offsets are functions of the zoom: after a zoom every waiting edge is
    // restyled, else only those whose badge moved or hid.
    const zoomed = zoom !== placedZoom;
    placedZoom = zoom;
    cy.batch(() => {
      for (const c of candidates) {
        const e = entries.get(c.id)!;
        const p = at[c.id];
        const offset = p ? { x: (p.x - mids[c.id]!.x) / zoom, y: (p.y - mids[c.id]!.y) / zoom } : null;
        const same =
          e.offset !== undefined &&
          (offset === null || e.offset === null
            ? offset === e.offset
            : Math.abs(offset.x - e.offset.x) < 0.5 / zoom && Math.abs(offset.y - e.offset.y) < 0.5 / zoom);
        if (same && !zoomed) continue;
        e.offset = offset;
        const edge = cy.getElementById(c.id);
        if (!offset) {
          edge.addClass('crowded');
          continue;
        }
        edge.removeClass('crowded');
        edge.scratch(BADGE_SCRATCH, offset);
        (edge as unknown as { updateStyle(): void }).updateStyle();
      }
    });
  }

  // The view moved: badges are placed again and tokens stand at rest where the edges now are (a
  // journey's keyframes were computed for the old view).
  const onViewport = () => {
    if (placeQueued) return;
    placeQueued = true;
    requestAnimationFrame(() => {
      placeAll();
      rest();
    });
  };
  const onPosition = () => {
    pathsStale = true;
    onViewport();
  };
  cy.on('viewport resize', onViewport);
  cy.on('position add remove', onPosition);

  return {
    update(waiting, journeyMs) {
      for (const [id, e] of entries)
        if (!(waiting[id]! > 0)) {
          for (const d of e.dots) d.remove();
          entries.delete(id);
        }
      for (const [id, count] of Object.entries(waiting)) {
        if (!(count > 0)) continue;
        const e = entryOf(id);
        e.count = count;
        const n = Math.max(1, travellers(count));
        while (e.dots.length < n) {
          const dot = document.createElement('span');
          dot.className = 'token';
          layer.append(dot);
          e.dots.push(dot);
        }
        while (e.dots.length > n) e.dots.pop()!.remove();
      }
      placeAll();
      if (journeyMs > 0 && entries.size > 0) travel(journeyMs);
      else rest();
    },
    invalidate() {
      pathsStale = true;
      onViewport();
    },
    destroy() {
      for (const a of journeys) a.cancel();
      cy.off('viewport resize', onViewport);
      cy.off('position add remove', onPosition);
      layer.replaceChildren();
      entries.clear();
    },
  };
}
