import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, parseExpression, type EvalContext } from '../../../src/engine/expr';
import { run, show } from './helpers';

const VARIABLES = ['a', 'b', 'value', 'data', 'xs', 's', 'count'];

/** Scopes binding the usual variable names to arbitrary JSON. */
const scopeArb = fc.record(Object.fromEntries(VARIABLES.map((name) => [name, fc.jsonValue({ maxDepth: 3 })])), {
  requiredKeys: [],
});

/** A context whose clock and random stream are fixed, so two evaluations can be compared. */
function contextFor(scope: Record<string, unknown>): EvalContext {
  let state = 7;
  return { scope, now: () => 1_000, rand: () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647 };
}

/** Tokens of the language (and a few near-misses), for token soup. */
const tokenArb = fc.oneof(
  fc.constantFrom(
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    ',',
    '.',
    '?',
    ':',
    '+',
    '-',
    '*',
    '/',
    '%',
    '!',
    '<',
    '<=',
    '>',
    '>=',
    '==',
    '!=',
    '===',
    '!==',
    '&&',
    '||',
    'and',
    'or',
    'not',
    'true',
    'false',
    'null',
    '=',
    '&',
    '|',
    '**',
    '__proto__',
    'constructor',
    'prototype',
    '"constructor"',
    "'a'",
    '"\\u{1F600}"',
    '"\\',
    '1e',
    '.5',
    '0',
  ),
  fc.constantFrom(...FUNCTION_NAMES, ...VARIABLES),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
);

const soupArb = fc
  .tuple(fc.array(tokenArb, { maxLength: 40 }), fc.constantFrom(' ', ''))
  .map(([tokens, sep]) => tokens.join(sep));

/** Syntactically plausible expressions built from the grammar (not all valid: arities and types vary). */
const { expr: exprArb } = fc.letrec((tie) => {
  const sub = tie('expr') as fc.Arbitrary<string>;
  return {
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(
        fc.integer({ min: 0, max: 1_000 }).map(String),
        fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
        fc.string({ maxLength: 5 }).map((s) => JSON.stringify(s)),
        fc.constantFrom('true', 'false', 'null', ...VARIABLES),
      ),
      fc.tuple(fc.constantFrom('-', '+', '!', 'not '), sub).map(([op, e]) => `${op}${e}`),
      fc
        .tuple(
          sub,
          fc.constantFrom('+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '===', '&&', '||', 'and', 'or'),
          sub,
        )
        .map(([l, op, r]) => `${l} ${op} ${r}`),
      fc.tuple(sub, sub, sub).map(([t, y, n]) => `${t} ? ${y} : ${n}`),
      sub.map((e) => `(${e})`),
      fc
        .tuple(fc.constantFrom(...FUNCTION_NAMES), fc.array(sub, { maxLength: 3 }))
        .map(([f, args]) => `${f}(${args.join(', ')})`),
      fc.tuple(sub, fc.constantFrom('x', 'total', 'a', 'length')).map(([e, m]) => `${e}.${m}`),
      fc.tuple(sub, sub).map(([e, i]) => `${e}[${i}]`),
      fc.array(sub, { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
      fc
        .array(fc.tuple(fc.constantFrom('a', 'b', '"c d"'), sub), { maxLength: 3 })
        .map((ps) => `{${ps.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
    ),
  };
});

function expectWellFormedError(source: string): void {
  const r = parseExpression(source);
  if (!r.ok) {
    expect(typeof r.error.message).toBe('string');
    expect(r.error.message.length).toBeGreaterThan(0);
    expect(r.error.position).toBeGreaterThanOrEqual(0);
    expect(r.error.position).toBeLessThanOrEqual(source.length);
  }
}

describe('parseExpression (properties)', () => {
  it('never throws on arbitrary text and reports a position within it', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii', maxLength: 200 })),
        (source) => {
          expectWellFormedError(source);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('never throws on token soup', () => {
    fc.assert(fc.property(soupArb, expectWellFormedError), { numRuns: 3_000 });
  });

  it('never throws on grammar-shaped expressions', () => {
    fc.assert(fc.property(exprArb, expectWellFormedError), { numRuns: 1_000 });
  });

  it('gives back the same tree when its fully parenthesised print is parsed again', () => {
    fc.assert(
      fc.property(exprArb, (source) => {
        const r = parseExpression(source);
        fc.pre(r.ok);
        if (!r.ok) return;
        const printed = show(r.expr.ast);
        const again = parseExpression(printed);
        expect(again.ok).toBe(true);
        if (again.ok) expect(show(again.expr.ast)).toBe(printed);
      }),
      { numRuns: 500 },
    );
  });
});

describe('evaluate (properties)', () => {
  it('never throws, for any parsed expression and any JSON scope', () => {
    fc.assert(
      fc.property(fc.oneof(exprArb, soupArb), scopeArb, (source, scope) => {
        const r = parseExpression(source);
        if (!r.ok) return;
        const result = r.expr.evaluate(contextFor(scope));
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(typeof result.error).toBe('string');
      }),
      { numRuns: 2_000 },
    );
  });

  it('is deterministic: the same inputs give the same result', () => {
    fc.assert(
      fc.property(exprArb, scopeArb, (source, scope) => {
        const r = parseExpression(source);
        if (!r.ok) return;
        expect(r.expr.evaluate(contextFor(scope))).toEqual(r.expr.evaluate(contextFor(scope)));
      }),
      { numRuns: 1_000 },
    );
  });

  it('does not modify the scope', () => {
    fc.assert(
      fc.property(exprArb, scopeArb, (source, scope) => {
        const r = parseExpression(source);
        if (!r.ok) return;
        const before = JSON.stringify(scope);
        r.expr.evaluate(contextFor(scope));
        expect(JSON.stringify(scope)).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});

describe('operators against JavaScript’s own (reference, fixed seed)', () => {
  // Small ranges so that equal operands come up often: a comparison is most easily broken at its
  // equality edge. Both operands come from the scope, so nothing is folded at compile time.
  const REFERENCE: Record<string, (a: any, b: any) => unknown> = {
    '<': (a, b) => a < b,
    '<=': (a, b) => a <= b,
    '>': (a, b) => a > b,
    '>=': (a, b) => a >= b,
    '==': (a, b) => a === b,
    '!=': (a, b) => a !== b,
    '+': (a, b) => a + b,
    '-': (a, b) => a - b,
    '*': (a, b) => a * b,
  };
  const num = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -0.5, 2.5));
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'B', 'é'), maxLength: 3 });

  it('two numbers: every comparison and arithmetic operator gives what JavaScript gives', () => {
    fc.assert(
      fc.property(num, num, fc.constantFrom(...Object.keys(REFERENCE)), (a, b, op) => {
        expect(run(`a ${op} b`, { a, b })).toBe(REFERENCE[op]!(a, b));
      }),
      { seed: 30, numRuns: 400 },
    );
  });

  it('two strings: every comparison, and + joining, gives what JavaScript gives', () => {
    const ops = ['<', '<=', '>', '>=', '==', '!=', '+'];
    fc.assert(
      fc.property(text, text, fc.constantFrom(...ops), (a, b, op) => {
        expect(run(`a ${op} b`, { a, b })).toBe(REFERENCE[op]!(a, b));
      }),
      { seed: 30, numRuns: 400 },
    );
  });
});
