/**
 * The token layer: an SVG laid over the Cytoscape canvas where the tokens of a step travel along
 * their edges, and the placing of each waiting edge's count badge (the edge's own `N waiting` label,
 * drawn at a fixed screen size by the stylesheet) so that no two badges cover each other. One
 * requestAnimationFrame loop moves every token of a step (a few per edge, TOKENS_PER_EDGE), and runs
 * only while a journey is under way; badges are placed again on zoom, once per frame. The element
 * count is bounded by the edges, never by the tokens, so 100,000 tokens cost what 3 per edge do. With
 * `prefers-reduced-motion` nothing travels: the tokens are drawn at rest with their counts.
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

const SVG = 'http://www.w3.org/2000/svg';
/** The badge sits this far from the resting token (up and to the right), px. */
const BADGE_OFFSET = { x: 8, y: -12 };

interface Entry {
  count: number;
  dots: SVGCircleElement[];
  path: EdgePath | null;
}

export interface TokenLayer {
  /** Shows `waiting` (tokens per edge id); with `journeyMs` > 0 they travel there first. */
  update(waiting: Readonly<Record<string, number>>, journeyMs: number): void;
  /** Node positions changed (a new graph, a drag): the edges' paths are read again. */
  invalidate(): void;
  destroy(): void;
}

/** Whether the person asked for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
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
export function createTokenLayer(cy: Core, svg: SVGSVGElement): TokenLayer {
  const entries = new Map<string, Entry>();
  let start = 0;
  let duration = 0;
  let frame = 0;
  let placeQueued = false;
  let pathsStale = true;

  const el = <K extends keyof SVGElementTagNameMap>(name: K, cls: string): SVGElementTagNameMap[K] => {
    const e = document.createElementNS(SVG, name);
    e.setAttribute('class', cls);
    return e;
  };

  function entryOf(id: string): Entry {
    let e = entries.get(id);
    if (e) return e;
    e = { count: 0, dots: [], path: null };
    entries.set(id, e);
    pathsStale = true;
    return e;
  }

  const toScreen = (p: Point, zoom: number, pan: Point): Point => ({ x: p.x * zoom + pan.x, y: p.y * zoom + pan.y });

  function readPaths(): void {
    for (const [id, e] of entries) e.path = pathOf(cy.getElementById(id) as EdgeSingular);
    pathsStale = false;
  }

  /** Puts the tokens where they are at `progress` of the journey (1: at rest). */
  function drawTokens(progress: number): void {
    const zoom = cy.zoom();
    const pan = cy.pan();
    const moving = progress < 1;
    for (const e of entries.values()) {
      e.dots.forEach((dot, i) => {
        // At rest the tokens of an edge stand on one another: one dot shows, the badge counts.
        const shown = e.path !== null && (moving || i === 0);
        dot.style.display = shown ? '' : 'none';
        dot.classList.toggle('moving', moving);
        if (!shown) return;
        const t = moving ? journeyAt(progress, i, e.dots.length) : REST_AT;
        const p = toScreen(pointAt(e.path!, t), zoom, pan);
        dot.setAttribute('transform', `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`);
      });
    }
    if (moving) svg.setAttribute('data-moving', '');
    else svg.removeAttribute('data-moving');
  }

  /**
   * Places the count badges apart from each other (in edge order) and hides one that finds no room:
   * each waiting edge's label gets, in its scratch data, the offset (graph units) from the edge's
   * midpoint where the stylesheet draws it.
   */
  function placeAll(): void {
    placeQueued = false;
    if (cy.destroyed()) return;
    if (pathsStale) readPaths();
    const zoom = cy.zoom();
    const pan = cy.pan();
    const candidates: BadgeCandidate[] = [];
    const mids: Record<string, Point> = {};
    for (const [id, e] of entries) {
      if (!e.path) continue;
      const size = badgeSize(String(cy.getElementById(id).data('label') ?? ''));
      const spots = BADGE_SPOTS.map((t) => {
        const p = toScreen(pointAt(e.path!, t), zoom, pan);
        return { x: p.x + BADGE_OFFSET.x + size.w / 2, y: p.y + BADGE_OFFSET.y };
      });
      // Cytoscape draws an edge label centred on the edge's midpoint: offsets are taken from there.
      mids[id] = toScreen((cy.getElementById(id) as EdgeSingular).midpoint(), zoom, pan);
      candidates.push({ id, spots, ...size });
    }
    const nodes = candidates.length > 0 ? cy.nodes().map((n) => n.renderedBoundingBox({ includeLabels: true })) : [];
    const at = placeBadges(candidates, cy.width(), cy.height(), nodes);
    cy.batch(() => {
      for (const c of candidates) {
        const edge = cy.getElementById(c.id);
        const p = at[c.id];
        if (!p) {
          edge.addClass('crowded');
          continue;
        }
        edge.removeClass('crowded');
        edge.scratch(BADGE_SCRATCH, { x: (p.x - mids[c.id]!.x) / zoom, y: (p.y - mids[c.id]!.y) / zoom });
      }
      // The badge's font and offsets are functions of the zoom: restyle the waiting edges only.
      (cy.edges('.waiting') as unknown as { updateStyle(): void }).updateStyle();
    });
    if (!frame) drawTokens(1);
  }

  function tick(now: number): void {
    frame = 0;
    if (cy.destroyed()) return;
    const progress = duration > 0 ? (now - start) / duration : 1;
    drawTokens(Math.min(1, progress));
    if (progress < 1) frame = requestAnimationFrame(tick);
  }

  const onViewport = () => {
    if (placeQueued) return;
    placeQueued = true;
    requestAnimationFrame(placeAll);
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
          const dot = el('circle', 'token');
          dot.setAttribute('r', '5');
          svg.insertBefore(dot, svg.firstChild);
          e.dots.push(dot);
        }
        while (e.dots.length > n) e.dots.pop()!.remove();
      }
      placeAll();
      if (journeyMs > 0 && entries.size > 0) {
        start = performance.now();
        duration = journeyMs;
        drawTokens(0);
        if (!frame) frame = requestAnimationFrame(tick);
      } else {
        if (frame) cancelAnimationFrame(frame);
        frame = 0;
        drawTokens(1);
      }
    },
    invalidate() {
      pathsStale = true;
      onViewport();
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      cy.off('viewport resize', onViewport);
      cy.off('position add remove', onPosition);
      svg.replaceChildren();
      entries.clear();
    },
  };
}
