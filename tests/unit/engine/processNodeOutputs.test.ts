/**
 * ProcessNode's per-output formulas and its runtime errors (docs/dsl.md, ProcessNode), one token
 * at a time and joined: which tokens each output gets, what a failing formula or `transform` field
 * records (`NODE_ERROR`, the token dropped, `details.output` naming a per-output formula's output
 * by its name, else its destination, as for a Multiplexer's `TOKEN_ROUTED`), and the counts in
 * `aggregates`. Expected values are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { brief, collected, collectedTokens, events, eventsOf, run, scenario, sink, source, type Json } from './helpers';

/** `upper(1)` / `lower(1)`: the wrong-type message of the expression language. */
const UPPER_OF_NUMBER = 'upper() expects a string, got number';
const LOWER_OF_NUMBER = 'lower() expects a string, got number';

/** Sources a (value 1) and b (value 7), one token each at step 1, joined by `p` at step 2. */
function joinOf(p: Json, sinks: string[]): Json {
  return scenario([
    source('a', 'p', { count: 1 }),
    source('b', 'p', { count: 1, generation: { type: 'constant', value: 7 } }),
    { nodeId: 'p', type: 'ProcessNode', inputs: [{ nodeId: 'a' }, { nodeId: 'b' }], ...p },
    ...sinks.map((id) => sink(id)),
  ]);
}

