import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../../src/engine/expr';
import { compileOrThrow, parseError, run, shape } from './helpers';

describe('parseExpression: literals', () => {
  it.each([
    ['42', 42],
    ['3.25', 3.25],
    ['.5', 0.5],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['1e+2', 100],
    ["'single'", 'single'],
    ['"double"', 'double'],
    ['"tab\\tnew\\nline"', 'tab\tnew\nline'],
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ['"back\\\\slash"', 'back\\slash'],
    ['"\\u00e9\\u{1F600}\\x41"', 'é😀A'],
    // the } that closes \u{…} is the first one after the brace, never one earlier in the text
    ['"}\\u{41}"', '}A'],
    ['true', true],
    ['false', false],
    ['null', null],
  ])('reads %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('reads the escapes of code point 0 (\\x00, \\u0000, \\u{0}) as the NUL character, not as an invalid escape', () => {
    expect(run('"a\\x00b"')).toBe('a\u0000b');
    expect(run('"\\u0000"')).toBe('\u0000');
    expect(run('"\\u{0}"')).toBe('\u0000');
  });

  it('reads arrays, with nesting and a trailing comma', () => {
    expect(run('[1, "a", [true, null],]')).toEqual([1, 'a', [true, null]]);
    expect(run('[]')).toEqual([]);
  });

  it('reads objects with identifier and string keys, expressions as values, trailing comma', () => {
    expect(run('{a: 1, "b c": 2, total: value * 1.2,}', { value: 10 })).toEqual({ a: 1, 'b c': 2, total: 12 });
    expect(run('{}')).toEqual({});
    expect(run("{ total: value * 1.2, currency: 'EUR' }", { value: 100 })).toEqual({ total: 120, currency: 'EUR' });
  });

  it('lets keywords be object keys and member names', () => {
    expect(run('{true: 1, null: 2, and: 3}.and')).toBe(3);
  });

  it('refuses a duplicate object key', () => {
    expect(parseError('{a: 1, a: 2}')).toEqual({ message: 'duplicate key "a" at 7', position: 7 });
  });
});

describe('parseExpression: precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))', 7],
    ['(1 + 2) * 3', '((1 + 2) * 3)', 9],
    ['1 - 2 - 3', '((1 - 2) - 3)', -4],
    ['8 / 4 / 2', '((8 / 4) / 2)', 1],
    ['2 * 3 % 4', '((2 * 3) % 4)', 2],
    ['-2 * 3', '((-2) * 3)', -6],
    ['2 * -3', '(2 * (-3))', -6],
    ['- -2', '(-(-2))', 2],
    ['+2 - 1', '((+2) - 1)', 1],
    ['1 + 2 < 3 + 4', '((1 + 2) < (3 + 4))', true],
    ['1 < 2 == 3 < 4', '((1 < 2) == (3 < 4))', true],
    ['!t && f', '((!t) && f)', false],
    ['!(t && f)', '(!(t && f))', true],
    ['not t == f', '((!t) == f)', true],
    ['!!t', '(!(!t))', true],
    ['t or f and f', '(t || (f && f))', true],
    ['f and t or t', '((f && t) || t)', true],
    ['t || f && f || f', '((t || (f && f)) || f)', true],
    ['t ? 1 : f ? 2 : 3', '(t ? 1 : (f ? 2 : 3))', 1],
    ['f ? 1 : f ? 2 : 3', '(f ? 1 : (f ? 2 : 3))', 3],
    ['t ? f ? 1 : 2 : 3', '(t ? (f ? 1 : 2) : 3)', 2],
    ['f || t ? 1 : 2', '((f || t) ? 1 : 2)', 1],
    ['t ? 1 : 2 + 3', '(t ? 1 : (2 + 3))', 1],
    ['1 + 2 + "x"', '((1 + 2) + "x")', '3x'],
    ['"x" + 1 + 2', '(("x" + 1) + 2)', 'x12'],
    ['-o.n', '(-(o.n))', -5],
    ['o.list[1] * 2', '(((o.list)[1]) * 2)', 4],
    ['abs(-2) + 1', '(abs((-2)) + 1)', 3],
  ])('%s groups as %s', (source, grouped, value) => {
    expect(shape(source)).toBe(grouped);
    expect(run(source, { t: true, f: false, o: { n: 5, list: [1, 2] } })).toBe(value);
  });

  it('has no exponent operator', () => {
    expect(parseError('2 ** 3')).toEqual({ message: 'unexpected "*" at 3', position: 3 });
  });

  it('normalises spelling variants in the tree', () => {
    expect(shape('a and b or not c')).toBe('((a && b) || (!c))');
    expect(shape('a === b')).toBe('(a == b)');
    expect(shape('a !== b')).toBe('(a != b)');
  });

  it('records source spans on nodes', () => {
    const ast = compileOrThrow('a + bc * 2').ast;
    expect(ast).toMatchObject({ type: 'Binary', start: 0, end: 10, right: { type: 'Binary', start: 4, end: 10 } });
  });
});

