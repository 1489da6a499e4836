import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, Ledger, NONE, OP } from '../../../src/engine';
import { StreamHash } from '../../../src/engine/ledger/streamHash';
import { engineFor, events, processNode, run, scenario, sink, source, stepOnce } from './helpers';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Recursively key-sorted copy (the reference canonical form, written the slow, obvious way). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const pipeline = () =>
  scenario([
    source('src', 'p', { count: 6 }),
    processNode('p', 'agg', { formula: "{ doubled: value * 2, note: 'é✓😀' }" }),
    {
      nodeId: 'agg',
      type: 'Aggregator',
      aggregation: { method: 'sum', trigger: { type: 'count', window: 2 } },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ]);

describe('canonicalJson', () => {
  it('sorts keys at every depth, so construction order never changes the text', () => {
    const a = { b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } };
    const b = { a: { c: 'x', d: [1, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('follows JSON.stringify for strings, numbers and missing values', () => {
    expect(
      canonicalJson({
        s: 'a"\n\u2028😀',
        n: -0,
        big: 1e21,
        x: undefined,
        inf: Infinity,
        nan: NaN,
        arr: [undefined, null],
      }),
    ).toBe(
      JSON.stringify(sorted({ s: 'a"\n\u2028😀', n: -0, big: 1e21, inf: Infinity, nan: NaN, arr: [undefined, null] })),
    );
  });
});

describe('StreamHash', () => {
  it('hashes the UTF-8 bytes of the text, across block boundaries and surrogate pairs', () => {
    const text = 'ascii é ✓ 😀 lone \ud800 end '.repeat(5000);
    const h = new StreamHash();
    for (let i = 0; i < text.length; i += 777) h.update(text.slice(i, i + 777));
    expect(h.digestHex()).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
  });

  it('encodes the characters at the edges of the 1-, 2- and 3-byte UTF-8 ranges', () => {
    // RFC 3629: U+007F is 7F, U+0080 is C2 80, U+07FF is DF BF, U+0800 (the first 3-byte one) is
    // E0 A0 80 and U+FFFF is EF BF BF; the digest is of exactly those bytes.
    const bytes = Uint8Array.from([0x7f, 0xc2, 0x80, 0xdf, 0xbf, 0xe0, 0xa0, 0x80, 0xef, 0xbf, 0xbf]);
    const h = new StreamHash();
    h.update('\u007f\u0080\u07ff\u0800\uffff');
    expect(h.digestHex()).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

describe('Ledger', () => {
  it('serialises each event as one canonical JSON line with sorted keys', () => {
    const engine = run(pipeline());
    const ndjson = engine.ledger.toNdjson();
    const lines = ndjson.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(engine.ledger.size + 1);
    events(engine).forEach((ev, i) => {
      expect(lines[i]).toBe(JSON.stringify(sorted(ev)));
    });
    expect(lines[0]).toBe(
      '{"eventId":"e1","nodeId":"src","nodeType":"DataSource","operation":"TOKEN_GENERATED","outputToken":{"correlationIds":["src-1"],"data":{"value":1},"id":"src#1"},"seq":1,"step":1,"timestamp":1735689601000}',
    );
  });

  it('writes a number of token data that is not finite as null, as JSON.stringify does', () => {
    // docs/dsl.md: division by zero gives Infinity and `sqrt(-1)` is NaN, neither an error; the
    // canonical line writes non-finite numbers as `null`. The object result is merged over {value: 1}.
    const engine = run(
      scenario([
        source('src', 'p', { count: 1 }),
        processNode('p', 'sink', { formula: '{ inf: value / 0, nan: sqrt(-1) }' }),
        sink(),
      ]),
    );
    const line = engine.ledger.toNdjson().split('\n')[1]!;
    expect(line).toBe(
      '{"eventId":"e2","inputToken":{"correlationIds":["src-1"],"data":{"value":1},"id":"src#1"},"nodeId":"p","nodeType":"ProcessNode","operation":"TOKEN_TRANSFORMED","outputToken":{"correlationIds":["src-1"],"data":{"inf":null,"nan":null,"value":1},"id":"p#1"},"seq":2,"step":2,"timestamp":1735689602000}',
    );
    expect(JSON.parse(line).outputToken.data).toEqual({ inf: null, nan: null, value: 1 });
  });

  it('hashes the canonical NDJSON with SHA-256, incrementally', () => {
    const whole = run(pipeline());
    expect(whole.ledgerHash()).toBe(sha256(whole.ledger.toNdjson()));
    const stepped = engineFor(pipeline());
    const partial: string[] = [];
    while (stepOnce(stepped)) partial.push(stepped.ledgerHash());
    expect(partial.at(-1)).toBe(whole.ledgerHash());
    expect(partial[2]).toBe(sha256(stepped.ledger.toNdjson(1, stepped.ledger.lastSeqAt(3))));
  });

  it('indexes events by node, token, correlation id and step as they are appended', () => {
    const engine = run(pipeline());
    const l = engine.ledger;
    const seqs = (list: ArrayLike<number>) => Array.from(list).map((s) => `${l.get(s).nodeId}:${l.get(s).operation}`);
    expect(seqs(l.seqsOfNode(l.nodeIndex('agg')!)).slice(0, 3)).toEqual([
      'agg:TOKEN_BUFFERED',
      'agg:TOKEN_BUFFERED',
      'agg:TOKEN_AGGREGATED',
    ]);
    expect(seqs(l.seqsOfToken(l.tokenIndexOf('p#1')))).toEqual([
      'p:TOKEN_TRANSFORMED',
      'agg:TOKEN_BUFFERED',
      'agg:TOKEN_AGGREGATED',
    ]);
    // A correlation id reaches through the merge: the aggregate carries the union of ids.
    expect(seqs(l.seqsOfCorrelation('src-2'))).toEqual([
      'src:TOKEN_GENERATED',
      'p:TOKEN_TRANSFORMED',
      'agg:TOKEN_BUFFERED',
      'agg:TOKEN_AGGREGATED',
      'sink:TOKEN_COLLECTED',
    ]);
    expect(l.seqsOfCorrelation('src-2', l.lastSeqAt(3)).length).toBe(2);
    expect(l.seqsOfCorrelation('nope')).toEqual([]);
    const [first, end] = l.stepRange(2);
    expect(Array.from({ length: end - first }, (_, i) => l.get(first + i).step)).toEqual([2, 2]);
    expect(l.stepRange(99)).toEqual([l.size + 1, l.size + 1]);
    expect(l.tokenIndexOf('agg#1')).toBeGreaterThanOrEqual(0);
    expect(l.tokenIndexOf('agg#99')).toBe(NONE);
    expect(l.tokenIndexOf('nobody#1')).toBe(NONE);
  });

  it('rebuilds from its events (e.g. read back from storage) to the same hash and indexes', () => {
    const engine = run(pipeline(), { events: [] });
    const l = engine.ledger;
    const copy = new Ledger(l.nodes, l.startTime, l.tickMs);
    for (const ev of events(engine)) copy.appendEvent(JSON.parse(JSON.stringify(ev)));
    expect(copy.hash()).toBe(l.hash());
    expect(copy.seqsOfCorrelation('src-3')).toEqual(l.seqsOfCorrelation('src-3'));
    expect(copy.seqsOfToken(copy.tokenIndexOf('p#2'))).toEqual(l.seqsOfToken(l.tokenIndexOf('p#2')));
    expect(() => copy.appendEvent({ ...l.get(1), seq: 1 })).toThrow(/expects/);
  });

  it('treats an event correlation id equal to a generated one as the same id', () => {
    const engine = run(scenario([source('src', 'sink', { count: 2 }), source('ext', 'sink', { count: 0 }), sink()]), {
      events: [
        { targetDataSourceId: 'ext', correlationId: 'src-2', value: 9 },
        { targetDataSourceId: 'ext', correlationId: 'src-1', value: 8 },
      ],
    });
    const where = (id: string) =>
      engine.ledger.seqsOfCorrelation(id).map((s) => `${engine.ledger.get(s).step}:${engine.ledger.get(s).nodeId}`);
    // Seen from an event first (step 1), generated later (step 2) …
    expect(where('src-2')).toEqual(['1:ext', '2:src', '2:sink', '3:sink']);
    // … and generated first (step 1), seen from an event later (step 2).
    expect(where('src-1')).toEqual(['1:src', '2:ext', '2:sink', '3:sink']);
  });

  it('indexes an event read back under its output token’s ids when its input token carries none', () => {
    // Both tokens are new to the ledger: the input's (empty) list of correlation ids and the
    // output's list ["order-7"] start at the same place in the table; the output still touches
    // order-7 (DSL.md §3: an event touches the ids its tokens carry).
    const l = new Ledger([{ nodeId: 'p', nodeType: 'ProcessNode' }], 0, 1000);
    l.appendEvent({
      eventId: 'e1',
      seq: 1,
      step: 1,
      timestamp: 1000,
      nodeId: 'p',
      nodeType: 'ProcessNode',
      operation: 'TOKEN_TRANSFORMED',
      inputToken: { id: 'p#1', correlationIds: [], data: { value: 1 } },
      outputToken: { id: 'p#2', correlationIds: ['order-7'], data: { value: 2 } },
    });
    expect(l.seqsOfCorrelation('order-7')).toEqual([1]);
    expect(l.seqsOfToken(l.tokenIndexOf('p#2'))).toEqual([1]);
  });

  it('refuses an index-only posting under a correlation id no token of the run carries, naming it', () => {
    const l = new Ledger([{ nodeId: 'f', nodeType: 'FSM' }], 0, 1000);
    const event = {
      eventId: 'e1',
      seq: 1,
      step: 1,
      timestamp: 1000,
      nodeId: 'f',
      nodeType: 'FSM' as const,
      operation: 'STATE_TRANSITION' as const,
      from: 'idle',
      to: 'busy',
    };
    expect(() => l.appendEvent(event, 'nobody')).toThrow(
      'postCorrelation: no token of the run carries the correlation id "nobody"',
    );
  });

  it('refuses a decreasing step and an unknown node', () => {
    const l = new Ledger([{ nodeId: 'a', nodeType: 'Sink' }], 0, 1000);
    l.beginStep(3);
    expect(() => l.beginStep(2)).toThrow(/must not decrease/);
    expect(() => l.get(1)).toThrow(/no ledger event/);
    const t = l.createToken(0, ['c'], { value: 1 });
    l.append(0, OP.TOKEN_COLLECTED, t, NONE, 0, 0, 0);
    expect(l.get(1)).toMatchObject({ eventId: 'e1', step: 3, timestamp: 3000, inputToken: { id: 'a#1' } });
    expect(() => l.appendEvent({ ...l.get(1), seq: 2, nodeId: 'zz' })).toThrow(/unknown node/);
  });
});

describe('Ledger memory', () => {
  it('counts the bytes of its columns and indexes at their starting capacities', () => {
    const l = new Ledger([{ nodeId: 'a', nodeType: 'Sink' }], 0, 1000);
    // Event columns: 1,024 slots × (4 step + 2 node + 1 op + 5 × 4 int32) = 27,648;
    // the token and correlation indexes: head, values and next of 1,024 int32 each = 2 × 12,288;
    // the token-list pool: 1,024 int32 = 4,096; the token table of one node: corrStart, corrEnd,
    // pool and marks of 1,024 int32 (16,384) + its token list (16) and generated-id list (4) = 16,464,
    // and its columns (13,832, see tokenTable.test.ts);
    // the index-only postings: 2 × 16 int32 = 128; the step index: 2 × 1,024 int32 = 8,192;
    // the node's event list: 64 int32 = 256.
    expect(l.columnBytes()).toBe(27_648 + 2 * 12_288 + 4_096 + 16_464 + 13_832 + 128 + 8_192 + 256);
  });
});

describe('Ledger token lists', () => {
  it('stores a list as its length then exactly the tokens in [from, to): 341 lists of two fill 1,023 of the pool’s 1,024 slots', () => {
    const l = new Ledger([{ nodeId: 'a', nodeType: 'Sink' }], 0, 1000);
    const before = l.columnBytes();
    const refs: number[] = [];
    // Each list takes tokens 0 and 1 of a three-token array: 1 length + 2 tokens = 3 slots,
    // and its reference is its offset + 1, so list k (from 0) is at 3k + 1.
    for (let k = 0; k < 341; k++) refs.push(l.tokenList([k, k + 1000, k + 2000], 0, 2));
    expect(refs).toEqual(Array.from({ length: 341 }, (_, k) => 3 * k + 1));
    // 341 × 3 = 1,023 slots fit the pool's starting capacity, so nothing grew.
    expect(l.columnBytes()).toBe(before);
  });
});
