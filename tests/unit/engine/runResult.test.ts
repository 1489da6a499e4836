/**
 * The run's Result (engine/query/runResult.ts): the formula chosen per Sink, the Sink and FSM
 * lines from plain data, and whole runs — at the end and at an earlier step — with every number
 * worked out by hand from the scenario, the external events consumed, the transitions fired and the
 * warning when no machine moved; and `flowledger run`'s sinks and those figures read from the same place.
 */
import { describe, expect, it } from 'vitest';
import {
  activityWarnings,
  collectedOf,
  fsmResult,
  RESULT_SINK_VALUES,
  resultFormula,
  sinkResult,
} from '../../../src/engine/query/runResult';
import { runSummary } from '../../../src/cli/commands/runSummary';
import type { RunResult } from '../../../src/contract/queries';
import { run, scenario, sink, source, processNode } from './helpers';

describe('resultFormula', () => {
  it('is sum when every value is a number', () => {
    expect(resultFormula(collectedOf([3, 4.5, -1]))).toBe('sum');
  });
  it('is latest when some values are not numbers but set', () => {
    expect(resultFormula(collectedOf([1, 'x', 2]))).toBe('latest');
    expect(resultFormula(collectedOf([{ a: 1 }, { a: 2 }]))).toBe('latest');
  });
  it('is count when nothing was collected or no token carried a value', () => {
    expect(resultFormula(collectedOf([]))).toBe('count');
    expect(resultFormula(collectedOf([null, null]))).toBe('count');
  });
  it('looks for a set value among the last RESULT_SINK_VALUES (1000) values only, the 1000th from the end too', () => {
    // A text 1000th from the end is seen: latest. One 1001st from the end, with 1000 nulls after it,
    // is not: count.
    expect(resultFormula(collectedOf(['x', ...new Array<null>(RESULT_SINK_VALUES - 1).fill(null)]))).toBe('latest');
    expect(resultFormula(collectedOf(['x', ...new Array<null>(RESULT_SINK_VALUES).fill(null)]))).toBe('count');
  });
});

describe('sinkResult', () => {
  it('sums the numbers in order and names the sum as the value', () => {
    expect(sinkResult('s', 'Revenue', collectedOf([10, 2.5, 7]))).toEqual({
      sinkId: 's',
      name: 'Revenue',
      count: 3,
      sum: 19.5,
      numeric: 3,
      last: 7,
      values: [10, 2.5, 7],
      formula: 'sum',
      named: false,
      lastToken: null,
      value: 19.5,
    });
  });
  it('reports the figure a Sink names (its result): count, sum, latest or average (issue 41, item 4)', () => {
    const c = collectedOf([10, 'x', 2, null]);
    expect(sinkResult('s', 's', c, 'count')).toMatchObject({ formula: 'count', named: true, value: 4 });
    expect(sinkResult('s', 's', c, 'sum')).toMatchObject({ formula: 'sum', named: true, value: 12 });
    expect(sinkResult('s', 's', c, 'latest')).toMatchObject({ formula: 'latest', named: true, value: null });
    // The average is over the numbers among the values.
    expect(sinkResult('s', 's', c, 'average')).toMatchObject({ formula: 'average', named: true, value: 6 });
    expect(sinkResult('s', 's', collectedOf(['a']), 'average')).toMatchObject({ value: null });
    expect(sinkResult('s', 's', collectedOf([]), 'average')).toMatchObject({ value: null, count: 0 });
  });
  it('gives the last value for records, the sum still covering the numbers among them', () => {
    const r = sinkResult('s', 's', collectedOf([4, [1, 2], { mean: 3 }]));
    expect(r).toMatchObject({ count: 3, sum: 4, numeric: 1, last: { mean: 3 }, formula: 'latest' });
    expect(r.value).toEqual({ mean: 3 });
  });
  it('counts an empty sink as 0, last null', () => {
    expect(sinkResult('s', 's', collectedOf([]))).toMatchObject({ count: 0, sum: 0, last: null, value: 0 });
  });
  it('lists only the first 1,000 values but counts, sums and takes the last of all of them', () => {
    const values = Array.from({ length: 1500 }, (_, i) => i + 1);
    const r = sinkResult('s', 's', collectedOf(values));
    expect(r.values).toHaveLength(1000);
    expect(r.values[999]).toBe(1000);
    // 1 + 2 + … + 1500 = 1500 × 1501 / 2
    expect(r).toMatchObject({ count: 1500, sum: 1125750, last: 1500, value: 1125750 });
  });
});

