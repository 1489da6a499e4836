import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import type { LedgerEvent } from '../../../src/engine/types';
import { hasPositions, stepPatch, toElements } from '../../../src/ui/controllers/graph/elements';
import { KIND_LOOKS, lookOf } from '../../../src/ui/controllers/graph/kinds';
import { graphModel } from '../../../src/ui/controllers/graph/model';
import { graphOf } from './graphOf';
import {
  highlightSet,
  nodeCaption,
  nodeRows,
  pathEdges,
  stateCounts,
  waitingPerEdge,
  type StepView,
} from '../../../src/ui/controllers/graph/stepState';
import { graphStyle } from '../../../src/ui/controllers/graph/style';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8')).scenario;

function ledgerOf(engine: Engine): LedgerEvent[] {
  const out: LedgerEvent[] = [];
  for (let seq = 1; seq <= engine.ledger.size; seq++) out.push(engine.ledger.get(seq));
  return out;
}

describe('graphFromScenario', () => {
  it('reads nodes, kinds, names and DSL positions, and the union of outputs and inputs as edges', () => {
    const g = graphOf(example('order-pipeline'));
    expect(g.nodes.map((n) => n.id)).toContain('enrich');
    const enrich = g.nodes.find((n) => n.id === 'enrich')!;
    expect(enrich).toMatchObject({ kind: 'ProcessNode', name: 'Join order and customer', position: { x: 170, y: 80 } });
    // orders→enrich is declared both as an output and as an input: one edge.
    expect(g.edges.filter((e) => e.id === 'orders->enrich')).toHaveLength(1);
    expect(g.edges.find((e) => e.id === 'router->review')?.output).toBe('large');
    expect(hasPositions(g)).toBe(true);
  });

  it('maps the engine graph: drops positions unless every node has one, one edge per pair, none to unknown nodes', () => {
    const node = (nodeId: string, kind: 'DataSource' | 'Aggregator' | 'FSM', extra = {}) => ({
      nodeId,
      kind,
      displayName: nodeId.toUpperCase(),
      inputs: [],
      outputs: [],
      ...extra,
    });
    const g = graphModel({
      nodes: [
        node('a', 'DataSource', { position: { x: 1, y: 2 } }),
        node('q', 'Aggregator'),
        node('f', 'FSM', { perCorrelation: true }),
      ],
      edges: [
        { id: 'edge-0', from: 'a', to: 'q' },
        { id: 'edge-1', from: 'a', to: 'q', outputName: 'late' },
        { id: 'edge-2', from: 'a', to: 'zz' },
        { id: 'edge-3', from: 'q', to: 'f' },
      ],
    });
    expect(g.nodes.map((n) => [n.id, n.kind, n.name, n.position])).toEqual([
      ['a', 'DataSource', 'A', null],
      ['q', 'Aggregator', 'Q', null],
      ['f', 'FSM', 'F', null],
    ]);
    expect(g.nodes[2]!.perCorrelation).toBe(true);
    expect(g.edges.map((e) => [e.id, e.output])).toEqual([
      ['a->q', 'late'],
      ['q->f', null],
    ]);
    expect(hasPositions(g)).toBe(false);
  });

  it('returns an empty graph for an empty one', () => {
    expect(graphModel({ nodes: [], edges: [] })).toEqual({ nodes: [], edges: [] });
  });
});

describe('toElements', () => {
  it('makes one element per node and per edge — never one per token', () => {
    const g = graphOf(example('order-pipeline'));
    const els = toElements(g);
    expect(els).toHaveLength(g.nodes.length + g.edges.length);
    expect(els.find((e) => e.data.id === 'router')).toMatchObject({
      classes: 'kind-Multiplexer',
      position: { x: 340, y: 80 },
    });
  });
});

describe('node kinds', () => {
  it('gives every kind a distinct shape and colour in both themes, used by the stylesheet', () => {
    expect(new Set(KIND_LOOKS.map((l) => l.shape)).size).toBe(KIND_LOOKS.length);
    expect(new Set(KIND_LOOKS.map((l) => l.light)).size).toBe(KIND_LOOKS.length);
    for (const theme of ['light', 'dark'] as const) {
      const rule = graphStyle(theme).find((r) => r.selector === 'node.kind-Sink')!;
      expect(rule.style).toEqual({ shape: lookOf('Sink').shape, 'background-color': lookOf('Sink')[theme] });
    }
  });
});

