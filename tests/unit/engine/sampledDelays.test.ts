/**
 * The DSL's sampled delays (docs/dsl.md, "Sampled delays"): DataSource `arrivals` and `horizonMs`,
 * FSM timer `delay` and transition `weight` — validated with paths, drawn from the node's stream.
 */
import { describe, expect, it } from 'vitest';
import { Engine, loadScenario } from '../../../src/engine';
import { engineFor, eventsOf, run, scenario, sink, source, type Json } from './helpers';
import { simulatedLog } from '../../../src/engine/simulation';

const arrivalsDoc = (arrivals: Json, extra: Json = {}) =>
  scenario([source('src', 'sink', { count: 4, arrivals, ...extra }), sink()]);

const generatedSteps = (engine: Engine) =>
  eventsOf(engine, 'src')
    .filter((e) => e.operation === 'TOKEN_GENERATED')
    .map((e) => e.step);

/** A per-case machine: each token starts a case in `a`, which moves on by timers. */
function machine(transitions: Json[], extra: Json = {}): Json {
  return scenario(
    [
      source('src', 'fsm', { count: 400, generation: { type: 'constant', value: 1 }, ...extra }),
      {
        nodeId: 'fsm',
        type: 'FSM',
        fsm: {
          instancePer: 'correlationId',
          states: ['start', 'a', 'b', 'c', { name: 'end', isFinal: true }],
          transitions: [{ from: 'start', to: 'a' }, ...transitions],
        },
      },
    ],
    { maxSteps: 100000 },
  );
}

const transitionsTo = (engine: Engine, to: string) =>
  eventsOf(engine, 'fsm').filter((e) => e.operation === 'STATE_TRANSITION' && e.to === to);

describe('sampled delays: validation', () => {
  it('refuses an empty empirical list and a crossed uniform range, at their paths', () => {
    const bad = loadScenario(
      scenario([
        source('src', 'fsm', { arrivals: { distribution: 'empirical', ms: [] } }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: ['a', 'b'],
            transitions: [
              { from: 'a', to: 'b', trigger: 'timer', delay: { distribution: 'uniform', minMs: 5, maxMs: 1 } },
            ],
          },
        },
      ]),
    );
    expect(bad.errors).toEqual([
      { path: '/nodes/0/arrivals/ms', message: 'the list of observed waits is empty; give at least one' },
      { path: '/nodes/1/fsm/transitions/0/delay/maxMs', message: '"maxMs" (1) is less than "minMs" (5)' },
    ]);
  });

  it('refuses an unknown distribution and a negative wait with the field path', () => {
    const r = loadScenario(arrivalsDoc({ distribution: 'normal', meanMs: 5 }));
    expect(r.errors.map((e) => e.path)).toEqual(['/nodes/0/arrivals/distribution']);
    const neg = loadScenario(arrivalsDoc({ distribution: 'fixed', ms: -1 }));
    expect(neg.errors.map((e) => e.path)).toEqual(['/nodes/0/arrivals/ms']);
  });

  it('takes a timer with a delay and no "after"; warns about a delay without a timer and a horizon without arrivals', () => {
    const r = loadScenario(
      scenario([
        source('src', 'fsm', { horizonMs: 10 }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: ['a', 'b'],
            transitions: [
              { from: 'a', to: 'b', trigger: 'timer', delay: { distribution: 'fixed', ms: 1000 } },
              { from: 'b', to: 'a', delay: { distribution: 'fixed', ms: 1000 } },
            ],
          },
        },
      ]),
    );
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([
      { path: '/nodes/0/horizonMs', message: '"horizonMs" is ignored: it bounds "arrivals", which is absent' },
      { path: '/nodes/1', message: 'FSM "fsm" has no outputs connected to another node, so its tokens go nowhere' },
      { path: '/nodes/1/fsm/transitions/1/delay', message: '"delay" is ignored: only a "timer" trigger waits' },
    ]);
  });

  it('still names "after" or "delay" for a timer with neither', () => {
    const r = loadScenario(
      scenario([
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: { states: ['a', 'b'], transitions: [{ from: 'a', to: 'b', trigger: 'timer' }] },
        },
      ]),
    );
    expect(r.errors).toEqual([
      {
        path: '/nodes/0/fsm/transitions/0/after',
        message:
          'a "timer" transition needs "after" (the steps to wait in the "from" state) or "delay" (a sampled wait)',
      },
    ]);
  });
});

