/**
 * The formulas the shard analysis accepts: an allow-list over the parsed formula (formulaReads.ts).
 * A token's id is numbered across all correlation ids, so any formula that may see it — the whole
 * token as a value, a computed key, an alias, spread, a method or callback over it — makes its node
 * a blocker, named with the form; reads of `token.data…` and `token.correlationIds` are accepted,
 * in every place a formula is written: ProcessNode formula, transform and output formulas,
 * Multiplexer conditions, FSM conditions and onEntry/onExit formulas, an Aggregator's formula.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../src/engine';
import { shardability } from '../../../../src/engine/shard';
import { formulaReads } from '../../../../src/engine/shard/formulaReads';

function scenarioOf(nodes: unknown[]) {
  const engine = new Engine();
  const loaded = engine.initialize({ version: '3.0', seed: 1, tickMs: 1000, maxSteps: 100, nodes });
  if (loaded.scenario === null) throw new Error(JSON.stringify(loaded.errors));
  return engine.scenario;
}

const NUMBERED = 'numbered across all correlation ids';
const whole = (form: string) => `uses the whole token as a value in \`${form}\`, which carries its id, ${NUMBERED}`;
const wholeList = (form: string) =>
  `uses the whole token list as a value in \`${form}\`, which carries the tokens' ids, ${NUMBERED}`;

/** Formulas over one token (`token`), each with the reason it is refused. */
const TOKEN_FORMS: [formula: string, reason: string][] = [
  ['string(token)', whole('string(token)')],
  ['JSON.stringify(token)', whole('JSON.stringify(token)')],
  ['`who: ${token}`', whole('`who: ${token}`')],
  ['{ ...token, seen: true }', `spreads the whole token in \`{ ...token, seen: true }\`, copying its id, ${NUMBERED}`],
  ['{ t: token }', whole('{ t: token }')],
  [
    'const { id } = token; return id',
    'binds the whole token to `{ id }`, an alias whose reads are not followed (read token.data or token.correlationIds instead)',
  ],
  [
    'const t = token; return t.data.v',
    'binds the whole token to `t`, an alias whose reads are not followed (read token.data or token.correlationIds instead)',
  ],
  ["token['i' + 'd']", `reads the token by a computed key in \`token['i' + 'd']\`, which may be its id, ${NUMBERED}`],
  ['Object.values(token)', whole('Object.values(token)')],
  ['Object.entries(token)', whole('Object.entries(token)')],
  ['Object.keys(token)', whole('Object.keys(token)')],
  ["concat([token], 'x')", whole('[token]')],
  ['token.id', `reads a token's id in \`token.id\`, which is ${NUMBERED}`],
  ["token['id']", `reads a token's id in \`token['id']\`, which is ${NUMBERED}`],
  [
    'token.value',
    'reads the token\'s field "value" in `token.value`: only token.data and token.correlationIds are read the same in every shard',
  ],
  ['token == null', whole('token == null')],
];

/** Formulas over an Aggregator group's tokens (`tokens`), each with the reason it is refused. */
const TOKENS_FORMS: [formula: string, reason: string][] = [
  [
    'tokens.map(t => t.data.v)',
    `calls .map() on the whole token list in \`tokens.map(t => t.data.v)\`: a method or callback over it sees the tokens' ids, ${NUMBERED}`,
  ],
  ['string(tokens)', wholeList('string(tokens)')],
  ["concat([tokens], 'x')", wholeList('[tokens]')],
  ['JSON.stringify(tokens[0])', whole('JSON.stringify(tokens[0])')],
  ['{ ...tokens[1] }', `spreads the whole token in \`{ ...tokens[1] }\`, copying its id, ${NUMBERED}`],
  ['tokens[0].id', `reads a token's id in \`tokens[0].id\`, which is ${NUMBERED}`],
  ['tokens[0][key]', `reads the token by a computed key in \`tokens[0][key]\`, which may be its id, ${NUMBERED}`],
];

/** Formulas every place accepts: reads of data paths, correlation ids, and the shorthand names. */
const SAFE_TOKEN_FORMS = [
  'token.data.v > 2',
  "token['data']['v'] * 2",
  'token?.data?.v ?? 0',
  "concat('pid ', token.correlationIds[0])",
  'string(token.data)',
  '{ ...token.data, seen: true }',
  'const { v } = token.data; return v + 1',
  'Object.keys(token.data).length',
  '`${token.correlationIds[0]}: ${value}`',
  'data.v + value',
  'step + time',
  // A local named like the scope's token is not the token.
  'const token = data; return token.id',
  "(data.list ?? []).map(token => token.id).join(',')",
];

const SAFE_TOKENS_FORMS = [
  'tokens[0].data.v + tokens[len(tokens) - 1].data.v',
  'tokens.length',
  'len(tokens)',
  'sum(values)',
  'concat(key, string(tokens[0].correlationIds))',
];

const source = { nodeId: 'log', type: 'DataSource', count: 0 };
const done = { nodeId: 'done', type: 'Sink' };
const machine = (where: 'condition' | 'onEntry' | 'onExit', formula: string) => ({
  nodeId: 'fsm',
  type: 'FSM',
  fsm: {
    instancePer: 'correlationId',
    variables: { x: 0 },
    states: [
      {
        name: 'open',
        isInitial: true,
        ...(where === 'onExit' ? { onExit: [{ action: 'set_variable', target: 'x', formula }] } : {}),
      },
      { name: 'closed', ...(where === 'onEntry' ? { onEntry: [{ action: 'log', formula }] } : {}) },
    ],
    transitions: [
      { from: 'open', to: 'closed', trigger: 'close', ...(where === 'condition' ? { condition: formula } : {}) },
    ],
  },
  outputs: [{ destinationNodeId: 'done' }],
});

