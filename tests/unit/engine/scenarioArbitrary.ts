/**
 * A fast-check generator of random scenarios: DAGs of 1–2 DataSources, 0–6 middle nodes of the
 * four other kinds and 1–2 Sinks, with random parameters (generations, intervals, formulas that
 * sometimes fail at run time, FSM triggers and actions, aggregation methods and triggers,
 * capacities, routing strategies, joins). Edges only go forward, so every run ends (FSM timers
 * may still ping-pong; `maxSteps` bounds that as a truncated run).
 *
 * Each node is built from a vector of random numbers (`genes`), so fast-check shrinks scenarios
 * by shrinking numbers.
 */
import fc from 'fast-check';

export type Json = Record<string, unknown>;

const MIDDLE = ['ProcessNode', 'FSM', 'Aggregator', 'Multiplexer'] as const;

export interface Shape {
  sources: number;
  middle: Array<(typeof MIDDLE)[number]>;
  sinks: number;
  genes: number[][];
  seed: number;
}

export const shapeArbitrary: fc.Arbitrary<Shape> = fc
  .record({
    sources: fc.integer({ min: 1, max: 2 }),
    middle: fc.array(fc.constantFrom(...MIDDLE), { maxLength: 6 }),
    sinks: fc.integer({ min: 1, max: 2 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .chain((s) =>
    fc
      .array(fc.array(fc.nat(999), { minLength: 16, maxLength: 16 }), {
        minLength: s.sources + s.middle.length + s.sinks,
        maxLength: s.sources + s.middle.length + s.sinks,
      })
      .map((genes) => ({ ...s, genes })),
  );

function transition(from: string, to: string, trigger: string | undefined, after: number, condition?: string): Json {
  return {
    from,
    to,
    ...(trigger !== undefined ? { trigger } : {}),
    ...(trigger === 'timer' ? { after } : {}),
    ...(condition !== undefined ? { condition } : {}),
  };
}

/** Pure: the scenario document of `shape`. */
export function buildScenario(shape: Shape): Json {
  const kinds: string[] = [
    ...Array.from({ length: shape.sources }, () => 'DataSource'),
    ...shape.middle,
    ...Array.from({ length: shape.sinks }, () => 'Sink'),
  ];
  const ids = kinds.map((k, i) => `${k === 'DataSource' ? 'src' : k === 'Sink' ? 'sink' : k.toLowerCase()}${i}`);
  const firstTarget = shape.sources;
  const incoming: number[][] = kinds.map(() => []);
  const targets: number[][] = kinds.map((kind, i) => {
    if (kind === 'Sink') return [];
    const g = shape.genes[i]!;
    const candidates = Array.from(
      { length: kinds.length - Math.max(i + 1, firstTarget) },
      (_, k) => Math.max(i + 1, firstTarget) + k,
    );
    const n = 1 + (g[0]! % 3);
    const picked: number[] = [];
    for (let k = 0; k < n && candidates.length > 0; k++) {
      const j = candidates.splice(g[1 + k]! % candidates.length, 1)[0]!;
      picked.push(j);
      incoming[j]!.push(i);
    }
    return picked.sort((a, b) => a - b);
  });
  const nodes = kinds.map((kind, i) => {
    const g = shape.genes[i]!;
    const pick = <T>(k: number, options: readonly T[]): T => options[g[k]! % options.length]!;
    const outputs = targets[i]!.map((j, k) => ({ name: `o${k}`, destinationNodeId: ids[j] }));
    const base: Json = { nodeId: ids[i], type: kind };
    if (kind !== 'Sink') base['outputs'] = outputs;
    switch (kind) {
      case 'DataSource':
        return {
          ...base,
          generation: pick(4, [
            { type: 'random', valueMin: 1, valueMax: 9 },
            { type: 'sequence', start: 1, step: 2 },
            { type: 'values', values: [1, 'x', 7, 3] },
            { type: 'constant', value: 4 },
          ]),
          count: g[5]! % 12,
          interval: pick(6, [1, 1, 2, 3]),
          startAt: 1 + (g[7]! % 4),
        };
      case 'ProcessNode': {
        const node: Json = {
          ...base,
          formula: pick(4, [
            '',
            'value * 2',
            '{ v2: value + 1 }',
            'value > 5 ? value : upper(value)',
            'rand() < 0.5 ? 1 : 2',
          ]),
        };
        // A join: its first two inputs are required; a joining node must name every incoming edge.
        if (incoming[i]!.length >= 2 && g[5]! % 2 === 0)
          node['inputs'] = incoming[i]!.map((from, k) => ({ nodeId: ids[from], required: k < 2 }));
        if (g[6]! % 4 === 0) node['transform'] = { t: 'step' };
        return node;
      }
      case 'FSM': {
        const emit = g[4]! % 3 === 0;
        return {
          ...base,
          fsm: {
            instancePer: pick(5, ['node', 'correlationId']),
            variables: { n: 0 },
            states: [
              { name: 'a', onEntry: [{ action: 'increment', target: 'n' }] },
              {
                name: 'b',
                onEntry: emit ? [{ action: 'emit', formula: '{ n: n }' }] : [{ action: 'log', message: 'b' }],
              },
              { name: 'c', onExit: [{ action: 'set_variable', target: 'm', formula: 'value' }] },
            ],
            transitions: [
              transition(
                'a',
                pick(6, ['b', 'c']),
                pick(7, ['token_received', 'x', 'timer']),
                1 + (g[8]! % 3),
                g[9]! % 2 ? 'value > 3' : undefined,
              ),
              transition('b', pick(10, ['a', 'c']), pick(11, ['token_received', 'timer']), 1 + (g[12]! % 4)),
              transition('c', 'a', undefined, 0, g[13]! % 3 === 0 ? 'upper(value) == 1' : undefined),
            ],
          },
        };
      }
      case 'Aggregator': {
        const method = pick(4, ['sum', 'average', 'count', 'min', 'max', 'first', 'last', 'collect', 'formula']);
        const node: Json = {
          ...base,
          aggregation: {
            method,
            ...(method === 'formula' ? { formula: pick(8, ['sum(values)', 'len(tokens)', 'upper(values)']) } : {}),
            trigger: pick(5, [
              null,
              { type: 'count', window: 1 + (g[9]! % 4) },
              { type: 'time', window: 1 + (g[9]! % 3) },
              { type: 'threshold', value: 5 + (g[9]! % 10) },
            ]),
            ...(g[6]! % 3 === 0 ? { groupBy: 'correlationId' } : {}),
            flushOnEnd: g[7]! % 4 !== 0,
          },
        };
        if (g[10]! % 3 === 0) {
          node['capacity'] = 1 + (g[11]! % 3);
          node['overflow'] = pick(12, ['drop_oldest', 'reject']);
        }
        const agg = node['aggregation'] as Json;
        if (agg['trigger'] === null) delete agg['trigger'];
        return node;
      }
      case 'Multiplexer': {
        const strategy = pick(4, ['round_robin', 'random', 'weighted', 'conditional', 'broadcast']);
        const m: Json = { strategy };
        if (strategy === 'weighted') m['weights'] = outputs.map((_, k) => (k === 0 ? 1 : g[5 + k]! % 3));
        if (strategy === 'conditional') {
          m['conditions'] = outputs.map((_, k) =>
            pick(5 + k, ['value > 3', 'false', 'rand() < 0.5', "upper(value) == 'X'"]),
          );
          if (g[9]! % 2 === 0 && outputs.length > 0) m['defaultOutput'] = 0;
        }
        return { ...base, multiplexing: m };
      }
      default:
        return base;
    }
  });
  return { version: '3.0', name: 'generated', seed: shape.seed, maxSteps: 300, nodes };
}
