/**
 * The framework-free owner of the Cytoscape instance: `create(el, opts)` → `setGraph`, `setStepState`,
 * `highlight`, `destroy` (the xyflow pattern — a factory with a thin Svelte wrapper). Step updates are
 * coalesced: however often `setStepState` is called, the graph is patched at most once per animation
 * frame, with the newest view. With `el: null` it runs headless (Node tests).
 */
import cytoscape, { type Core } from 'cytoscape';
import { hasPositions, stepPatch, toElements } from './elements';
import {
  DAGRE_MAX_NODES,
  DAGRE_OPTIONS,
  layeredLayout,
  layeredNote,
  layoutKey,
  markLayered,
  localLayoutStore,
  placesAll,
  positionsOf,
  useDagre,
  type LayoutStore,
  type Positions,
} from './layout';
import type { GraphModel } from './model';
import { pathEdges } from './stepState';
import type { StepView } from './stepState';
import { attachOverview } from './overview';
import { graphStyle, type Theme } from './style';
import { attachDragging, nodeAt, nodePositions, visibleCentre, type NodeDrop, type Point } from './editing';
import { attachLabelHiding, legibleViewport, minLabelPx, readableZoom, type Insets } from './legibility';
import { createTokenLayer, prefersReducedMotion, type TokenLayer } from './tokenLayer';
import { journeyMs } from './tokens';
import { attachViewStatus, type ViewStatus } from './viewStatus';

export type { NodeDrop, Point, Insets, ViewStatus };

export interface GraphControllerOptions {
  theme: Theme;
  /** A node was tapped (its id) or the background was (null). */
  onSelect?: (nodeId: string | null) => void;
  /** Runs `cb` before the next paint; default `requestAnimationFrame`. */
  schedule?: (cb: () => void) => void;
  /** Where automatic layouts are kept between opens; default localStorage (memory when headless). */
  layouts?: LayoutStore;
  /** The element laid over the canvas where tokens travel (none: no token layer). */
  tokens?: HTMLElement | null;
}

/** A fitted graph is not zoomed in past this (a three-node graph would be drawn huge). */
const FIT_MAX_ZOOM = 1.25;
/** Free room around a fitted graph, px. */
const FIT_PAD = 16;

/** How `setGraph` treats the viewport: fit the new graph (default), or keep the zoom and pan shown. */
export interface SetGraphOptions {
  keepViewport?: boolean;
  /** A fitted graph is not zoomed in past this level (a small graph would fill the canvas). */
  maxZoom?: number;
}

export interface Highlight {
  /** The selected node (null: none). */
  selected?: string | null;
  /** A traced path's nodes, in order (empty: none). */
  path?: readonly string[];
}

export interface GraphController {
  /**
   * Shows `model`, with `view`'s labels and counts from the first drawing when given. Nodes go where
   * the DSL puts them, else where a kept layout of this very graph put them, else dagre lays them
   * out (and the result is kept).
   */
  setGraph(model: GraphModel, view?: StepView | null, options?: SetGraphOptions): void;
  /** Whether `model` would be laid out by setGraph (no DSL positions, no kept layout of it). */
  needsLayout(model: GraphModel): boolean;
  /**
   * Keeps `positions` as `model`'s automatic layout (computed elsewhere, e.g. in the layout worker);
   * `layered`: they are the simple layered placement, not dagre's (its note is shown).
   */
  keepLayout(model: GraphModel, positions: Positions, layered?: boolean): void;
  /** Why the graph shown is drawn in simple layers (too large for dagre, or dagre failed on it); null: it is not. */
  layoutNote(): string | null;
  /** Shows `view` (coalesced to one patch per frame). */
  setStepState(view: StepView | null): void;
  /** Adds a line to nodes' labels (the Compare view's per-node deltas), under the step's; null removes them. */
  setOverlay(lines: Readonly<Record<string, string>> | null): void;
  highlight(h: Highlight): void;
  setTheme(theme: Theme): void;
  fit(): void;
  zoomBy(factor: number): void;
  /** Lets nodes be dragged (the editor); each drop, with the node it landed on, goes to `onDrop`. Returns the detach. */
  enableDragging(onDrop: (drop: NodeDrop) => void): () => void;
  /** The node (other than `exceptId`) drawn at `p`, model coordinates: the hit test. */
  nodeAt(p: Point, exceptId?: string | null): string | null;
  /** The positions of the nodes drawn. */
  nodePositions(): Point[];
  /** The centre of the visible area, model coordinates. */
  visibleCentre(): Point;
  /** Where node `id` is drawn on the canvas (rendered pixels), for automation. */
  renderedPosition(id: string): Point;
  /** How many nodes are drawn. */
  nodeCount(): number;
  /** The canvas changed size. */
  resize(): void;
  /** The room overlays take at the canvas's edges (tools, legend), which Fit keeps free. */
  setInsets(insets: Insets): void;
  /** Draws the overview (minimap) on `canvas` and lets it move the view; returns a detach. */
  overview(canvas: HTMLCanvasElement): () => void;
  /** Tells `onChange` how many of the template's nodes are in view, now and (throttled) on every change; returns a detach. */
  watchView(onChange: (status: ViewStatus) => void): () => void;
  destroy(): void;
  /** The Cytoscape core, for tests and the benchmark; not for components. */
  readonly cy: Core;
}

