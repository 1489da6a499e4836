// The constructs the original tool's formulas use beyond a single expression: functions called in
// place (IIFE) or named with const, array methods with callbacks, regular expressions on RE2,
// template literals, spread, and Date on the simulation clock. Every expected value is worked out
// by hand from the formula and its scope; every refusal names its construct, line and column.
import { describe, expect, it } from 'vitest';
import { parseJsFormula } from '../../../src/engine/expr/js';

/** 2023-11-14T22:13:20.000Z, a Tuesday. */
const NOW = 1_700_000_000_000;

function js(source: string, scope: Record<string, unknown> = {}): unknown {
  const r = parseJsFormula(source);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
  const v = r.expr.evaluate({ scope, now: () => NOW });
  if (!v.ok) throw new Error(`expected ${JSON.stringify(source)} to evaluate, got: ${v.error}`);
  return v.value;
}

function refusal(source: string) {
  const r = parseJsFormula(source);
  if (r.ok) throw new Error(`expected ${JSON.stringify(source)} to be refused`);
  return r.error;
}

function runtimeError(source: string, scope: Record<string, unknown> = {}): string {
  const r = parseJsFormula(source);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
  const v = r.expr.evaluate({ scope, now: () => NOW });
  if (v.ok) throw new Error(`expected ${JSON.stringify(source)} to fail, got ${JSON.stringify(v.value)}`);
  return v.error;
}

describe('functions as values', () => {
  it('an arrow function called in place, with statements and an early return', () => {
    const f =
      '(() => {\n  const d = xs.find((e) => e.type === "doc");\n  if (!d) return "none";\n  return d.n * 2;\n})()';
    expect(
      js(f, {
        xs: [
          { type: 'sig', n: 1 },
          { type: 'doc', n: 21 },
        ],
      }),
    ).toBe(42);
    expect(js(f, { xs: [{ type: 'sig', n: 1 }] })).toBe('none');
  });

  it('an IIFE with arguments, defaults and destructuring; a function expression too', () => {
    // a = 3, b defaults to 4: 3 * 4 = 12
    expect(js('((a, b = 4) => a * b)(3)')).toBe(12);
    // {x: 5} destructured, y = 2: 5 - 2 = 3
    expect(js('(function ({ x }, y) { return x - y; })({ x: 5 }, 2)')).toBe(3);
    // a missing argument reads as null
    expect(js('((a) => a ?? "missing")()')).toBe('missing');
  });

  it('an argument is read in the caller scope, a parameter shadows an outer name', () => {
    // the argument x + 1 reads the outer x = 1, so the inner x is 2; 2 * 10 = 20
    expect(js('const x = 1; return ((x) => x * 10)(x + 1);')).toBe(20);
  });

  it('a const arrow function, called by name and passed to an array method', () => {
    // double(3) = 6; [1, 2].map(double) = [2, 4]
    expect(js('const double = (x) => x * 2;\nreturn [double(3), xs.map(double)];', { xs: [1, 2] })).toEqual([
      6,
      [2, 4],
    ]);
  });

  it('a function reads the names of the place it was written, not those of the caller', () => {
    // k is 10 where add is written; the k = 1 inside the callback is another name: 5 + 10 = 15
    expect(js('const k = 10; const add = (v) => v + k; return [1].map((k) => add(5))[0];')).toBe(15);
  });

  it('nested IIFEs in callbacks', () => {
    // each v: (v + 1) * 2 → [4, 6]
    expect(js('xs.map((v) => (() => { const w = v + 1; return w * 2; })())', { xs: [1, 2] })).toEqual([4, 6]);
  });
});

describe('array methods with callbacks', () => {
  const xs = [3, 1, 4, 1, 5];
  it.each([
    ['xs.find((x) => x > 3)', 4],
    ['xs.findIndex((x) => x > 3)', 2],
    ['xs.findLast((x) => x < 4)', 1],
    ['xs.findLastIndex((x) => x < 4)', 3],
    ['xs.filter((x, i) => i % 2 === 0)', [3, 4, 5]],
    ['xs.map((x) => x * x)', [9, 1, 16, 1, 25]],
    ['xs.some((x) => x === 5)', true],
    ['xs.every((x) => x > 0)', true],
    ['xs.reduce((s, x) => s + x, 0)', 14],
    ['xs.reduce((m, x) => Math.max(m, x))', 5],
    ['xs.flatMap((x) => [x, x * 10]).slice(0, 4)', [3, 30, 1, 10]],
    ['xs.forEach((x) => x)', null],
    ['[[1], [2, [3]]].flat()', [1, 2, [3]]],
  ])('%s → %j', (source, expected) => {
    expect(js(source, { xs })).toEqual(expected);
  });
});

