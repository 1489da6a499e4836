/**
 * Issue 21, minor: an optional chain deeper than the nesting limit was reported as `unexpected "."`
 * — the expression language's reading of `?.` — rather than as too deep. `?.` and `??` mark a
 * JavaScript formula, whose own refusal is reported.
 */
import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../../src/engine/expr';

describe('an optional chain past the nesting limit', () => {
  it('is reported as nested too deeply', () => {
    const r = parseFormula(`data${'?.b'.repeat(300)}`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('the formula is nested too deeply (more than 256 levels) (line 1, column 1)');
  });

  it('a chain within the limit still reads as JavaScript, and "? .5" is still a conditional', () => {
    const r = parseFormula(`data${'?.b'.repeat(200)}`);
    expect(r.ok && r.language).toBe('javascript');
    const c = parseFormula('value > 1 ? .5 : 2');
    expect(c.ok && c.language).toBe('expression');
    const deep = parseFormula(`(${'value ?? '.repeat(300)}1)`);
    expect(deep.ok).toBe(false);
    if (!deep.ok) expect(deep.error.message).toContain('nested too deeply');
  });
});
