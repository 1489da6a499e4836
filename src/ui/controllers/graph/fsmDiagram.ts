/**
 * The state diagram of one FSM (docs/ui.md "State machines"): a Cytoscape drawing of its states and
 * transitions at the shown step, separate from the workflow graph (a focused view of the FSM, laid
 * over the workflow while it is open, so the workflow keeps its zoom and layout). States are nodes,
 * transitions are edges labelled with their trigger or condition and how often they fired; the
 * states entered in the shown step carry the ring of an acting node, the transitions fired in it are
 * drawn thick, and a transition no event has fired so far is dashed. `diagramElements` is the pure
 * model (unit-tested); `createFsmDiagram` owns the Cytoscape instance (components never build one).
 *
 * None of its elements are workflow nodes: the workflow graph's counts ("nodes in view", Fit) never
 * see them. Every element carries `fsmStateOf` / `fsmTransitionOf` (the FSM's node id) to say so.
 */
import cytoscape, { type Core } from 'cytoscape';
import type { FsmView } from '../../../contract/wire';
import { useDagre } from './layout';
import { PALETTE, type Theme } from './style';

/** A state drawn: its label lines and the classes that style it. */
export interface DiagramNode {
  id: string;
  state: string;
  label: string;
  /** Width in graph units, from the longest label line (the font is fixed). */
  width: number;
  classes: string[];
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  classes: string[];
}