describe('parseExpression: syntax errors', () => {
  it.each([
    ['1 +', 'unexpected end of expression at 3', 3],
    ['(1 + 2', 'unexpected end of expression at 6 (expected ")")', 6],
    ['1 + 2)', 'unexpected ")" at 5', 5],
    ['foo(1) + max(1,', 'unknown function "foo"', 0],
    ['a b', 'unexpected "b" at 2', 2],
    ['x = 1', 'unexpected "=" at 2 (use "==" to compare)', 2],
    ['a & b', 'unexpected "&" at 2 (did you mean "&&"?)', 2],
    ['a # b', 'unexpected "#" at 2', 2],
    ['"open', 'unterminated string starting at 0', 0],
    ['"bad \\q"', 'invalid escape "\\q" at 5', 5],
    ['3px', 'invalid number "3px" at 0', 0],
    ['1e', 'invalid number "1e" at 0', 0],
    ['[1,,2]', 'unexpected "," at 3', 3],
    ['{a 1}', 'unexpected "1" at 3 (expected ":")', 3],
    ['{1: 2}', 'unexpected "1" at 1 (expected a key)', 1],
    ['a.', 'unexpected end of expression at 2 (expected a member name after ".")', 2],
    ['(a)(1)', 'unexpected "(" at 3 (only built-in functions can be called)', 3],
    ['a.b(1)', 'unexpected "(" at 3 (only built-in functions can be called)', 3],
    ['and', 'unexpected "and" at 0', 0],
    ['', 'expression is empty', 0],
    ['   ', 'expression is empty', 0],
    ['max(1, 2', 'unexpected end of expression at 8 (expected "," or ")")', 8],
  ])('%j fails with "%s"', (source, message, position) => {
    expect(parseError(source)).toEqual({ message, position });
  });

  it('suggests a close function name', () => {
    expect(parseError('sqroot(2)').message).toBe('unknown function "sqroot" (did you mean "sqrt"?)');
    expect(parseError('x + uper(s)')).toEqual({
      message: 'unknown function "uper" (did you mean "upper"?)',
      position: 4,
    });
    expect(parseError('frobnicate(1)').message).toBe('unknown function "frobnicate"');
  });

  it('checks argument counts at parse time', () => {
    expect(parseError('round(1, 2, 3)').message).toBe('round() takes 1 or 2 arguments, got 3');
    expect(parseError('upper()').message).toBe('upper() takes 1 argument, got 0');
    expect(parseError('min()').message).toBe('min() takes at least 1 argument, got 0');
    expect(parseError('now(1)').message).toBe('now() takes no arguments, got 1');
    expect(parseError('if(a, b)').message).toBe('if() takes 3 arguments, got 2');
  });

  it('does not treat inherited Object properties as functions', () => {
    expect(parseError('toString(1)').message).toMatch(/^unknown function "toString"/);
    expect(parseError('hasOwnProperty("a")').message).toMatch(/^unknown function "hasOwnProperty"/);
  });

  it('allows whitespace of all kinds between tokens', () => {
    expect(run(' 1\n+\t2\r\n')).toBe(3);
  });

  it('reads a no-break space, a byte-order mark and the line and paragraph separators as whitespace, as JavaScript does', () => {
    // text pasted from a web page often carries U+00A0 between tokens: 1 + 2 * 3 = 7
    expect(run('1\u00a0+\u00a02\ufeff*\u20283\u2029')).toBe(7);
    expect(run('\u00a0x\u00a0', { x: 'a' })).toBe('a');
    // inside a string it stays a character
    expect(run('"a\u00a0b"')).toBe('a\u00a0b');
  });
});

describe('parseExpression: what it reports about an expression', () => {
  it('lists free variables in order of first use, once each', () => {
    expect(compileOrThrow('value * 2 + data.x + value + max(input1, data.y)').variables).toEqual([
      'value',
      'data',
      'input1',
    ]);
    expect(compileOrThrow('1 + 2').variables).toEqual([]);
  });

  it('does not count member names or object keys as variables', () => {
    expect(compileOrThrow('{total: a.total}').variables).toEqual(['a']);
  });

  it('lets a function name be a variable when it is not called', () => {
    expect(run('count + 1', { count: 4 })).toBe(5);
    expect(compileOrThrow('count(xs) + count').variables).toEqual(['xs', 'count']);
  });

  it('tells whether the expression calls rand()', () => {
    expect(compileOrThrow('rand() < 0.5').usesRand).toBe(true);
    expect(compileOrThrow('if(a, 1, rand())').usesRand).toBe(true);
    expect(compileOrThrow('rand + 1').usesRand).toBe(false);
  });

  it('keeps the source', () => {
    expect(compileOrThrow(' a + 1 ').source).toBe(' a + 1 ');
  });

  it('returns an error value for a non-string source instead of throwing', () => {
    const r = parseExpression(42 as unknown as string);
    expect(r.ok).toBe(false);
  });
});
