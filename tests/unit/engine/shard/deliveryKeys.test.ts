/**
 * The keys `run --workers K` gives ledger lines as the shards write them (src/engine/shard/deliveryKeys.ts):
 * `[step, phase·2¹⁶ + node, x]`, x the external event's index for a DataSource's token and, for a
 * delivery, the seq of the first line of the group that emitted the token in the step before. A line
 * with no delivered token (a wake-up or an end flush) and a token a DataSource generated of its own
 * cannot be placed and throw, as `orderKeys` does. Shardability refuses templates that write such
 * lines before any key is asked, so the keys are read here directly over the ledger of one that does.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../src/engine';
import { DELIVERY_PHASE, DeliveryKeys } from '../../../../src/engine/shard/deliveryKeys';
import { engineFor, processNode, scenario, sink, source } from '../helpers';

/** Every line's key, read in seq order. */
function keysOf(engine: Engine): number[][] {
  const keys = new DeliveryKeys(engine.ledger);
  const out: number[][] = [];
  for (let seq = 1; seq <= engine.ledger.size; seq++) {
    keys.next(seq);
    out.push([keys.step, keys.phaseNode, keys.x]);
  }
  return out;
}

/** The FSM of these tests: per id, `ping` keeps it open and a timer `after` steps on closes it. */
function timedFsm(after: number): Record<string, unknown> {
  return {
    nodeId: 'fsm',
    type: 'FSM',
    fsm: {
      instancePer: 'correlationId',
      states: ['open', 'idle'],
      transitions: [
        { from: 'open', to: 'open', trigger: 'ping' },
        { from: 'open', to: 'idle', trigger: 'timer', after },
      ],
    },
    outputs: [{ destinationNodeId: 'sink' }],
  };
}

