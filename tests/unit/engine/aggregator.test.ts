import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import type { RunSnapshot } from '../../../src/contract/queries';
import {
  brief,
  collected,
  collectedTokens,
  engineFor,
  eventsOf,
  run,
  scenario,
  sink,
  source,
  stepOnce,
  type Json,
} from './helpers';

/** src (n sequence values 1…n, or external events) → agg → sink. */
function aggDoc(aggregation: Json, extra: { count?: number; node?: Json; root?: Json } = {}): Json {
  return scenario(
    [
      source('src', 'agg', { count: extra.count ?? 6 }),
      { nodeId: 'agg', type: 'Aggregator', aggregation, ...extra.node, outputs: [{ destinationNodeId: 'sink' }] },
      sink(),
    ],
    extra.root,
  );
}

const window3 = { type: 'count', window: 3 };
const ev = (data: Json) => ({ targetDataSourceId: 'src', ...data });

describe('Aggregator', () => {
  it.each([
    ['sum', [6, 15]],
    ['average', [2, 5]],
    ['count', [3, 3]],
    ['min', [1, 4]],
    ['max', [3, 6]],
    ['first', [1, 4]],
    ['last', [3, 6]],
    [
      'collect',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ],
  ])('aggregates with %s', (method, expected) => {
    expect(collected(run(aggDoc({ method, trigger: window3 })))).toEqual(expected);
  });

  it('aggregates with a formula over values and tokens', () => {
    const engine = run(
      aggDoc({
        method: 'formula',
        formula: "sum(values) * 10 + len(tokens) + (tokens[0].id == 'src#1' ? 0.5 : 0)",
        trigger: window3,
      }),
    );
    expect(collected(engine)).toEqual([60.5 + 3, 153]);
  });

  it('records TOKEN_BUFFERED per input and TOKEN_AGGREGATED with the consumed tokens and the union of their ids', () => {
    const engine = run(aggDoc({ method: 'sum', trigger: window3 }));
    expect(brief(engine, (e) => e.nodeId === 'agg')).toEqual([
      '2 agg TOKEN_BUFFERED src#1 -> -',
      '3 agg TOKEN_BUFFERED src#2 -> -',
      '4 agg TOKEN_BUFFERED src#3 -> -',
      '4 agg TOKEN_AGGREGATED [src#1,src#2,src#3] -> agg#1',
      '5 agg TOKEN_BUFFERED src#4 -> -',
      '6 agg TOKEN_BUFFERED src#5 -> -',
      '7 agg TOKEN_BUFFERED src#6 -> -',
      '7 agg TOKEN_AGGREGATED [src#4,src#5,src#6] -> agg#2',
    ]);
    expect(eventsOf(engine, 'agg')[3]!.details).toEqual({ trigger: 'count' });
    expect(collectedTokens(engine)[0]).toEqual({
      id: 'agg#1',
      correlationIds: ['src-1', 'src-2', 'src-3'],
      data: { value: 6, count: 3, method: 'sum' },
    });
  });

  it('flushes every window seconds with a time trigger, after that step’s deliveries', () => {
    const engine = run(aggDoc({ method: 'collect', trigger: { type: 'time', window: 2 } }, { count: 5 }));
    expect(brief(engine, (e) => e.operation === 'TOKEN_AGGREGATED')).toEqual([
      '2 agg TOKEN_AGGREGATED [src#1] -> agg#1',
      '4 agg TOKEN_AGGREGATED [src#2,src#3] -> agg#2',
      '6 agg TOKEN_AGGREGATED [src#4,src#5] -> agg#3',
    ]);
    expect(collected(engine)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('counts a buffer waiting for its timed flush in the queue size', () => {
    const engine = engineFor(aggDoc({ method: 'sum', trigger: { type: 'time', window: 4 } }, { count: 1 }));
    engine.advance(2);
    expect(engine.getQueue().size()).toBe(1);
    engine.runToEnd();
    expect(brief(engine, (e) => e.operation === 'TOKEN_AGGREGATED')).toEqual([
      '4 agg TOKEN_AGGREGATED [src#1] -> agg#1',
    ]);
  });

  it('flushes as soon as the running result reaches a threshold', () => {
    const engine = run(aggDoc({ method: 'sum', trigger: { type: 'threshold', value: 5 } }, { count: 5 }));
    expect(brief(engine, (e) => e.operation === 'TOKEN_AGGREGATED')).toEqual([
      '4 agg TOKEN_AGGREGATED [src#1,src#2,src#3] -> agg#1',
      '6 agg TOKEN_AGGREGATED [src#4,src#5] -> agg#2',
    ]);
    expect(eventsOf(engine, 'agg').find((e) => e.operation === 'TOKEN_AGGREGATED')!.details).toEqual({
      trigger: 'threshold',
    });
  });

  it('without a trigger, flushes once nothing else is pending', () => {
    const engine = engineFor(aggDoc({ method: 'sum' }, { count: 3 }));
    engine.advance(4);
    // The source is done and every token is buffered: only the end flush is pending.
    expect(engine.getQueue().size()).toBe(1);
    engine.runToEnd();
    expect(brief(engine).slice(-2)).toEqual([
      '5 agg TOKEN_AGGREGATED [src#1,src#2,src#3] -> agg#1',
      '6 sink TOKEN_COLLECTED agg#1 -> -',
    ]);
    expect(eventsOf(engine, 'agg').at(-1)!.details).toEqual({ trigger: 'end' });
  });

  it('flushes a partial buffer at the end (flushOnEnd), or keeps it when flushOnEnd is false', () => {
    expect(collected(run(aggDoc({ method: 'sum', trigger: { type: 'count', window: 2 } }, { count: 3 })))).toEqual([
      3, 3,
    ]);
    const kept = run(aggDoc({ method: 'sum', trigger: { type: 'count', window: 2 }, flushOnEnd: false }, { count: 3 }));
    expect(collected(kept)).toEqual([3]);
    expect(kept.status).toBe('completed');
    expect(kept.getNodeState('agg')!.aggregates).toEqual({ buffered: 1, emitted: 1, dropped: 0 });
  });

  it('keeps separate buffers per correlation id', () => {
    const engine = run(
      aggDoc({ method: 'collect', trigger: { type: 'count', window: 2 }, groupBy: 'correlationId' }, { count: 0 }),
      {
        events: ['A', 'B', 'A', 'B', 'A'].map((c, i) => ev({ correlationId: c, value: i + 1 })),
      },
    );
    expect(collectedTokens(engine).map((t) => [t.correlationIds, t.data])).toEqual([
      [['A'], { value: [1, 3], count: 2, method: 'collect', key: 'A' }],
      [['B'], { value: [2, 4], count: 2, method: 'collect', key: 'B' }],
      [['A'], { value: [5], count: 1, method: 'collect', key: 'A' }],
    ]);
    expect(eventsOf(engine, 'agg')[0]!.details).toEqual({ key: 'A' });
  });

  it('groups by the token’s own correlation id, which a generated token has and its data does not', () => {
    // A generated token's correlation id is "<nodeId>-<n>" (docs/dsl.md, Tokens and ids) and its data
    // is only {value}: each of the four tokens is alone in its group, so no window of 2 fills and the
    // end flush emits four groups of one, each naming its key.
    const engine = run(
      aggDoc({ method: 'count', trigger: { type: 'count', window: 2 }, groupBy: 'correlationId' }, { count: 4 }),
    );
    expect(collectedTokens(engine).map((t) => [t.correlationIds, t.data])).toEqual([
      [['src-1'], { value: 1, count: 1, method: 'count', key: 'src-1' }],
      [['src-2'], { value: 1, count: 1, method: 'count', key: 'src-2' }],
      [['src-3'], { value: 1, count: 1, method: 'count', key: 'src-3' }],
      [['src-4'], { value: 1, count: 1, method: 'count', key: 'src-4' }],
    ]);
  });

  it('keeps separate buffers per value of a data path', () => {
    const engine = run(
      aggDoc({ method: 'count', trigger: { type: 'count', window: 2 }, groupBy: 'meta.kind' }, { count: 0 }),
      {
        events: ['x', 'y', 'x', 'z'].map((kind) => ev({ meta: { kind } })),
      },
    );
    expect(collectedTokens(engine).map((t) => [t.data['key'], t.data['value']])).toEqual([
      ['x', 2],
      ['y', 1],
      ['z', 1],
    ]);
  });

  it('rejects tokens over capacity with overflow "reject", recording TOKEN_DROPPED', () => {
    const engine = run(aggDoc({ method: 'collect' }, { count: 4, node: { capacity: 2, overflow: 'reject' } }));
    expect(brief(engine, (e) => e.nodeId === 'agg')).toEqual([
      '2 agg TOKEN_BUFFERED src#1 -> -',
      '3 agg TOKEN_BUFFERED src#2 -> -',
      '4 agg TOKEN_DROPPED src#3 -> -',
      '5 agg TOKEN_DROPPED src#4 -> -',
      '6 agg TOKEN_AGGREGATED [src#1,src#2] -> agg#1',
    ]);
    expect(eventsOf(engine, 'agg')[2]!.details).toEqual({ reason: 'capacity', capacity: 2, overflow: 'reject' });
    expect(engine.getNodeState('agg')!.aggregates).toMatchObject({ dropped: 2 });
  });

  it('drops the oldest held token with overflow "drop_oldest"', () => {
    const engine = run(aggDoc({ method: 'collect' }, { count: 4, node: { capacity: 2, overflow: 'drop_oldest' } }));
    expect(brief(engine, (e) => e.nodeId === 'agg')).toEqual([
      '2 agg TOKEN_BUFFERED src#1 -> -',
      '3 agg TOKEN_BUFFERED src#2 -> -',
      '4 agg TOKEN_DROPPED src#1 -> -',
      '4 agg TOKEN_BUFFERED src#3 -> -',
      '5 agg TOKEN_DROPPED src#2 -> -',
      '5 agg TOKEN_BUFFERED src#4 -> -',
      '6 agg TOKEN_AGGREGATED [src#3,src#4] -> agg#1',
    ]);
    expect(collected(engine)).toEqual([[3, 4]]);
  });

  it('skips values that are not numbers in numeric methods', () => {
    const engine = run(aggDoc({ method: 'average', trigger: { type: 'count', window: 3 } }, { count: 0 }), {
      events: [ev({ value: 2 }), ev({ value: 'x' }), ev({ other: 1 })],
    });
    expect(collected(engine)).toEqual([2]);
  });

  it('records a failing formula as NODE_ERROR with the consumed tokens', () => {
    const engine = run(
      aggDoc({ method: 'formula', formula: 'upper(values)', trigger: { type: 'count', window: 2 } }, { count: 2 }),
    );
    const error = eventsOf(engine, 'agg').at(-1)!;
    expect(error).toMatchObject({ operation: 'NODE_ERROR', inputTokens: ['src#1', 'src#2'] });
    expect(collected(engine)).toEqual([]);
  });

  it('drops the whole buffer with the error when a threshold check’s formula fails', () => {
    // docs/dsl.md: a failing formula is a NODE_ERROR with the consumed tokens, which are dropped.
    // The threshold check runs the formula at each arrival, so each token is buffered, then
    // dropped with the error at once: nothing is left for the end flush.
    const engine = run(
      aggDoc({ method: 'formula', formula: 'upper(values)', trigger: { type: 'threshold', value: 3 } }, { count: 2 }),
    );
    expect(brief(engine, (e) => e.nodeId === 'agg')).toEqual([
      '2 agg TOKEN_BUFFERED src#1 -> -',
      '2 agg NODE_ERROR [src#1] -> -',
      '3 agg TOKEN_BUFFERED src#2 -> -',
      '3 agg NODE_ERROR [src#2] -> -',
    ]);
    expect(engine.getNodeState('agg')!.aggregates).toMatchObject({ buffered: 0 });
    expect(collected(engine)).toEqual([]);
  });

  it('travels back through a half-filled buffer: every earlier step replays to the live state', () => {
    // `len(values)` reaches the threshold 3 at every third token, so the sink gets 3, 3, 3. A
    // checkpoint taken while one or two tokens are held must keep the values held then: the tokens
    // that arrive after it, re-delivered by the replay, must not be counted twice.
    const doc = aggDoc(
      { method: 'formula', formula: 'len(values)', trigger: { type: 'threshold', value: 3 } },
      { count: 9 },
    );
    for (const spacing of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const engine = new Engine({ checkpointSpacing: spacing });
      expect(engine.initialize(doc).errors).toEqual([]);
      const live: RunSnapshot[] = [];
      do {
        const now = engine.stateAt(engine.getCurrentTick());
        if (!now.ok) throw new Error(now.error.message);
        live.push(structuredClone(now.value));
      } while (stepOnce(engine));
      expect(collected(engine)).toEqual([3, 3, 3]);
      for (let k = 0; k < live.length; k++)
        expect(engine.stateAt(k), `spacing ${spacing}, step ${k}`).toEqual({ ok: true, value: live[k] });
    }
  });
});

describe('Aggregator threshold over values that are not numbers', () => {
  it('does not flush on a text result, however it compares, only on a number reaching the value', () => {
    // docs/dsl.md: a threshold flushes when the method's result is a number ≥ `value`. `last` of
    // the first token is the text "7", which is no number (though "7" >= 5 in JavaScript), so
    // nothing flushes at step 2; the second token's 6 is a number ≥ 5, so both flush at step 3.
    const engine = run(aggDoc({ method: 'last', trigger: { type: 'threshold', value: 5 } }, { count: 0 }), {
      events: [ev({ value: '7' }), ev({ value: 6 })],
    });
    expect(brief(engine, (e) => e.operation === 'TOKEN_AGGREGATED')).toEqual([
      '3 agg TOKEN_AGGREGATED [src#1,src#2] -> agg#1',
    ]);
    expect(collectedTokens(engine).map((t) => t.data)).toEqual([{ value: 6, count: 2, method: 'last' }]);
  });
});

describe('Aggregator node state when grouped', () => {
  it('counts the groups still holding tokens in aggregates.groups', () => {
    // Windows of 2 per correlation id: A fills its window at its second token (emitted 1), B's one
    // token stays (flushOnEnd false): one token held in one group (docs/dsl.md: aggregates =
    // {buffered, emitted, dropped, groups?}).
    const engine = run(
      aggDoc(
        { method: 'count', trigger: { type: 'count', window: 2 }, groupBy: 'correlationId', flushOnEnd: false },
        { count: 0 },
      ),
      { events: ['A', 'B', 'A'].map((c) => ev({ correlationId: c, value: 1 })) },
    );
    expect(engine.getNodeState('agg')!.aggregates).toEqual({ buffered: 1, emitted: 1, dropped: 0, groups: 1 });
  });
});

describe('Aggregator grouped by correlation id, given tokens without one', () => {
  it('puts the tokens of a node-mode FSM’s timers, which carry no correlation id, in the group of key ""', () => {
    // The FSM (node mode) moves waiting → a at step 1 and a → b at step 2 by timers, emitting a token
    // each time; a timer's token has no correlation ids in node mode (docs/dsl.md, FSM output).
    // Like the FSM's own instances (a token without any uses the key ""), the Aggregator keys such a
    // token by "": both share one group, whose window of 2 fills at step 3.
    const engine = run(
      scenario([
        source('src', 'fsm', { count: 0 }),
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: [
              'waiting',
              { name: 'a', onEntry: [{ action: 'emit' }] },
              { name: 'b', onEntry: [{ action: 'emit' }] },
            ],
            transitions: [
              { from: 'waiting', to: 'a', trigger: 'timer', after: 1 },
              { from: 'a', to: 'b', trigger: 'timer', after: 1 },
            ],
          },
          outputs: [{ destinationNodeId: 'agg' }],
        },
        {
          nodeId: 'agg',
          type: 'Aggregator',
          aggregation: { method: 'count', trigger: { type: 'count', window: 2 }, groupBy: 'correlationId' },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(brief(engine, (e) => e.nodeId === 'agg')).toEqual([
      '2 agg TOKEN_BUFFERED fsm#1 -> -',
      '3 agg TOKEN_BUFFERED fsm#2 -> -',
      '3 agg TOKEN_AGGREGATED [fsm#1,fsm#2] -> agg#1',
    ]);
    expect(eventsOf(engine, 'agg')[0]!.details).toEqual({ key: '' });
    expect(collectedTokens(engine)).toEqual([
      { id: 'agg#1', correlationIds: [], data: { value: 2, count: 2, method: 'count', key: '' } },
    ]);
  });
});
