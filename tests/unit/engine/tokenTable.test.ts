/**
 * The token table's memory count: `bytes()` feeds the ledger's `memoryBytes` (TARGETS.md E3), so it
 * must add up every typed array the table holds, each at its capacity.
 */
import { describe, expect, it } from 'vitest';
import { TokenTable } from '../../../src/engine/ledger/tokenTable';

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
    // per node, its token list (16 int32) and its generated-id list (4 int32): 2 × (64 + 16) bytes.
    expect(table.bytes()).toBe(4 * 4096 + 2 * (64 + 16));
  });

  it('keeps a source’s generated ids "src-1" … "src-4" in its starting list of four, and grows it at the fifth', () => {
    const table = new TokenTable(['src'], new Map([['src', 0]]));
    const start = 4 * 4096 + 64 + 16;
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
