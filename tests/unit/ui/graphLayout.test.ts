import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stepPatch, toElements } from '../../../src/ui/controllers/graph/elements';
import { create, type GraphController } from '../../../src/ui/controllers/graph/graphController';
import {
  computeLayout,
  layoutKey,
  localLayoutStore,
  memoryLayoutStore,
  placesAll,
  type LayoutStore,
  type Positions,
} from '../../../src/ui/controllers/graph/layout';
import { graphFromScenario, type GraphModel } from '../../../src/ui/controllers/graph/model';
import type { StepView } from '../../../src/ui/controllers/graph/stepState';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8')).scenario;

/** A source broadcast to `chains` chains of `length` process nodes, each ending in a sink; no positions. */
function chains(chainCount: number, length: number, name = (c: number, i: number) => `Chain ${c} step ${i}`) {
  const nodes: Record<string, unknown>[] = [
    {
      nodeId: 'src',
      type: 'DataSource',
      outputs: Array.from({ length: chainCount }, (_, c) => ({ destinationNodeId: `p${c}_0` })),
    },
  ];
  for (let c = 0; c < chainCount; c++) {
    for (let i = 0; i < length; i++)
      nodes.push({
        nodeId: `p${c}_${i}`,
        type: 'ProcessNode',
        displayName: name(c, i),
        outputs: [{ destinationNodeId: i + 1 < length ? `p${c}_${i + 1}` : `sink${c}` }],
      });
    nodes.push({ nodeId: `sink${c}`, type: 'Sink' });
  }
  return graphFromScenario({ nodes });
}

/** A Storage over a Map, as localStorage behaves (strings in, strings out). */
function fakeStorage(): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/** A store that counts its reads and writes. */
function countingStore(inner: LayoutStore = memoryLayoutStore()) {
  const calls = { get: 0, set: 0 };
  const store: LayoutStore = {
    get: (k) => (calls.get++, inner.get(k)),
    set: (k, p) => (calls.set++, inner.set(k, p)),
  };
  return { store, calls };
}

const positionsOf = (c: GraphController): Positions =>
  Object.fromEntries(c.cy.nodes().map((n) => [n.id(), { ...n.position() }]));

describe('layoutKey', () => {
  const g = chains(2, 3);
  it('is the same for the same graph, whatever its names and descriptions say', () => {
    expect(layoutKey(chains(2, 3))).toBe(layoutKey(g));
    expect(layoutKey(chains(2, 3, () => 'renamed'))).toBe(layoutKey(g));
  });
  it('changes with any node, kind or edge the layout reads', () => {
    const keys = new Set([
      layoutKey(g),
      layoutKey(chains(2, 4)), // one more node per chain
      layoutKey(chains(3, 3)), // one more chain
      layoutKey({ ...g, nodes: g.nodes.map((n) => (n.id === 'sink0' ? { ...n, kind: 'FSM' } : n)) }),
      layoutKey({ ...g, edges: g.edges.slice(1) }),
      layoutKey({ ...g, edges: [...g.edges, { ...g.edges[0]!, id: 'p0_0->sink1', target: 'sink1' }] }),
    ]);
    expect(keys.size).toBe(6);
  });
});

describe('computeLayout (the layout worker)', () => {
  it('places every node where the controller’s own dagre run does', () => {
    const g = chains(3, 6);
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: memoryLayoutStore() });
    c.setGraph(g);
    expect(computeLayout(g)).toEqual(positionsOf(c));
    c.destroy();
  });
});

