/**
 * The comparison read from two runs' ledger columns (`diffRuns`) on cases the generated pairs of
 * diffProperties.test.ts rarely or never make: runs on different clocks, an event that has a token
 * on one side and none on the other, and tokens that differ only in their correlation ids. Each
 * expectation is worked out by hand from the ledger lines the two runs write, and the lines path
 * (`diffLedgers`) is asked the same question, since both must answer alike.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../src/engine';
import { diffLedgers, diffRuns, ledgerLineBatches } from '../../../../src/engine/diff';
import type { LedgerDiff } from '../../../../src/contract/diff';
import { engineFor, run, scenario, sink, source, type Json } from '../helpers';

/** Both paths' answer for a against b; they must agree. */
async function compare(a: Engine, b: Engine): Promise<LedgerDiff> {
  const columns = await diffRuns(a.ledger, b.ledger);
  const lines = await diffLedgers(ledgerLineBatches(a.ledger, 3), ledgerLineBatches(b.ledger, 3), {
    nodesA: a.ledger.nodes,
    nodesB: b.ledger.nodes,
  });
  if (!lines.ok) throw new Error(lines.error.message);
  expect(columns).toEqual(lines.value);
  return columns;
}

const T = 1735689600000;

/** A run of one `order` event in the original tool's shape, carrying `ids` as its correlation ids,
 *  from an execution-events DataSource into a Sink. */
