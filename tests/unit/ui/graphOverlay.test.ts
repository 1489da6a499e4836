import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { create } from '../../../src/ui/controllers/graph/graphController';
import { graphOf } from './graphOf';
import type { StepView } from '../../../src/ui/controllers/graph/stepState';

// The Compare view's per-node deltas as an extra label line, kept across later steps and removable.
const scenario = JSON.parse(
  readFileSync(new URL('../../../examples/order-pipeline.json', import.meta.url), 'utf8'),
).scenario;
const model = graphOf(scenario);

const view = (step: number): StepView => ({
  step,
  status: 'running',
  activeNodeIds: [],
  edgeWaiting: {},
  eventCount: 0,
  queueSize: 0,
  nodeStates: { invoices: { currentState: null, tokensProcessed: step, aggregates: {} } },
});

function frames() {
  const queue: (() => void)[] = [];
  return { schedule: (cb: () => void) => queue.push(cb), run: () => queue.splice(0).forEach((cb) => cb()) };
}

describe('graph overlay (headless Cytoscape)', () => {
  it('adds a line under a node label, keeps it on later steps and removes it on null', () => {
    const f = frames();
    const c = create(null, { theme: 'light', schedule: f.schedule });
    c.setGraph(model);
    c.setStepState(view(3));
    c.setOverlay({ invoices: 'Δ +2' });
    f.run();
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n3 collected\nΔ +2');
    c.setStepState(view(4));
    f.run();
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n4 collected\nΔ +2');
    c.setOverlay(null);
    f.run();
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n4 collected');
    c.destroy();
  });

  it('draws an overlay given before the graph has its first step', () => {
    const f = frames();
    const c = create(null, { theme: 'light', schedule: f.schedule });
    c.setGraph(model, view(2));
    c.setOverlay({ invoices: 'Δ −1' });
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n2 collected\nΔ −1');
    c.setStepState(view(2));
    f.run();
    expect(c.cy.getElementById('invoices').data('label')).toBe('Invoices\n2 collected\nΔ −1');
    c.destroy();
  });
});
