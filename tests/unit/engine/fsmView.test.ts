/**
 * The state diagram of an FSM at a step (engine/query/fsmView.ts): states with machines now and
 * entries, transitions with firings, what the step did, and the machines in a state — every figure
 * worked out by hand from the scenario below it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transitionLabel } from '../../../src/engine/query/fsmView';
import type { FsmView } from '../../../src/contract/queries';
import { engineFor, run, scenario, sink, type Json } from './helpers';

const approval = JSON.parse(
  readFileSync(new URL('../../../examples/approval-fsm.json', import.meta.url), 'utf8'),
) as Json;

function view(r: { ok: boolean; value?: FsmView }): FsmView {
  expect(r.ok).toBe(true);
  return r.value!;
}
const pick = (v: FsmView) => ({
  states: v.states.map((s) => [s.name, s.now, s.entered, s.enteredThisStep]),
  transitions: v.transitions.map((t) => [`${t.from}->${t.to}`, t.on, t.fired, t.firedThisStep]),
});

describe('transitionLabel', () => {
  it('reads an event name, a timer, a condition, and any token', () => {
    expect(transitionLabel({ kind: 'event', name: 'auth_fail' }, undefined)).toBe('auth_fail');
    expect(transitionLabel({ kind: 'event', name: 'auth_fail' }, 'failures >= 4')).toBe('auth_fail [failures >= 4]');
    expect(transitionLabel({ kind: 'timer', after: 1 }, undefined)).toBe('after 1 step');
    expect(transitionLabel({ kind: 'timer', after: 3 }, ' x > 1 ')).toBe('after 3 steps [x > 1]');
    expect(transitionLabel({ kind: 'any' }, 'value <= 100')).toBe('value <= 100');
    expect(transitionLabel({ kind: 'any' }, '  ')).toBe('any token');
  });
});

describe('fsmView: the Approval desk (one machine)', () => {
  // Requests 45, 180, 20, 95, 300, 60, 75, 150 leave the source at steps 2, 4, …, 16 and reach the
  // desk one step later (3, 5, …, 17); ≤ 100 is approved, above is rejected; a timer one step later
  // brings the desk back to ready (4, 6, …, 18).
  it('at the end: ready entered 9 times (once at the start, 8 returns), 5 approvals, 3 rejections', () => {
    const engine = run(approval);
    const v = view(engine.fsmView('desk'));
    expect(v).toMatchObject({
      nodeId: 'desk',
      name: 'Approval desk',
      step: 18,
      perCorrelation: false,
      current: 'ready',
      machines: 1,
    });
    expect(pick(v)).toEqual({
      states: [
        ['ready', 1, 9, true],
        ['approved', 0, 5, false],
        ['rejected', 0, 3, false],
      ],
      transitions: [
        ['ready->approved', 'value <= 100', 5, 0],
        ['ready->rejected', 'any token', 3, 0],
        ['approved->ready', 'after 1 step', 5, 0],
        // 150 (the last) was rejected at step 17; step 18 brings the desk back.
        ['rejected->ready', 'after 1 step', 3, 1],
      ],
    });
    // The CLI's node state says the same: entries per state, the current state.
    const ns = engine.getNodeState('desk')!;
    expect(ns.currentState).toBe('ready');
    expect(Object.fromEntries(v.states.map((s) => [s.name, s.entered]))).toEqual(ns.aggregates);
    // Firings add up to the run's transitions fired.
    expect(v.transitions.reduce((n, t) => n + t.fired, 0)).toBe(engine.runResult().ok ? 16 : -1);
  });

  it('at step 5 (an earlier step, replayed): 45 approved at 3, back at 4, 180 rejected at 5', () => {
    const engine = run(approval);
    const v = view(engine.fsmView('desk', { step: 5 }));
    expect(v.current).toBe('rejected');
    expect(pick(v)).toEqual({
      states: [
        ['ready', 0, 2, false],
        ['approved', 0, 1, false],
        ['rejected', 1, 1, true],
      ],
      transitions: [
        ['ready->approved', 'value <= 100', 1, 0],
        ['ready->rejected', 'any token', 1, 1],
        ['approved->ready', 'after 1 step', 1, 0],
        ['rejected->ready', 'after 1 step', 0, 0],
      ],
    });
    // The step's node state, replayed, agrees.
    const at = engine.stateAt(5);
    expect(at.ok && at.value.nodeStates['desk']!.aggregates).toEqual({ ready: 2, approved: 1, rejected: 1 });
  });

  it('at step 0: the machine stands in ready, nothing fired yet', () => {
    const engine = run(approval);
    const v = view(engine.fsmView('desk', { step: 0 }));
    expect(pick(v).states).toEqual([
      ['ready', 1, 1, true],
      ['approved', 0, 0, false],
      ['rejected', 0, 0, false],
    ]);
    expect(v.transitions.every((t) => t.fired === 0)).toBe(true);
  });

  it('answers a caller mistake with a named error', () => {
    const engine = run(approval);
    expect(engine.fsmView('paid')).toMatchObject({ ok: false, error: { code: 'INVALID_FILTER' } });
    expect(engine.fsmView('nope')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_NODE' } });
    expect(engine.fsmView('desk', { step: 99 })).toMatchObject({ ok: false, error: { code: 'STEP_OUT_OF_RANGE' } });
    expect(engine.fsmView('desk', { state: 'closed' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_FILTER', details: { parameter: 'state' } },
    });
  });
});

describe('fsmView: one machine per correlation id', () => {
  const doc = scenario(
    [
      { nodeId: 'src', type: 'DataSource', count: 0, batchSize: 10, outputs: [{ destinationNodeId: 'm' }] },
      {
        nodeId: 'm',
        type: 'FSM',
        displayName: 'Job',
        fsm: {
          instancePer: 'correlationId',
          states: [{ name: 'idle', isInitial: true }, { name: 'running' }, { name: 'done', isFinal: true }],
          transitions: [
            { from: 'idle', to: 'running', trigger: 'start' },
            { from: 'running', to: 'done', trigger: 'stop' },
            { from: 'running', to: 'idle', trigger: 'reset' },
          ],
        },
        outputs: [{ destinationNodeId: 'sink' }],
      },
      sink(),
    ],
    { maxSteps: 50 },
  );
  const ev = (id: string, event: string): Json => ({ targetDataSourceId: 'src', correlationId: id, event });
  // Step 1: the source emits all eight events (batch of 10); step 2: the FSM takes them in order.
  // c1…c5 start; c1 and c3 stop; c6 only arrives with an event no transition of idle takes.
  const events = [
    ev('c1', 'start'),
    ev('c2', 'start'),
    ev('c3', 'start'),
    ev('c4', 'start'),
    ev('c5', 'start'),
    ev('c1', 'stop'),
    ev('c3', 'stop'),
    ev('c6', 'stop'),
  ];

  it('counts machines per state (the node state), entries with creations, firings per transition', () => {
    const engine = engineFor(doc, { events });
    engine.runToEnd();
    // Step 3, the last: only the Sink collects; the FSM did nothing in it.
    const v = view(engine.fsmView('m'));
    expect(v).toMatchObject({ step: 3, perCorrelation: true, current: null, machines: 6 });
    expect(pick(v)).toEqual({
      states: [
        // c6 is idle; six machines were created in idle.
        ['idle', 1, 6, false],
        // c2, c4, c5.
        ['running', 3, 5, false],
        // c1, c3.
        ['done', 2, 2, false],
      ],
      transitions: [
        ['idle->running', 'start', 5, 0],
        ['running->done', 'stop', 2, 0],
        ['running->idle', 'reset', 0, 0],
      ],
    });
    expect(Object.fromEntries(v.states.map((s) => [s.name, s.now]))).toEqual(engine.getNodeState('m')!.aggregates);
    // Step 2, where the FSM took all eight events: every state entered, the two fired transitions lit.
    expect(pick(view(engine.fsmView('m', { step: 2 })))).toEqual({
      states: [
        ['idle', 1, 6, true],
        ['running', 3, 5, true],
        ['done', 2, 2, true],
      ],
      transitions: [
        ['idle->running', 'start', 5, 5],
        ['running->done', 'stop', 2, 2],
        ['running->idle', 'reset', 0, 0],
      ],
    });
  });

  it('lists the machines in a state by correlation id, a page at a time', () => {
    const engine = engineFor(doc, { events });
    engine.runToEnd();
    expect(view(engine.fsmView('m', { state: 'done' })).instances).toEqual({
      state: 'done',
      total: 2,
      offset: 0,
      ids: ['c1', 'c3'],
    });
    expect(view(engine.fsmView('m', { state: 'running', offset: 1, limit: 1 })).instances).toEqual({
      state: 'running',
      total: 3,
      offset: 1,
      ids: ['c4'],
    });
    // Before step 2 no machine exists.
    const before = view(engine.fsmView('m', { step: 1, state: 'idle' }));
    expect(before.machines).toBe(0);
    expect(before.instances).toEqual({ state: 'idle', total: 0, offset: 0, ids: [] });
  });
});