export interface DiagramModel {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/** The diagram's label font, px at zoom 1 (edge labels one smaller). */
export const DIAGRAM_FONT_PX = 12;
/** Fit never draws a label under this many px. */
export const MIN_LABEL_PX = 10;
const FIT_PAD = 24;
const FIT_MAX_ZOOM = 1.4;

const stateId = (name: string) => `state:${name}`;

/** Pure: how many machines a state holds, as its second label line. */
export function stateLine(view: FsmView, s: FsmView['states'][number]): string {
  if (view.perCorrelation) return `${s.now} now · ${s.entered} entered`;
  return s.now > 0 ? `current · ${s.entered} entered` : `${s.entered} entered`;
}

/**
 * Pure: the states and transitions of `view` as elements, with the classes of the shown step;
 * `design`: the machine as written, without a run (the editor) — names and triggers only.
 */
export function diagramElements(
  view: FsmView,
  design = false,
  refused: Readonly<Record<string, number>> | null = null,
): DiagramModel {
  const nodes = view.states.map((s): DiagramNode => {
    const off = refused?.[s.name] ?? 0;
    const label = design ? (off > 0 ? `${s.name}\n${off} refused` : s.name) : `${s.name}\n${stateLine(view, s)}`;
    const longest = Math.max(...label.split('\n').map((l) => l.length));
    const classes: string[] = [];
    if (s.initial) classes.push('initial');
    if (s.final) classes.push('final');
    if (s.enteredThisStep) classes.push('entered');
    if (s.now > 0) classes.push('occupied');
    if (off > 0) classes.push('refused');
    return { id: stateId(s.name), state: s.name, label, width: Math.max(84, Math.round(longest * 7.2 + 24)), classes };
  });
  const edges = view.transitions.map((t): DiagramEdge => {
    const classes: string[] = [];
    if (!design && t.fired === 0) classes.push('unfired');
    if (t.firedThisStep > 0) classes.push('firedNow');
    if (t.from === t.to) classes.push('loop');
    return {
      id: `transition:${t.index}`,
      source: stateId(t.from),
      target: stateId(t.to),
      label: design ? t.on : `${t.on} · ${t.fired}×`,
      classes,
    };
  });
  return { nodes, edges };
}

/** A machine as the editor reads it (controllers/editor/fsmForm.ts `FsmModel`), for `designView`. */
export interface DesignedFsm {
  states: ReadonlyArray<{ name: string; isInitial: boolean; isFinal: boolean }>;
  transitions: ReadonlyArray<{ from: string; to: string; trigger: string; guard: string }>;
}

/** Pure: how a written trigger and guard read (`token_received`, `default` and none: any token). */
export function designedLabel(trigger: string, guard: string): string {
  const any = trigger === '' || trigger === 'token_received' || trigger === 'default';
  if (guard.trim() === '') return any ? 'any token' : trigger;
  return any ? guard.trim() : `${trigger} [${guard.trim()}]`;
}

/**
 * Pure: a machine as written as a view without a run (every count 0), for `diagramElements(…, true)`;
 * transitions naming a state the machine lacks are left out (the editor reports them).
 */
export function designView(nodeId: string, name: string, fsm: DesignedFsm): FsmView {
  const names = new Set(fsm.states.map((s) => s.name));
  return {
    nodeId,
    name,
    step: 0,
    perCorrelation: false,
    current: null,
    machines: 0,
    states: [...names].map((n) => {
      const s = fsm.states.find((x) => x.name === n)!;
      return { name: n, initial: s.isInitial, final: s.isFinal, now: 0, entered: 0, enteredThisStep: false };
    }),
    transitions: fsm.transitions.flatMap((t, index) =>
      names.has(t.from) && names.has(t.to)
        ? [
            {
              index,
              from: t.from,
              to: t.to,
              trigger: 'any' as const,
              on: designedLabel(t.trigger, t.guard),
              fired: 0,
              firedThisStep: 0,
            },
          ]
        : [],
    ),
    instances: null,
  };
}

/** Pure: what the diagram's canvas says to a screen reader (the tables beside it say the rest). */
export function diagramSummary(view: FsmView): string {
  const unfired = view.transitions.filter((t) => t.fired === 0).length;
  return `State diagram of ${view.name} at step ${view.step}: ${view.states.length} states, ${view.transitions.length} transitions, ${unfired} not fired so far`;
}

/** Pure: the stylesheet for `theme` (the acting ring and the selection in the workflow graph's colours). */
export function diagramStyle(theme: Theme): cytoscape.StylesheetJson {
  const p = PALETTE[theme];
  const state = theme === 'light' ? '#f3edfc' : '#2a2140';
  const stateLine = theme === 'light' ? '#8a4fd8' : '#b995ff';
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle',
        label: 'data(label)',
        'text-wrap': 'wrap',
        'text-valign': 'center',
        'text-halign': 'center',
        'font-size': DIAGRAM_FONT_PX,
        'line-height': 1.35,
        color: p.text,
        width: 'data(width)',
        height: 44,
        'background-color': state,
        'border-width': 2,
        'border-color': stateLine,
      },
    },
    { selector: 'node.final', style: { 'border-style': 'double', 'border-width': 5 } },
    { selector: 'node.initial', style: { 'border-width': 3 } },
    {
      selector: 'node.entered, node.refused',
      style: { 'outline-color': p.acted, 'outline-width': 3, 'outline-offset': 3, 'outline-opacity': 1 },
    },
    { selector: 'node:selected', style: { 'border-color': p.sel, 'border-width': 4 } },
    {
      selector: 'edge',
      style: {
        width: 2,
        'line-color': p.edge,
        'target-arrow-color': p.edge,
        'target-arrow-shape': 'triangle',
        'curve-style': 'bezier',
        // Two transitions between the same states (there and back) bend apart, their labels clear of each other.
        'control-point-step-size': 64,
        label: 'data(label)',
        'font-size': DIAGRAM_FONT_PX - 1,
        color: p.text,
        'text-background-color': p.bg,
        'text-background-opacity': 0.9,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
        'text-wrap': 'wrap',
        'text-max-width': '160px',
      },
    },
    {
      selector: 'edge.loop',
      style: { 'loop-direction': '0deg', 'loop-sweep': '-50deg', 'control-point-step-size': 56 },
    },
    { selector: 'edge.unfired', style: { 'line-style': 'dashed', 'line-dash-pattern': [6, 4] } },
    { selector: 'edge.firedNow', style: { width: 4, 'line-color': p.acted, 'target-arrow-color': p.acted } },
  ] as unknown as cytoscape.StylesheetJson;
}

export interface FsmDiagram {
  /**
   * Shows `view`: a new FSM (or changed states or transitions) is laid out and fitted; a new step
   * only restyles. `design`: the machine as written, no run (see `diagramElements`); `refused`: the
   * events a conformance check refused per state, marked on a design view.
   */
  setView(view: FsmView, design?: boolean, refused?: Readonly<Record<string, number>> | null): void;
  /** Marks the selected state (null: none). */
  select(state: string | null): void;
  setTheme(theme: Theme): void;
  fit(): void;
  resize(): void;
  destroy(): void;
  readonly cy: Core;
}

