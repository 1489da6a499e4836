// The step count of an evaluation, exactly: `EvalContext.steps` is what a run adds to its work
// (`maxWork`, docs/limits.md), so every node must count its one step (docs/limits.md: "one per
// syntax node visited, per element a function walks"), and the budget of 100,000 steps must allow
// exactly 100,000 and stop at the first step past it. Every count below is worked out by hand from
// those rules.
import { describe, expect, it } from 'vitest';
import { LIMITS, type EvalContext } from '../../../src/engine/expr';
import { parseJsFormula } from '../../../src/engine/expr/js';
import { compileOrThrow } from './helpers';

const TOO_MANY_STEPS = 'expression needs too many steps (more than 100000)';

/** The result of `source` over `scope` and the steps it reported. */
function measured(source: string, scope: Record<string, unknown> = {}): { ok: boolean; steps: number | undefined } {
  const ctx: EvalContext = { scope };
  const r = compileOrThrow(source).evaluate(ctx);
  return { ok: r.ok, steps: ctx.steps };
}

const BINARY = ['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!='];
const COMPARISONS = ['<', '<=', '>', '>=', '==', '!='];

describe('evaluation steps: one per node', () => {
  it.each(BINARY)('a %s of two numbers counts three steps (the operator and its two operands)', (op) => {
    expect(measured(`5 ${op} 2`)).toEqual({ ok: true, steps: 3 });
  });

  it.each(COMPARISONS)('a %s of two short texts counts three steps too (under 64 characters scan free)', (op) => {
    expect(measured(`"ab" ${op} "b"`)).toEqual({ ok: true, steps: 3 });
  });

  it('a unary operator counts two steps, a nested expression the sum of its nodes', () => {
    expect(measured('-x', { x: 1 })).toEqual({ ok: true, steps: 2 });
    // (1 < 2) == !false: == 1, < 1 + 2 literals, ! 1 + 1 literal = 6
    expect(measured('(1 < 2) == !false')).toEqual({ ok: true, steps: 6 });
  });

  it('|| and && count their own step, the left operand, and the right one only when it is read', () => {
    // 0 || 2: the || 1, 0 1, 2 1 = 3 (the left side is falsy, so the right one is read)
    expect(measured('0 || 2')).toEqual({ ok: true, steps: 3 });
    // 1 || x: the || 1, 1 1 = 2 (x is never read)
    expect(measured('1 || x')).toEqual({ ok: true, steps: 2 });
    // 1 && 2: 3; 0 && x: 2
    expect(measured('1 && 2')).toEqual({ ok: true, steps: 3 });
    expect(measured('0 && x')).toEqual({ ok: true, steps: 2 });
  });
});

describe('evaluation steps: locals, long texts and a split that stops at its limit', () => {
  /** Steps of a JavaScript formula over `scope`, and its value. */
  function measuredJs(source: string, scope: Record<string, unknown> = {}) {
    const r = parseJsFormula(source);
    if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
    const ctx: EvalContext = { scope };
    const v = r.expr.evaluate(ctx);
    return { value: v.ok ? v.value : v.error, steps: ctx.steps };
  }

  it('a local binding counts one step each time it is read', () => {
    // the binding 1, its value 2 one, the * one, and x read twice: 5
    expect(measuredJs('const x = 2; return x * x;')).toEqual({ value: 4, steps: 5 });
  });

  it('number() of a text counts one step per 64 characters it reads', () => {
    // the call 1, s 1, and 640 characters read: 640 / 64 = 10 more
    expect(measured('number(s)', { s: '0'.repeat(640) })).toEqual({ ok: true, steps: 12 });
    // 63 characters read free
    expect(measured('number(s)', { s: '1'.repeat(63) })).toEqual({ ok: true, steps: 2 });
  });

  it('a split with a limit stops at the limit: the rest of the text is no piece and costs nothing', () => {
    // the method 1, its receiver, pattern and limit 1 each, and one per match (no groups) for the
    // two commas: 6; the text after the second comma is never taken as a piece
    expect(measuredJs("'a,b,c'.split(/,/, 2)")).toEqual({ value: ['a', 'b'], steps: 6 });
  });

  it('a spread counts its node, its parts and one step per element it copies', () => {
    // the spread 1, xs 1, and its 3 elements copied: 5
    expect(measuredJs('[...xs]', { xs: [1, 2, 3] })).toEqual({ value: [1, 2, 3], steps: 5 });
  });

  it('contains() of two texts counts one step per 64 characters of both', () => {
    // the call 1, s 1, p 1, and 640 + 64 = 704 characters scanned: 704 / 64 = 11 more
    const s = 'a'.repeat(640);
    const p = 'b'.repeat(64);
    expect(measured('contains(s, p)', { s, p })).toEqual({ ok: true, steps: 14 });
  });
});

