/**
 * The keys `run --workers K` gives ledger lines as the shards write them (src/engine/shard/deliveryKeys.ts):
 * a line with no delivered token (a wake-up or an end flush) cannot be placed and throws, as
 * `orderKeys` does. Shardability refuses templates that write such lines before any key is asked,
 * so the keys are read here directly over the ledger of one that does.
 */
import { describe, expect, it } from 'vitest';
import { DeliveryKeys } from '../../../../src/engine/shard/deliveryKeys';
import { engineFor, scenario, sink, source } from '../helpers';

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
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            states: ['open', 'idle'],
            transitions: [
              { from: 'open', to: 'open', trigger: 'ping' },
              { from: 'open', to: 'idle', trigger: 'timer', after: 2 },
            ],
          },
          outputs: [{ destinationNodeId: 'sink' }],
        },
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
});
