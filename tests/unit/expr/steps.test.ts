// The step count of an evaluation, exactly: `EvalContext.steps` is what a run adds to its work
// (`maxWork`, docs/limits.md), so every node must count its one step (docs/limits.md: "one per
// syntax node visited, per element a function walks"), and the budget of 100,000 steps must allow
// exactly 100,000 and stop at the first step past it. Every count below is worked out by hand from
// those rules.
import { describe, expect, it } from 'vitest';
import { LIMITS, type EvalContext } from '../../../src/engine/expr';
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
});