describe('DataSource arrivals', () => {
  it('puts arrivals on a clock in ms, rounding each to the nearest step without accumulating', () => {
    // 0, 2500, 5000, 7500 ms at 1000 ms steps from step 1: steps 1, 4 (2.5 rounds up), 6, 9.
    expect(generatedSteps(run(arrivalsDoc({ distribution: 'fixed', ms: 2500 })))).toEqual([1, 4, 6, 9]);
  });

  it('puts several arrivals in one step when the gaps are shorter than half a step', () => {
    expect(generatedSteps(run(arrivalsDoc({ distribution: 'fixed', ms: 0 })))).toEqual([1, 1, 1, 1]);
  });

  it('stops at the horizon', () => {
    const e = run(arrivalsDoc({ distribution: 'fixed', ms: 1000 }, { count: 10, horizonMs: 2500 }));
    expect(generatedSteps(e)).toEqual([1, 2, 3]);
    expect(e.status).toBe('completed');
  });

  it('ends, completed, when a gap overflows to Infinity', () => {
    const e = run(arrivalsDoc({ distribution: 'fixed', ms: 1e308, scale: 10 }));
    expect(generatedSteps(e)).toEqual([1]);
    expect(e.status).toBe('completed');
  });

  it('scales every drawn gap by "scale"', () => {
    expect(generatedSteps(run(arrivalsDoc({ distribution: 'fixed', ms: 1000, scale: 3 })))).toEqual([1, 4, 7, 10]);
  });

  it('draws exponential gaps with the set mean, the same for the same seed', () => {
    const doc = arrivalsDoc({ distribution: 'exponential', meanMs: 10_000 }, { count: 2001 });
    const steps = generatedSteps(run(doc));
    const meanGapSteps = (steps[steps.length - 1]! - steps[0]!) / (steps.length - 1);
    expect(Math.abs(meanGapSteps - 10) / 10).toBeLessThan(0.06);
    expect(generatedSteps(run(doc))).toEqual(steps);
    expect(generatedSteps(run(doc, { seed: 2 }))).not.toEqual(steps);
  });

  it('draws empirical gaps only from the list', () => {
    const steps = generatedSteps(run(arrivalsDoc({ distribution: 'empirical', ms: [1000, 5000] }, { count: 50 })));
    const gaps = new Set(steps.slice(1).map((s, i) => s - steps[i]!));
    expect(gaps).toEqual(new Set([1, 5]));
  });
});

describe('FSM weighted and sampled timers', () => {
  const weighted = [
    { from: 'a', to: 'b', trigger: 'timer', weight: 3, delay: { distribution: 'fixed', ms: 2000 } },
    { from: 'a', to: 'c', trigger: 'timer', weight: 1, delay: { distribution: 'uniform', minMs: 1000, maxMs: 3000 } },
    { from: 'b', to: 'end', trigger: 'timer', delay: { distribution: 'fixed', ms: 0 } },
    { from: 'c', to: 'end', trigger: 'timer', after: 1 },
  ];

  it('draws one timer by weight on entry and waits its sampled delay', () => {
    const e = run(machine(weighted));
    const b = transitionsTo(e, 'b').length;
    const c = transitionsTo(e, 'c').length;
    expect(b + c).toBe(400);
    expect(Math.abs(b / 400 - 0.75)).toBeLessThan(0.06);
    // Each `b` comes 2 s after its case's `a`, each `c` 1 to 3 s after.
    const waits = new Set<string>();
    for (const c of simulatedLog(e)) waits.add(`${c.activities.join(' ')} ${c.times[1]! - c.times[0]!}`);
    expect(waits).toEqual(new Set(['a b 2000', 'a c 1000', 'a c 2000', 'a c 3000']));
    expect(transitionsTo(e, 'end')).toHaveLength(400);
  });

  it('fires a 0 ms wait in the same step as the transition that entered the state', () => {
    const e = run(machine(weighted));
    const intoB = transitionsTo(e, 'b');
    const bToEnd = eventsOf(e, 'fsm').filter((ev) => ev.operation === 'STATE_TRANSITION' && ev.from === 'b');
    expect(bToEnd.map((ev) => ev.step)).toEqual(intoB.map((ev) => ev.step));
    // Right after it in the ledger.
    expect(bToEnd.map((ev) => ev.seq)).toEqual(intoB.map((ev) => ev.seq + 1));
  });

  it('is deterministic by the seed', () => {
    const doc = machine(weighted);
    expect(run(doc).ledgerHash()).toBe(run(doc).ledgerHash());
    expect(run(doc, { seed: 9 }).ledgerHash()).not.toBe(run(doc).ledgerHash());
  });

  it('without weights, the earliest drawn wait wins', () => {
    const e = run(
      machine(
        [
          { from: 'a', to: 'b', trigger: 'timer', delay: { distribution: 'fixed', ms: 5000 } },
          { from: 'a', to: 'c', trigger: 'timer', delay: { distribution: 'fixed', ms: 2000 } },
          { from: 'c', to: 'end', trigger: 'timer', after: 1 },
        ],
        { count: 3 },
      ),
    );
    expect(transitionsTo(e, 'b')).toHaveLength(0);
    expect(transitionsTo(e, 'c')).toHaveLength(3);
  });

  it('chooses among weighted token transitions by weight', () => {
    // An unweighted transition that matches first still wins, as ever.
    const e = run(
      machine([
        { from: 'start', to: 'b', weight: 1 },
        { from: 'start', to: 'c', weight: 9 },
      ]),
    );
    expect(transitionsTo(e, 'a')).toHaveLength(400);
    const doc = machine([]);
    const fsm = (doc['nodes'] as Json[])[1]!['fsm'] as Json;
    fsm['transitions'] = [
      { from: 'start', to: 'b', weight: 1 },
      { from: 'start', to: 'c', weight: 9 },
    ];
    const w = run(doc);
    const b = transitionsTo(w, 'b').length;
    expect(b + transitionsTo(w, 'c').length).toBe(400);
    expect(Math.abs(b / 400 - 0.1)).toBeLessThan(0.04);
  });

  it("replays a sampled run: the state at an earlier step is the live run's", () => {
    const doc = machine(weighted);
    const live = engineFor(doc);
    live.advance(7);
    const states = live.getNodeStates();
    const later = engineFor(doc);
    later.runToEnd();
    const at = later.stateAt(7);
    expect(at.ok).toBe(true);
    if (at.ok) expect(at.value.nodeStates).toEqual(states);
  });
});
