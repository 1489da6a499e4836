/**
 * The ledger's event columns past their first block: a ledger of more than 65,536 events (seq
 * 65,536 is the first of the second block) keeps every event's columns, and holds whole blocks.
 */
import { describe, expect, it } from 'vitest';
import { EventColumns } from '../../../src/engine/ledger/eventColumns';

describe('EventColumns', () => {
  it('keeps events past the first block of 65,536 seqs, written one after the other as the ledger does', () => {
    const cols = new EventColumns();
    const last = 70_000;
    for (let seq = 1; seq <= last; seq++) cols.set(seq, seq * 2, seq % 7, seq % 5, seq + 1, seq - 1, 3, 4, seq % 11);
    for (const seq of [1, 1023, 1024, 65_535, 65_536, 65_537, last]) {
      expect([
        cols.step(seq),
        cols.node(seq),
        cols.op(seq),
        cols.input(seq),
        cols.output(seq),
        cols.details(seq),
      ]).toEqual([seq * 2, seq % 7, seq % 5, seq + 1, seq - 1, seq % 11]);
    }
    // Two full blocks of 65,536 slots, each slot 4 + 2 + 1 + 4 × 5 = 27 bytes.
    expect(cols.bytes()).toBe(2 * 65_536 * 27);
  });
});
