// Properties of the JavaScript formula translator over generated input: loading never throws, a
// refusal always names a construct and a place inside the source, and a formula that loads never
// reaches a global, a prototype or a host object, whatever names it is written with.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJsFormula } from '../../../src/engine/expr/js';

const PARAMS = ['a', 'xs', 'o', 's'];

/** Names a formula might try to reach the host with, beside its own variables. */
const NAMES = [
  ...PARAMS,
  'window',
  'globalThis',
  'self',
  'process',
  'require',
  'Function',
  'eval',
  'constructor',
  '__proto__',
  'prototype',
  'this',
  'Math',
  'Date',
  'Object',
  'JSON',
  'sentinel',
  'undefined',
];

/** Token soup: JavaScript tokens and near-misses, joined with spaces. */
const tokenArb = fc.oneof(
  fc.constantFrom(
    ...'( ) [ ] { } , . ?. ? : ; + - * / % ! < <= > >= == === != !== && || ?? => ... = ++ ` ${ } \' "'.split(' '),
    'const',
    'let',
    'var',
    'if',
    'else',
    'return',
    'function',
    'new',
    'typeof',
    'for',
    'while',
    'map',
    'filter',
    'reduce',
    'some',
    'length',
    'now',
    'match',
    'replace',
    'test',
    'split',
    'flatMap',
    '/a+/g',
    '/(a)\\1/',
    '/x(?=y)/',
    '/[/',
    '() =>',
    ')()',
  ),
  fc.constantFrom(...NAMES),
  fc.integer({ min: -5, max: 100 }).map(String),
  fc.constantFrom("'x'", '"constructor"', '`t${a}`', '1.5', 'null', 'true'),
);
const soupArb = fc.array(tokenArb, { maxLength: 30 }).map((ts) => ts.join(' '));

/** Regular expressions, some of which RE2 cannot run (those must be refused at load). */
const patternArb = fc.constantFrom(
  '/a+/g',
  '/(\\w)(\\d)?/',
  '/^x$/im',
  '/./gs',
  '/(a)\\1/',
  '/x(?=y)/',
  '/a/y',
  '/[,;]/',
);

/** Well-formed formulas from a small grammar of the subset, written with any of the names above. */
const { formula } = fc.letrec((tie) => ({
  formula: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...NAMES),
    fc.integer({ min: -3, max: 9 }).map(String),
    fc.constantFrom("'constructor'", "'__proto__'", "'x'"),
    fc
      .tuple(tie('formula'), fc.constantFrom('+', '-', '*', '===', '<', '&&', '??'), tie('formula'))
      .map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(tie('formula'), fc.constantFrom(...NAMES)).map(([o, k]) => `${o}?.${k}`),
    fc.tuple(tie('formula'), tie('formula')).map(([o, k]) => `(${o})[${k}]`),
    fc.tuple(tie('formula'), tie('formula')).map(([xs, b]) => `(${xs}).map(v => ${b})`),
    fc.tuple(tie('formula'), tie('formula')).map(([xs, b]) => `(${xs}).filter((v, i) => ${b})`),
    fc.tuple(tie('formula'), tie('formula')).map(([xs, b]) => `(${xs}).reduce((acc, v) => ${b}, 0)`),
    fc.tuple(tie('formula'), tie('formula')).map(([x, y]) => `({ ...${x}, k: ${y} })`),
    fc.tuple(tie('formula'), tie('formula')).map(([x, y]) => `\`\${${x}}-\${${y}}\``),
    fc.tuple(tie('formula'), tie('formula'), tie('formula')).map(([t, y, n]) => `(${t} ? ${y} : ${n})`),
    fc
      .tuple(tie('formula'), tie('formula'))
      .map(([x, y]) => `[1].map(w => { const q = ${x}; if (q) return ${y}; return q; })`),
    fc.tuple(tie('formula'), tie('formula')).map(([x, y]) => `Math.max(${x}, ${y})`),
    fc
      .tuple(tie('formula'), tie('formula'), tie('formula'))
      .map(([x, y, z]) => `(() => { const q = ${x}; if (q) return ${y}; return ${z}; })()`),
    fc.tuple(tie('formula'), tie('formula')).map(([b, x]) => `((p, r = 1) => ${b})(${x})`),
    fc
      .tuple(tie('formula'), tie('formula'), tie('formula'))
      .map(([b, x, xs]) => `(() => { const f = (p) => ${b}; return [f(${x}), (${xs}).map(f)]; })()`),
    fc.tuple(tie('formula'), tie('formula')).map(([xs, b]) => `(${xs}).flatMap((v) => ${b})`),
    fc.tuple(tie('formula'), patternArb).map(([x, re]) => `(${x}).match(${re})`),
    fc.tuple(tie('formula'), patternArb).map(([x, re]) => `(${x}).replace(${re}, '$1-$&')`),
    fc.tuple(tie('formula'), patternArb).map(([x, re]) => `(${x}).split(${re})`),
    fc
      .tuple(tie('formula'), patternArb, tie('formula'))
      .map(([x, re, b]) => `(${x}).replace(${re}, (m, g, i) => ${b})`),
    fc.tuple(tie('formula'), patternArb).map(([x, re]) => `(${x}).matchAll(${re})`),
    fc.tuple(tie('formula'), patternArb).map(([x, re]) => `${re}.test(${x})`),
    fc
      .tuple(tie('formula'), patternArb)
      .map(([x, re]) => `(() => { const re = ${re}; return [(${x}).search(re), re]; })()`),
    tie('formula').map((x) => `new Date(${x}).toISOString()`),
    fc.constantFrom('new Date().getFullYear()', 'new Date().getDay()', 's.match(/(\\w)/)', "s.replace(/./g, '$$')"),
    tie('formula').map((x) => `Object.keys(${x})`),
    fc.constantFrom('Date.now()', 'new Date()', 'Math.random()'),
  ),
}));

