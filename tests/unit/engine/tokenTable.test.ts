/**
 * The token table's memory count: `bytes()` feeds the ledger's `memoryBytes` (TARGETS.md E3), so it
 * must add up every typed array the table holds, each at its capacity.
 */
import { describe, expect, it } from 'vitest';
import { TokenTable } from '../../../src/engine/ledger/tokenTable';
import { canonicalJson } from '../../../src/engine/ledger/canonical';

/** Starting bytes of the token table's block columns (see the first test). */
const COLUMNS = 512 + 3 * 1024 + 8192 + 2 * 1024;

describe('TokenTable', () => {
  it('counts the bytes of all its typed arrays at their starting capacities', () => {
    const table = new TokenTable(
      ['a', 'b'],
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
    );
    // corrStart, corrEnd, the key pool and the merge marks: 1,024 int32 each = 4 × 4,096 bytes;
    // per node, its token list (16 int32) and its generated-id list (4 int32): 2 × (64 + 16) bytes;
    // the token columns (256 slots each: node uint16, number, shape, value offset int32 = 512 + 3 × 1,024),
    // the data values (1,024 float64 = 8,192), the correlation keys' node and number (2 × 1,024)
    // and the per-node last and previous shapes (2 int32 per node).
    expect(table.bytes()).toBe(4 * 4096 + 2 * (64 + 16) + COLUMNS + 2 * 2 * 4);
  });

  it('keeps a source’s generated ids "src-1" … "src-4" in its starting list of four, and grows it at the fifth', () => {
    const table = new TokenTable(['src'], new Map([['src', 0]]));
    const start = 4 * 4096 + 64 + 16 + COLUMNS + 2 * 4;
    expect(table.bytes()).toBe(start);
    for (let n = 1; n <= 4; n++) table.createSource(0, { value: n });
    // One key per generated id, in order; the list holds exactly four, so nothing grew.
    expect([1, 2, 3, 4, 5].map((n) => table.findCorrelation(`src-${n}`))).toEqual([0, 1, 2, 3, -1]);
    expect(table.bytes()).toBe(start);
    table.createSource(0, { value: 5 });
    // The fifth doubles the list to 8 int32: 16 more bytes.
    expect(table.findCorrelation('src-5')).toBe(4);
    expect(table.bytes()).toBe(start + 16);
  });
});

describe('TokenTable columns', () => {
  const table = (): TokenTable =>
    new TokenTable(
      ['a', 'b'],
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
    );
  // Own keys in insertion order, integer-like keys first as JavaScript orders them; every kind a
  // column holds, the numbers a double column must keep exactly, and data that stays an object.
  const samples: Record<string, unknown>[] = [
    { value: 1.2 },
    { value: 3, state: 'busy', ok: true, none: null },
    { z: 1, a: 'x', m: false },
    { value: -0 },
    { value: NaN, other: Infinity, low: -Infinity },
    { value: 0.1 + 0.2, big: 2 ** 60, tiny: 5e-324 },
    { '10': 'ten', '2': 'two', b: 1 },
    { text: 'é "quoted" \n\u2028 \ud800' },
    {},
    { nested: { b: 1, a: [1, { d: 2, c: 3 }] }, value: 1 },
    { list: [3, 1, 2] },
    { value: undefined, keep: 1 },
  ];

  it('reads one own field of every token as its data holds it, undefined when it has none', () => {
    const t = table();
    samples.forEach((data, i) => t.create(i % 2, [`c${i}`], data));
    const keys = [
      'value',
      'state',
      'ok',
      'none',
      'a',
      '10',
      'text',
      'nested',
      'list',
      'keep',
      'missing',
      'constructor',
    ];
    samples.forEach((_, i) => {
      const data = t.data(i);
      for (const key of keys) {
        const own = Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
        expect(Object.is(t.field(i, key), own)).toBe(true);
      }
    });
    expect(t.field(9, 'nested')).toBe(samples[9]!['nested']);
    expect(t.field(0, 'constructor')).toBeUndefined();
  });

  it('keeps the data of a node that alternates between two shapes', () => {
    const t = table();
    const made: Record<string, unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      // Two shapes in turn (the last and the one before it are tried first), a third once.
      const data =
        i === 7
          ? { value: `v${i}` }
          : i % 2 === 0
            ? { value: i, state: 'busy', previousState: 'idle' }
            : { value: i, state: 'idle' };
      made.push(data);
      t.create(0, ['c'], data);
    }
    made.forEach((data, i) => {
      expect(t.data(i)).toStrictEqual(data);
      expect(t.dataJson(i, canonicalJson)).toBe(canonicalJson(data));
    });
  });

  it('reads back every token data as it was given, keys in the same order', () => {
    const t = table();
    samples.forEach((data, i) => t.create(i % 2, [`c${i}`], data));
    samples.forEach((data, i) => {
      expect(t.data(i)).toStrictEqual(data);
      expect(Object.keys(t.data(i))).toEqual(Object.keys(data));
    });
    const proto = Object.defineProperty({}, '__proto__', { value: 1, enumerable: true, writable: true });
    const p = t.create(0, [], proto);
    expect(Object.keys(t.data(p))).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(t.data(p))).toBe(Object.prototype);
  });

  it('writes each token data as canonicalJson writes the object, byte for byte', () => {
    const t = table();
    samples.forEach((data) => t.create(0, [], data));
    samples.forEach((data, i) => expect(t.dataJson(i, canonicalJson)).toBe(canonicalJson(data)));
  });

  it('computes ids and generated correlation ids, and keeps foreign ones', () => {
    const t = table();
    const s1 = t.createSource(0, { value: 1 });
    const d = t.derive(1, s1, { value: 2 });
    const m = t.merge(1, [d, t.create(0, ['x', 'a-1', 'x'], { value: 3 })], { value: 4 });
    expect(t.get(s1)).toStrictEqual({ id: 'a#1', correlationIds: ['a-1'], data: { value: 1 } });
    expect(t.get(d)).toStrictEqual({ id: 'b#1', correlationIds: ['a-1'], data: { value: 2 } });
    expect(t.get(m)).toStrictEqual({ id: 'b#2', correlationIds: ['a-1', 'x'], data: { value: 4 } });
    expect(t.correlationIds(2)).toEqual(['x', 'a-1', 'x']);
    expect(t.firstCorrelationId(m)).toBe('a-1');
    const f = t.adopt({ id: 'elsewhere#7', correlationIds: ['q'], data: { value: 5 } });
    expect(t.get(f)).toStrictEqual({ id: 'elsewhere#7', correlationIds: ['q'], data: { value: 5 } });
    expect(t.indexOf('elsewhere#7')).toBe(f);
    expect(t.slice(1, 3).map((x) => x.id)).toEqual(['b#1', 'a#2']);
    expect(t.length).toBe(5);
  });

  it('keeps ids, data and correlation ids across column blocks (200,000 tokens)', () => {
    const t = table();
    for (let i = 0; i < 200_000; i++)
      t.createSource(i % 2, i % 3 === 0 ? { value: i, tag: `t${i % 5}` } : { value: i / 7 });
    for (const i of [0, 1, 65_535, 65_536, 131_071, 131_072, 199_999]) {
      const n = (i >> 1) + 1;
      const node = i % 2 === 0 ? 'a' : 'b';
      expect(t.get(i)).toStrictEqual({
        id: `${node}#${n}`,
        correlationIds: [`${node}-${n}`],
        data: i % 3 === 0 ? { value: i, tag: `t${i % 5}` } : { value: i / 7 },
      });
    }
  });
});
