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
});