/** Not pure: a diagram drawing into `el` (null: headless); a tapped state goes to `onSelectState`. */
export function createFsmDiagram(
  el: HTMLElement | null,
  opts: { theme: Theme; onSelectState?: (state: string | null) => void },
): FsmDiagram {
  useDagre();
  const cy = cytoscape({
    ...(el ? { container: el } : { headless: true, styleEnabled: true }),
    style: diagramStyle(opts.theme),
    minZoom: 0.2,
    maxZoom: 2.5,
    wheelSensitivity: 0.3,
    boxSelectionEnabled: false,
    selectionType: 'single',
    autoungrabify: true,
  });
  let shape = '';
  let selected: string | null = null;
  cy.on('tap', (e) => {
    const t = e.target as cytoscape.NodeSingular | Core;
    if (t === cy) opts.onSelectState?.(null);
    else if ((t as cytoscape.NodeSingular).isNode?.())
      opts.onSelectState?.((t as cytoscape.NodeSingular).data('state') as string);
  });

  /** The direction laid out: across a wide canvas, down a narrow one (a phone). */
  let direction: 'LR' | 'TB' = 'LR';
  const directionFor = (): 'LR' | 'TB' => (el && cy.width() < cy.height() * 1.3 ? 'TB' : 'LR');
  function layout(): void {
    direction = directionFor();
    const across = direction === 'LR';
    cy.layout({
      name: 'dagre',
      rankDir: direction,
      nodeSep: across ? 48 : 28,
      rankSep: across ? 150 : 90,
      edgeSep: 24,
      animate: false,
    } as cytoscape.LayoutOptions).run();
  }

  /**
   * Fits the diagram, but never so small that its labels fall under 10 px (`MIN_LABEL_PX`): a
   * diagram too large for the canvas opens at that zoom from its initial (left) side, and is panned
   * or zoomed from there.
   */
  function fit(): void {
    if (cy.elements().length === 0) return;
    cy.fit(cy.elements(), FIT_PAD);
    const min = MIN_LABEL_PX / (DIAGRAM_FONT_PX - 1);
    if (cy.zoom() > FIT_MAX_ZOOM) {
      cy.zoom(FIT_MAX_ZOOM);
      cy.center();
    } else if (cy.zoom() < min) {
      const bb = cy.elements().boundingBox({});
      cy.zoom(min);
      const h = bb.h * min;
      cy.pan({
        x: FIT_PAD - bb.x1 * min,
        y: h + 2 * FIT_PAD <= cy.height() ? (cy.height() - h) / 2 - bb.y1 * min : FIT_PAD - bb.y1 * min,
      });
    }
  }

  return {
    cy,
    setView(view, design = false, refused = null) {
      const m = diagramElements(view, design, refused);
      const nextShape = JSON.stringify([
        view.nodeId,
        m.nodes.map((n) => n.id),
        m.edges.map((e) => [e.source, e.target]),
      ]);
      if (nextShape !== shape) {
        shape = nextShape;
        cy.elements().remove();
        cy.add([
          ...m.nodes.map((n) => ({
            group: 'nodes' as const,
            data: { id: n.id, state: n.state, label: n.label, width: n.width, fsmStateOf: view.nodeId },
            classes: n.classes.join(' '),
          })),
          ...m.edges.map((e) => ({
            group: 'edges' as const,
            data: { id: e.id, source: e.source, target: e.target, label: e.label, fsmTransitionOf: view.nodeId },
            classes: e.classes.join(' '),
          })),
        ]);
        for (const x of [...m.nodes, ...m.edges]) cy.getElementById(x.id).scratch('_classes', x.classes.join(' '));
        layout();
        if (selected) cy.getElementById(stateId(selected)).select();
        fit();
        return;
      }
      // A new step: only what changed is touched (each change restyles its element and redraws).
      cy.batch(() => {
        for (const n of m.nodes) {
          const ele = cy.getElementById(n.id);
          if (ele.data('label') !== n.label) ele.data({ label: n.label, width: n.width });
          const classes = n.classes.join(' ');
          if (ele.scratch('_classes') !== classes) {
            ele.classes(classes);
            ele.scratch('_classes', classes);
          }
        }
        for (const e of m.edges) {
          const ele = cy.getElementById(e.id);
          if (ele.data('label') !== e.label) ele.data('label', e.label);
          const classes = e.classes.join(' ');
          if (ele.scratch('_classes') !== classes) {
            ele.classes(classes);
            ele.scratch('_classes', classes);
          }
        }
      });
    },
    select(state) {
      selected = state;
      cy.nodes(':selected').unselect();
      if (state) cy.getElementById(stateId(state)).select();
    },
    setTheme(theme) {
      cy.style(diagramStyle(theme));
    },
    fit,
    resize() {
      cy.resize();
      if (cy.nodes().length > 0 && directionFor() !== direction) layout();
      fit();
    },
    destroy() {
      cy.destroy();
    },
  };
}
