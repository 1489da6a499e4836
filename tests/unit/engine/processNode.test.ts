import { describe, expect, it } from 'vitest';
import { brief, collected, collectedTokens, eventsOf, processNode, run, scenario, sink, source } from './helpers';

const one = (p: Record<string, unknown>, count = 1) =>
  run(
    scenario([
      source('src', 'p', { count }),
      { nodeId: 'p', type: 'ProcessNode', outputs: [{ destinationNodeId: 'sink' }], ...p },
      sink(),
    ]),
  );

describe('ProcessNode', () => {
  it('makes a non-object result the token’s value (TOKEN_TRANSFORMED, correlation kept)', () => {
    const engine = one({ processing: { formula: 'value * 2' } }, 2);
    expect(brief(engine, (e) => e.nodeId === 'p')).toEqual([
      '2 p TOKEN_TRANSFORMED src#1 -> p#1',
      '3 p TOKEN_TRANSFORMED src#2 -> p#2',
    ]);
    expect(collectedTokens(engine)).toEqual([
      { id: 'p#1', correlationIds: ['src-1'], data: { value: 2 } },
      { id: 'p#2', correlationIds: ['src-2'], data: { value: 4 } },
    ]);
  });

  it('merges an object result over the input data', () => {
    expect(collectedTokens(one({ formula: "{ total: value * 1.5, currency: 'EUR' }" }))[0]!.data).toEqual({
      value: 1,
      total: 1.5,
      currency: 'EUR',
    });
  });

  it('reads the formula from formulas[0] (compat)', () => {
    expect(collected(one({ formulas: ['value + 100'] }))).toEqual([101]);
  });

  it('binds value, data, token, step, time and input/input1 in the scope', () => {
    const engine = one({
      formula:
        '{ s: step, t: time, id: token.id, c: token.correlationIds[0], d: data.value, i: input.value, i1: input1.value }',
    });
    expect(collectedTokens(engine)[0]!.data).toEqual({
      value: 1,
      s: 2,
      t: 1735689602000,
      id: 'src#1',
      c: 'src-1',
      d: 1,
      i: 1,
      i1: 1,
    });
  });

  it('sets several fields at once with transform, over the formula’s result', () => {
    const engine = one({
      formula: '{ extra: true }',
      transform: { double: 'value * 2', label: "concat('n', string(value))" },
    });
    expect(collectedTokens(engine)[0]!.data).toEqual({ value: 1, extra: true, double: 2, label: 'n1' });
  });

  it('passes the token unchanged without a formula (TOKEN_PROCESSED, same token)', () => {
    for (const p of [{}, { formula: '' }, { processing: { formula: '   ' } }]) {
      const engine = one(p);
      const [ev] = eventsOf(engine, 'p');
      expect(ev!.operation).toBe('TOKEN_PROCESSED');
      expect(ev!.outputToken).toBe(ev!.inputToken);
      expect(collectedTokens(engine)[0]!.id).toBe('src#1');
    }
  });

  it('gives an output with its own formula its own token, after the main token', () => {
    const engine = run(
      scenario([
        source('src', 'p', { count: 1 }),
        {
          nodeId: 'p',
          type: 'ProcessNode',
          formula: 'value + 1',
          outputs: [
            { name: 'x', destinationNodeId: 'x', formula: 'value * 10' },
            { name: 'y', destinationNodeId: 'y' },
            { name: 'z', destinationNodeId: 'z', transformation: { formula: "{ tag: 'z' }" } },
          ],
        },
        sink('x'),
        sink('y'),
        sink('z'),
      ]),
    );
    expect(brief(engine)).toEqual([
      '1 src TOKEN_GENERATED - -> src#1',
      '2 p TOKEN_TRANSFORMED src#1 -> p#1',
      '2 p TOKEN_TRANSFORMED src#1 -> p#2',
      '2 p TOKEN_TRANSFORMED src#1 -> p#3',
      '3 x TOKEN_COLLECTED p#2 -> -',
      '3 y TOKEN_COLLECTED p#1 -> -',
      '3 z TOKEN_COLLECTED p#3 -> -',
    ]);
    expect(collected(engine, 'x')).toEqual([10]);
    expect(collected(engine, 'y')).toEqual([2]);
    expect(collectedTokens(engine, 'z')[0]!.data).toEqual({ value: 1, tag: 'z' });
  });

  it('records a runtime error as NODE_ERROR, drops the token there and goes on', () => {
    const engine = run(
      scenario([
        source('src', 'p', { generation: { type: 'values', values: ['a', 1, 'b'] } }),
        processNode('p', 'sink', { formula: 'upper(value)' }),
        sink(),
      ]),
    );
    const errors = eventsOf(engine, 'p').filter((e) => e.operation === 'NODE_ERROR');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.inputToken!.id).toBe('src#2');
    expect(errors[0]!.outputToken).toBeUndefined();
    expect(errors[0]!.details!['message']).toMatch(/upper\(\) expects a string/);
    expect(collected(engine)).toEqual(['A', 'B']);
    expect(engine.getNodeState('p')!.aggregates).toMatchObject({ transformed: 2, errors: 1 });
  });

  describe('join', () => {
    const joinDoc = (formula: string) =>
      scenario([
        source('a', 'j', { count: 2 }),
        source('b', 'j', { count: 3, startAt: 2, generation: { type: 'sequence', start: 10, step: 1 } }),
        {
          nodeId: 'j',
          type: 'ProcessNode',
          inputs: [
            { name: 'left', nodeId: 'a', alias: 'l' },
            { name: 'right', nodeId: 'b' },
          ],
          formula,
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]);

    it('waits for every required input, takes the oldest of each and emits one merged token', () => {
      const engine = run(joinDoc('{ sum: l.value + right.value }'));
      expect(brief(engine, (e) => e.nodeId === 'j')).toEqual([
        '2 j TOKEN_BUFFERED a#1 -> -',
        '3 j TOKEN_BUFFERED a#2 -> -',
        '3 j TOKEN_BUFFERED b#1 -> -',
        '3 j TOKEN_TRANSFORMED [a#1,b#1] -> j#1',
        '4 j TOKEN_BUFFERED b#2 -> -',
        '4 j TOKEN_TRANSFORMED [a#2,b#2] -> j#2',
        '5 j TOKEN_BUFFERED b#3 -> -',
      ]);
      // Merged data: the first input wins on shared fields; correlation ids are the ordered union.
      expect(collectedTokens(engine)).toEqual([
        { id: 'j#1', correlationIds: ['a-1', 'b-1'], data: { value: 1, sum: 11 } },
        { id: 'j#2', correlationIds: ['a-2', 'b-2'], data: { value: 2, sum: 13 } },
      ]);
      expect(eventsOf(engine, 'j')[0]!.details).toEqual({ input: 'l' });
      // The unmatched b#3 waits, visible in the node state; the run still completes.
      expect(engine.status).toBe('completed');
      expect(engine.getNodeState('j')!.aggregates).toMatchObject({ waiting: { l: 0, right: 1 } });
    });

    it('binds input, input1, input2… by input order (compat)', () => {
      const engine = run(joinDoc('{ i: input.value, a: input1.value, b: input2.value }'));
      expect(collectedTokens(engine)[0]!.data).toEqual({ value: 1, i: 1, a: 1, b: 10 });
    });

    it('binds an input without alias or name to its source node id; no formula still merges', () => {
      const doc = scenario([
        source('a', 'j', { count: 1 }),
        source('b', 'j', { count: 1, generation: { type: 'constant', value: { k: 1 } } }),
        {
          nodeId: 'j',
          type: 'ProcessNode',
          inputs: [{ nodeId: 'a' }, { nodeId: 'b' }],
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]);
      const merged = run(doc);
      expect(brief(merged, (e) => e.nodeId === 'j').at(-1)).toBe('2 j TOKEN_TRANSFORMED [a#1,b#1] -> j#1');
      expect(collectedTokens(merged)[0]!.data).toEqual({ value: 1 });
      const formula = structuredClone(doc);
      (formula['nodes'] as Record<string, unknown>[])[2]!['formula'] = '{ product: a.value * 3, k: b.value.k }';
      expect(collectedTokens(run(formula))[0]!.data).toEqual({ value: 1, product: 3, k: 1 });
    });

    it('processes a token on an optional input on its own', () => {
      const engine = run(
        scenario([
          source('a', 'j', { count: 1 }),
          source('b', 'j', { count: 1 }),
          source('c', 'j', { count: 1, generation: { type: 'constant', value: 'solo' } }),
          {
            nodeId: 'j',
            type: 'ProcessNode',
            inputs: [{ nodeId: 'a' }, { nodeId: 'b' }, { nodeId: 'c', required: false }],
            outputs: [{ destinationNodeId: 'sink' }],
          },
          sink(),
        ]),
      );
      expect(brief(engine, (e) => e.nodeId === 'j')).toEqual([
        '2 j TOKEN_BUFFERED a#1 -> -',
        '2 j TOKEN_BUFFERED b#1 -> -',
        '2 j TOKEN_TRANSFORMED [a#1,b#1] -> j#1',
        '2 j TOKEN_PROCESSED c#1 -> c#1',
      ]);
    });
  });
});

describe('ProcessNode join of three inputs', () => {
  // Three sources fed by events with fields of their own and shared ones; b sends two at step 1.
  const doc = scenario([
    source('a', 'j'),
    source('b', 'j', { batchSize: 2 }),
    source('c', 'j'),
    {
      nodeId: 'j',
      type: 'ProcessNode',
      inputs: [{ nodeId: 'a' }, { nodeId: 'b' }, { nodeId: 'c' }],
      formula: '{ t: input3.value, n: inputs.c.value, s: a.value + b.value + c.value }',
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ]);
  const evs = [
    { targetDataSourceId: 'a', value: 1, shared: 'a', fromA: true },
    { targetDataSourceId: 'b', value: 2, shared: 'b', mid: 'b', fromB: true },
    { targetDataSourceId: 'c', value: 3, shared: 'c', mid: 'c', fromC: true },
    { targetDataSourceId: 'b', value: 4 },
  ];

  it('joins when the last input arrives, taking the oldest of each; an earlier input wins a shared field', () => {
    const engine = run(doc, { events: evs });
    expect(brief(engine, (e) => e.nodeId === 'j')).toEqual([
      '2 j TOKEN_BUFFERED a#1 -> -',
      '2 j TOKEN_BUFFERED b#1 -> -',
      '2 j TOKEN_BUFFERED b#2 -> -',
      '2 j TOKEN_BUFFERED c#1 -> -',
      '2 j TOKEN_TRANSFORMED [a#1,b#1,c#1] -> j#1',
    ]);
    // Merged: c's data, then b's over it, then a's over both: value and shared from a, mid from b.
    expect(collectedTokens(engine)).toEqual([
      {
        id: 'j#1',
        correlationIds: ['a-1', 'b-1', 'c-1'],
        data: { value: 1, shared: 'a', mid: 'b', fromA: true, fromB: true, fromC: true, t: 3, n: 3, s: 6 },
      },
    ]);
    expect(engine.getNodeState('j')!.aggregates).toEqual({
      transformed: 1,
      passed: 0,
      errors: 0,
      waiting: { a: 0, b: 1, c: 0 },
    });
  });
});

describe('ProcessNode main token and counts', () => {
  it('makes no main token when every output has its own formula, one token at a time or joined', () => {
    const outputs = [
      { name: 'x', destinationNodeId: 'x', formula: 'value * 10' },
      { name: 'y', destinationNodeId: 'y', formula: 'value * 100' },
    ];
    const single = run(
      scenario([
        source('src', 'p', { count: 1 }),
        { nodeId: 'p', type: 'ProcessNode', formula: 'value + 1', outputs },
        sink('x'),
        sink('y'),
      ]),
    );
    expect(brief(single, (e) => e.nodeId === 'p')).toEqual([
      '2 p TOKEN_TRANSFORMED src#1 -> p#1',
      '2 p TOKEN_TRANSFORMED src#1 -> p#2',
    ]);
    expect([collected(single, 'x'), collected(single, 'y')]).toEqual([[10], [100]]);
    expect(single.getNodeState('p')!.aggregates).toEqual({ transformed: 2, passed: 0, errors: 0 });

    const joined = run(
      scenario([
        source('a', 'p', { count: 1 }),
        source('b', 'p', { count: 1, generation: { type: 'constant', value: 7 } }),
        { nodeId: 'p', type: 'ProcessNode', inputs: [{ nodeId: 'a' }, { nodeId: 'b' }], formula: 'value + 1', outputs },
        sink('x'),
        sink('y'),
      ]),
    );
    expect(brief(joined, (e) => e.nodeId === 'p' && e.operation === 'TOKEN_TRANSFORMED')).toEqual([
      '2 p TOKEN_TRANSFORMED [a#1,b#1] -> p#1',
      '2 p TOKEN_TRANSFORMED [a#1,b#1] -> p#2',
    ]);
    expect([collected(joined, 'x'), collected(joined, 'y')]).toEqual([[10], [100]]);
  });

  it('sets transform fields on a copy: the arriving token’s data is never changed', () => {
    const engine = one({ transform: { double: 'value * 2' } }, 2);
    expect(eventsOf(engine, 'src').map((e) => e.outputToken!.data)).toEqual([{ value: 1 }, { value: 2 }]);
    expect(collectedTokens(engine).map((t) => t.data)).toEqual([
      { value: 1, double: 2 },
      { value: 2, double: 4 },
    ]);
  });

  it('still transforms and records a token when it has no outputs at all', () => {
    const engine = run(
      scenario([source('src', 'p', { count: 1 }), { nodeId: 'p', type: 'ProcessNode', formula: 'value + 1' }]),
    );
    expect(brief(engine, (e) => e.nodeId === 'p')).toEqual(['2 p TOKEN_TRANSFORMED src#1 -> p#1']);
    expect(eventsOf(engine, 'p')[0]!.outputToken!.data).toEqual({ value: 2 });
  });

  it('counts tokens passed unchanged in aggregates', () => {
    expect(one({}, 3).getNodeState('p')!.aggregates).toEqual({ transformed: 0, passed: 3, errors: 0 });
  });
});