describe('regular expressions (RE2)', () => {
  const text = 'Total Revenue 0.32\nOperating Expenses 0.17\nNet Profit 0.15\n';
  it.each([
    // match without g: [whole, group]
    ['text.match(/Net Profit\\s+([\\d.]+)/)', ['Net Profit 0.15', '0.15']],
    ['text.match(/Net Loss (\\d+)/)', null],
    // a group that did not take part is null
    ["'ab'.match(/a(x)?b/)", ['ab', null]],
    // with g: every whole match
    ['text.match(/\\d+\\.\\d+/g)', ['0.32', '0.17', '0.15']],
    ["Array.from('x1y22'.matchAll(/\\d+/g)).map((m) => m[0])", ['1', '22']],
    [
      "'x1y22'.matchAll(/([a-z])(\\d+)/g)",
      [
        ['x1', 'x', '1'],
        ['y22', 'y', '22'],
      ],
    ],
    ["'A-b-C'.replace(/[a-z]/i, '_')", '_-b-C'],
    ["'A-b-C'.replace(/[a-z]/gi, '_')", '_-_-_'],
    ["'a1b22'.replaceAll(/(\\d+)/g, '<$1>')", 'a<1>b<22>'],
    ["'2024-03-05'.replace(/(\\d+)-(\\d+)-(\\d+)/, '$3/$2/$1 ($&) $$')", '05/03/2024 (2024-03-05) $'],
    ["'a.b.c'.replace('.', '-')", 'a-b.c'],
    ["'a.b.c'.replaceAll('.', '-')", 'a-b-c'],
    // an empty text pattern matches before every character and at the end, as in JavaScript
    ["'ab'.replaceAll('', '-')", '-a-b-'],
    ["''.replaceAll('', '-')", '-'],
    ["'a, b;c'.split(/[,;]\\s*/)", ['a', 'b', 'c']],
    ["'a1b2c'.split(/(\\d)/)", ['a', '1', 'b', '2', 'c']],
    ["'a,b,c'.split(',', 2)", ['a', 'b']],
    ["'abc'.split('')", ['a', 'b', 'c']],
    // an empty text: no pieces when the pattern matches the empty text, else the text itself
    ["''.split(/x*/)", []],
    ["''.split(/x/)", ['']],
    // a limit counts the groups too: 'a', then '1' (the group), then 'b'
    ["'a1b2c'.split(/(\\d)/, 1)", ['a']],
    ["'a1b2c'.split(/(\\d)/, 2)", ['a', '1']],
    ["'a1b2c'.split(/(\\d)/, 3)", ['a', '1', 'b']],
    ["'hello world'.search(/o/)", 4],
    ["'hello'.search(/z/)", -1],
    ["/^net/i.test('Net Profit')", true],
    ["/^net/.test('Net Profit')", false],
    ["/(\\d+)/.exec('ab12cd34')", ['12', '12']],
    // exec of a g pattern is still the first match, with its groups
    ["/(\\d)\\d*/g.exec('ab12cd34')", ['12', '1']],
    // only (?= and (?! are lookaheads (and (?<= and (?<! lookbehinds): a group with = or ! inside is a group
    ["/(=)/.test('a=b')", true],
    ["/(a=)/.test('xa=y')", true],
    ["'a!b'.replace(/(a!)/, '[$1]')", '[a!]b'],
    // only \k< begins a named backreference: another escape followed by < is that escape and a <
    ["/\\d</.test('1<2')", true],
    ["'a <b'.replace(/\\s</, '_')", 'a_b'],
    // in a replacement, a group that did not take part is the empty text
    ["'b'.replace(/(a)?b/, '[$1]')", '[]'],
    // a class whose first character is an escaped ]: "(?=a)" is inside it, no lookahead
    ["/[\\](?=a)]/.test('=')", true],
    ["/[\\](?=a)]/.test('b')", false],
    ["/x[\\]]/.test('x]')", true],
    // a text given to match/search is searched for literally
    ["'a+b'.match('+')", ['+']],
    // m and s flags
    ["'a\\nb'.match(/^b$/m)", ['b']],
    ["/a.b/s.test('a\\nb')", true],
    // indices count UTF-16 units as JavaScript does
    ["'😀a'.search(/a/)", 2],
  ])('%s → %j', (source, expected) => {
    expect(js(source, { text })).toEqual(expected);
  });

  it('a pattern bound with const, used twice; g patterns never keep a lastIndex', () => {
    // JavaScript's own /a/g.test would alternate true, false; a formula's pattern has no state
    expect(js("const re = /a/g; return [re.test('a'), re.test('a'), 'banana'.match(re).length];")).toEqual([
      true,
      true,
      3,
    ]);
  });

  it('the amount of a P&L statement, as the original formulas extract it', () => {
    const f =
      "(() => {\n  const m = text.match(/Net Profit\\s*:?\\s*\\$?([\\d,]+(?:\\.\\d+)?)/i);\n  return m ? parseFloat(m[1].replace(/,/g, '')) : null;\n})()";
    expect(js(f, { text: 'Net Profit: $100,000' })).toBe(100000);
    expect(js(f, { text })).toBe(0.15);
    expect(js(f, { text: 'nothing here' })).toBe(null);
  });

  it('a replacement function gets the match, its groups and its index', () => {
    // each word's first letter upper-cased: "net profit" → "Net Profit"
    expect(js("'net profit'.replace(/\\b\\w/g, (c) => c.toUpperCase())")).toBe('Net Profit');
    // groups and index: "a1" at 0 → "[a:1@0]", "b22" at 3 → "[b:22@3]"
    expect(js("'a1 b22'.replace(/([a-z])(\\d+)/g, (m, l, d, i) => `[${l}:${d}@${i}]`)")).toBe('[a:1@0] [b:22@3]');
    // a text pattern, first match only; a number result is written as text: 2 × 2 = 4
    expect(js("'2 and 2'.replace('2', (m) => Number(m) * 2)")).toBe('4 and 2');
    // a named function as the replacement; replaceAll with a text pattern
    expect(js("const dash = () => '-'; return 'a.b.c'.replaceAll('.', dash);")).toBe('a-b-c');
  });

  it('runtime errors: replaceAll and matchAll need g', () => {
    expect(runtimeError("'a'.replaceAll(/a/, 'b')")).toBe('.replaceAll() needs a regular expression with the g flag');
    expect(runtimeError("'a'.matchAll(/a/)")).toBe('.matchAll() needs a regular expression with the g flag');
    expect(runtimeError("'a'.match(3)")).toBe('.match() needs a regular expression or a string, got number');
  });
});