/** A fixed scope of JSON-like values for the params. */
const scopeArb = fc.record({
  a: fc.jsonValue({ maxDepth: 2 }),
  xs: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  o: fc.dictionary(fc.constantFrom('k', 'constructor', '__proto__', 'x'), fc.jsonValue({ maxDepth: 1 })),
  s: fc.string({ maxLength: 8 }),
});

const SENTINEL = { secret: 'host object' };

/** True if `v` (JSON-like output) holds a function, a host object or the sentinel anywhere. */
function reachesHost(v: unknown, depth = 0): boolean {
  if (v === SENTINEL || v === globalThis || typeof v === 'function' || typeof v === 'symbol') return true;
  if (v === null || typeof v !== 'object' || depth > 50) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return true;
  return Object.values(v).some((x) => reachesHost(x, depth + 1));
}

describe('JavaScript formula translation (properties)', () => {
  beforeAll(() => {
    (globalThis as Record<string, unknown>).sentinel = SENTINEL;
  });
  afterAll(() => {
    delete (globalThis as Record<string, unknown>).sentinel;
  });

  function check(
    source: string,
    scope: Record<string, unknown>,
    params: readonly string[] | undefined,
  ): 'refused' | 'value' | 'error' {
    const r = parseJsFormula(source, params === undefined ? undefined : { params });
    if (!r.ok) {
      expect(r.error.construct.length).toBeGreaterThan(0);
      expect(r.error.line).toBeGreaterThanOrEqual(1);
      expect(r.error.column).toBeGreaterThanOrEqual(1);
      expect(r.error.position).toBeGreaterThanOrEqual(0);
      expect(r.error.position).toBeLessThanOrEqual(source.length);
      return 'refused';
    }
    // Only the declared names are read from the scope.
    if (params !== undefined) for (const v of r.expr.variables) expect(params).toContain(v);
    const out = r.expr.evaluate({ scope, now: () => 5, rand: () => 0.5 });
    if (out.ok) expect(reachesHost(out.value)).toBe(false);
    else expect(typeof out.error).toBe('string');
    // Nothing leaked onto the shared prototypes.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).k).toBeUndefined();
    return out.ok ? 'value' : 'error';
  }

  it('never throws on token soup, and a refusal names a construct inside the source', () => {
    fc.assert(
      fc.property(soupArb, scopeArb, fc.boolean(), (source, scope, withParams) => {
        check(source, scope, withParams ? PARAMS : undefined);
      }),
      { numRuns: 1500 },
    );
  });

  it('never reaches a global, a prototype or a host object from formulas of the subset', () => {
    let loaded = 0;
    let evaluated = 0;
    fc.assert(
      fc.property(formula, scopeArb, fc.boolean(), (source, scope, withParams) => {
        const outcome = check(source, scope, withParams ? PARAMS : undefined);
        if (outcome !== 'refused') loaded++;
        if (outcome === 'value') evaluated++;
      }),
      // About a fifth of the generated formulas load (the generator also writes constructs that are
      // refused, such as patterns RE2 cannot run): 2,000 keep the count well clear of the floor.
      { numRuns: 2000 },
    );
    // The property is not vacuous: many generated formulas load, and a good share run to a value.
    expect(loaded).toBeGreaterThan(300);
    expect(evaluated).toBeGreaterThan(150);
  });
});
