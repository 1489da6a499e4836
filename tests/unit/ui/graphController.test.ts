import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { create } from '../../../src/ui/controllers/graph/graphController';
import { graphOf } from './graphOf';
import type { StepView } from '../../../src/ui/controllers/graph/stepState';

const scenario = JSON.parse(
  readFileSync(new URL('../../../examples/order-pipeline.json', import.meta.url), 'utf8'),
).scenario;
const model = graphOf(scenario);

function view(step: number, acted: string[], waiting: Record<string, number> = {}): StepView {
  return {
    step,
    status: 'running',
    activeNodeIds: acted,
    edgeWaiting: waiting,
    eventCount: acted.length,
    queueSize: 0,
    nodeStates: { invoices: { currentState: null, tokensProcessed: step, aggregates: {} } },
  };
}

/** A frame scheduler the test runs by hand. */
function frames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => queue.push(cb),
    run: () => queue.splice(0).forEach((cb) => cb()),
    get pending() {
      return queue.length;
    },
  };
}

describe('graph controller (headless Cytoscape)', () => {
  it('draws one element per node and edge at the DSL positions', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined });
    c.setGraph(model);
    expect(c.cy.nodes()).toHaveLength(model.nodes.length);
    expect(c.cy.edges()).toHaveLength(model.edges.length);
    expect(c.cy.getElementById('router').position()).toEqual({ x: 340, y: 80 });
    c.destroy();
  });

  it('lays out a graph without positions automatically (dagre, left to right)', () => {
    const c = create(null, { theme: 'dark', schedule: () => undefined });
    c.setGraph(
      graphOf({
        nodes: [
          { nodeId: 'a', type: 'DataSource', outputs: [{ destinationNodeId: 'b' }] },
          { nodeId: 'b', type: 'Sink' },
        ],
      }),
    );
    const [a, b] = [c.cy.getElementById('a').position(), c.cy.getElementById('b').position()];
    expect(b.x).toBeGreaterThan(a.x);
    c.destroy();
  });

  it('coalesces step updates to one patch per frame, showing the newest view', () => {
    const f = frames();
    const c = create(null, { theme: 'light', schedule: f.schedule });
    c.setGraph(model);
    c.setStepState(view(1, ['orders']));
    c.setStepState(view(2, ['enrich'], { 'enrich->router': 3 }));
    c.setStepState(view(3, ['invoices']));
    expect(f.pending).toBe(1);
    expect(c.cy.getElementById('invoices').hasClass('acted')).toBe(false);
    f.run();
    expect(c.cy.getElementById('invoices').hasClass('acted')).toBe(true);
    expect(c.cy.getElementById('enrich').hasClass('acted')).toBe(false);
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n3 collected');
    c.setStepState(view(4, ['enrich'], { 'enrich->router': 2 }));
    f.run();
    expect(c.cy.getElementById('enrich->router').data('label')).toBe('2 waiting');
    expect(c.cy.getElementById('enrich->router').hasClass('waiting')).toBe(true);
    // Tokens never become elements.
    expect(c.cy.elements()).toHaveLength(model.nodes.length + model.edges.length);
    c.destroy();
  });

  it('applies the first view of a new graph at once, before anything is drawn', () => {
    const f = frames();
    const c = create(null, { theme: 'light', schedule: f.schedule });
    c.setGraph(model);
    c.setStepState(view(3, ['invoices']));
    expect(f.pending).toBe(0);
    expect(c.cy.getElementById('invoices').hasClass('acted')).toBe(true);
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n3 collected');
    c.setStepState(view(4, ['enrich']));
    expect(f.pending).toBe(1);
    c.destroy();
  });

  it('highlights the selected node and a traced path with its edges', () => {
    const c = create(null, { theme: 'light', schedule: () => undefined });
    c.setGraph(model);
    c.highlight({ selected: 'router', path: ['orders', 'enrich', 'router'] });
    expect(c.cy.$(':selected').map((n) => n.id())).toEqual(['router']);
    expect(
      c.cy
        .$('.path')
        .map((n) => n.id())
        .sort(),
    ).toEqual(['enrich', 'enrich->router', 'orders', 'orders->enrich', 'router']);
    c.highlight({ path: [] });
    expect(c.cy.$('.path')).toHaveLength(0);
    expect(c.cy.$(':selected')).toHaveLength(1);
    c.destroy();
  });

  it('reports taps on a node and on the background as selections', () => {
    const picked: (string | null)[] = [];
    const c = create(null, { theme: 'light', schedule: () => undefined, onSelect: (id) => picked.push(id) });
    c.setGraph(model);
    c.cy.getElementById('router').emit('tap');
    c.cy.emit('tap');
    expect(picked).toEqual(['router', null]);
    c.destroy();
  });
});
