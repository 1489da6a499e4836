// `parseFormula`, the one entry point of a scenario's formulas: the expression language first, and
// JavaScript for what it cannot read or for a formula reading `.length` anywhere, which the
// expression language reads as a field (null on arrays) but JavaScript formulas mean as the length
// (docs/dsl.md, "JavaScript formulas"). Expected values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../../src/engine/expr';

/** The language `source` is read in and its value over `scope`. */
function read(source: string, scope: Record<string, unknown>): { language: string; value: unknown } {
  const r = parseFormula(source);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
  const v = r.expr.evaluate({ scope });
  if (!v.ok) throw new Error(`expected ${JSON.stringify(source)} (${r.language}) to evaluate, got: ${v.error}`);
  return { language: r.language, value: v.value };
}

describe('parseFormula: which language reads a formula', () => {
  const scope = { data: { items: [4, 5, 6], name: 'abcd' } };

  it('reads `.length` as JavaScript wherever it stands in the formula, not only at the top', () => {
    // the top node is the member itself
    expect(read('data.items.length', scope)).toEqual({ language: 'javascript', value: 3 });
    // under a comparison: 3 > 2
    expect(read('data.items.length > 2', scope)).toEqual({ language: 'javascript', value: true });
    // two levels down, inside an array and a sum: [3 + 4 * 1]
    expect(read('[data.items.length + data.name.length * 1]', scope)).toEqual({ language: 'javascript', value: [7] });
  });

  it('keeps a formula without `.length` in the expression language', () => {
    expect(read('len(data.items) > 2', scope)).toEqual({ language: 'expression', value: true });
    expect(read('data.items[0] + 1', scope)).toEqual({ language: 'expression', value: 5 });
  });
});