/** One template per place a formula over `token` is written, with that node's id. */
const TOKEN_PLACES: [place: string, make: (formula: string) => { node: string; nodes: unknown[] }][] = [
  [
    'a ProcessNode formula',
    (formula) => ({
      node: 'p',
      nodes: [
        { ...source, outputs: [{ destinationNodeId: 'p' }] },
        { nodeId: 'p', type: 'ProcessNode', formula, outputs: [{ destinationNodeId: 'done' }] },
        done,
      ],
    }),
  ],
  [
    'a ProcessNode transform',
    (formula) => ({
      node: 'p',
      nodes: [
        { ...source, outputs: [{ destinationNodeId: 'p' }] },
        { nodeId: 'p', type: 'ProcessNode', transform: { w: formula }, outputs: [{ destinationNodeId: 'done' }] },
        done,
      ],
    }),
  ],
  [
    'an output formula',
    (formula) => ({
      node: 'p',
      nodes: [
        { ...source, outputs: [{ destinationNodeId: 'p' }] },
        { nodeId: 'p', type: 'ProcessNode', outputs: [{ destinationNodeId: 'done', transformation: { formula } }] },
        done,
      ],
    }),
  ],
  [
    'a Multiplexer condition',
    (formula) => ({
      node: 'mux',
      nodes: [
        { ...source, outputs: [{ destinationNodeId: 'mux' }] },
        {
          nodeId: 'mux',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: ['data.v > 100', formula] },
          outputs: [{ destinationNodeId: 'done' }, { destinationNodeId: 'done' }],
        },
        done,
      ],
    }),
  ],
  ...(['condition', 'onEntry', 'onExit'] as const).map(
    (where): [string, (formula: string) => { node: string; nodes: unknown[] }] => [
      `an FSM ${where}`,
      (formula) => ({
        node: 'fsm',
        nodes: [{ ...source, outputs: [{ destinationNodeId: 'fsm' }] }, machine(where, formula), done],
      }),
    ],
  ),
];

const aggregator = (formula: string) => ({
  node: 'agg',
  nodes: [
    { ...source, outputs: [{ destinationNodeId: 'agg' }] },
    {
      nodeId: 'agg',
      type: 'Aggregator',
      aggregation: {
        method: 'formula',
        formula,
        groupBy: 'correlationId',
        trigger: { type: 'count', window: 2 },
        flushOnEnd: false,
      },
      outputs: [{ destinationNodeId: 'done' }],
    },
    done,
  ],
});

describe('shardability of formulas that may see a token id', () => {
  for (const [place, make] of TOKEN_PLACES) {
    it(`refuses each whole-token, computed-key, alias or field form in ${place}, naming the form`, () => {
      for (const [formula, reason] of TOKEN_FORMS) {
        const { node, nodes } = make(formula);
        expect(shardability(scenarioOf(nodes)), formula).toEqual({
          shardable: false,
          blockers: [{ nodeId: node, reason }],
        });
      }
    });

    it(`accepts reads of data paths and correlation ids in ${place}`, () => {
      for (const formula of SAFE_TOKEN_FORMS) {
        expect(shardability(scenarioOf(make(formula).nodes)), formula).toEqual({ shardable: true, blockers: [] });
      }
    });
  }

  it("refuses each form over an Aggregator's tokens, naming it, and accepts reads of their data paths", () => {
    for (const [formula, reason] of TOKENS_FORMS) {
      const { node, nodes } = aggregator(formula);
      expect(shardability(scenarioOf(nodes)), formula).toEqual({
        shardable: false,
        blockers: [{ nodeId: node, reason }],
      });
    }
    for (const formula of SAFE_TOKENS_FORMS)
      expect(shardability(scenarioOf(aggregator(formula).nodes)), formula).toEqual({ shardable: true, blockers: [] });
  });

  it('names every refused form of a node once, in source order, after its random draw', () => {
    const { nodes } = TOKEN_PLACES[1]![1]('string(token)');
    const p = nodes[1] as { transform: Record<string, string> };
    p.transform = { a: 'string(token)', b: 'token.id + string(rand())', c: 'string(token)', d: 'token.data.v' };
    expect(shardability(scenarioOf(nodes)).blockers).toEqual([
      {
        nodeId: 'p',
        reason: "draws random numbers (rand()) from the node's one stream, shared by every correlation id",
      },
      { nodeId: 'p', reason: whole('string(token)') },
      { nodeId: 'p', reason: `reads a token's id in \`token.id\`, which is ${NUMBERED}` },
    ]);
  });

  it('reads a formula that does not parse as refused, and rand() only where it is called', () => {
    expect(formulaReads('token.data.(', ['token'])).toEqual({
      random: false,
      refused: ['its formula `token.data.(` does not parse, so what it reads cannot be proved'],
    });
    expect(formulaReads("concat('rand()', value)", ['token'])).toEqual({ random: false, refused: [] });
    expect(formulaReads('Math.random() < 0.5', ['token'])).toEqual({ random: true, refused: [] });
  });

  it('keeps the bundled sharded SSH example shardable (it reads token.correlationIds[0])', () => {
    const doc: unknown = JSON.parse(readFileSync('examples/ssh-log-sessions-sharded.json', 'utf8'));
    const engine = new Engine();
    expect(engine.initialize(doc).errors).toEqual([]);
    expect(JSON.stringify(doc)).toContain('token.correlationIds[0]');
    expect(shardability(engine.scenario)).toEqual({ shardable: true, blockers: [] });
  });
});