describe('fsmResult', () => {
  it('lists every declared state for a per-correlation machine, 0 included', () => {
    expect(fsmResult('f', 'Doors', ['closed', 'open', 'timedOut'], true, null, { closed: 1, timedOut: 2 })).toEqual({
      nodeId: 'f',
      name: 'Doors',
      perCorrelation: true,
      state: null,
      counts: { closed: 1, open: 0, timedOut: 2 },
    });
  });
  it('counts one machine in its current state when it keeps no counts', () => {
    expect(fsmResult('f', 'f', ['idle', 'busy'], false, 'busy', {})).toMatchObject({
      state: 'busy',
      counts: { idle: 0, busy: 1 },
    });
  });
});

// Source 1, 2, 3 (steps 1–3) → double → "Doubled" (arrives steps 3–5: 2, 4, 6); source values
// [5, "x", 2] (steps 1–3) → "Mixed" (arrives steps 2–4); an FSM per correlation id.
const doc = scenario(
  [
    source('nums', 'double'),
    processNode('double', 'doubled', { processing: { formula: 'value * 2' } }),
    { ...sink('doubled'), displayName: 'Doubled' },
    source('mixed', 'mixedSink', { generation: { type: 'values', values: [5, 'x', 2] } }),
    sink('mixedSink'),
    source('ev', 'doors', { count: 0 }),
    {
      nodeId: 'doors',
      type: 'FSM',
      fsm: {
        instancePer: 'correlationId',
        states: ['closed', 'open'],
        transitions: [
          { from: 'closed', to: 'open', trigger: 'open' },
          { from: 'open', to: 'closed', trigger: 'close' },
        ],
      },
      outputs: [{ destinationNodeId: 'doorLog' }],
    },
    sink('doorLog'),
  ],
  { tickMs: 1000 },
);
const events = [
  { targetDataSourceId: 'ev', correlationId: 'A', event: 'open' },
  { targetDataSourceId: 'ev', correlationId: 'B', event: 'open' },
  { targetDataSourceId: 'ev', correlationId: 'A', event: 'close' },
];