describe('template literals, spread, Date', () => {
  it('template literals with expressions and nesting', () => {
    // 2 * 3 = 6; inner template "x6"
    expect(js('`n=${a * 3} ${`x${a * 3}`}`', { a: 2 })).toBe('n=6 x6');
  });

  it('spread in arrays and objects', () => {
    expect(js('[0, ...xs, 9]', { xs: [1, 2] })).toEqual([0, 1, 2, 9]);
    expect(js('({ ...o, b: 3, ...{ c: 4 } })', { o: { a: 1, b: 2 } })).toEqual({ a: 1, b: 3, c: 4 });
  });

  it('an array spread into an object gives its elements under their indices, as in JavaScript', () => {
    expect(js('({ ...xs })', { xs: ['p', 'q'] })).toEqual({ 0: 'p', 1: 'q' });
    expect(js('({ ...xs, 1: "r", n: 2 })', { xs: ['p', 'q'] })).toEqual({ 0: 'p', 1: 'r', n: 2 });
  });

  it('new Date() and Date.now() are the simulation clock, read in UTC', () => {
    expect(js('new Date().toISOString()')).toBe('2023-11-14T22:13:20.000Z');
    expect(js('new Date().getTime() === Date.now()')).toBe(true);
    // 2023-11-14 22:13:20 UTC: year 2023, month 10 (November), date 14, day 2 (Tuesday)
    expect(
      js(
        '(() => { const d = new Date(); return [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(), d.getSeconds()]; })()',
      ),
    ).toEqual([2023, 10, 14, 2, 22, 13, 20]);
    expect(js('new Date().toJSON()')).toBe('2023-11-14T22:13:20.000Z');
  });

  it('new Date(text) and Date.parse read ISO 8601 only', () => {
    // 2024-01-01T00:00:00Z is 1,704,067,200,000 ms after the epoch
    expect(js("new Date('2024-01-01T00:00:00Z').getTime()")).toBe(1_704_067_200_000);
    expect(js("Date.parse('2024-01-01')")).toBe(1_704_067_200_000);
    // one hour later: + 3,600,000
    expect(js("new Date('2024-01-01T02:00:00+01:00').getTime()")).toBe(1_704_070_800_000);
    expect(js("Date.parse('Jan 1 2024')")).toBeNaN();
    expect(runtimeError("new Date('nope').toISOString()")).toBe('.toISOString() of an invalid time NaN');
  });
});