describe('layout stores', () => {
  const g = chains(2, 3);
  const positions: Positions = Object.fromEntries(g.nodes.map((n, i) => [n.id, { x: i * 10.5, y: 7 - i / 3 }]));

  it('keep a layout across pages (localStorage), exactly', () => {
    const storage = fakeStorage();
    localLayoutStore(storage).set('k1', positions);
    // A new page: a new store over the same storage.
    expect(localLayoutStore(storage).get('k1')).toEqual(positions);
    expect(localLayoutStore(storage).get('other')).toBeNull();
  });

  it('keep only the most recently used layouts', () => {
    const storage = fakeStorage();
    const store = localLayoutStore(storage, 2);
    store.set('a', positions);
    store.set('b', positions);
    store.set('c', positions);
    const fresh = localLayoutStore(storage, 2);
    expect(fresh.get('a')).toBeNull();
    expect(fresh.get('b')).toEqual(positions);
    expect(fresh.get('c')).toEqual(positions);
    expect([...storage.map.keys()].filter((k) => k.startsWith('flowledger.layout.'))).toHaveLength(2);
  });

  it('ignore an unreadable entry and survive a storage that refuses writes', () => {
    const storage = fakeStorage();
    storage.setItem('flowledger.layout.bad', '{not json');
    expect(localLayoutStore(storage).get('bad')).toBeNull();
    const full = {
      ...fakeStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    const store = localLayoutStore(full);
    store.set('k', positions);
    expect(store.get('k')).toEqual(positions); // the in-memory copy still answers
  });

  it('placesAll accepts only a layout of exactly this graph’s nodes', () => {
    expect(placesAll(g, positions)).toBe(true);
    expect(placesAll(chains(2, 4), positions)).toBe(false);
    const { p0_0: _dropped, ...missing } = positions;
    expect(placesAll(g, missing)).toBe(false);
  });
});

describe('the controller and kept layouts', () => {
  const g = chains(2, 4);

  it('lays a graph out once: a second open of the same graph takes the kept layout', () => {
    const { store, calls } = countingStore();
    const first = create(null, { theme: 'light', schedule: () => undefined, layouts: store });
    first.setGraph(g);
    const laidOut = positionsOf(first);
    first.destroy();
    expect(calls.set).toBe(1);
    // Moved by hand in the store, so the test can tell a kept layout from a new dagre run.
    const kept = Object.fromEntries(Object.entries(laidOut).map(([id, p]) => [id, { x: p.x + 1000, y: p.y }]));
    store.set(layoutKey(g), kept);
    const second = create(null, { theme: 'light', schedule: () => undefined, layouts: store });
    second.setGraph(g);
    expect(positionsOf(second)).toEqual(kept);
    expect(calls.set).toBe(2); // the one made by the test above: nothing new was laid out
    second.destroy();
  });

  it('takes a layout computed elsewhere (the layout worker) and then needs none', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: memoryLayoutStore() });
    expect(c.needsLayout(g)).toBe(true);
    const computed = computeLayout(g);
    c.keepLayout(g, computed);
    expect(c.needsLayout(g)).toBe(false);
    expect(c.needsLayout(chains(2, 5))).toBe(true);
    expect(c.needsLayout(graphFromScenario(example('order-pipeline')))).toBe(false); // DSL positions
    c.setGraph(g);
    expect(positionsOf(c)).toEqual(computed);
    c.destroy();
  });

  it('keeps the selection and the traced path when the graph arrives after them', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: memoryLayoutStore() });
    c.highlight({ selected: 'p1_1', path: ['src', 'p0_0'] });
    c.setGraph(g);
    expect(c.cy.$(':selected').map((n) => n.id())).toEqual(['p1_1']);
    expect(
      c.cy
        .$('.path')
        .map((n) => n.id())
        .sort(),
    ).toEqual(['p0_0', 'src', 'src->p0_0']);
    c.destroy();
  });

  it('never shows a stale layout: an edited graph is laid out afresh', () => {
    const store = memoryLayoutStore();
    const bogus = (m: GraphModel): Positions => Object.fromEntries(m.nodes.map((n) => [n.id, { x: 0, y: 0 }]));
    store.set(layoutKey(g), bogus(g));
    const edited = chains(2, 5);
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: store });
    c.setGraph(edited);
    const xs = new Set(Object.values(positionsOf(c)).map((p) => p.x));
    expect(xs.size).toBeGreaterThan(1); // dagre ran: ranks side by side, not the stored pile at 0,0
    c.destroy();
  });

  it('puts nodes where the DSL says, whatever a kept layout holds', () => {
    const pipeline = graphFromScenario(example('order-pipeline'));
    const everywhere: LayoutStore = {
      get: () => Object.fromEntries(pipeline.nodes.map((n) => [n.id, { x: -5, y: -5 }])),
      set: () => undefined,
    };
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: everywhere });
    c.setGraph(pipeline);
    expect(c.cy.getElementById('router').position()).toEqual({ x: 480, y: 80 });
    c.destroy();
  });

  it('draws a new graph with the given step’s labels, counts and highlights from the start', () => {
    const pipeline = graphFromScenario(example('order-pipeline'));
    const view: StepView = {
      step: 3,
      status: 'running',
      activeNodeIds: ['invoices'],
      edgeWaiting: { 'enrich->router': 2 },
      eventCount: 1,
      queueSize: 0,
      nodeStates: { invoices: { currentState: null, tokensProcessed: 3, aggregates: {} } },
    };
    const els = toElements(pipeline, stepPatch(pipeline, view));
    expect(els.find((e) => e.data.id === 'invoices')).toMatchObject({
      data: { label: 'Invoices\n3 collected' },
      classes: 'kind-Sink acted',
    });
    expect(els.find((e) => e.data.id === 'enrich->router')).toMatchObject({
      data: { label: '2 waiting', waiting: 2 },
      classes: 'waiting',
    });
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: memoryLayoutStore() });
    c.setGraph(pipeline, view);
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n3 collected');
    expect(c.cy.getElementById('invoices').hasClass('acted')).toBe(true);
    expect(c.cy.getElementById('enrich->router').hasClass('waiting')).toBe(true);
    // Only an edge with tokens waiting is labelled.
    expect(c.cy.getElementById('enrich->router').style('label')).toBe('2 waiting');
    expect(c.cy.getElementById('orders->enrich').style('label')).toBe('');
    c.destroy();
  });
});