describe('DeliveryKeys', () => {
  it('refuses a timer line that follows another node’s line in the same step, naming the event', () => {
    // log → fsm (per id, a timer 2 steps after its machine starts) → sink; other → kept, one event a step.
    // Step 1: e1 log#1 (c1), e2 other#1. Step 2: e3 other#2, e4 fsm starts c1's machine, e5 kept.
    // Step 3: e6 other#3, e7 sink, e8 kept. Step 4: e9 other#4, then e10 c1's timer — no token, and
    // the line before it is other's, so it belongs to no delivery.
    const engine = engineFor(
      scenario([
        source('log', 'fsm', { count: 0, batchSize: 1 }),
        source('other', 'kept', { count: 0, batchSize: 1 }),
        timedFsm(2),
        sink(),
        sink('kept'),
      ]),
      {
        events: [
          { targetDataSourceId: 'log', correlationId: 'c1', event: 'ping' },
          ...['o1', 'o2', 'o3', 'o4'].map((id) => ({ targetDataSourceId: 'other', correlationId: id })),
        ],
      },
    );
    engine.runToEnd();
    const l = engine.ledger;
    expect([l.get(9).nodeId, l.get(9).step, l.get(10).nodeId, l.get(10).step]).toEqual(['other', 4, 'fsm', 4]);
    expect(l.get(10).details).toEqual({ trigger: 'timer' });
    const keys = new DeliveryKeys(l);
    for (let seq = 1; seq <= 9; seq++) keys.next(seq);
    expect(() => keys.next(10)).toThrow(
      new Error(
        'e10: node "fsm" wrote an event with no delivered token (a wake-up or end flush), which a shard cannot place',
      ),
    );
  });

  it('refuses a timer line that directly follows its own node’s delivery of the step before', () => {
    // log → fsm (a timer 1 step after its machine starts) → sink. Step 1: e1 log#1. Step 2: e2 fsm
    // starts c1's machine (and emits fsm#1). Step 3: e3 c1's timer — no token; the line before it
    // is fsm's own, but of step 2, so it belongs to no delivery — then e4 sink.
    const engine = engineFor(scenario([source('log', 'fsm', { count: 0, batchSize: 1 }), timedFsm(1), sink()]), {
      events: [{ targetDataSourceId: 'log', correlationId: 'c1', event: 'ping' }],
    });
    engine.runToEnd();
    const l = engine.ledger;
    expect([l.get(2).nodeId, l.get(2).step, l.get(3).nodeId, l.get(3).step]).toEqual(['fsm', 2, 'fsm', 3]);
    expect(l.get(3).inputToken).toBeUndefined();
    const keys = new DeliveryKeys(l);
    keys.next(1);
    keys.next(2);
    expect(() => keys.next(3)).toThrow(
      new Error(
        'e3: node "fsm" wrote an event with no delivered token (a wake-up or end flush), which a shard cannot place',
      ),
    );
  });

  it('refuses a token a DataSource generated of its own (no external event), naming the event', () => {
    const engine = engineFor(scenario([source('gen', 'sink', { count: 2 }), sink()]));
    engine.runToEnd();
    expect(engine.ledger.get(1).operation).toBe('TOKEN_GENERATED');
    expect(() => new DeliveryKeys(engine.ledger).next(1)).toThrow(
      new Error("e1: a generated token, not an external event's"),
    );
  });

  it('keys a delivery by the group that emitted its token the step before, though others pass it on in between', () => {
    // log (node 0) sends c1's token T to a, b, n and sink (nodes 1–4); a and b have no outputs; n
    // passes T to sink and its formula output's token M to kept (node 5).
    // Step 1: e1 log#1 = T (external event 0).
    // Step 2, each a delivery of e1's T: e2 a T → T, e3 b T → T (a and b already output T again in
    // this step: still e1's), e4 n T → T and e5 n T → M (one delivery: one key), e6 sink T.
    // Step 3: e7 sink T (e4's group emitted it) — right after e6, the same node and token a step
    // earlier; e8 kept M (emitted by e5, of the group e4 leads).
    const engine = engineFor(
      scenario([
        source('log', ['a', 'b', 'n', 'sink'], { count: 0, batchSize: 1 }),
        processNode('a', []),
        processNode('b', []),
        {
          nodeId: 'n',
          type: 'ProcessNode',
          outputs: [{ destinationNodeId: 'sink' }, { destinationNodeId: 'kept', formula: 'value + 1' }],
        },
        sink(),
        sink('kept'),
      ]),
      { events: [{ targetDataSourceId: 'log', correlationId: 'c1', value: 5 }] },
    );
    engine.runToEnd();
    const l = engine.ledger;
    expect(Array.from({ length: l.size }, (_, i) => `${l.get(i + 1).nodeId} ${l.get(i + 1).operation}`)).toEqual([
      'log TOKEN_GENERATED',
      'a TOKEN_PROCESSED',
      'b TOKEN_PROCESSED',
      'n TOKEN_PROCESSED',
      'n TOKEN_TRANSFORMED',
      'sink TOKEN_COLLECTED',
      'sink TOKEN_COLLECTED',
      'kept TOKEN_COLLECTED',
    ]);
    const d = DELIVERY_PHASE;
    expect(keysOf(engine)).toEqual([
      [1, 0, 0],
      [2, d + 1, 1],
      [2, d + 2, 1],
      [2, d + 3, 1],
      [2, d + 3, 1],
      [2, d + 4, 1],
      [3, d + 4, 4],
      [3, d + 5, 4],
    ]);
  });

  it('keeps the per-token tables past the first 1,024 tokens', () => {
    // 1,030 events all emitted at step 1 (e1…e1030, token i − 1 from event i − 1), passed on by p
    // (node 1) at step 2 (e1031…e2060, in the same order) and collected at step 3 (e2061…e3090).
    const n = 1030;
    const engine = engineFor(
      scenario([source('log', 'p', { count: 0, batchSize: n }), processNode('p', 'sink'), sink()]),
      { events: Array.from({ length: n }, (_, i) => ({ targetDataSourceId: 'log', correlationId: `c${i}` })) },
    );
    engine.runToEnd();
    expect(engine.ledger.size).toBe(3 * n);
    const d = DELIVERY_PHASE;
    const expected: number[][] = [];
    for (let i = 1; i <= n; i++) expected.push([1, 0, i - 1]);
    for (let i = 1; i <= n; i++) expected.push([2, d + 1, i]);
    for (let i = 1; i <= n; i++) expected.push([3, d + 2, n + i]);
    expect(keysOf(engine)).toEqual(expected);
  });
});