describe('regular expressions: `[]` and `[^]` read as JavaScript reads them', () => {
  // JavaScript reads `[]` as a class matching nothing and `[^]` as one matching any character, and
  // RE2 gets them so (re2js's translateRegExp); the check for constructs RE2 lacks read them as a
  // class holding `]`, so what followed, up to the next `]`, went unchecked: a lookahead there was
  // refused only by RE2's own message, and a named backreference `\k<n>` was run as the literal
  // text "k<n>".
  it.each([
    ['s.match(/[](?=a)]/)', 'regular expression lookahead', 1, 12],
    ['s.match(/[^](?=a)]/)', 'regular expression lookahead', 1, 13],
    ['s.match(/(?<n>a)|[]|\\k<n>]/)', 'regular expression backreference', 1, 21],
    ['s.match(/[]|\\1]/)', 'regular expression backreference', 1, 13],
  ])('%j → %s at %i:%i', (source, construct, line, column) => {
    const e = refusal(source);
    expect(e.construct).toBe(construct);
    expect(e.column).toBe(column);
    expect(e.line).toBe(line);
  });

  it.each([
    // `[]` matches nothing, `[^]` any character (a newline too), `[]]` is `[]` then "]"
    ["/a[]/.test('a]')", false],
    ["/a[^]b/.test('a\\nb')", true],
    ["/[]]/.test(']')", false],
    ["/[^]]/.test('x]')", true],
    ["'x]y'.match(/[^]]/)", ['x]']],
  ])('%s → %j', (source, expected) => {
    expect(js(source)).toEqual(expected);
  });
});

describe('refusals: construct, line and column', () => {
  it.each([
    ['const re = /x(?=y)/;\nreturn re.test(s);', 'regular expression lookahead', 1, 14],
    ['s.match(/(?<=a)b/)', 'regular expression lookbehind', 1, 10],
    ['s.match(/a(?!b)/)', 'regular expression lookahead', 1, 11],
    ['s.match(/(?<!a)b/)', 'regular expression lookbehind', 1, 10],
    ["s.replace(/(a)\\1/, '')", 'regular expression backreference', 1, 15],
    ['s.match(/a/y)', 'regular expression flag "y"', 1, 12],
    ['s.match(/a{1001}/)', 'regular expression', 1, 10],
    ['return /a/;', 'regular expression as a value', 1, 8],
    ['const re = /a/;\nreturn { re };', 'regular expression as a value', 2, 10],
    ['const f = (x) => x;\nreturn [f];', 'function as a value', 2, 9],
    ['const f = (n) => n < 1 ? 0 : f(n - 1);\nreturn f(3);', 'recursion', 1, 30],
    ['((...xs) => xs)(1)', 'rest parameter', 1, 3],
    ['(async () => 1)()', 'async function', 1, 2],
    ['(function f() { return 1; })()', 'named function expression', 1, 11],
    ["s.replace((m) => m, 'x')", 'function as a value', 1, 11],
    ['xs.map((x) => { for (;;) {} })', 'for loop', 1, 17],
    ['(() => { while (true) {} })()', 'while loop', 1, 10],
    ['const g = () => { x = 1; };\nreturn 1;', 'assignment', 1, 19],
  ])('%j → %s at %i:%i', (source, construct, line, column) => {
    const e = refusal(source);
    expect(e.construct).toBe(construct);
    expect(e.line).toBe(line);
    expect(e.column).toBe(column);
    expect(e.message).toContain(`(line ${line}, column ${column})`);
  });
});
