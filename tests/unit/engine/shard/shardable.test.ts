/**
 * The shardability analysis names every node that mixes correlation ids, with why; and the id →
 * shard hash is FNV-1a 32 over UTF-8 (the published test vectors).
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../src/engine';
import {
  compareKeys,
  fnv1a32,
  keyText,
  orderKeys,
  shardability,
  shardKeyOf,
  shardOf,
} from '../../../../src/engine/shard';

function scenarioOf(nodes: unknown[]) {
  const engine = new Engine();
  const loaded = engine.initialize({ version: '3.0', seed: 1, tickMs: 1000, maxSteps: 100, nodes });
  if (loaded.scenario === null) throw new Error(JSON.stringify(loaded.errors));
  return engine.scenario;
}

const source = { nodeId: 'log', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] };
const perIdFsm = (next: string) => ({
  nodeId: 'fsm',
  type: 'FSM',
  fsm: {
    instancePer: 'correlationId',
    states: [{ name: 'open', isInitial: true }, { name: 'closed' }],
    transitions: [{ from: 'open', to: 'closed', trigger: 'close' }],
  },
  outputs: [{ destinationNodeId: next }],
});

describe('shardability', () => {
  it('accepts a per-correlation FSM feeding a Sink', () => {
    expect(shardability(scenarioOf([source, perIdFsm('done'), { nodeId: 'done', type: 'Sink' }]))).toEqual({
      shardable: true,
      blockers: [],
    });
  });

  it('refuses a global Aggregator and a round-robin Multiplexer, naming them', () => {
    const verdict = shardability(
      scenarioOf([
        source,
        perIdFsm('rr'),
        {
          nodeId: 'rr',
          type: 'Multiplexer',
          multiplexing: { strategy: 'round_robin' },
          outputs: [{ destinationNodeId: 'total' }, { destinationNodeId: 'done' }],
        },
        {
          nodeId: 'total',
          type: 'Aggregator',
          aggregation: { method: 'count', trigger: { type: 'count', window: 3 }, flushOnEnd: false },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    expect(verdict.shardable).toBe(false);
    expect(verdict.blockers.map((b) => b.nodeId)).toEqual(['rr', 'total']);
    expect(verdict.blockers[0]!.reason).toMatch(/round-robin/);
    expect(verdict.blockers[1]!.reason).toMatch(/every correlation id together/);
  });

  it('refuses a machine for the whole node, a random draw and a generating DataSource', () => {
    const verdict = shardability(
      scenarioOf([
        { nodeId: 'gen', type: 'DataSource', count: 5, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            states: [{ name: 'a', isInitial: true }, { name: 'b' }],
            transitions: [{ from: 'a', to: 'b', condition: 'rand() < 0.5' }],
          },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    expect(verdict.blockers.map((b) => b.nodeId)).toEqual(['gen', 'fsm', 'fsm']);
    expect(verdict.blockers[1]!.reason).toMatch(/one machine for the whole node/);
    expect(verdict.blockers[2]!.reason).toMatch(/random/);
  });

  it('refuses an Aggregator grouped by correlation id that flushes at the end', () => {
    const verdict = shardability(
      scenarioOf([
        source,
        perIdFsm('perId'),
        {
          nodeId: 'perId',
          type: 'Aggregator',
          aggregation: { method: 'count', groupBy: 'correlationId' },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    expect(verdict.blockers).toEqual([
      { nodeId: 'perId', reason: 'flushes only at the end of the run, whose step depends on every id' },
    ]);
  });

  it('refuses a per-correlation FSM with a timer transition, the last of its transitions', () => {
    const timed = {
      nodeId: 'fsm',
      type: 'FSM',
      fsm: {
        instancePer: 'correlationId',
        states: [{ name: 'open', isInitial: true }, { name: 'closed' }],
        transitions: [
          { from: 'open', to: 'closed', trigger: 'close' },
          { from: 'open', to: 'closed', trigger: 'timer', after: 3 },
        ],
      },
      outputs: [{ destinationNodeId: 'done' }],
    };
    expect(shardability(scenarioOf([source, timed, { nodeId: 'done', type: 'Sink' }]))).toEqual({
      shardable: false,
      blockers: [
        {
          nodeId: 'fsm',
          reason:
            "has timer transitions: timers of different ids firing in one step are ordered by the machines' creation across all ids (not supported by sharding yet)",
        },
      ],
    });
  });

  it('refuses an FSM choosing weighted token transitions: one stream for every id', () => {
    const weighted = {
      ...perIdFsm('done'),
      fsm: {
        instancePer: 'correlationId',
        states: [{ name: 'open', isInitial: true }, { name: 'closed' }, { name: 'lost' }],
        transitions: [
          { from: 'open', to: 'closed', trigger: 'close', weight: 3 },
          { from: 'open', to: 'lost', trigger: 'close', weight: 1 },
        ],
      },
    };
    expect(shardability(scenarioOf([source, weighted, { nodeId: 'done', type: 'Sink' }]))).toEqual({
      shardable: false,
      blockers: [
        {
          nodeId: 'fsm',
          reason: 'chooses weighted transitions by a draw from one random stream shared by every correlation id',
        },
      ],
    });
  });

  it('refuses a random Multiplexer, a condition reading token.id and an Aggregator that flushes partial buffers at the end', () => {
    const verdict = shardability(
      scenarioOf([
        source,
        perIdFsm('draw'),
        {
          nodeId: 'draw',
          type: 'Multiplexer',
          multiplexing: { strategy: 'random' },
          outputs: [{ destinationNodeId: 'byId' }, { destinationNodeId: 'byId' }],
        },
        {
          nodeId: 'byId',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: ['token.id == "log#1"'] },
          outputs: [{ destinationNodeId: 'pairs' }],
        },
        {
          nodeId: 'pairs',
          type: 'Aggregator',
          aggregation: {
            method: 'count',
            groupBy: 'correlationId',
            trigger: { type: 'count', window: 2 },
            flushOnEnd: true,
          },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    expect(verdict.blockers).toEqual([
      { nodeId: 'draw', reason: 'routes by a random draw from one random stream shared by every correlation id' },
      {
        nodeId: 'byId',
        reason: "reads a token's id in `token.id`, which is numbered across all correlation ids",
      },
      {
        nodeId: 'pairs',
        reason: 'flushes partial buffers at the end of the run (flushOnEnd), whose step depends on every id',
      },
    ]);
  });
});

describe('shardability of joins and machine actions', () => {
  it('refuses a join of two required inputs and a machine whose action formulas draw random numbers or read token ids', () => {
    const machine = {
      nodeId: 'fsm',
      type: 'FSM',
      fsm: {
        instancePer: 'correlationId',
        variables: { n: 0, r: 0 },
        states: [
          { name: 'open', isInitial: true, onExit: [{ action: 'log', formula: 'token.id' }] },
          {
            name: 'closed',
            onEntry: [
              { action: 'increment', target: 'n' },
              { action: 'set_variable', target: 'r', formula: 'rand()' },
            ],
          },
        ],
        transitions: [{ from: 'open', to: 'closed', trigger: 'close' }],
      },
      outputs: [{ destinationNodeId: 'join' }],
    };
    const verdict = shardability(
      scenarioOf([
        source,
        machine,
        { nodeId: 'log2', type: 'DataSource', count: 0, outputs: [] },
        {
          nodeId: 'join',
          type: 'ProcessNode',
          inputs: [
            { name: 'a', nodeId: 'fsm' },
            { name: 'b', nodeId: 'log2' },
          ],
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    // Node order: the machine's two expression reasons (an onExit formula, the last onEntry action's
    // formula), then the join; the DataSources (no tokens of their own) and the Sink have none.
    expect(verdict).toEqual({
      shardable: false,
      blockers: [
        {
          nodeId: 'fsm',
          reason: "draws random numbers (rand()) from the node's one stream, shared by every correlation id",
        },
        { nodeId: 'fsm', reason: "reads a token's id in `token.id`, which is numbered across all correlation ids" },
        {
          nodeId: 'join',
          reason: 'joins its required inputs in arrival order, pairing tokens of different correlation ids',
        },
      ],
    });
  });
});

describe('the shard of a correlation id', () => {
  it('is FNV-1a 32 of its UTF-8 bytes (published test vectors) modulo the shard count', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
    // "é" is the two bytes C3 A9: the hash of the bytes, worked by hand from the offset basis.
    let h = 0x811c9dc5;
    for (const b of [0xc3, 0xa9]) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    expect(fnv1a32('é')).toBe(h);
    expect(shardOf('foobar', 7)).toBe(0xbf9cf968 % 7);
  });

  it('hashes a character beyond U+FFFF (a surrogate pair in the text) as its four UTF-8 bytes', () => {
    // U+1F600 is F0 9F 98 80 in UTF-8 (high surrogate D83D, low DE00); the hash worked from the offset basis.
    let h = 0x811c9dc5;
    for (const b of [0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62]) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    expect(fnv1a32('a\u{1F600}b')).toBe(h);
    expect(h).toBe(0x88a361a9);
    expect(fnv1a32('\u{1F600}')).toBe(0x33a29608);
  });

  it('hashes each UTF-8 length at its edges, and a lone or misordered surrogate as U+FFFD (EF BF BD)', () => {
    const fnvOfBytes = (bytes: number[]): number => {
      let h = 0x811c9dc5;
      for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
      return h;
    };
    // The UTF-8 bytes worked by hand (RFC 3629): 1 byte to U+007F, 2 to U+07FF, 3 to U+FFFF (the
    // surrogates D800–DFFF excepted), 4 beyond, from a high (D800–DBFF) + low (DC00–DFFF) pair.
    const cases: [string, number[]][] = [
      ['\u007f', [0x7f]],
      ['\u0080', [0xc2, 0x80]],
      ['\u07ff', [0xdf, 0xbf]],
      ['\u0800', [0xe0, 0xa0, 0x80]],
      ['\u20ac', [0xe2, 0x82, 0xac]],
      ['\ud7ff', [0xed, 0x9f, 0xbf]],
      ['\ue000', [0xee, 0x80, 0x80]],
      ['\uffff', [0xef, 0xbf, 0xbf]],
      ['\ud800\udc00', [0xf0, 0x90, 0x80, 0x80]], // U+10000, the least pair
      ['\udbff\udfff', [0xf4, 0x8f, 0xbf, 0xbf]], // U+10FFFF, the greatest
      ['\ud800', [0xef, 0xbf, 0xbd]], // a high surrogate at the end
      ['\ud83da', [0xef, 0xbf, 0xbd, 0x61]], // a high surrogate before a character below DC00
      ['\ud83d\ue000', [0xef, 0xbf, 0xbd, 0xee, 0x80, 0x80]], // … before one above DFFF
      ['\udfff', [0xef, 0xbf, 0xbd]], // a lone low surrogate
      ['\udc00\udc00', [0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd]], // two lows are no pair
    ];
    for (const [text, bytes] of cases) {
      const code = [...text].map((c) => c.codePointAt(0)!.toString(16)).join(' ');
      expect(fnv1a32(text), code).toBe(fnvOfBytes(bytes));
    }
  });

  it('is taken from the first correlation id of an event', () => {
    expect(shardKeyOf({ correlationIds: ['x', 'y'], correlationId: 'z' })).toBe('x');
    expect(shardKeyOf({ correlationId: 'z' })).toBe('z');
    expect(shardKeyOf({ correlationId: '' })).toBeNull();
  });

  it('is none (null) for a non-object, a missing or non-string id; an empty list falls back to correlationId', () => {
    // As the engine reads an event (externalQueue.ts): an empty correlationIds list gives way to
    // correlationId; an id that is not a string is no correlation id.
    expect(shardKeyOf({ correlationIds: [], correlationId: 'z' })).toBe('z');
    expect(shardKeyOf({ correlationIds: [5], correlationId: 'z' })).toBeNull();
    expect(shardKeyOf({ correlationId: 7 })).toBeNull();
    expect(shardKeyOf({})).toBeNull();
    expect(shardKeyOf(null)).toBeNull();
    expect(shardKeyOf(undefined)).toBeNull();
  });
});

describe('order keys as text', () => {
  it('compare as strings in the order of their numbers, element by element, a prefix first', () => {
    const keys = [
      [1, 0, 0, 5],
      [1, 0, 0, 16],
      [1, 1, 2, 1, 0, 0, 5],
      [1, 1, 2, 1, 0, 0, 16],
      [2, 0, 0, 3],
      [2, 0, 0, 3, 0],
    ];
    // Sorted by hand in numeric order: 5 < 16 (as hex "05" < "10"), a prefix before its extensions.
    const texts = keys.map(keyText);
    expect([...texts].sort()).toEqual(texts);
    for (let i = 0; i < keys.length; i++)
      for (let j = 0; j < keys.length; j++)
        expect(Math.sign(compareKeys(keys[i]!, keys[j]!))).toBe(
          texts[i]! < texts[j]! ? -1 : texts[i] === texts[j] ? 0 : 1,
        );
    expect(keyText([255, 4294967295])).toBe('000000ffffffffff');
  });

  it('are refused, naming the event, for a token a DataSource generated of its own (no external event)', () => {
    // A DataSource with count 2 is not shardable (its tokens carry no session's id), so `run --shard`
    // refuses it before any key is asked; read directly, its first event e1 cannot be placed.
    const engine = new Engine();
    const loaded = engine.initialize({
      version: '3.0',
      nodes: [
        { nodeId: 'gen', type: 'DataSource', count: 2, outputs: [{ destinationNodeId: 'done' }] },
        { nodeId: 'done', type: 'Sink' },
      ],
    });
    expect(loaded.errors).toEqual([]);
    engine.runToEnd();
    expect(() => [...orderKeys(engine.ledger)]).toThrow(new Error("e1: a generated token, not an external event's"));
  });
});

describe('shardability, rule by rule', () => {
  it('names each refused DataSource, Aggregator and weighted Multiplexer with the reason of its own rule', () => {
    // docs/scale.md's table: a DataSource that reads execution-events or generates tokens of its own;
    // an Aggregator grouped by a data field, on a time trigger, or with a capacity; a weighted draw.
    // Each node breaks exactly one rule (the others are grouped by correlationId, count-triggered,
    // without flushOnEnd), so each has exactly one reason.
    const perId = (nodeId: string, extra: object) => ({
      nodeId,
      type: 'Aggregator',
      aggregation: {
        method: 'count',
        groupBy: 'correlationId',
        trigger: { type: 'count', window: 2 },
        flushOnEnd: false,
      },
      outputs: [{ destinationNodeId: 'done' }],
      ...extra,
    });
    const verdict = shardability(
      scenarioOf([
        {
          nodeId: 'events',
          type: 'DataSource',
          generation: { type: 'execution-events', eventType: 'login' },
          outputs: [{ destinationNodeId: 'byRegion' }],
        },
        { nodeId: 'gen', type: 'DataSource', count: 3, outputs: [{ destinationNodeId: 'byRegion' }] },
        perId('byRegion', {
          aggregation: { method: 'count', groupBy: 'region', trigger: { type: 'count', window: 2 }, flushOnEnd: false },
        }),
        perId('timed', {
          aggregation: {
            method: 'count',
            groupBy: 'correlationId',
            trigger: { type: 'time', window: 5 },
            flushOnEnd: false,
          },
        }),
        perId('capped', { capacity: 10 }),
        {
          nodeId: 'split',
          type: 'Multiplexer',
          multiplexing: { strategy: 'weighted', weights: [1, 2] },
          outputs: [{ destinationNodeId: 'done' }, { destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    expect(verdict).toEqual({
      shardable: false,
      blockers: [
        {
          nodeId: 'events',
          reason: "reads the original tool's events (execution-events), whose correlation ids are not sharded",
        },
        {
          nodeId: 'gen',
          reason: "generates 3 token(s) of its own, numbered across the whole run and carrying no session's id",
        },
        {
          nodeId: 'byRegion',
          reason: 'groups by "region", which mixes correlation ids (group by correlationId instead)',
        },
        {
          nodeId: 'timed',
          reason: 'flushes every group at once on a timer, in an order set across ids (not supported by sharding yet)',
        },
        { nodeId: 'capped', reason: 'its capacity is shared by the groups of every correlation id' },
        {
          nodeId: 'split',
          reason: 'routes by a weighted draw from one random stream shared by every correlation id',
        },
      ],
    });
  });

  it("reads the expressions of ProcessNodes, of an Aggregator's formula and of output formulas, each for its own node only", () => {
    // pick's formula draws, stamp's transform reads token.id, route's output formula draws (the
    // edge's formula counts for the node it leaves, not for the one it enters), and batch's
    // aggregation formula reads a token's id. stamp has one required input and one optional one:
    // not a join (docs/dsl.md: only two or more required inputs join).
    const verdict = shardability(
      scenarioOf([
        { ...source, outputs: [{ destinationNodeId: 'pick' }] },
        { nodeId: 'pick', type: 'ProcessNode', formula: 'value * rand()', outputs: [{ destinationNodeId: 'stamp' }] },
        { nodeId: 'other', type: 'DataSource', count: 0, outputs: [] },
        {
          nodeId: 'stamp',
          type: 'ProcessNode',
          inputs: [
            { name: 'a', nodeId: 'pick' },
            { name: 'b', nodeId: 'other', required: false },
          ],
          transform: { who: 'token.id' },
          outputs: [{ destinationNodeId: 'route' }],
        },
        { nodeId: 'route', type: 'ProcessNode', outputs: [{ destinationNodeId: 'batch', formula: 'rand()' }] },
        {
          nodeId: 'batch',
          type: 'Aggregator',
          aggregation: {
            method: 'formula',
            formula: 'tokens[0].id',
            groupBy: 'correlationId',
            trigger: { type: 'count', window: 2 },
            flushOnEnd: false,
          },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ]),
    );
    const draws = "draws random numbers (rand()) from the node's one stream, shared by every correlation id";
    const readsId = (form: string) => `reads a token's id in \`${form}\`, which is numbered across all correlation ids`;
    expect(verdict).toEqual({
      shardable: false,
      blockers: [
        { nodeId: 'pick', reason: draws },
        { nodeId: 'stamp', reason: readsId('token.id') },
        { nodeId: 'route', reason: draws },
        { nodeId: 'batch', reason: readsId('tokens[0].id') },
      ],
    });
  });
});