describe('ProcessNode runtime errors', () => {
  it('records the main formula’s error with its message only, a per-output one with the output’s name, else its destination', () => {
    // Value 1: upper(1) fails in the main formula, lower(1) on output "up" (to x), upper(1) on
    // the unnamed output to y. Three NODE_ERRORs in emission order (main first, then edge order);
    // the main token's failure also leaves the plain output z without a token.
    const engine = run(
      scenario([
        source('src', 'p', { count: 1 }),
        {
          nodeId: 'p',
          type: 'ProcessNode',
          formula: 'upper(value)',
          outputs: [
            { name: 'up', destinationNodeId: 'x', formula: 'lower(value)' },
            { destinationNodeId: 'y', formula: 'upper(value)' },
            { destinationNodeId: 'z' },
          ],
        },
        sink('x'),
        sink('y'),
        sink('z'),
      ]),
    );
    expect(brief(engine, (e) => e.nodeId !== 'src')).toEqual([
      '2 p NODE_ERROR src#1 -> -',
      '2 p NODE_ERROR src#1 -> -',
      '2 p NODE_ERROR src#1 -> -',
    ]);
    // Strict: the main formula's error has no `output` member at all.
    expect(eventsOf(engine, 'p').map((e) => e.details)).toStrictEqual([
      { message: UPPER_OF_NUMBER },
      { message: LOWER_OF_NUMBER, output: 'up' },
      { message: UPPER_OF_NUMBER, output: 'y' },
    ]);
    expect(engine.getNodeState('p')!.aggregates).toEqual({ transformed: 0, passed: 0, errors: 3 });
  });

  it('records a failing transform field as NODE_ERROR naming the field, and drops the token', () => {
    // Fields in order: ok = 1 * 2 succeeds, up = upper(1) fails; the whole result is dropped.
    const engine = run(
      scenario([
        source('src', 'p', { count: 1 }),
        {
          nodeId: 'p',
          type: 'ProcessNode',
          formula: '{ extra: true }',
          transform: { ok: 'value * 2', up: 'upper(value)' },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(brief(engine, (e) => e.nodeId !== 'src')).toEqual(['2 p NODE_ERROR src#1 -> -']);
    expect(eventsOf(engine, 'p')[0]!.details).toStrictEqual({ message: `transform of "up": ${UPPER_OF_NUMBER}` });
    expect(engine.getNodeState('p')!.aggregates).toEqual({ transformed: 0, passed: 0, errors: 1 });
  });
});

describe('ProcessNode join with per-output formulas', () => {
  it('makes the main token for the plain output and its own token for the output with a formula', () => {
    // Merged data: b's {value: 7} with a's {value: 1} over it → {value: 1}. Main: 1 + 1 = 2, to x;
    // output y: 1 * 100 = 100 over the merged data (the main formula is not applied to it).
    const engine = run(
      joinOf(
        {
          formula: 'value + 1',
          outputs: [{ destinationNodeId: 'x' }, { name: 'y', destinationNodeId: 'y', formula: 'value * 100' }],
        },
        ['x', 'y'],
      ),
    );
    expect(brief(engine, (e) => e.nodeId === 'p')).toEqual([
      '2 p TOKEN_BUFFERED a#1 -> -',
      '2 p TOKEN_BUFFERED b#1 -> -',
      '2 p TOKEN_TRANSFORMED [a#1,b#1] -> p#1',
      '2 p TOKEN_TRANSFORMED [a#1,b#1] -> p#2',
    ]);
    expect(collectedTokens(engine, 'x')).toEqual([{ id: 'p#1', correlationIds: ['a-1', 'b-1'], data: { value: 2 } }]);
    expect(collectedTokens(engine, 'y')).toEqual([{ id: 'p#2', correlationIds: ['a-1', 'b-1'], data: { value: 100 } }]);
    expect(engine.getNodeState('p')!.aggregates).toEqual({
      transformed: 2,
      passed: 0,
      errors: 0,
      waiting: { a: 0, b: 0 },
    });
  });

  it('records a failing per-output formula with the consumed tokens and the output’s name; the other outputs still get theirs', () => {
    // Merged value 1: upper(1) fails on "bad"; the unnamed output to y gets 1 * 100 = 100.
    const engine = run(
      joinOf(
        {
          outputs: [
            { name: 'bad', destinationNodeId: 'x', formula: 'upper(value)' },
            { destinationNodeId: 'y', formula: 'value * 100' },
          ],
        },
        ['x', 'y'],
      ),
    );
    expect(brief(engine, (e) => e.nodeId === 'p')).toEqual([
      '2 p TOKEN_BUFFERED a#1 -> -',
      '2 p TOKEN_BUFFERED b#1 -> -',
      '2 p NODE_ERROR [a#1,b#1] -> -',
      '2 p TOKEN_TRANSFORMED [a#1,b#1] -> p#1',
    ]);
    expect(eventsOf(engine, 'p')[2]!.details).toStrictEqual({ message: UPPER_OF_NUMBER, output: 'bad' });
    expect([collected(engine, 'x'), collected(engine, 'y')]).toEqual([[], [100]]);
    expect(engine.getNodeState('p')!.aggregates).toEqual({
      transformed: 1,
      passed: 0,
      errors: 1,
      waiting: { a: 0, b: 0 },
    });
  });

  it('still joins and records the merged token when it has no outputs at all', () => {
    // As one token at a time: the consumed tokens get their TOKEN_TRANSFORMED record; 1 + 1 = 2.
    const engine = run(joinOf({ formula: 'value + 1' }, []));
    expect(brief(engine)).toEqual([
      '1 a TOKEN_GENERATED - -> a#1',
      '1 b TOKEN_GENERATED - -> b#1',
      '2 p TOKEN_BUFFERED a#1 -> -',
      '2 p TOKEN_BUFFERED b#1 -> -',
      '2 p TOKEN_TRANSFORMED [a#1,b#1] -> p#1',
    ]);
    expect(events(engine).at(-1)!.outputToken!.data).toEqual({ value: 2 });
  });
});

describe('ProcessNode outputs to one destination that differ only in their formula', () => {
  it('keeps both as separate edges: the Sink gets one token from each formula', () => {
    // docs/dsl.md §2: outputs are de-duplicated only when destination, input and formula are all the
    // same. Value 1: the first output's formula gives 1 + 1 = 2, the second's 1 * 10 = 10, both to
    // the Sink, in edge order.
    const engine = run(
      scenario([
        source('src', 'p', { count: 1 }),
        {
          nodeId: 'p',
          type: 'ProcessNode',
          outputs: [
            { destinationNodeId: 'sink', formula: 'value + 1' },
            { destinationNodeId: 'sink', formula: 'value * 10' },
          ],
        },
        sink(),
      ]),
    );
    expect(collected(engine)).toEqual([2, 10]);
  });
});