function value(r: ReturnType<ReturnType<typeof run>['runResult']>): RunResult {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('runResult', () => {
  const engine = run(doc, { events });

  it('summarises every Sink and FSM of a finished run, with its hash and simulated time', () => {
    const r = value(engine.runResult());
    expect(r.status).toBe('completed');
    expect(r.step).toBe(engine.getCurrentTick());
    expect(r.simulatedMs).toBe(r.step * 1000);
    expect(r.ledgerHash).toBe(engine.ledgerHash());
    expect(r.ledgerEvents).toBe(engine.ledger.size);
    expect(r.truncation).toBeNull();
    expect(r.problems).toEqual([]);
    expect(r.sinks.map((s) => [s.sinkId, s.name, s.count, s.formula, s.value, s.last])).toEqual([
      ['doubled', 'Doubled', 3, 'sum', 12, 6],
      ['mixedSink', 'mixedSink', 3, 'latest', 2, 2],
      ['doorLog', 'doorLog', 3, 'count', 3, null],
    ]);
    expect(r.sinks[1]!.sum).toBe(7);
    // A opened then closed, B opened.
    expect(r.fsms).toEqual([
      { nodeId: 'doors', name: 'doors', perCorrelation: true, state: null, counts: { closed: 1, open: 1 } },
    ]);
  });

  it('answers an earlier step from the ledger prefix, without a hash', () => {
    // By step 3: "Doubled" has 2 (step 3), "Mixed" has 5 and "x" (steps 2, 3); A's "open" left
    // the source at step 1, the FSM at step 2 and reached "doorLog" at step 3.
    const r = value(engine.runResult(3));
    expect(r.ledgerHash).toBeNull();
    expect(r.sinks.map((s) => [s.sinkId, s.count, s.formula, s.value])).toEqual([
      ['doubled', 1, 'sum', 2],
      ['mixedSink', 2, 'latest', 'x'],
      ['doorLog', 1, 'count', 1],
    ]);
    expect(r.fsms[0]!.counts).toEqual({ closed: 0, open: 2 });
  });

  it('counts errors and drops per node and names the truncation', () => {
    const failing = scenario(
      [
        source('src', 'bad', { count: 10 }),
        processNode('bad', 'sink', { processing: { formula: 'upper(value)' } }),
        sink(),
      ],
      { maxSteps: 3 },
    );
    const r = value(run(failing).runResult());
    // Tokens leave the source at steps 1, 2, 3; "bad" fails on the first two (steps 2, 3) before maxSteps.
    expect(r.problems).toEqual([{ nodeId: 'bad', name: 'bad', errors: 2, dropped: 0 }]);
    expect(r.status).toBe('truncated');
    expect(r.truncation).toBe('truncated: maxSteps (3) was reached before the run completed');
  });

  it('counts the tokens a node dropped among its problems', () => {
    const routing = scenario([
      source('src', 'mux', { count: 3 }),
      {
        nodeId: 'mux',
        type: 'Multiplexer',
        multiplexing: { strategy: 'conditional', conditions: ['data.value >= 2'] },
        outputs: [{ destinationNodeId: 'sink' }],
      },
      sink(),
    ]);
    const r = value(run(routing).runResult());
    // Values 1, 2, 3: no condition holds for 1 and there is no default output, so it is dropped (one drop, no error).
    expect(r.problems).toEqual([{ nodeId: 'mux', name: 'mux', errors: 0, dropped: 1 }]);
    expect(r.sinks.map((s) => [s.sinkId, s.count])).toEqual([['sink', 2]]);
  });

  it('counts the external events consumed and the transitions fired, and warns of none only when a machine moved', () => {
    // 3 events consumed; A: closed → open → closed, B: closed → open: 3 transitions; the generated
    // sources' 6 tokens are not external events.
    const r = value(engine.runResult());
    expect(r).toMatchObject({ eventsConsumed: 3, transitionsFired: 3, unmovedFsms: [], warnings: [] });
    // By step 1 the source has emitted A's "open" (one event a step); the FSM takes it at step 2.
    const early = value(engine.runResult(1));
    expect(early).toMatchObject({ eventsConsumed: 1, transitionsFired: 0 });
    expect(early.unmovedFsms).toEqual([{ nodeId: 'doors', name: 'doors', initialState: 'closed' }]);
    // The run has not ended there: its token is still on its way, so no warning yet.
    expect(early.warnings).toEqual([]);
  });

  it('warns when events were consumed but no machine left its initial state, even with a loop on it firing', () => {
    // "tick" loops on closed: it fires, yet no machine leaves its initial state; "E7" matches nothing.
    const looping = JSON.parse(JSON.stringify(doc)) as { nodes: { nodeId: string; fsm?: { transitions: object[] } }[] };
    looping.nodes
      .find((n) => n.nodeId === 'doors')!
      .fsm!.transitions.push({ from: 'closed', to: 'closed', trigger: 'tick' });
    const fed = [
      { targetDataSourceId: 'ev', correlationId: 'A', event: 'tick' },
      { targetDataSourceId: 'ev', correlationId: 'B', event: 'E7' },
    ];
    const r = value(run(looping, { events: fed }).runResult());
    expect(r).toMatchObject({ eventsConsumed: 2, transitionsFired: 1 });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(
      /^2 external events were consumed, but no machine of doors has left its initial state "closed"/,
    );
    // Without events there is nothing to warn about, though no machine moved either.
    const quiet = value(run(doc).runResult());
    expect(quiet).toMatchObject({ eventsConsumed: 0, transitionsFired: 0, warnings: [] });
    expect(quiet.unmovedFsms).toHaveLength(1);
  });

  it('is where `flowledger run` takes its sinks from', () => {
    const summary = runSummary(engine);
    const r = value(engine.runResult());
    for (const s of r.sinks) expect(summary.sinks[s.sinkId]).toEqual({ count: s.count, sum: s.sum, values: s.values });
    expect(summary.sinks['doubled']).toEqual({ count: 3, sum: 12, values: [2, 4, 6] });
    expect(summary).toMatchObject({
      eventsConsumed: r.eventsConsumed,
      transitionsFired: r.transitionsFired,
      warnings: [],
    });
  });
});

describe('activityWarnings', () => {
  const door = { nodeId: 'd', name: 'Door', initialState: 'new' };
  const lamp = { nodeId: 'l', name: 'Lamp', initialState: 'off' };
  it('warns only when events were consumed and every FSM is unmoved', () => {
    expect(activityWarnings(0, 1, [door])).toEqual([]);
    expect(activityWarnings(5, 0, [])).toEqual([]);
    expect(activityWarnings(5, 2, [door])).toEqual([]);
    expect(activityWarnings(1, 1, [door])).toEqual([
      `1 external event was consumed, but no machine of Door has left its initial state "new": compare the events' names with the transitions' triggers (flowledger check-events)`,
    ]);
    expect(activityWarnings(5, 2, [door, lamp])[0]).toMatch(
      /^5 external events were consumed, but no machine of Door \("new"\), Lamp \("off"\) has left its initial state: /,
    );
  });
});
