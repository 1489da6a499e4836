/**
 * The state diagram's model (controllers/graph/fsmDiagram.ts): states and transitions of an FSM view
 * as elements with the shown step's classes, worked out by hand; and the headless controller drawing
 * the Approval desk at its end, its elements marked as the FSM's, never as workflow nodes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import type { FsmView } from '../../../src/contract/queries';
import {
  createFsmDiagram,
  diagramElements,
  diagramSummary,
  stateLine,
} from '../../../src/ui/controllers/graph/fsmDiagram';

const view: FsmView = {
  nodeId: 'm',
  name: 'Job',
  step: 2,
  perCorrelation: true,
  current: null,
  machines: 6,
  states: [
    { name: 'idle', initial: true, final: false, now: 1, entered: 6, enteredThisStep: false },
    { name: 'running', initial: false, final: false, now: 3, entered: 5, enteredThisStep: true },
    { name: 'done', initial: false, final: true, now: 0, entered: 0, enteredThisStep: false },
  ],
  transitions: [
    {
      index: 0,
      from: 'idle',
      to: 'running',
      trigger: 'event',
      event: 'start',
      on: 'start',
      fired: 5,
      firedThisStep: 2,
    },
    { index: 1, from: 'running', to: 'done', trigger: 'event', event: 'stop', on: 'stop', fired: 0, firedThisStep: 0 },
    {
      index: 2,
      from: 'running',
      to: 'running',
      trigger: 'timer',
      after: 2,
      on: 'after 2 steps',
      fired: 1,
      firedThisStep: 0,
    },
  ],
  instances: null,
};

describe('diagramElements', () => {
  it('draws each state with its machines now and entries, classed initial, final, entered, occupied', () => {
    const m = diagramElements(view);
    expect(m.nodes.map((n) => [n.id, n.label, n.classes])).toEqual([
      ['state:idle', 'idle\n1 now · 6 entered', ['initial', 'occupied']],
      ['state:running', 'running\n3 now · 5 entered', ['entered', 'occupied']],
      ['state:done', 'done\n0 now · 0 entered', ['final']],
    ]);
    // Width from the longest line: "running" line 2 is 17 characters → 17 × 7.2 + 24 = 146.4 → 146;
    // "idle\n1 now · 6 entered" → 146 too; "done …" also 17 → 146.
    expect(m.nodes.map((n) => n.width)).toEqual([146, 146, 146]);
  });

  it('labels each transition with its trigger and firings; never fired is dashed, fired in the step lit', () => {
    expect(diagramElements(view).edges).toEqual([
      { id: 'transition:0', source: 'state:idle', target: 'state:running', label: 'start · 5×', classes: ['firedNow'] },
      { id: 'transition:1', source: 'state:running', target: 'state:done', label: 'stop · 0×', classes: ['unfired'] },
      {
        id: 'transition:2',
        source: 'state:running',
        target: 'state:running',
        label: 'after 2 steps · 1×',
        classes: ['loop'],
      },
    ]);
  });

  it('says "current" for one machine, and sums the diagram up for a screen reader', () => {
    const one = { ...view, perCorrelation: false, current: 'running' };
    expect(stateLine(one, one.states[1]!)).toBe('current · 5 entered');
    expect(stateLine(one, { ...one.states[0]!, now: 0 })).toBe('6 entered');
    expect(diagramSummary(view)).toBe('State diagram of Job at step 2: 3 states, 3 transitions, 1 not fired so far');
  });
});

describe('diagramElements with the events a conformance check refused', () => {
  it('rings and counts the states where events were refused, on the machine as written', () => {
    const design = { ...view, states: view.states.map((s) => ({ ...s, now: 0, entered: 0, enteredThisStep: false })) };
    const m = diagramElements(design, true, { running: 7, nowhere: 2 });
    expect(m.nodes.map((n) => [n.label, n.classes])).toEqual([
      ['idle', ['initial']],
      ['running\n7 refused', ['refused']],
      ['done', ['final']],
    ]);
    // "running\n7 refused": the longest line is 9 characters → 9 × 7.2 + 24 = 88.8 → 89.
    expect(m.nodes[1]!.width).toBe(89);
    // Without refusals the design view is names only.
    expect(diagramElements(design, true).nodes.map((n) => n.label)).toEqual(['idle', 'running', 'done']);
  });
});

describe('createFsmDiagram (headless)', () => {
  it("draws the Approval desk's 3 states and 4 transitions, marked as the FSM's, and restyles a new step in place", () => {
    const doc = JSON.parse(readFileSync(new URL('../../../examples/approval-fsm.json', import.meta.url), 'utf8'));
    const engine = new Engine();
    expect(engine.initialize(doc.scenario).errors).toEqual([]);
    engine.runToEnd();
    const at = (step: number) => {
      const r = engine.fsmView('desk', { step });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    const d = createFsmDiagram(null, { theme: 'light' });
    d.setView(at(18));
    expect(d.cy.nodes().map((n) => n.data('fsmStateOf'))).toEqual(['desk', 'desk', 'desk']);
    expect(d.cy.edges().map((e) => e.data('fsmTransitionOf'))).toEqual(['desk', 'desk', 'desk', 'desk']);
    expect(d.cy.getElementById('state:ready').hasClass('entered')).toBe(true);
    const before = d.cy.getElementById('state:ready').position();
    // Step 5: rejected entered, rejected → ready never fired yet (dashed); the layout stays.
    d.setView(at(5));
    expect(d.cy.getElementById('state:rejected').hasClass('entered')).toBe(true);
    expect(d.cy.getElementById('state:ready').hasClass('entered')).toBe(false);
    expect(d.cy.getElementById('transition:3').hasClass('unfired')).toBe(true);
    expect(d.cy.getElementById('state:ready').position()).toEqual(before);
    d.select('approved');
    expect(d.cy.$(':selected').map((n) => n.id())).toEqual(['state:approved']);
    d.destroy();
  });
});
