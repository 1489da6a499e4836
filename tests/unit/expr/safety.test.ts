import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_NAMES, LIMITS, parseExpression, type EvalContext } from '../../../src/engine/expr';
import { parseJsFormula } from '../../../src/engine/expr/js';
import { compileOrThrow, parseError, run, runError } from './helpers';
import { cpuClock, timeBudget } from '../timeBudget';

const TOO_DEEP = 'expression is nested too deeply (more than 64 levels)';
const TOO_MANY_STEPS = 'expression needs too many steps (more than 100000)';

describe('forbidden names', () => {
  it('lists exactly __proto__, constructor and prototype', () => {
    expect([...FORBIDDEN_NAMES].sort()).toEqual(['__proto__', 'constructor', 'prototype']);
  });

  describe.each(['__proto__', 'constructor', 'prototype'])('%s', (name) => {
    const message = `"${name}" is not allowed`;

    it('is refused as a variable, at parse time', () => {
      expect(parseError(`1 + ${name}`)).toEqual({ message, position: 4 });
    });

    it('is refused as a .member, at parse time', () => {
      expect(parseError(`data.${name}`)).toEqual({ message, position: 5 });
      expect(parseError(`"text".${name}`).message).toBe(message);
    });

    it('is refused as a ["literal"] member, at parse time', () => {
      expect(parseError(`data["${name}"]`)).toEqual({ message, position: 5 });
      expect(parseError(`data['${name}'].x`).message).toBe(message);
    });

    it('is refused as an object key, so no literal can set a prototype', () => {
      expect(parseError(`{${name}: 1}`)).toEqual({ message, position: 1 });
      expect(parseError(`{"${name}": {polluted: true}}`)).toEqual({ message, position: 1 });
    });

    it('is refused as a function name', () => {
      expect(parseError(`${name}(1)`).message).toBe(message);
    });

    it('is a runtime error as a computed key', () => {
      expect(runError('data[k]', { data: {}, k: name })).toBe(message);
      expect(runError('list[k]', { list: [], k: name })).toBe(message);
      expect(runError('missing[k]', { k: name })).toBe(message);
    });

    it('is a runtime error as a key built from pieces', () => {
      const [head, tail] = [name.slice(0, 3), name.slice(3)];
      expect(runError(`data["${head}" + "${tail}"]`, { data: {} })).toBe(message);
    });

    it('cannot be read even when it is an own key of the data', () => {
      const data = JSON.parse(`{"${name}": {"x": 1}, "x": 2}`) as Record<string, unknown>;
      expect(runError('data[k]', { data, k: name })).toBe(message);
      expect(run('data.x', { data })).toBe(2);
    });
  });

  it('leaves Object.prototype untouched', () => {
    for (const source of ['{a: 1}', 'o.x', 'string({a: [1]})', 'concat([1], [2])']) {
      compileOrThrow(source).evaluate({ scope: { o: JSON.parse('{"__proto__": {"x": 1}}') as unknown } });
    }
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('cannot call functions found in the data', () => {
    expect(parseError('f(1)').message).toBe('unknown function "f"');
    expect(run('f', { f: () => 'called' })).toBeNull();
  });
});

describe('limits', () => {
  it('exports the documented numbers', () => {
    expect(LIMITS).toEqual({
      maxLength: 10_000,
      maxDepth: 64,
      maxEvalSteps: 100_000,
      maxStringLength: 1_000_000,
      charsPerStep: 64,
    });
  });

  it('accepts a source of exactly maxLength characters and refuses a longer one', () => {
    const exact = `1${' '.repeat(LIMITS.maxLength - 1)}`;
    expect(parseExpression(exact).ok).toBe(true);
    expect(parseError(`${exact} `)).toEqual({
      message: 'expression is too long (10001 characters, at most 10000)',
      position: 10_000,
    });
  });

  it('returns an error for 100,000 nested parentheses instead of throwing', () => {
    const source = `${'('.repeat(100_000)}1${')'.repeat(100_000)}`;
    expect(() => parseExpression(source)).not.toThrow();
    expect(parseExpression(source).ok).toBe(false);
  });

  it.each([
    ['parentheses', `${'('.repeat(4_000)}1${')'.repeat(4_000)}`],
    ['unclosed parentheses', '('.repeat(9_000)],
    ['prefix operators', `${'-'.repeat(9_000)}1`],
    ['not', `${'not '.repeat(2_000)}x`],
    ['arrays', `${'['.repeat(4_000)}${']'.repeat(4_000)}`],
    ['objects', `${'{a:'.repeat(2_000)}1${'}'.repeat(2_000)}`],
    ['calls', `${'abs('.repeat(1_500)}1${')'.repeat(1_500)}`],
    ['ternaries', `${'a ? b : '.repeat(1_000)}c`],
    ['right-nested operators', `${'1 + ('.repeat(1_500)}1${')'.repeat(1_500)}`],
    ['a long left-associative chain', `1${' + 1'.repeat(2_000)}`],
    ['a long member chain', `a${'.b'.repeat(4_000)}`],
    ['a long index chain', `a${'[0]'.repeat(2_000)}`],
  ])('refuses deep nesting of %s at parse time', (_kind, source) => {
    expect(source.length).toBeLessThanOrEqual(LIMITS.maxLength);
    expect(parseError(source).message).toBe(TOO_DEEP);
  });

  it('accepts exactly maxDepth levels', () => {
    expect(run(`${'-'.repeat(63)}1`)).toBe(-1);
    expect(parseError(`${'-'.repeat(64)}1`).message).toBe(TOO_DEEP);
    expect(run(`1${' + 1'.repeat(63)}`)).toBe(64);
    expect(parseError(`1${' + 1'.repeat(64)}`).message).toBe(TOO_DEEP);
  });

  it("counts an object literal's values in its height: one level around the deepest chain is too deep", () => {
    // `1 + 1 …` with 62 pluses is 63 levels, inside an object 64: allowed, {a: 63}
    expect(run(`{a: 1${' + 1'.repeat(62)}}`)).toEqual({ a: 63 });
    // with 63 pluses the chain is 64 levels (allowed alone, above), the object around it 65
    expect(parseError(`{a: 1${' + 1'.repeat(63)}}`).message).toBe(TOO_DEEP);
    expect(parseError(`{a: 1, b: 1${' + 1'.repeat(63)}}`).message).toBe(TOO_DEEP);
  });

  describe('evaluation steps', () => {
    const big = Array.from({ length: 200_000 }, (_, i) => i % 7);

    it.each([
      ['sum(xs)'],
      ['avg(xs)'],
      ['max(xs)'],
      ['count(xs)'],
      ['contains(xs, -1)'],
      ['join(xs, ",")'],
      ['string(xs)'],
      ['concat(xs, xs)'],
      ['xs == ys'],
      ['len(split(text, ""))'],
    ])('stops %s over 200,000 elements with an error', (source) => {
      const scope = { xs: big, ys: [...big], text: 'x'.repeat(200_000) };
      expect(runError(source, scope)).toBe(TOO_MANY_STEPS);
    });

    it('allows work within the budget', () => {
      expect(run('sum(xs)', { xs: big.slice(0, 90_000) })).toBe(big.slice(0, 90_000).reduce((a, b) => a + b, 0));
    });

    it('starts every evaluation with a fresh budget', () => {
      const expr = compileOrThrow('sum(xs)');
      const scope = { xs: big.slice(0, 60_000) };
      expect(expr.evaluate({ scope }).ok).toBe(true);
      expect(expr.evaluate({ scope }).ok).toBe(true);
    });
  });

  it('stops building text beyond maxStringLength', () => {
    const long = 'x'.repeat(600_000);
    const message = 'text is too long (more than 1000000 characters)';
    expect(runError('s + s', { s: long })).toBe(message);
    expect(runError('concat(s, s)', { s: long })).toBe(message);
    expect(runError('join(split(short, ""), sep)', { short: 'y'.repeat(5_000), sep: 'z'.repeat(5_000) })).toBe(message);
    expect(runError('string([s, s])', { s: long })).toBe(message);
  });
});

describe('evaluate never throws', () => {
  it('turns a malformed context into a value', () => {
    const expr = compileOrThrow('a + 1');
    expect(expr.evaluate(null as unknown as EvalContext)).toEqual({
      ok: false,
      error: 'cannot apply "+" to null and number',
    });
    expect(expr.evaluate({ scope: null as unknown as Record<string, unknown> }).ok).toBe(false);
  });

  it('refuses re-entrant use from a context callback', () => {
    const expr = compileOrThrow('now()');
    let inner: unknown;
    const outer = expr.evaluate({
      scope: {},
      now: () => {
        inner = expr.evaluate({ scope: {} });
        return 5;
      },
    });
    expect(outer).toEqual({ ok: true, value: 5 });
    expect(inner).toEqual({ ok: false, error: 'expression evaluated again while it was being evaluated' });
  });
});

describe('determinism', () => {
  it('gives identical results for identical inputs, rand() stream included', () => {
    const expr = compileOrThrow('{r: [rand(), rand()], t: now(), v: round(value * 1.2, 2), s: upper(name)}');
    const runOnce = (): unknown => {
      let seed = 42;
      const ctx: EvalContext = {
        scope: { value: 10.005, name: 'ada' },
        now: () => 1000,
        rand: () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646,
      };
      return [expr.evaluate(ctx), expr.evaluate(ctx)];
    };
    expect(runOnce()).toEqual(runOnce());
  });
});

// Under mutation testing (vitest.mutate.config.ts sets FLOWLEDGER_MUTATION) the files read here are
// Stryker's instrumented copies, whose generated header itself calls `new Function`; the check is
// about our sources, and `npm test` runs it on them. No mutant adds an eval, so nothing is lost.
describe.skipIf(process.env['FLOWLEDGER_MUTATION'] === '1')('source hygiene', () => {
  const dir = fileURLToPath(new URL('../../../src/engine/expr/', import.meta.url));
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

  // Comments and string literals are left out: the JavaScript formulas' table names `Math.random`
  // and `Date.now` as text, and its comments say what they read instead. `new Date(t)` of a given
  // time is a conversion; `new Date()` would be the wall clock.
  it.each(files)('%s uses no eval, Function, ambient randomness, clock or console', (file) => {
    const text = readFileSync(`${dir}${file}`, 'utf8')
      .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
      .replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`/g, "''");
    expect(text).not.toMatch(
      /\beval\s*\(|new\s+Function|\bFunction\s*\(|Math\.random\s*\(|Date\.now\s*\(|new\s+Date\s*\(\s*\)|console\./,
    );
  });
});

describe('JavaScript formulas: the budgets hold for functions, callbacks and regular expressions', () => {
  function jsRun(source: string, scope: Record<string, unknown>): { ok: boolean; value?: unknown; error?: string } {
    const r = parseJsFormula(source);
    if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
    const v = r.expr.evaluate({ scope, now: () => 0 });
    return v.ok ? { ok: true, value: v.value } : { ok: false, error: v.error };
  }
  const hundred = Array.from({ length: 100 }, (_, i) => i);

  it('callbacks and functions called in place count steps', () => {
    // 100 × 100 × 100 callback runs: far beyond 100,000 steps
    expect(jsRun('xs.flatMap((a) => xs.flatMap((b) => xs.map((c) => 1))).length', { xs: hundred })).toEqual({
      ok: false,
      error: TOO_MANY_STEPS,
    });
    const many = Array.from({ length: 60_000 }, () => 1);
    expect(jsRun('xs.map((x) => (() => x + 1)()).length', { xs: many })).toEqual({ ok: false, error: TOO_MANY_STEPS });
    // within the budget: 100 × 100 = 10,000 runs
    expect(jsRun('xs.flatMap((a) => xs.map((b) => 1)).length', { xs: hundred })).toEqual({ ok: true, value: 10_000 });
  });

  it('a regular expression scanning more text than the budget allows stops', () => {
    // 7,000,000 characters at 64 per step is 109,375 steps
    expect(jsRun('s.search(/b/)', { s: 'a'.repeat(7_000_000) })).toEqual({ ok: false, error: TOO_MANY_STEPS });
    // one match per character is a step each: 600,000 matches are beyond the budget
    expect(jsRun("s.replace(/a/g, 'bb').length", { s: 'a'.repeat(600_000) })).toEqual({
      ok: false,
      error: TOO_MANY_STEPS,
    });
    // replacing builds at most maxStringLength characters: 600,000 + 500,000 - 1 = 1,099,999
    expect(jsRun('s.replace(/x/, t).length', { s: `x${'y'.repeat(599_999)}`, t: 'z'.repeat(500_000) })).toEqual({
      ok: false,
      error: 'text is too long (more than 1000000 characters)',
    });
  });

  it('a replacement function counts a step per match, and its text stays bounded', () => {
    // 200,000 matches, each a callback run and a match: beyond the budget
    expect(jsRun("s.replace(/a/g, (m) => 'b')", { s: 'a'.repeat(200_000) })).toEqual({
      ok: false,
      error: TOO_MANY_STEPS,
    });
    // one match replaced by 1,200,000 characters
    expect(jsRun('s.replace(/x/, () => t + t)', { s: 'x', t: 'z'.repeat(600_000) })).toEqual({
      ok: false,
      error: 'text is too long (more than 1000000 characters)',
    });
  });

  it('a pattern that backtracks exponentially in JavaScript runs in linear time on RE2', () => {
    const started = cpuClock();
    expect(jsRun('/^(a|a)*$/.test(s)', { s: `${'a'.repeat(5_000)}b` })).toEqual({ ok: true, value: false });
    expect(cpuClock() - started).toBeLessThan(timeBudget(2_000));
  });

  it('inlining functions that call functions is bounded in size: refused, never hung', () => {
    // each level calls the one before three times: 3^12 copies of f's body
    const levels = Array.from({ length: 12 }, (_, k) => `const f${k + 1} = (x) => [f${k}(x), f${k}(x), f${k}(x)];`);
    const r = parseJsFormula(`const f0 = (x) => x + 1;\n${levels.join('\n')}\nreturn f12(1);`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.construct).toBe('formula size');
  });

  it.each([
    ['((constructor) => 1)(2)', 'the name "constructor"'],
    ['const __proto__ = /a/; return 1;', 'the name "__proto__"'],
    ['const prototype = (x) => x; return 1;', 'the name "prototype"'],
    ['s.match(/a/).constructor', 'the name "constructor"'],
    ["(() => ({}))()['__proto__']", 'the name "__proto__"'],
  ])('forbidden names stay refused in the new constructs: %s', (source, construct) => {
    const r = parseJsFormula(source);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.construct).toBe(construct);
  });
});