/** Not pure: a controller drawing into `el` (null: headless). */
export function create(el: HTMLElement | null, opts: GraphControllerOptions): GraphController {
  useDagre();
  const layouts = opts.layouts ?? localLayoutStore(el ? undefined : null);
  const schedule = opts.schedule ?? ((cb: () => void) => requestAnimationFrame(() => cb()));
  const cy = cytoscape({
    ...(el ? { container: el } : { headless: true, styleEnabled: true }),
    style: graphStyle(opts.theme) as unknown as cytoscape.StylesheetJson,
    // Low enough for Fit to show a wide graph whole (500 nodes in 84 ranks: about 0.07 at 860 px).
    minZoom: 0.02,
    maxZoom: 3,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
    selectionType: 'single',
    autoungrabify: true,
  });
  let model: GraphModel = { nodes: [], edges: [] };
  let currentTheme = opts.theme;
  let pending: StepView | null | undefined;
  let scheduled = false;
  let destroyed = false;
  /** A graph set and not yet given its step: its first view is applied at once (see setStepState). */
  let fresh = false;
  /** The view the graph was set with (its labels are already on the elements). */
  let setWith: StepView | null | undefined;
  /** The selection and traced path shown, put back on a new graph. */
  let shownHighlight: { selected: string | null; path: readonly string[] } = { selected: null, path: [] };
  /** Extra label lines per node (a comparison's deltas), and the view last drawn, to redraw with them. */
  let overlay: Readonly<Record<string, string>> = {};
  /** The overlay changed since the last flush: labels are measured again (see `flush`). */
  let remeasure = false;
  let drawn: StepView | null = null;
  let insets: Insets = { top: 0, right: 0, bottom: 0, left: 0 };
  /** The note of the graph shown (see layoutNote). */
  let note: string | null = null;
  /** When the last step was drawn (ms), to fit a token journey into the time between steps. */
  let lastStepAt = 0;
  const labels = el ? attachLabelHiding(cy, schedule) : null;
  const tokens: TokenLayer | null = el && opts.tokens ? createTokenLayer(cy, opts.tokens) : null;

  /**
   * Fits the graph as large as the free area allows, but not so small that labels cannot be read:
   * a graph too large for that opens at the readable zoom from its start and is panned (the
   * overview then shows where the view is, when it has a corner free of nodes).
   */
  function legibleFit(maxZoom = FIT_MAX_ZOOM): void {
    const nodes = cy.nodes();
    if (nodes.length === 0) return;
    const bb = nodes.boundingBox({ includeLabels: true });
    const box = { x1: bb.x1, y1: bb.y1, w: bb.w, h: bb.h };
    const minZoom = Math.min(maxZoom, readableZoom(minLabelPx(cy.width())));
    const v = legibleViewport(box, cy.width(), cy.height(), insets, FIT_PAD, minZoom, maxZoom);
    cy.viewport({ zoom: v.zoom, pan: v.pan });
    labels?.check();
  }

  /**
   * Shows `view`'s waiting tokens on the token layer, travelling there when the run moved one step
   * forward (Step, or Play at a set speed). A view many steps ahead (a slider jump, a batch of steps
   * at Max speed) shows them at rest: its tokens did not all move in one step, and a journey on every
   * batch of a fast run would cost frames the run needs (B4).
   */
  function showTokens(view: StepView | null, before: StepView | null): void {
    if (!tokens) return;
    const now = performance.now();
    const forward = view !== null && before !== null && view.step === before.step + 1;
    const ms = forward && !prefersReducedMotion() ? journeyMs(lastStepAt > 0 ? now - lastStepAt : Infinity) : 0;
    if (forward) lastStepAt = now;
    tokens.update(view?.edgeWaiting ?? {}, ms);
  }

  /** The step's labels with the overlay's lines under them. */
  function patchOf(m: GraphModel, view: StepView | null) {
    const patch = stepPatch(m, view);
    for (const [id, line] of Object.entries(overlay))
      if (patch.nodes[id]) patch.nodes[id] = { ...patch.nodes[id], label: `${patch.nodes[id].label}\n${line}` };
    return patch;
  }

  function applyHighlight(h: Highlight): void {
    cy.batch(() => {
      if (h.selected !== undefined) {
        cy.nodes(':selected').unselect();
        if (h.selected) cy.getElementById(h.selected).select();
      }
      if (h.path !== undefined) {
        cy.elements('.path').removeClass('path');
        for (const id of h.path) cy.getElementById(id).addClass('path');
        for (const id of pathEdges(model, h.path)) cy.getElementById(id).addClass('path');
      }
    });
  }

  /** A kept layout that places exactly `m`'s nodes, if any. */
  function keptLayout(m: GraphModel): Positions | null {
    if (hasPositions(m)) return null;
    const kept = layouts.get(layoutKey(m));
    return kept && placesAll(m, kept) ? kept : null;
  }

  /**
   * Lays out the nodes of `m` on the page: dagre, or the layered placement for a graph too large for
   * it or one it fails on (its recursion passes the stack: the graph would otherwise be left blank).
   */
  function layOut(m: GraphModel): void {
    if (m.nodes.length <= DAGRE_MAX_NODES) {
      try {
        cy.layout({ ...DAGRE_OPTIONS, fit: false } as cytoscape.LayoutOptions).run();
        return;
      } catch {
        markLayered(layoutKey(m));
      }
    }
    const positions = layeredLayout(m);
    cy.batch(() => cy.nodes().forEach((n) => void n.position(positions[n.id() as string]!)));
  }

  cy.on('tap', (evt) => {
    if (evt.target === cy) opts.onSelect?.(null);
    else if (evt.target.isNode?.()) opts.onSelect?.(evt.target.id() as string);
  });

  function flush(): void {
    scheduled = false;
    if (destroyed || pending === undefined) return;
    const patch = patchOf(model, pending);
    const before = drawn;
    drawn = pending;
    pending = undefined;
    cy.batch(() => {
      for (const [id, p] of Object.entries(patch.nodes)) {
        const n = cy.getElementById(id);
        if (n.data('label') !== p.label) n.data('label', p.label);
        if (p.acted) n.addClass('acted');
        else n.removeClass('acted');
      }
      for (const [id, p] of Object.entries(patch.edges)) {
        const e = cy.getElementById(id);
        if (e.data('label') !== p.label) e.data({ label: p.label, waiting: p.waiting });
        if (p.waiting > 0) e.addClass('waiting');
        else e.removeClass('waiting');
      }
    });
    showTokens(drawn, before);
    // A label that gained or lost a line (the overlay) keeps the height Cytoscape cached for it at
    // the zoom it was first drawn at, so its new last line is cut off until the next zoom; a restyle
    // measures every label again. Only on an overlay change: a step's patch keeps the line count.
    if (remeasure) {
      remeasure = false;
      cy.style().update();
    }
  }

  return {
    cy,
    setGraph(next, view, options = {}) {
      const kept = options.keepViewport ? { zoom: cy.zoom(), pan: { ...cy.pan() } } : null;
      model = next;
      const dsl = hasPositions(next);
      const known = keptLayout(next);
      // The elements carry the step's labels, classes and (when known) positions from the start:
      // one style pass for the whole graph instead of one per change.
      cy.batch(() => {
        cy.elements().remove();
        cy.add(toElements(next, patchOf(next, view ?? null), known) as cytoscape.ElementDefinition[]);
      });
      if (!dsl && !known) {
        layOut(next);
        if (next.nodes.length > 0) layouts.set(layoutKey(next), positionsOf(cy));
      }
      note = dsl || next.nodes.length === 0 ? null : layeredNote(next, layoutKey(next));
      if (kept) {
        cy.viewport(kept);
        labels?.check();
      } else legibleFit(options.maxZoom);
      if (shownHighlight.selected || shownHighlight.path.length > 0) applyHighlight(shownHighlight);
      tokens?.invalidate();
      tokens?.update(view?.edgeWaiting ?? {}, 0);
      pending = undefined;
      setWith = view;
      drawn = view ?? null;
      fresh = true;
    },
    needsLayout(m) {
      return m.nodes.length > 0 && !hasPositions(m) && keptLayout(m) === null;
    },
    keepLayout(m, positions, layered = false) {
      if (hasPositions(m) || !placesAll(m, positions)) return;
      layouts.set(layoutKey(m), positions);
      if (layered) markLayered(layoutKey(m));
    },
    layoutNote: () => note,
    setStepState(view) {
      pending = view;
      // The first view of a new graph goes in before anything is drawn, so the first picture
      // already has its counts (one drawing and one label pass instead of two; a 500-node graph
      // otherwise draws itself twice on opening). Later views wait for the next frame.
      if (fresh) {
        fresh = false;
        // The graph was set with this very view: nothing to patch.
        if (view === setWith) pending = undefined;
        else flush();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    setOverlay(lines) {
      // No overlay before and none now (the usual case): nothing to redraw.
      if (!lines && Object.keys(overlay).length === 0) return;
      overlay = lines ?? {};
      remeasure = true;
      // Redrawn with the step last drawn (or the one waiting to be), on the next frame.
      if (pending === undefined) pending = drawn;
      if (fresh) {
        // A graph not yet given its step: draw now (its first setStepState then patches as usual).
        fresh = false;
        flush();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      schedule(flush);
    },
    highlight(h) {
      shownHighlight = {
        selected: h.selected !== undefined ? h.selected : shownHighlight.selected,
        path: h.path !== undefined ? h.path : shownHighlight.path,
      };
      applyHighlight(h);
    },
    setTheme(theme) {
      // A new stylesheet restyles every element (a third of a second on 500 nodes): only on a change.
      if (theme === currentTheme) return;
      currentTheme = theme;
      cy.style(graphStyle(theme) as unknown as cytoscape.StylesheetJson);
    },
    fit() {
      legibleFit();
    },
    zoomBy(factor) {
      const z = cy.zoom() * factor;
      cy.zoom({ level: z, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    },
    enableDragging: (onDrop) => attachDragging(cy, onDrop),
    nodeAt: (p, exceptId = null) => nodeAt(cy, p, exceptId),
    nodePositions: () => nodePositions(cy),
    visibleCentre: () => visibleCentre(cy),
    renderedPosition: (id) => ({ ...cy.getElementById(id).renderedPosition() }),
    nodeCount: () => cy.nodes().length,
    resize: () => cy.resize(),
    setInsets(next) {
      insets = next;
    },
    overview(canvas) {
      // Colours from the page's theme tokens, read when drawing, so a theme switch shows at once.
      return attachOverview(cy, canvas, () => {
        const css = getComputedStyle(canvas);
        return {
          node: css.getPropertyValue('--muted').trim() || '#888',
          frame: css.getPropertyValue('--accent').trim() || '#2563eb',
        };
      });
    },
    // Only the template's nodes count (not what is drawn inside them, such as an FSM's states).
    watchView: (onChange) => attachViewStatus(cy, () => model.nodes.map((n) => n.id), onChange),
    destroy() {
      destroyed = true;
      labels?.detach();
      tokens?.destroy();
      cy.destroy();
    },
  };
}
