/**
 * The read side at a step: step results (seed 2.3) for the current and earlier steps, node events
 * and activity (limit, step, newest first). Reading an earlier step never changes the run.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import type { QueryResult } from '../../../src/contract/queries';
import { engineFor, processNode, run, scenario, sink, source, stepOnce } from './helpers';

function value<T>(r: QueryResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const pipeline = scenario([
  source('src', 'double', { count: 5 }),
  processNode('double', 'sink', { formula: 'value * 2' }),
  sink(),
]);

describe('stepResult', () => {
  it('has the seed shape and message for the current step', () => {
    const engine = engineFor(pipeline);
    engine.advance(3);
    const r = value(engine.stepResult(3));
    expect(Object.keys(r)).toEqual([
      'success',
      'step',
      'timestamp',
      'status',
      'queueSize',
      'activity',
      'activityTotal',
      'allActivities',
      'allActivitiesTotal',
      'nodeStates',
      'activeNodeIds',
      'queueSnapshot',
      'message',
    ]);
    expect(r).toMatchObject({
      success: true,
      step: 3,
      timestamp: engine.scenario.startTime + 3000,
      status: 'running',
      allActivitiesTotal: 6,
      activeNodeIds: ['src', 'double', 'sink'],
    });
    // After step 3: src has 2 tokens to make, double#3 waits for the sink, src#3 for double.
    expect(r.queueSize).toBe(4);
    expect(r.message).toBe('Executed step 3; 4 events remaining in the queue');
    expect(r.activity.map((e) => `${e.nodeId} ${e.operation}`)).toEqual([
      'src TOKEN_GENERATED',
      'double TOKEN_TRANSFORMED',
      'sink TOKEN_COLLECTED',
    ]);
    expect(r.allActivities.map((e) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(r.queueSnapshot).toEqual({
      size: 4,
      next: [
        { nodeId: 'double', tokenId: 'src#3' },
        { nodeId: 'sink', tokenId: 'double#2' },
      ],
      external: { pending: 0, byTarget: {} },
    });
    expect(r.nodeStates['double']).toMatchObject({ tokensProcessed: 2, lastUpdate: engine.scenario.startTime + 3000 });
  });

  it('answers an earlier step as it was then — queue size included — and caps allActivities', () => {
    const engine = run(pipeline);
    const r = value(engine.stepResult(2, { activityLimit: 2 }));
    expect(r).toMatchObject({
      step: 2,
      status: 'running',
      queueSize: 5,
      allActivitiesTotal: 3,
      activeNodeIds: ['src', 'double'],
    });
    expect(r.message).toBe('Executed step 2; 5 events remaining in the queue');
    expect(r.allActivities.map((e) => e.seq)).toEqual([3, 2]);
    expect(r.nodeStates['sink']).toMatchObject({ tokensProcessed: 0, lastUpdate: null });
    const zero = value(engine.stepResult(0));
    expect(zero).toMatchObject({
      step: 0,
      status: 'ready',
      queueSize: 5,
      activity: [],
      allActivities: [],
      allActivitiesTotal: 0,
      activeNodeIds: [],
    });
    expect(zero.message).toBe('Executed step 0; 5 events remaining in the queue');
    const end = value(engine.stepResult(engine.getCurrentTick()));
    expect(end).toMatchObject({ status: 'completed', queueSize: 0 });
    expect(!engine.stepResult(99).ok && engine.stepResult(-1).ok).toBe(false);
  });

  it('for earlier steps does not change the live run: step to 10, read 3, step on — same hash as an uninterrupted run', () => {
    const doc = scenario([
      source('src', 'double', { count: 20, generation: { type: 'random', valueMin: 1, valueMax: 9 } }),
      processNode('double', 'sink', { formula: 'value * rand()' }),
      sink(),
    ]);
    const plain = run(doc);
    const engine = engineFor(doc);
    engine.advance(10);
    const before = engine.ledgerHash();
    const early = value(engine.stepResult(3));
    expect(early.step).toBe(3);
    expect(value(engine.stateAt(7)).step).toBe(7);
    expect(engine.getCurrentTick()).toBe(10);
    expect(engine.ledgerHash()).toBe(before);
    engine.runToEnd();
    expect(engine.ledgerHash()).toBe(plain.ledgerHash());
  });
});

describe('nodeEvents and nodeActivity', () => {
  const engine = run(pipeline);

  it('nodeEvents lists a node’s events up to a step, in seq order', () => {
    expect(value(engine.nodeEvents('double')).map((e) => e.outputToken!.id)).toEqual([
      'double#1',
      'double#2',
      'double#3',
      'double#4',
      'double#5',
    ]);
    expect(value(engine.nodeEvents('double', 3)).map((e) => e.seq)).toEqual([3, 5]);
    expect(value(engine.nodeEvents('sink', 1))).toEqual([]);
    expect(value(engine.nodeEvents('src', 0))).toEqual([]);
    const unknown = engine.nodeEvents('ghost');
    expect(!unknown.ok && unknown.error).toMatchObject({
      code: 'UNKNOWN_NODE',
      message: expect.stringContaining('src, double, sink'),
    });
    expect(!engine.nodeEvents('src', 100).ok).toBe(true);
  });

  it('nodeActivity is newest first, limited, and at a step', () => {
    const all = value(engine.nodeActivity('double'));
    expect(all.map((a) => a.tokenId)).toEqual(['double#5', 'double#4', 'double#3', 'double#2', 'double#1']);
    expect(value(engine.nodeActivity('double', { limit: 1 }))).toEqual([
      {
        timestamp: engine.scenario.startTime + 6000,
        operation: 'TOKEN_TRANSFORMED',
        tokenId: 'double#5',
        correlationId: 'src-5',
        details: { input: { value: 5 }, output: { value: 10 } },
        step: 6,
        nodeId: 'double',
        seq: 13,
      },
    ]);
    expect(value(engine.nodeActivity('double', { step: 3 })).map((a) => a.tokenId)).toEqual(['double#2', 'double#1']);
    expect(value(engine.nodeActivity('double', { step: 3, limit: 1 })).map((a) => a.tokenId)).toEqual(['double#2']);
    expect(value(engine.nodeActivity('double', { limit: 0 }))).toEqual([]);
    expect(value(engine.nodeActivity('sink', { limit: 1 }))[0]).toMatchObject({
      operation: 'TOKEN_COLLECTED',
      tokenId: 'double#5',
      details: { input: { value: 10 }, output: null },
    });
    expect(value(engine.nodeActivity('src', { limit: 1 }))[0]).toMatchObject({
      operation: 'TOKEN_GENERATED',
      tokenId: 'src#5',
      details: { input: null, output: { value: 5 } },
    });
    expect(!engine.nodeActivity('ghost').ok).toBe(true);
  });

  it('shows a merge’s consumed tokens as its input', () => {
    const e = run(
      scenario([
        source('src', 'agg', { count: 2 }),
        {
          nodeId: 'agg',
          type: 'Aggregator',
          aggregation: { method: 'collect' },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(value(e.nodeActivity('agg', { limit: 1 }))[0]!.details).toEqual({
      input: [{ value: 1 }, { value: 2 }],
      output: { value: [1, 2], count: 2, method: 'collect' },
    });
  });
});

describe('replay of an FSM whose actions create variables later read by a condition', () => {
  it('rebuilds the instances, their variables and the scope at every step', () => {
    const doc = scenario([
      source('src', 'fsm', { count: 0 }),
      {
        nodeId: 'fsm',
        type: 'FSM',
        fsm: {
          instancePer: 'correlationId',
          states: [
            { name: 'a', onEntry: [{ action: 'increment', target: 'visits' }] },
            { name: 'b', onEntry: [{ action: 'set_variable', target: 'last', formula: 'coalesce(value, last)' }] },
          ],
          transitions: [
            { from: 'a', to: 'b', trigger: 'token_received', condition: 'coalesce(last, 0) < value' },
            { from: 'b', to: 'a', trigger: 'token_received', condition: 'last > value' },
          ],
        },
        outputs: [{ destinationNodeId: 'sink' }],
      },
      sink(),
    ]);
    const values = [3, 8, 1, 9, 2, 7, 4, 4, 6, 1, 5, 8];
    const events = values.map((value, i) => ({ targetDataSourceId: 'src', correlationId: `k${i % 3}`, value }));
    // Spacings that put checkpoints at every step, every few steps, and only at step 0.
    for (const spacing of [1, 9, 23, 8192]) {
      const engine = new Engine({ checkpointSpacing: spacing });
      engine.initialize(doc);
      engine.getExternalEventQueue().addEvents(events);
      const live: unknown[] = [];
      do live.push(structuredClone(value(engine.stateAt(engine.getCurrentTick()))));
      while (stepOnce(engine));
      for (let k = live.length - 1; k >= 0; k--)
        expect(value(engine.stateAt(k)), `step ${k}, spacing ${spacing}`).toEqual(live[k]);
    }
  });
});

describe('stepResult: a step that writes many events (issue 10, item 5)', () => {
  /** DataSource → broadcast Multiplexer with 40 outputs to one sink: one step writes 40 events. */
  const fanOut = scenario([
    source('src', 'router', { count: 1 }),
    {
      nodeId: 'router',
      type: 'Multiplexer',
      multiplexing: { strategy: 'broadcast' },
      outputs: Array.from({ length: 40 }, (_, i) => ({ name: `o${i}`, destinationNodeId: 'sink' })),
    },
    sink(),
  ]);

  it('caps `activity` at `activityLimit` and counts the whole step in `activityTotal`', () => {
    const engine = engineFor(fanOut);
    engine.advance(5);
    let busiest = 0;
    let busiestTotal = 0;
    for (let s = 0; s <= engine.getCurrentTick(); s++) {
      const all = value(engine.stepResult(s, { activityLimit: Infinity }));
      if (all.activity.length > busiestTotal) [busiest, busiestTotal] = [s, all.activity.length];
    }
    expect(busiestTotal).toBeGreaterThanOrEqual(40);
    const one = value(engine.stepResult(busiest, { activityLimit: 1 }));
    expect(one.activity).toHaveLength(1);
    expect(one.allActivities).toHaveLength(1);
    expect(one.activityTotal).toBe(busiestTotal);
    const full = value(engine.stepResult(busiest, { activityLimit: Infinity }));
    expect(one.activity[0]).toEqual(full.activity[0]);
    expect(value(engine.stepResult(busiest)).activity).toHaveLength(busiestTotal);
  });
});
