/**
 * The order key of every line of a ledger (src/engine/shard/orderKeys.ts), as docs/scale.md defines
 * it: a DataSource's generated token `[step, 0, node, event index]`, a line written while a node
 * processes a delivered token `[step, 1, node, …key of the line that emitted that token]`, written as
 * 8 hex digits a number (`keyText`, checked in shardable.test.ts). The keys are worked out here by
 * hand from that rule over small runs whose ledgers are checked first; the lines a shard cannot place
 * (a token not emitted the step before, a wake-up) are refused, naming the event.
 */
import { describe, expect, it } from 'vitest';
import { keyText, orderKeys, shardability, shardOf } from '../../../../src/engine/shard';
import { brief, engineFor, scenario, sink, source } from '../helpers';
import { shardFile } from './shardFiles';

/** A Multiplexer sending each token, unchanged, to every one of `to`, in that order. */
function broadcast(nodeId: string, to: string[]) {
  return {
    nodeId,
    type: 'Multiplexer',
    multiplexing: { strategy: 'broadcast' },
    outputs: to.map((d) => ({ destinationNodeId: d })),
  };
}

const logSource = (to: string) => source('log', to, { count: 0, batchSize: 1 });

describe('orderKeys', () => {
  it('keys a delivery by the line that emitted its token in the step before, even when the token was re-emitted since', () => {
    // Nodes 0 log, 1 m (→ a, c), 2 a (→ c, x), 3 c, 4 x; one external event (index 0).
    // The token log#1 reaches c twice: at step 3 from m, at step 4 from a. At step 3 a re-emits it
    // before c runs, so c's delivery must still read m's line of step 2, not a's of step 3.
    const engine = engineFor(
      scenario([logSource('m'), broadcast('m', ['a', 'c']), broadcast('a', ['c', 'x']), sink('c'), sink('x')]),
      { events: [{ targetDataSourceId: 'log', correlationId: 'c1' }] },
    );
    engine.runToEnd();
    expect(shardability(engine.scenario)).toEqual({ shardable: true, blockers: [] });
    expect(brief(engine)).toEqual([
      '1 log TOKEN_GENERATED - -> log#1',
      '2 m TOKEN_ROUTED log#1 -> log#1',
      '2 m TOKEN_ROUTED log#1 -> log#1',
      '3 a TOKEN_ROUTED log#1 -> log#1',
      '3 a TOKEN_ROUTED log#1 -> log#1',
      '3 c TOKEN_COLLECTED log#1 -> -',
      '4 c TOKEN_COLLECTED log#1 -> -',
      '4 x TOKEN_COLLECTED log#1 -> -',
    ]);
    const gen = [1, 0, 0, 0]; // e1: step 1, phase 0, node log, event 0
    const atM = [2, 1, 1, ...gen]; // e2, e3: m's delivery of what e1 emitted
    const atA = [3, 1, 2, ...atM]; // e4, e5: a's delivery of what m emitted at step 2
    const cFromM = [3, 1, 3, ...atM]; // e6: c's delivery at step 3 comes from m (step 2), not a
    const cFromA = [4, 1, 3, ...atA]; // e7: c's delivery at step 4 comes from a (step 3)
    const xFromA = [4, 1, 4, ...atA]; // e8
    const keys = [...orderKeys(engine.ledger)];
    expect(keys).toEqual([gen, atM, atM, atA, atA, cFromM, cFromA, xFromA].map(keyText));
    expect(keys[0]).toBe('00000001' + '00000000' + '00000000' + '00000000');
    expect([...keys].sort()).toEqual(keys);
  });

  it('refuses a line whose token was not emitted in the step before (an overflow drop), naming it', () => {
    // Not shardable (the capacity is shared by every id), so only a direct reader sees it: log → m →
    // agg (capacity 1, drop_oldest). Step 2: e2 log#2, e3 m routes log#1. Step 3: e4 m routes
    // log#2, e5 agg buffers log#1. Step 4: agg gets log#2 and first drops log#1 (e6), a token last
    // emitted at step 2 (and before that at step 1), never at step 3.
    const engine = engineFor(
      scenario([
        logSource('m'),
        broadcast('m', ['agg']),
        {
          nodeId: 'agg',
          type: 'Aggregator',
          aggregation: {
            method: 'sum',
            field: 'v',
            groupBy: 'correlationId',
            trigger: { type: 'count', window: 5 },
            flushOnEnd: false,
          },
          capacity: 1,
          overflow: 'drop_oldest',
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
      {
        events: [
          { targetDataSourceId: 'log', correlationId: 'c1', v: 1 },
          { targetDataSourceId: 'log', correlationId: 'c2', v: 2 },
        ],
      },
    );
    engine.runToEnd();
    expect(brief(engine).slice(0, 7)).toEqual([
      '1 log TOKEN_GENERATED - -> log#1',
      '2 log TOKEN_GENERATED - -> log#2',
      '2 m TOKEN_ROUTED log#1 -> log#1',
      '3 m TOKEN_ROUTED log#2 -> log#2',
      '3 agg TOKEN_BUFFERED log#1 -> -',
      '4 agg TOKEN_DROPPED log#1 -> -',
      '4 agg TOKEN_BUFFERED log#2 -> -',
    ]);
    const keys = orderKeys(engine.ledger);
    for (let seq = 1; seq <= 5; seq++) keys.next();
    expect(() => keys.next()).toThrow(new Error('e6: token log#1 was not emitted in step 3'));
  });

  it('refuses a wake-up, whether it follows its own node’s line of an earlier step or another node’s line', () => {
    // log → fsm (a timer 2 steps after entering "open" again); the FSM sends nothing on.
    const fsm = (outputs: unknown[]) => ({
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
      outputs,
    });
    const refusal = (seq: number) =>
      new Error(
        `e${seq}: node "fsm" wrote an event with no delivered token (a wake-up or end flush), which a shard cannot place`,
      );
    const ping = { targetDataSourceId: 'log', correlationId: 'c1', event: 'ping' };

    // Alone: e1 log#1 (step 1), e2 the FSM's transition (step 2), e3 the timer (step 4) — the line
    // before the timer is the FSM's own, two steps earlier.
    const alone = engineFor(scenario([logSource('fsm'), fsm([])]), { events: [ping] });
    alone.runToEnd();
    expect(alone.ledger.size).toBe(3);
    expect([alone.ledger.get(2).nodeId, alone.ledger.get(2).step]).toEqual(['fsm', 2]);
    expect([alone.ledger.get(3).nodeId, alone.ledger.get(3).step, alone.ledger.get(3).details]).toEqual([
      'fsm',
      4,
      { trigger: 'timer' },
    ]);
    expect(() => [...orderKeys(alone.ledger)]).toThrow(refusal(3));

    // With other → kept fed one event a step: step 4 writes other's line, then the timer, in the
    // same step at another node.
    const busy = engineFor(
      scenario([logSource('fsm'), source('other', 'kept', { count: 0, batchSize: 1 }), fsm([]), sink('kept')]),
      {
        events: [ping, ...['o1', 'o2', 'o3', 'o4'].map((id) => ({ targetDataSourceId: 'other', correlationId: id }))],
      },
    );
    busy.runToEnd();
    const l = busy.ledger;
    const timer = [...Array(l.size).keys()]
      .map((i) => i + 1)
      .find((seq) => l.get(seq).details?.['trigger'] === 'timer')!;
    expect([l.get(timer - 1).nodeId, l.get(timer - 1).step, l.get(timer).step]).toEqual(['other', 4, 4]);
    expect(() => [...orderKeys(l)]).toThrow(refusal(timer));
  });
  it('refuses a delivery of a token that more than one delivery sent on in the step before (as shardability refuses the template)', () => {
    // Nodes 0 log, 1 m (→ a, b), 2 a (→ c), 3 b (→ c), 4 c. m sends log#1 to a and to b; at step 3
    // each routes it, unchanged, to c, so c's inbox at step 4 holds log#1 twice, from e4 (a's key)
    // and from e5 (b's key). The ledger does not say which line delivered which copy, nor where the
    // first delivery's lines end, so neither line of c can be keyed: with another id's token routed
    // the same way, the single run interleaves them (c: x from a, y from a, x from b, y from b),
    // which no key taken from one of the two emitters restores.
    const engine = engineFor(
      scenario([logSource('m'), broadcast('m', ['a', 'b']), broadcast('a', ['c']), broadcast('b', ['c']), sink('c')]),
      { events: [{ targetDataSourceId: 'log', correlationId: 'c1' }] },
    );
    engine.runToEnd();
    // The analysis refuses this fan-out up front (docs/scale.md); the keys refuse it on their own too.
    expect(shardability(engine.scenario)).toEqual({
      shardable: false,
      blockers: [
        {
          nodeId: 'm',
          reason:
            'sends one token to "a", "b", which pass it on unchanged in the same step: the merge cannot tell which of them sent it on (not supported by sharding yet)',
        },
      ],
    });
    expect(brief(engine)).toEqual([
      '1 log TOKEN_GENERATED - -> log#1',
      '2 m TOKEN_ROUTED log#1 -> log#1',
      '2 m TOKEN_ROUTED log#1 -> log#1',
      '3 a TOKEN_ROUTED log#1 -> log#1',
      '3 b TOKEN_ROUTED log#1 -> log#1',
      '4 c TOKEN_COLLECTED log#1 -> -',
      '4 c TOKEN_COLLECTED log#1 -> -',
    ]);
    const keys = orderKeys(engine.ledger);
    for (let seq = 1; seq <= 5; seq++) keys.next();
    expect(() => keys.next()).toThrow(
      new Error(
        'e6: token log#1 was sent on by more than one delivery in step 3, so which one delivered it is unknown and a shard cannot place it',
      ),
    );
  });
  it('makes run --shard refuse such a template rather than write keys that merge in another order', () => {
    // log → m (→ a, b); a routes every token to x, b only those with v > 1 to y. s2 (v 2, shard 0
    // of 2) goes through a and b, u1 (v 1, shard 1) through a only. The single run's x collects s2
    // then u1 (a's order); keyed by b's line, s2's line at x sorted after u1's, and the two shards
    // merged without complaint into a ledger with x's lines swapped.
    const doc = scenario([
      source('log', 'm', { count: 0, batchSize: 2 }),
      broadcast('m', ['a', 'b']),
      broadcast('a', ['x']),
      {
        nodeId: 'b',
        type: 'Multiplexer',
        multiplexing: { strategy: 'conditional', conditions: ['data.v > 1'] },
        outputs: [{ destinationNodeId: 'y' }],
      },
      sink('x'),
      sink('y'),
    ]);
    const events = [
      { targetDataSourceId: 'log', correlationId: 's2', v: 2 },
      { targetDataSourceId: 'log', correlationId: 'u1', v: 1 },
    ];
    expect([shardOf('s2', 2), shardOf('u1', 2)]).toEqual([0, 1]);
    // Shard 0's ledger: e1 log#1, e2–e3 m, e4 a, e5 b, then x's delivery e6.
    expect(() => shardFile(doc, events, 0, 2)).toThrow(
      new Error(
        'e6: token log#1 was sent on by more than one delivery in step 3, so which one delivered it is unknown and a shard cannot place it',
      ),
    );
    expect(shardFile(doc, events, 1, 2)).toContain('"correlationId":"u1"');
  });
});
