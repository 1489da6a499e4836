/**
 * Issue 21, item 7: the "did you mean" hint of an edge to an unknown node compared that id with
 * every node id, so validation was quadratic in unresolved references (4,000 bad edges with long
 * ids: over a minute). Candidates are now indexed by length, each unknown id is answered once, and
 * all the hints of one validation share a budget of table cells; the common case keeps its hints.
 */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine';
import { didYouMean, SUGGEST_BUDGET, Suggester } from '../../../src/engine/suggest';

/** 4,000 nodes whose long ids share a 290-character prefix, each with an edge to an unknown id of the same shape. */
function badEdges(n: number): Record<string, unknown> {
  const prefix = 'n'.repeat(290);
  const id = (k: number, tag: string) => `${prefix}${tag}${String(k).padStart(8, '0')}`;
  const nodes = Array.from({ length: n }, (_, k) => ({
    nodeId: id(k, 'ok'),
    type: 'ProcessNode',
    outputs: [{ destinationNodeId: id(k, 'zz') }],
  }));
  return { version: '3.0', nodes };
}

describe('did-you-mean hints stay cheap', () => {
  it('4,000 edges to unknown long ids validate within the hint budget', () => {
    const result = loadScenario(badEdges(4000));
    const unknown = result.errors.filter((e) => e.message.includes('does not exist'));
    expect(unknown).toHaveLength(4000);
    // "…zz00000000" is two substitutions from "…ok00000000": the first ids still get their hint.
    expect(unknown[0]!.message).toContain(`(did you mean "${'n'.repeat(290)}ok00000000"?)`);
  }, 20_000);

  it('answers as didYouMean does, ties to the earliest candidate, and stops hinting past its budget', () => {
    const candidates = ['sink', 'snk2', 'price', 'prize', 'orders'];
    const s = new Suggester(candidates);
    for (const name of ['sinkk', 'prise', 'order', 'xyz', 'snk', 'price'])
      expect(s.suggest(name), name).toBe(didYouMean(name, candidates));
    expect(s.suggest('prise')).toBe('price');

    const long = Array.from({ length: 50 }, (_, k) => `${'a'.repeat(100)}${String(k).padStart(3, '0')}`);
    const small = new Suggester(long, 100_000);
    expect(small.suggest(`${'a'.repeat(100)}x01`)).toBe(`${'a'.repeat(100)}001`);
    for (let k = 0; k < 100; k++) small.suggest(`${'a'.repeat(100)}y${k}z`);
    expect(small.suggest(`${'a'.repeat(100)}x02`)).toBeUndefined();
    // The overshoot is at most one comparison's table.
    expect(small.spent).toBeLessThanOrEqual(100_000 + 104 * 104);
    expect(SUGGEST_BUDGET).toBe(20_000_000);
  });

  it('counts every row of a comparison’s table against the budget, not only its first', () => {
    // abcd against wxyz shares nothing at either end: row 0 of the table is 5 cells (the empty prefix
    // against 0–4 characters of wxyz), then each character of abcd fills a row of 4; the rows' least
    // values are 1 (a), 2 (b) and 3 (c), which passes the bound 2 = min(2, 4 / 2), so the comparison
    // stops there: 5 + 3 × 4 = 17 cells, and wxyz is no hint.
    const costly = new Suggester(['wxyz', 'abce'], 10);
    expect(costly.suggest('abcd')).toBeUndefined();
    expect(costly.spent).toBe(17);
    // Within budget, abce follows: its shared prefix abc and row 0 are 3 + 2 cells, one row of 1 more
    // (d against e: distance 1).
    const ample = new Suggester(['wxyz', 'abce'], 100);
    expect(ample.suggest('abcd')).toBe('abce');
    expect(ample.spent).toBe(17 + 5 + 1);
    // Alone, abce costs 6 cells and fits the budget of 10.
    expect(new Suggester(['abce'], 10).suggest('abcd')).toBe('abce');
  });
});
