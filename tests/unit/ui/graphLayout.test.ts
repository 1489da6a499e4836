import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stepPatch, toElements } from '../../../src/ui/controllers/graph/elements';
import { create, type GraphController } from '../../../src/ui/controllers/graph/graphController';
import {
  autoLayout,
  computeLayout,
  DAGRE_MAX_NODES,
  layerRanks,
  layeredLayout,
  layoutKey,
  localLayoutStore,
  memoryLayoutStore,
  placesAll,
  type LayoutStore,
  type Positions,
} from '../../../src/ui/controllers/graph/layout';
import type { GraphModel } from '../../../src/ui/controllers/graph/model';
import { graphOf } from './graphOf';
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
  return graphOf({ nodes });
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
    expect(c.needsLayout(graphOf(example('order-pipeline')))).toBe(false); // DSL positions
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
    const pipeline = graphOf(example('order-pipeline'));
    const everywhere: LayoutStore = {
      get: () => Object.fromEntries(pipeline.nodes.map((n) => [n.id, { x: -5, y: -5 }])),
      set: () => undefined,
    };
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: everywhere });
    c.setGraph(pipeline);
    expect(c.cy.getElementById('router').position()).toEqual({ x: 340, y: 80 });
    c.destroy();
  });

  it('draws a new graph with the given step’s labels, counts and highlights from the start', () => {
    const pipeline = graphOf(example('order-pipeline'));
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

/** Two wide ranks zig-zagged together (a_i → b_i, a_(i+1) → b_i): shallow, but one long spanning path. */
function zigzag(pairs: number) {
  const nodes: Record<string, unknown>[] = [];
  for (let i = 0; i < pairs; i++)
    nodes.push({
      nodeId: `a${i}`,
      type: 'DataSource',
      outputs: [{ destinationNodeId: `b${i}` }, ...(i > 0 ? [{ destinationNodeId: `b${i - 1}` }] : [])],
    });
  for (let i = 0; i < pairs; i++) nodes.push({ nodeId: `b${i}`, type: 'Sink' });
  return graphOf({ nodes });
}

describe('deep and large graphs (the layered placement)', () => {
  it('lays out a 3,000-node chain (dagre’s recursion passes the stack there): every node, one column each', () => {
    const model = chains(1, 2998);
    expect(model.nodes).toHaveLength(3000);
    const positions = computeLayout(model);
    expect(placesAll(model, positions)).toBe(true);
    // Along the chain each node stands one column right of the one before it, in one row.
    const order = ['src', ...Array.from({ length: 2998 }, (_, i) => `p0_${i}`), 'sink0'];
    for (let i = 1; i < order.length; i++) {
      expect(positions[order[i]!]!.x).toBeGreaterThan(positions[order[i - 1]!]!.x);
      expect(positions[order[i]!]!.y).toBe(positions[order[0]!]!.y);
    }
    expect(autoLayout(model).layered).toBe(true);
  });

  it('lays out 3,000 nodes in two wide ranks, no two nodes on one spot', () => {
    const model = zigzag(1500);
    const positions = computeLayout(model);
    expect(placesAll(model, positions)).toBe(true);
    expect(new Set(Object.values(positions).map((p) => `${p.x},${p.y}`)).size).toBe(3000);
    expect(positions['b0']!.x).toBeGreaterThan(positions['a0']!.x);
  });

  it('ranks by longest path (Kahn), and breaks a cycle at its first node in model order', () => {
    // a → b → c → d and a → d: d is three columns right of a, not one.
    const dag = graphOf({
      nodes: [
        { nodeId: 'a', type: 'DataSource', outputs: [{ destinationNodeId: 'b' }, { destinationNodeId: 'd' }] },
        { nodeId: 'b', type: 'ProcessNode', outputs: [{ destinationNodeId: 'c' }] },
        { nodeId: 'c', type: 'ProcessNode', outputs: [{ destinationNodeId: 'd' }] },
        { nodeId: 'd', type: 'Sink' },
      ],
    });
    expect(layerRanks(dag)).toEqual([0, 1, 2, 3]);
    // s → x ⇄ y → z: the cycle x ⇄ y is entered at x (its edge from y is drawn backwards).
    const loop = graphOf({
      nodes: [
        { nodeId: 's', type: 'DataSource', outputs: [{ destinationNodeId: 'x' }] },
        { nodeId: 'x', type: 'ProcessNode', outputs: [{ destinationNodeId: 'y' }] },
        { nodeId: 'y', type: 'ProcessNode', outputs: [{ destinationNodeId: 'x' }, { destinationNodeId: 'z' }] },
        { nodeId: 'z', type: 'Sink' },
      ],
    });
    expect(layerRanks(loop)).toEqual([0, 1, 2, 3]);
    const positions = layeredLayout(loop);
    expect(placesAll(loop, positions)).toBe(true);
  });

  it('leaves graphs of at most DAGRE_MAX_NODES nodes to dagre', () => {
    const model = chains(3, 20);
    expect(model.nodes.length).toBeLessThanOrEqual(DAGRE_MAX_NODES);
    expect(autoLayout(model)).toEqual({ positions: computeLayout(model), layered: false });
  });

  it('the controller draws a 3,000-node chain, and says it is drawn in simple layers', () => {
    const model = chains(1, 2998);
    const c = create(null, { theme: 'light', schedule: () => undefined, layouts: memoryLayoutStore() });
    c.setGraph(model);
    expect(c.nodeCount()).toBe(3000);
    expect(placesAll(model, Object.fromEntries(c.cy.nodes().map((n) => [n.id(), n.position()])))).toBe(true);
    expect(c.layoutNote()).toMatch(/3,000 nodes, more than the 1,200 the full layout handles/);
    // A graph dagre lays out has no note.
    c.setGraph(chains(1, 3));
    expect(c.layoutNote()).toBeNull();
    c.destroy();
  });
});