describe('evaluation steps: comparing long texts, and null as text', () => {
  // Comparing two texts reads them side by side up to the end of the shorter one: with s of 1,280
  // characters and t of 640 (the same letter), 640 characters are read, 640 / 64 = 10 steps on top
  // of the operator and its two operands: 13, whichever side the longer text is on.
  const s = 'a'.repeat(1280);
  const t = 'a'.repeat(640);
  it.each(COMPARISONS)('a %s of a long and a shorter text counts one step per 64 characters of the shorter', (op) => {
    expect(measured(`s ${op} t`, { s, t })).toEqual({ ok: true, steps: 13 });
    expect(measured(`t ${op} s`, { s, t })).toEqual({ ok: true, steps: 13 });
  });

  it('null printed as text walks nothing: string(null) and "a" + null cost only their nodes', () => {
    // string(null): the call 1, null 1 = 2; "a" + null: the + 1 and its two operands 2 = 3 (the
    // five characters built scan free)
    expect(measured('string(null)')).toEqual({ ok: true, steps: 2 });
    expect(measured('"a" + null')).toEqual({ ok: true, steps: 3 });
  });
});

describe('evaluation steps: the edge of the budget', () => {
  // `[sum(xs), 1 OP 0]` counts: the array 1, the call 1, `xs` 1, sum's walk n, the operator 1 and
  // its two literals 2: n + 6 steps, the operator's own step being step n + 4.
  const budget = LIMITS.maxEvalSteps;
  const ones = (n: number): number[] => Array.from({ length: n }, () => 1);

  it.each(COMPARISONS)('with %s: n + 6 = 100,000 steps is allowed, one more is not', (op) => {
    const source = `[sum(xs), 1 ${op} 0]`;
    expect(budget).toBe(100_000);
    // exactly the budget: allowed, and all of it reported
    expect(measured(source, { xs: ones(budget - 6) })).toEqual({ ok: true, steps: budget });
    // from one step more on, whichever node takes the step past the budget (the last literal, the
    // first literal, the operator itself, sum's walk), evaluation stops right there and reports it
    for (const n of [budget - 5, budget - 4, budget - 3, budget - 2]) {
      const ctx: EvalContext = { scope: { xs: ones(n) } };
      expect(compileOrThrow(source).evaluate(ctx)).toEqual({ ok: false, error: TOO_MANY_STEPS });
      expect({ n, steps: ctx.steps }).toEqual({ n, steps: budget + 1 });
    }
  });

  it.each([
    ['||', '0 || 1'],
    ['&&', '1 && 0'],
  ])('with %s: its own step may be the 100,000th; evaluation stops at its left operand, the step past', (_op, expr) => {
    // `[sum(xs), EXPR]` with both operands read: the array 1, the call 1, `xs` 1, sum's walk n, the
    // operator 1 and its two literals 2: n + 6 steps, the operator's own step being step n + 4.
    const source = `[sum(xs), ${expr}]`;
    expect(measured(source, { xs: ones(budget - 6) })).toEqual({ ok: true, steps: budget });
    // n + 4 = 100,000: the operator takes the last step allowed, its left literal the step past it
    for (const n of [budget - 5, budget - 4, budget - 3, budget - 2]) {
      const ctx: EvalContext = { scope: { xs: ones(n) } };
      expect(compileOrThrow(source).evaluate(ctx)).toEqual({ ok: false, error: TOO_MANY_STEPS });
      expect({ n, steps: ctx.steps }).toEqual({ n, steps: budget + 1 });
    }
  });

  it('a spread whose own step is the 100,000th is allowed; evaluation stops at its first part', () => {
    // `[[...xs], [...ys]]` with ys empty: the array 1, the first spread 1, xs 1, its n elements n,
    // the second spread 1, ys 1: n + 5 steps, the second spread's own step being step n + 4.
    const r = parseJsFormula('[[...xs], [...ys]]');
    if (!r.ok) throw new Error(r.error.message);
    const at = (n: number): { result: unknown; steps: number | undefined } => {
      const ctx: EvalContext = { scope: { xs: ones(n), ys: [] } };
      return { result: r.expr.evaluate(ctx), steps: ctx.steps };
    };
    // n + 5 = 100,000: allowed, all of it reported
    expect(at(budget - 5)).toMatchObject({ result: { ok: true }, steps: budget });
    // n + 4 = 100,000: the second spread takes the last step allowed, and `ys` the step past it
    expect(at(budget - 4)).toEqual({ result: { ok: false, error: TOO_MANY_STEPS }, steps: budget + 1 });
  });
});
