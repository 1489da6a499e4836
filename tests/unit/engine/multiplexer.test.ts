import { describe, expect, it } from 'vitest';
import { brief, collected, eventsOf, run, scenario, sink, source, type Json } from './helpers';

/** src (count tokens 1…n) → mux → sinks a, b, c (or `outputs`). */
function muxDoc(multiplexing: Json, count = 4, outputs?: Json[], before: Json[] = []): Json {
  return scenario([
    ...before,
    source('src', 'mux', { count }),
    {
      nodeId: 'mux',
      type: 'Multiplexer',
      multiplexing,
      outputs: outputs ?? [
        { name: 'a', destinationNodeId: 'a' },
        { name: 'b', destinationNodeId: 'b' },
        { name: 'c', destinationNodeId: 'c' },
      ],
    },
    sink('a'),
    sink('b'),
    sink('c'),
  ]);
}

const routes = (engine: ReturnType<typeof run>) =>
  eventsOf(engine, 'mux').map((e) =>
    e.operation === 'TOKEN_ROUTED'
      ? `${e.inputToken!.id}>${String(e.details!['output'])}`
      : `${e.inputToken!.id} ${e.operation}`,
  );

describe('Multiplexer', () => {
  it('cycles through the outputs with round_robin; the routed token is the same token', () => {
    const engine = run(muxDoc({ strategy: 'round_robin' }));
    expect(routes(engine)).toEqual(['src#1>a', 'src#2>b', 'src#3>c', 'src#4>a']);
    const [first] = eventsOf(engine, 'mux');
    expect(first!.outputToken).toBe(first!.inputToken);
    expect(collected(engine, 'a')).toEqual([1, 4]);
    expect(engine.getNodeState('mux')!.aggregates).toEqual({ a: 2, b: 1, c: 1 });
  });

  it('sends every token to every output with broadcast, one TOKEN_ROUTED per output', () => {
    const engine = run(muxDoc({ strategy: 'broadcast' }, 1));
    expect(brief(engine, (e) => e.nodeId === 'mux')).toEqual([
      '2 mux TOKEN_ROUTED src#1 -> src#1',
      '2 mux TOKEN_ROUTED src#1 -> src#1',
      '2 mux TOKEN_ROUTED src#1 -> src#1',
    ]);
    expect([collected(engine, 'a'), collected(engine, 'b'), collected(engine, 'c')]).toEqual([[1], [1], [1]]);
  });

  it('takes the first output whose condition holds, else defaultOutput, else drops and records', () => {
    const conditions = ['value == 1', 'value == 2', 'false'];
    expect(routes(run(muxDoc({ strategy: 'conditional', conditions, defaultOutput: 'c' })))).toEqual([
      'src#1>a',
      'src#2>b',
      'src#3>c',
      'src#4>c',
    ]);
    const dropped = run(muxDoc({ strategy: 'conditional', conditions }));
    expect(routes(dropped)).toEqual(['src#1>a', 'src#2>b', 'src#3 TOKEN_DROPPED', 'src#4 TOKEN_DROPPED']);
    expect(eventsOf(dropped, 'mux')[2]!.details).toEqual({ reason: 'no condition held and no default output' });
  });

  it('gives a condition that names `token` the whole token (its id and correlation ids), built from the token table', () => {
    const conditions = ["token.id == 'src#2'", "token.correlationIds[0] == 'src-3'", 'false'];
    expect(routes(run(muxDoc({ strategy: 'conditional', conditions, defaultOutput: 'c' })))).toEqual([
      'src#1>c',
      'src#2>a',
      'src#3>b',
      'src#4>c',
    ]);
  });

  it('records a failing condition as NODE_ERROR', () => {
    const engine = run(muxDoc({ strategy: 'conditional', conditions: ["upper(value) == 'A'", 'true', 'true'] }, 1));
    expect(eventsOf(engine, 'mux')[0]).toMatchObject({
      operation: 'NODE_ERROR',
      inputToken: { id: 'src#1' },
      details: { output: 'a' },
    });
  });

  it('picks uniformly with random, from its own seeded stream', () => {
    const engine = run(muxDoc({ strategy: 'random' }, 300));
    const counts = engine.getNodeState('mux')!.aggregates as Record<string, number>;
    for (const k of ['a', 'b', 'c']) expect(counts[k]).toBeGreaterThan(70);
    // Same seed, same choices; another seed, other choices.
    expect(routes(run(muxDoc({ strategy: 'random' }, 300)))).toEqual(routes(engine));
    expect(routes(run(muxDoc({ strategy: 'random' }, 300), { seed: 5 }))).not.toEqual(routes(engine));
  });

  it('keeps its choices when a node is added elsewhere', () => {
    const base = routes(run(muxDoc({ strategy: 'random' }, 50)));
    const noisy = {
      nodeId: 'noise',
      type: 'DataSource',
      generation: { type: 'random', valueMin: 0, valueMax: 1 },
      count: 50,
      outputs: [{ destinationNodeId: 'c' }],
    };
    expect(routes(run(muxDoc({ strategy: 'random' }, 50, undefined, [noisy])))).toEqual(base);
  });

  it('picks in proportion to the weights; zero weights never win', () => {
    const engine = run(muxDoc({ strategy: 'weighted', weights: [3, 1, 0] }, 400));
    const counts = engine.getNodeState('mux')!.aggregates as Record<string, number>;
    expect(counts['c']).toBe(0);
    expect(counts['a']! / 400).toBeGreaterThan(0.65);
    expect(counts['a']! / 400).toBeLessThan(0.85);
  });

  it('draws rand() in conditions from the node’s stream', () => {
    const doc = muxDoc({ strategy: 'conditional', conditions: ['rand() < 0.5', 'true', 'false'] }, 200);
    const a = run(doc);
    const share = (a.getNodeState('mux')!.aggregates as Record<string, number>)['a']! / 200;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
    expect(routes(run(doc))).toEqual(routes(a));
  });

  it('drops a token routed to an output that is not connected', () => {
    const engine = run(
      muxDoc({ strategy: 'round_robin' }, 2, [
        { name: 'a', destinationNodeId: 'a' },
        { name: 'nowhere', destinationNodeId: '' },
      ]),
    );
    expect(routes(engine)).toEqual(['src#1>a', 'src#2 TOKEN_DROPPED']);
    expect(eventsOf(engine, 'mux')[1]!.details).toEqual({ reason: 'output not connected', output: 'nowhere' });
  });

  it('names an unnamed output by its destination, and an unnamed unconnected one "output i"', () => {
    const engine = run(muxDoc({ strategy: 'round_robin' }, 2, [{ destinationNodeId: 'a' }, { destinationNodeId: '' }]));
    expect(routes(engine)).toEqual(['src#1>a', 'src#2 TOKEN_DROPPED']);
    expect(eventsOf(engine, 'mux')[1]!.details).toEqual({ reason: 'output not connected', output: 'output 1' });
    expect(engine.getNodeState('mux')!.aggregates).toEqual({ a: 1, 'output 1': 0 });
  });

  it('adds up the tokens of outputs that share a name', () => {
    // round_robin over x→a, x→b, c: tokens 1, 2 and 4 go to an output named x.
    const outputs = [
      { name: 'x', destinationNodeId: 'a' },
      { name: 'x', destinationNodeId: 'b' },
      { name: 'c', destinationNodeId: 'c' },
    ];
    const engine = run(muxDoc({ strategy: 'round_robin' }, 4, outputs));
    expect(engine.getNodeState('mux')!.aggregates).toEqual({ x: 3, c: 1 });
  });

  it('skips a blank condition, as if the output had none', () => {
    const engine = run(muxDoc({ strategy: 'conditional', conditions: ['', '  ', 'true'] }, 2));
    expect(routes(engine)).toEqual(['src#1>c', 'src#2>c']);
  });

  it('gives conditions the step', () => {
    // Token k reaches the Multiplexer at step k + 1.
    const conditions = ['step == 3', 'step > 3', 'false'];
    const engine = run(muxDoc({ strategy: 'conditional', conditions, defaultOutput: 'c' }, 4));
    expect(routes(engine)).toEqual(['src#1>c', 'src#2>a', 'src#3>b', 'src#4>b']);
  });

  it('holds no state of its own: currentState is null', () => {
    expect(run(muxDoc({ strategy: 'round_robin' }, 2)).getNodeState('mux')!.currentState).toBeNull();
  });

  it('drops every token when it has no outputs at all', () => {
    const doc = scenario([
      source('src', 'mux', { count: 2 }),
      { nodeId: 'mux', type: 'Multiplexer', multiplexing: { strategy: 'round_robin' }, outputs: [] },
    ]);
    const engine = run(doc);
    expect(routes(engine)).toEqual(['src#1 TOKEN_DROPPED', 'src#2 TOKEN_DROPPED']);
    expect(eventsOf(engine, 'mux')[0]!.details).toEqual({ reason: 'no outputs' });
  });

  it('takes a condition that is truthy but not true (docs/dsl.md), and passes over a falsy one', () => {
    // Values "", "x", 0, 3, null: only "x" and 3 are truthy; the others fall to the default c.
    const doc = muxDoc({ strategy: 'conditional', conditions: ['value', 'false', 'false'], defaultOutput: 'c' }, 5);
    const nodes = (doc['nodes'] as Json[]).map((n) =>
      n['nodeId'] === 'src' ? { ...n, generation: { type: 'values', values: ['', 'x', 0, 3, null] } } : n,
    );
    const engine = run({ ...doc, nodes });
    expect(routes(engine)).toEqual(['src#1>c', 'src#2>a', 'src#3>c', 'src#4>a', 'src#5>c']);
  });
});

describe('Multiplexer conditions read the token, step and time of each arrival', () => {
  it('routes by token.id, time and step, each condition true for one token only', () => {
    // Tokens src#1…4 reach mux at steps 2…5; time = startTime + step · tickMs (1 s).
    const conditions = ['token.id == "src#2"', 'time == 1735689604000', 'step == 5 && data.value == 4'];
    const engine = run(muxDoc({ strategy: 'conditional', conditions }));
    expect(routes(engine)).toEqual(['src#1 TOKEN_DROPPED', 'src#2>a', 'src#3>b', 'src#4>c']);
  });
});