describe('node rows and captions', () => {
  const g = graphOf({
    nodes: [
      { nodeId: 'fsm', type: 'FSM', fsm: { instancePer: 'correlationId' } },
      { nodeId: 'one', type: 'FSM', fsm: {} },
      { nodeId: 'agg', type: 'Aggregator' },
      { nodeId: 'sink', type: 'Sink' },
    ],
  });
  const view: StepView = {
    step: 4,
    status: 'running',
    activeNodeIds: ['sink'],
    edgeWaiting: {},
    eventCount: 3,
    queueSize: 1,
    nodeStates: {
      fsm: { currentState: null, tokensProcessed: 5, aggregates: { open: 2, closed: 3, gone: 0 } },
      one: { currentState: 'ready', tokensProcessed: 1, aggregates: { ready: 1 } },
      agg: { currentState: null, tokensProcessed: 4, aggregates: { buffered: 2, emitted: 1 } },
      sink: { currentState: null, tokensProcessed: 7, aggregates: {} },
    },
  };
  it('shows per-state counts for per-correlation machines, the state otherwise, held and collected counts', () => {
    const rows = nodeRows(g, view);
    expect(rows.map((r) => [r.id, r.state, r.processed, r.held, r.acted])).toEqual([
      ['fsm', 'closed: 3, open: 2', 5, '', false],
      ['one', 'ready', 1, '', false],
      ['agg', '', 4, '2 buffered', false],
      ['sink', '', 7, '7 collected', true],
    ]);
    expect(nodeCaption(rows[0]!)).toBe('closed: 3, open: 2 · 5 processed');
    expect(nodeCaption(rows[3]!)).toBe('7 collected');
    expect(stateCounts({ a: 1, b: 'x', c: 0 })).toEqual([['a', 1]]);
  });

  it('shows zeros before any step is shown', () => {
    expect(nodeRows(g, null).map((r) => r.processed)).toEqual([0, 0, 0, 0]);
  });

  it('patches labels and the acted class from the view', () => {
    const patch = stepPatch(g, view);
    expect(patch.nodes.sink).toEqual({ label: 'sink\n7 collected', acted: true });
    expect(patch.nodes.agg!.acted).toBe(false);
  });
});

describe('waitingPerEdge', () => {
  it('counts, after each step, exactly the tokens the next step delivers on each edge (real engine, order pipeline)', () => {
    const scenario = example('order-pipeline');
    const g = graphOf(scenario);
    const engine = new Engine();
    expect(engine.initialize(scenario).errors).toEqual([]);
    engine.runToEnd();
    const all = ledgerOf(engine);
    const byStep = new Map<number, LedgerEvent[]>();
    for (const e of all) byStep.set(e.step, [...(byStep.get(e.step) ?? []), e]);
    const last = Math.max(...byStep.keys());
    let checked = 0;
    for (let t = 1; t < last; t++) {
      const waiting = waitingPerEdge(g, byStep.get(t) ?? []);
      // Every node with a single incoming edge consumes, in step t+1, what waited on that edge.
      for (const node of g.nodes) {
        const inbound = g.edges.filter((e) => e.target === node.id);
        if (inbound.length !== 1 || node.kind === 'Aggregator') continue;
        const consumed = new Set(
          (byStep.get(t + 1) ?? []).filter((e) => e.nodeId === node.id && e.inputToken).map((e) => e.inputToken!.id),
        ).size;
        expect(waiting[inbound[0]!.id], `edge ${inbound[0]!.id} after step ${t}`).toBe(consumed);
        checked += consumed;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('puts a routed token only on the edge of its output', () => {
    const g = graphOf(example('order-pipeline'));
    const w = waitingPerEdge(g, [
      { nodeId: 'router', operation: 'TOKEN_ROUTED', outputToken: { id: 't1' }, details: { output: 'large' } },
      { nodeId: 'router', operation: 'TOKEN_ROUTED', outputToken: { id: 't2' }, details: { output: 'small' } },
    ]);
    expect(w['router->review']).toBe(1);
    expect(w['router->smallOrders']).toBe(1);
    expect(w['router->invoice']).toBe(0);
  });
});

describe('highlights', () => {
  it('keeps a path in first-visit order and finds the edges between consecutive nodes', () => {
    const g = graphOf(example('order-pipeline'));
    const h = highlightSet(['enrich'], ['orders', 'enrich', 'enrich', 'router', 'invoice']);
    expect(h.path).toEqual(['orders', 'enrich', 'router', 'invoice']);
    expect([...h.acted]).toEqual(['enrich']);
    expect(pathEdges(g, h.path)).toEqual(['orders->enrich', 'enrich->router', 'router->invoice']);
  });
});

describe('graphFromScenario, the original tool constructs', () => {
  it('draws an ExternalEventSource as a DataSource, with its edge (tests/fixtures/pled/document-review)', () => {
    const scenario = JSON.parse(
      readFileSync(new URL('../../fixtures/pled/document-review.json', import.meta.url), 'utf8'),
    ).scenario;
    const g = graphOf(scenario);
    expect(g.nodes.map((n) => [n.id, n.kind])).toEqual([
      ['uploads', 'DataSource'],
      ['reviews', 'DataSource'],
      ['match', 'ProcessNode'],
      ['batch', 'Aggregator'],
      ['monitor', 'FSM'],
      ['sink', 'Sink'],
    ]);
    expect(g.edges.map((e) => e.id)).toContain('reviews->match');
  });
});