function fed(ids: string[]) {
  const doc = scenario([
    {
      nodeId: 'events',
      type: 'DataSource',
      generation: { type: 'execution-events', eventType: 'order' },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ]);
  const engine = engineFor(doc, { events: [{ type: 'order', correlationIds: ids, data: { value: 1 } }] });
  engine.runToEnd();
  return engine;
}

describe('diffRuns', () => {
  it('compares the timestamps of two clocks, not the clocks: they agree where startTime + step × tickMs meet', async () => {
    // One token: generated at step 1 (startAt 1), collected at step 2.
    const doc = (clock: Json) => scenario([source('src', 'sink', { count: 1 }), sink()], clock);
    const a = run(doc({ startTime: T, tickMs: 1000 }));
    // Step 1 at T + 500 + 500 = T + 1000 as in a; step 2 at T + 1500, against a's T + 2000.
    const b = run(doc({ startTime: T + 500, tickMs: 500 }));
    const r = await compare(a, b);
    expect(r.identical).toBe(false);
    expect(r.firstDivergentStep).toBe(2);
    expect(r.at?.seq).toBe(2);
    // Step 0 carries no event (nothing is due before startAt), so both clocks agreeing at step 0
    // and at no later step (another tickMs alone) diverge at the first event, step 1.
    const c = run(doc({ startTime: T, tickMs: 500 }));
    expect((await compare(a, c)).at?.seq).toBe(1);
    expect((await compare(a, run(doc({ startTime: T, tickMs: 1000 })))).identical).toBe(true);
  });

  it('finds a run identical to itself, as when a run is compared with itself (one ledger on both sides)', async () => {
    // The worker compares the ledgers of the two runs asked for; asked for one run twice, both
    // sides are the same ledger, so every token is the same object on both sides. Three tokens
    // generated, each collected: 6 events, no divergence.
    const a = run(scenario([source('src', 'sink'), sink()]));
    const r = await compare(a, a);
    expect(r.identical).toBe(true);
    expect(r.firstDivergentStep).toBeNull();
    expect(r.at).toBeNull();
    expect(r.ledgers.a.events).toBe(6);
  });

  it('awaits pace first and then once every 16,384 events of each pass, not once an event', async () => {
    // 9,000 tokens generated and collected: 18,000 events a side. Identical runs: pace first (1),
    // the comparison pass reaches event 16,384 (1), and each side's tally does too (2): 4 awaits.
    // Runs that differ at their first event (another sequence start): the comparison stops at
    // event 1, before its 16,384th, so 3.
    const doc = (start: number) =>
      scenario([source('src', 'sink', { count: 9000, generation: { type: 'sequence', start, step: 1 } }), sink()], {
        maxSteps: 10_000,
      });
    const a = run(doc(1));
    expect(a.ledger.size).toBe(18_000);
    let paced = 0;
    const pace = async () => {
      paced++;
    };
    expect((await diffRuns(a.ledger, run(doc(1)).ledger, { pace })).identical).toBe(true);
    expect(paced).toBe(4);
    paced = 0;
    expect((await diffRuns(a.ledger, run(doc(2)).ledger, { pace })).at?.seq).toBe(1);
    expect(paced).toBe(3);
  });

  it('finds the divergence at an event that has an output token on one side and none on the other, either way round', async () => {
    // A token no transition takes: an FSM that emits (a state has an emit action) passes nothing
    // on, `src#1 -> -`; one without emit actions passes it on with its state, `src#1 -> fsm#1`.
    const doc = (emits: boolean) =>
      scenario([
        source('src', 'fsm', { count: 1 }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: ['idle', emits ? { name: 'busy', onEntry: [{ action: 'emit' }] } : 'busy'],
            transitions: [{ from: 'idle', to: 'busy', trigger: 'go' }],
          },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]);
    const none = run(doc(true));
    const some = run(doc(false));
    for (const [a, b] of [
      [none, some],
      [some, none],
    ] as const) {
      const r = await compare(a, b);
      // Event 1: step 1, src TOKEN_GENERATED on both sides; event 2: step 2, fsm TOKEN_PROCESSED.
      expect(r.firstDivergentStep).toBe(2);
      expect(r.at?.seq).toBe(2);
    }
  });

  it('finds the divergence at a transition that leaves from the same state into another', async () => {
    // An FSM with an emit action sends only emitted tokens, and neither busy nor done emits: the
    // transition idle -> busy (a) or idle -> done (b) has the same step, node, from state and
    // input token (src#1) and no output token on either side; only its `to` differs.
    const doc = (to: string) =>
      scenario([
        source('src', 'fsm', { count: 1 }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: ['idle', 'busy', 'done', { name: 'loud', onEntry: [{ action: 'emit' }] }],
            transitions: [{ from: 'idle', to }],
          },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]);
    const a = run(doc('busy'));
    const b = run(doc('done'));
    // Event 1: step 1, src TOKEN_GENERATED; event 2: step 2, the transition; nothing after it.
    const r = await compare(a, b);
    expect(r.identical).toBe(false);
    expect(r.firstDivergentStep).toBe(2);
    expect(r.at?.seq).toBe(2);
    expect((await compare(a, run(doc('busy')))).identical).toBe(true);
  });

  it('compares every correlation id of a token, the last one too', async () => {
    // An event in the original tool's shape takes its correlation ids from the event itself when
    // its payload has none, and they are not part of the token's data: the two tokens below have
    // the same id (events#1) and the same data ({value: 1, event: "order"}), and differ only in
    // their second correlation id.
    const a = fed(['order-1', 'customer-7']);
    const b = fed(['order-1', 'customer-8']);
    expect(a.ledger.tokens.get(0)).toEqual({
      id: 'events#1',
      correlationIds: ['order-1', 'customer-7'],
      data: { value: 1, event: 'order' },
    });
    const r = await compare(a, b);
    expect(r.identical).toBe(false);
    expect(r.firstDivergentStep).toBe(1);
    expect(r.at?.seq).toBe(1);
    expect((await compare(a, fed(['order-1', 'customer-7']))).identical).toBe(true);
  });

  it('finds tokens whose correlation id lists differ in length, either way round', async () => {
    // The same token id (events#1) and data ({value: 1, event: "order"}); one carries one
    // correlation id, the other that id and a second one: they differ at the first line.
    const one = fed(['order-1']);
    const two = fed(['order-1', 'customer-7']);
    for (const [a, b] of [
      [one, two],
      [two, one],
    ] as const) {
      const r = await compare(a, b);
      expect(r.identical).toBe(false);
      expect(r.firstDivergentStep).toBe(1);
      expect(r.at?.seq).toBe(1);
    }
  });
});
