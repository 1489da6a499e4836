// JavaScript formulas (src/engine/expr/js): each construct of the subset translates to the value
// JavaScript gives (every expected value below is computed by hand from the formula and its scope),
// and each construct outside it is refused at load time, named, with its line and column.
import { describe, expect, it } from 'vitest';
import { parseJsFormula } from '../../../src/engine/expr/js';
import { parseIsoTime } from '../../../src/engine/discovery';

/** The value of `source` over `scope`; throws with the reason if it does not load or evaluate. */
function js(source: string, scope: Record<string, unknown> = {}, params?: readonly string[], now = 0): unknown {
  const r = parseJsFormula(source, params === undefined ? undefined : { params });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
  const v = r.expr.evaluate({ scope, now: () => now, rand: () => 0.25 });
  if (!v.ok) throw new Error(`expected ${JSON.stringify(source)} to evaluate, got: ${v.error}`);
  return v.value;
}

/** The load-time refusal of `source`. */
function refusal(source: string, params?: readonly string[]) {
  const r = parseJsFormula(source, params === undefined ? undefined : { params });
  if (r.ok) throw new Error(`expected ${JSON.stringify(source)} to be refused`);
  return r.error;
}

/** The runtime error of `source`. */
function runtimeError(source: string, scope: Record<string, unknown> = {}): string {
  const r = parseJsFormula(source);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
  const v = r.expr.evaluate({ scope });
  if (v.ok) throw new Error(`expected ${JSON.stringify(source)} to fail, got ${JSON.stringify(v.value)}`);
  return v.error;
}

describe('JavaScript formulas: the subset, construct by construct', () => {
  it('a plain expression with JavaScript precedence', () => {
    expect(js('a + b * 2', { a: 1, b: 3 })).toBe(7);
    expect(js('(a + b) * 2', { a: 1, b: 3 })).toBe(8);
  });

  it('const and let bindings, then return', () => {
    // x = 2 * 2 = 4, y = 5, y * 10 = 50
    expect(js('const x = a * 2;\nlet y = x + 1;\nreturn y * 10;', { a: 2 })).toBe(50);
    // Several declarators in one statement; a let without a value is undefined (null).
    expect(js('const p = 1, q = p + 1; let r; return [p, q, r];')).toEqual([1, 2, null]);
  });

  it('if … return … else return, and falling through an if without else', () => {
    const src = "if (a > 1) { return 'big'; } else return 'small';";
    expect(js(src, { a: 2 })).toBe('big');
    expect(js(src, { a: 0 })).toBe('small');
    expect(js('if (a > 1) return 1;\nreturn 2;', { a: 5 })).toBe(1);
    expect(js('if (a > 1) return 1;\nreturn 2;', { a: 0 })).toBe(2);
    // else if chains, and a block's own bindings not leaking past it
    const chain =
      "const t = a; if (t < 0) { const s = 'neg'; return s; } else if (t === 0) return 'zero'; return 'pos';";
    expect([-1, 0, 1].map((a) => js(chain, { a }))).toEqual(['neg', 'zero', 'pos']);
    // a body that never returns is undefined (null)
    expect(js('const x = 1; if (x > 5) return 1;')).toBeNull();
  });

  it('optional chaining on members and on method calls', () => {
    expect(js('data?.order?.total', { data: { order: { total: 5 } } })).toBe(5);
    expect(js('data?.order?.total', {})).toBeNull();
    expect(js('xs?.map(x => x)', { xs: null })).toBeNull();
    expect(js("data?.['order']?.total", { data: { order: { total: 6 } } })).toBe(6);
  });

  it('object spread, later fields winning, and array spread', () => {
    expect(js('({ ...data, total: data.a + data.b })', { data: { a: 1, b: 2 } })).toEqual({ a: 1, b: 2, total: 3 });
    expect(js('({ ...{ a: 1, b: 1 }, a: 2, ...o })', { o: { b: 3 } })).toEqual({ a: 2, b: 3 });
    expect(js('({ ...missing, k: 1 })', {})).toEqual({ k: 1 });
    expect(js('[0, ...xs, 4]', { xs: [1, 2, 3] })).toEqual([0, 1, 2, 3, 4]);
  });

  it('template literals', () => {
    // 'order ' + 'A' + ': ' + 3 * 2 + ' items'
    expect(js('`order ${id}: ${n * 2} items`', { id: 'A', n: 3 })).toBe('order A: 6 items');
    expect(js('`plain`')).toBe('plain');
  });

  it('ternaries, ??, typeof, === and !==', () => {
    expect(js("n > 2 ? 'many' : 'few'", { n: 3 })).toBe('many');
    expect(js("n > 2 ? 'many' : n > 0 ? 'some' : 'none'", { n: 1 })).toBe('some');
    expect(js('a ?? 7', { a: null })).toBe(7);
    expect(js('a ?? 7', { a: 0 })).toBe(0);
    expect(js("typeof a === 'string' && a !== 'x'", { a: 'y' })).toBe(true);
    expect(js("typeof missing === 'undefined'")).toBe(true);
    expect(js('x === undefined', {})).toBe(true);
    expect(js('2 ** 10')).toBe(1024);
  });

  it('Math.* as JavaScript has them', () => {
    // 3 + (-2) + 7 + 4 = 12 (JavaScript rounds halves up: Math.round(2.5) = 3, Math.round(-2.5) = -2)
    expect(js('Math.round(2.5) + Math.floor(-1.5) + Math.max(1, 7, 3) + Math.abs(-4)')).toBe(12);
    expect(js('Math.round(-2.5)')).toBe(-2);
    expect(js('Math.max(...xs)', { xs: [4, 9, 2] })).toBe(9);
    expect(js('Math.min(...xs, 1)', { xs: [4, 9, 2] })).toBe(1);
    expect(js('Math.max()')).toBe(-Infinity);
    expect(js('Math.PI')).toBe(Math.PI);
    expect(js('Math.pow(2, 3) + Math.sqrt(16) + Math.trunc(-4.7) + Math.sign(-3)')).toBe(8 + 4 - 4 - 1);
    expect(js('Math.random()')).toBe(0.25); // the seeded stream of the context, not Math.random
  });

  it('unary + and - on a number, as JavaScript gives them', () => {
    // +3 is 3, -(+3) is -3, (+3) * 2 is 6
    expect(js('+a', { a: 3 })).toBe(3);
    expect(js('-+a', { a: 3 })).toBe(-3);
    expect(js('+a * 2', { a: 3 })).toBe(6);
  });

  it('Number(), isNaN() and isFinite() read true as 1 and false as 0, as JavaScript does', () => {
    expect(js('[Number(true), Number(false)]')).toEqual([1, 0]);
    // a comparison's result counted: (2 > 1) → 1, plus (2 > 5) → 0
    expect(js('Number(a > 1) + Number(a > 5)', { a: 2 })).toBe(1);
    expect(js('[isNaN(true), isFinite(false)]')).toEqual([false, true]);
  });

  it('tells whether a formula calls Math.random()', () => {
    const usesRand = (source: string) => {
      const r = parseJsFormula(source);
      if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
      return r.expr.usesRand;
    };
    expect(usesRand('Math.random() < 0.5')).toBe(true);
    expect(usesRand('xs.map((x) => x * Math.random())')).toBe(true);
    expect(usesRand('a + 1')).toBe(false);
    expect(usesRand('Math.max(a, 1) + Math.floor(b)')).toBe(false);
  });

  it('map, filter, reduce and some with arrow callbacks', () => {
    const xs = [1, 2, 3];
    expect(js('xs.map(x => x * 2)', { xs })).toEqual([2, 4, 6]);
    expect(js('xs.filter(x => x % 2 === 1)', { xs })).toEqual([1, 3]);
    expect(js('xs.reduce((s, x) => s + x, 10)', { xs })).toBe(16);
    expect(js('xs.reduce((s, x) => s + x)', { xs })).toBe(6);
    expect(js('xs.some(x => x > 2)', { xs })).toBe(true);
    expect(js('xs.some(x => x > 3)', { xs })).toBe(false);
    expect(js('xs.every(x => x > 0)', { xs })).toBe(true);
    expect(js('xs.find(x => x > 1)', { xs })).toBe(2);
    expect(js('xs.map((x, i) => x * i)', { xs })).toEqual([0, 2, 6]);
    // a block body with its own binding: (x + 1)²
    expect(js('xs.map(x => { const y = x + 1; return y * y; })', { xs })).toEqual([4, 9, 16]);
    // an inner callback reading the outer callback's parameter: how many of ys exceed each x
    expect(js('xs.map(x => ys.filter(y => y > x).length)', { xs, ys: [2, 3, 4] })).toEqual([3, 2, 1]);
    // destructuring a callback's parameter
    expect(js('es.map(({ v }) => v * 10)', { es: [{ v: 1 }, { v: 2 }] })).toEqual([10, 20]);
    // sort returns a sorted copy and leaves the input alone
    const ys = [3, 1, 2];
    expect(js('ys.sort((a, b) => a - b)', { ys })).toEqual([1, 2, 3]);
    expect(ys).toEqual([3, 1, 2]);
  });

  it('arrow and function wrappers around the whole formula', () => {
    const scope = { ledgerEntries: [{ value: 1 }, { value: 2 }, { value: 4 }] };
    expect(js('ledgerEntries.length', scope, ['ledgerEntries'])).toBe(3);
    expect(js('(ledgerEntries) => ledgerEntries.length', scope, ['ledgerEntries'])).toBe(3);
    // a parameter with another name reads the formula's variables by position
    expect(js('(entries) => entries.reduce((s, e) => s + e.value, 0)', scope, ['ledgerEntries'])).toBe(7);
    expect(
      js(
        'function (inputs) { return inputs.a.value + inputs.b.value; }',
        { inputs: { a: { value: 2 }, b: { value: 5 } } },
        ['inputs'],
      ),
    ).toBe(7);
    expect(js('function total(entries) { return entries.length * 2; }', scope, ['ledgerEntries'])).toBe(6);
  });

  it('Date.now() and new Date() read the simulation clock, never the wall clock', () => {
    expect(js('Date.now()', {}, undefined, 1234)).toBe(1234);
    expect(js('new Date().getTime()', {}, undefined, 1234)).toBe(1234);
    expect(js('Date.now() - t', { t: 1000 }, undefined, 1234)).toBe(234);
    expect(js('new Date(0).toISOString()')).toBe('1970-01-01T00:00:00.000Z');
  });

  it('new Date(text) and Date.parse read a date and time without a zone in UTC, as discovery does, in any zone', () => {
    // Issue 38, item 10: the platform's Date.parse reads "2024-01-02T03:04:05" in the machine's own
    // zone, so a formula gave another time on every machine, and another than discover's reading.
    const before = process.env['TZ'];
    try {
      for (const zone of ['Asia/Kolkata', 'America/New_York', 'UTC']) {
        process.env['TZ'] = zone;
        for (const text of ['2024-01-02T03:04:05', '2024-01-02T03:04', '2024-01-02T03:04:05.250', '2024-01-02']) {
          const utc = parseIsoTime(text);
          expect(js(`Date.parse(${JSON.stringify(text)})`), `${text} in ${zone}`).toBe(utc);
          expect(js(`new Date(${JSON.stringify(text)})`), `${text} in ${zone}`).toBe(utc);
        }
        expect(js('Date.parse("2024-01-02T03:04:05")')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
        // With a zone, the zone it names.
        expect(js('Date.parse("2024-01-02T03:04:05+05:30")')).toBe(Date.UTC(2024, 0, 1, 21, 34, 5));
      }
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });

  it('Date.now() and new Date() read 0 when the evaluation is given no clock (EvalContext: "default 0")', () => {
    for (const source of ['Date.now()', 'new Date().getTime()', 'new Date().toISOString()']) {
      const r = parseJsFormula(source);
      if (!r.ok) throw new Error(r.error.message);
      const expected = source.endsWith('toISOString()') ? '1970-01-01T00:00:00.000Z' : 0;
      expect(r.expr.evaluate({ scope: {} })).toEqual({ ok: true, value: expected });
    }
  });

  it('.includes() and .indexOf() on a string and on an array, and on a receiver that is neither', () => {
    expect(js("s.includes('bc')", { s: 'abcd' })).toBe(true);
    expect(js("s.includes('x')", { s: 'abcd' })).toBe(false);
    expect(js("s.indexOf('cd')", { s: 'abcd' })).toBe(2);
    expect(js("s.indexOf('x')", { s: 'abcd' })).toBe(-1);
    expect(js('xs.includes(3)', { xs: [1, 3, 5] })).toBe(true);
    expect(js('xs.includes(4)', { xs: [1, 3, 5] })).toBe(false);
    expect(js('xs.indexOf(5)', { xs: [1, 3, 5] })).toBe(2);
    expect(js('xs.indexOf(4)', { xs: [1, 3, 5] })).toBe(-1);
    expect(runtimeError('n.includes(1)', { n: 7 })).toContain('.includes() needs an array');
    expect(runtimeError('s.indexOf(1)', { s: 'abc' })).toContain('.indexOf() needs a string');
  });

  it('== and === are both strict equality, != and !== its negation', () => {
    // no coercion (docs/dsl.md: "`==` is `===`"): 1 == "1" is false
    expect(js('[x == 1, x === 1, x == "1", x === "1"]', { x: 1 })).toEqual([true, true, false, false]);
    expect(js('[x != 1, x !== 1, x != "1", x !== "1"]', { x: 1 })).toEqual([false, false, true, true]);
  });

  it('a regular expression tests only a text: another value is a runtime error naming the method and the type', () => {
    expect(runtimeError('/a/.test(n)', { n: 5 })).toBe('.test() needs a string, got number');
  });

  it('.length, string methods and an object literal written without parentheses', () => {
    expect(js("s.length + xs.length + s.toUpperCase().indexOf('B')", { s: 'abc', xs: [1] })).toBe(3 + 1 + 1);
    expect(js("s.split(',').map(p => p.trim()).join('|')", { s: 'a, b ,c' })).toBe('a|b|c');
    expect(js('{ total: a, n: 2 }', { a: 5 })).toEqual({ total: 5, n: 2 });
    expect(js('Object.keys(o).length + Object.values(o).reduce((s, v) => s + v, 0)', { o: { a: 1, b: 2 } })).toBe(5);
    expect(js('(1.005).toFixed(1) + String(2)')).toBe('1.02');
  });

  it('empty statements (a stray or doubled semicolon) are skipped', () => {
    // x = 1 + 1 = 2, then 2 * 3 = 6; the lone semicolons before, between and after do nothing
    expect(js(';const x = a + 1;; return x * 3;;', { a: 1 })).toBe(6);
  });

  it('a split limit must be a number: another value is a runtime error naming the method and the type', () => {
    // JavaScript would read "2" as the limit 2; a formula refuses to coerce it
    expect(runtimeError("s.split(',', n)", { s: 'a,b,c', n: '2' })).toBe(
      '.split() takes a number as its limit, got string',
    );
  });

  it('destructuring in const, with defaults', () => {
    // a = 1, c = 9 (default of the missing b): 10
    expect(js('const {a, b: [c] = [9]} = o; return a + c;', { o: { a: 1 } })).toBe(10);
    expect(js('const [first, second] = xs; return second;', { xs: [5, 6] })).toBe(6);
  });
});

describe('JavaScript formulas: constructs outside the subset are refused at load, named, with line and column', () => {
  const cases: [string, string, number, number][] = [
    ['for (let i = 0; i < 3; i++) {}', 'for loop', 1, 1],
    ['const a = 1;\n  while (a) {}', 'while loop', 2, 3],
    ['x = 1', 'assignment', 1, 1],
    ['const n = 1;\nn++;\nreturn n;', 'increment or decrement', 2, 1],
    ['window.location', 'global "window"', 1, 1],
    ['1 + globalThis.x', 'global "globalThis"', 1, 5],
    ['this.x', 'this', 1, 1],
    ['a.constructor', 'the name "constructor"', 1, 3],
    ["a['__proto__']", 'the name "__proto__"', 1, 3],
    ['({ prototype: 1 })', 'the name "prototype"', 1, 4],
    ["eval('1')", 'call of "eval"', 1, 1],
    ["new Function('return 1')", 'new Function', 1, 1],
    ['function f() { return 1; }\nreturn f();', 'function declaration', 1, 1],
    ['/(a)\\1/.test(s)', 'regular expression backreference', 1, 5],
    ['const f = (x) => x;\nreturn f;', 'function as a value', 2, 8],
    ['a, b', 'comma operator', 1, 1],
    ['try { return 1; } catch (e) { return 2; }', 'try statement', 1, 1],
    ["if (a) {\n  throw 'no';\n}", 'throw statement', 2, 3],
    ['var x = 1; return x;', 'var declaration', 1, 1],
    ["s.localeCompare('a')", 'method .localeCompare()', 1, 3],
    ['JSON.parse(s)', 'JSON.parse()', 1, 1],
    ["'a' in o", 'operator "in"', 1, 1],
    ['a & 1', 'operator "&"', 1, 1],
    ['async () => 1', 'async function', 1, 1],
    ['xs.copyWithin(0, 1)', 'method .copyWithin()', 1, 4],
    ['xs.map(1)', '.map() without an arrow function', 1, 1],
    ['a +', 'syntax error', 1, 4],
    ['`${a}${b}` + tag`x`', 'tagged template', 1, 14],
    ['switch (a) { default: return 1; }', 'switch statement', 1, 1],
    ['xs.map(x => { x = 2; return x; })', 'assignment', 1, 15],
    // spread in a call: only Math.max and Math.min read their arguments as one array
    ['Math.abs(...xs)', 'spread in a call', 1, 10],
  ];
  it.each(cases)('%j → %s at %i:%i', (source, construct, line, column) => {
    const e = refusal(source);
    expect(e.construct).toBe(construct);
    expect(e.line).toBe(line);
    expect(e.column).toBe(column);
    expect(e.message).toContain(`(line ${line}, column ${column})`);
  });

  it('a name outside the given params is refused, naming what may be read', () => {
    const e = refusal('total + 1', ['input', 'inputs']);
    expect(e.construct).toBe('global "total"');
    expect(e.message).toBe('"total" is not defined: a formula here may read input, inputs (line 1, column 1)');
    // Math and Date are not values either, only their listed functions
    expect(refusal('Math', ['x']).construct).toBe('global "Math"');
    expect(refusal('Date.UTC(x)', ['x']).construct).toBe('Date.UTC()');
  });

  it('an unknown function of a namespace, and wrong argument counts, are refused', () => {
    expect(refusal('Math.hypot(1, 2)').message).toBe(
      'Math.hypot() is not a function a formula may call (line 1, column 1)',
    );
    expect(refusal('Math.abs(1, 2)').message).toBe('Math.abs() takes 1 arguments, got 2 (line 1, column 1)');
  });

  it('a global function (outside a namespace) with a wrong argument count is refused, naming it', () => {
    // parseInt takes the text and an optional radix: 1 to 2 arguments
    expect(refusal('parseInt()')).toMatchObject({
      construct: 'parseInt() with 0 arguments',
      message: 'parseInt() takes 1 to 2 arguments, got 0 (line 1, column 1)',
    });
    // Boolean takes 0 to 1; the call starts at column 5
    expect(refusal('1 + Boolean(a, b)').message).toBe('Boolean() takes 0 to 1 arguments, got 2 (line 1, column 5)');
  });
});

describe('JavaScript formulas: the safety rules still hold at run time', () => {
  it('a computed key cannot reach the prototype', () => {
    expect(runtimeError('o[k]', { o: {}, k: 'constructor' })).toBe('"constructor" is not allowed');
  });

  it('callback iterations count against the step limit', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i);
    // 100 × 100 × 100 = 1,000,000 callback runs, far beyond 100,000 steps
    expect(runtimeError('xs.map(x => xs.map(y => xs.map(z => 1)))', { xs })).toMatch(/too many steps/);
  });

  it('spreading an object with an own "__proto__" field makes a field, not a prototype', () => {
    const o = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') as Record<string, unknown>;
    const v = js('({ ...o })', { o }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect((v as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('a formula whose if-chains would copy their continuation past the size limit is refused', () => {
    // 30 ifs that fall through: each copies the rest of the body into both branches (2^30 paths).
    const source = `${'if (a) { const t = 1; }\n'.repeat(30)}return a;`;
    const e = refusal(source);
    expect(e.construct).toBe('formula size');
    expect(e.message).toMatch(/too large once translated \(more than 20000 nodes\)/);
  });

  it('calling a method on null is an error naming the method', () => {
    expect(runtimeError('xs.map(x => x)', {})).toBe('cannot call .map() on null');
  });

  it('the evaluator never changes the data it reads', () => {
    const scope = { xs: [3, 1, 2], o: { a: 1 } };
    js('[xs.sort(), { ...o, a: 2 }, xs.concat([4])]', scope);
    expect(scope).toEqual({ xs: [3, 1, 2], o: { a: 1 } });
  });
});

// The notes a translation gives are written into the loader's warning (src/engine/dsl/expressions.ts),
// so each one must appear exactly when its construct does, and say what it means.
describe('JavaScript formulas: the translation notes and spans a caller sees', () => {
  /** The notes of `source`, which must load. */
  function notes(source: string, params?: readonly string[]): string[] {
    const r = parseJsFormula(source, params === undefined ? undefined : { params });
    if (!r.ok) throw new Error(`expected ${JSON.stringify(source)} to load, got: ${r.error.message}`);
    return r.notes;
  }

  it("a wrapper's parameters with other names read the variables by position, counted from 1", () => {
    // `a` and `b` are not variables of the scope, so they read `x` (position 1) and `y` (position 2).
    expect(js('(a, b) => a * 10 + b', { x: 2, y: 3 }, ['x', 'y'])).toBe(23);
    expect(notes('(a, b) => a * 10 + b', ['x', 'y'])).toEqual([
      'the wrapper\'s parameter 1 reads the variable "x"',
      'the wrapper\'s parameter 2 reads the variable "y"',
    ]);
  });

  it('a template literal with a placeholder says it writes arrays and objects as JSON; one without says nothing', () => {
    const note = 'a template literal writes arrays and objects as JSON';
    expect(notes('`n=${x}`')).toContain(note);
    expect(notes('`plain`')).not.toContain(note);
    expect(notes('`plain`')).toEqual([]);
  });

  it('a replacement function says what it is given and that its value is written as text', () => {
    // 'banana' with its first 'a' upper-cased: 'bAnana'
    expect(js("s.replace('a', (m) => m.toUpperCase())", { s: 'banana' })).toBe('bAnana');
    expect(notes("s.replace('a', (m) => m.toUpperCase())")).toEqual([
      'a replacement function gets the match, its groups, its index and the text; its value is written as text',
    ]);
  });

  it('typeof says that it gives "undefined" for null or a missing value', () => {
    expect(notes('typeof x')).toEqual(['typeof of null or a missing value is "undefined"']);
  });

  it('a template literal with a placeholder spans the whole template, backticks included', () => {
    // `a${x}b`: the backtick at 0, `a` at 1, `${` at 2–3, `x` at 4, `}` at 5, `b` at 6, the closing backtick at 7.
    const r = parseJsFormula('`a${x}b`');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.expr.ast).toMatchObject({ type: 'Binary', operator: '+', start: 0, end: 8 });
    expect(r.expr.ast).toMatchObject({ left: { type: 'Binary', start: 0, end: 8 } });
  });
});

describe('JavaScript formulas: callbacks and replacements at the end of their argument lists', () => {
  it("a callback's third parameter is the array (map) or the index (reduce)", () => {
    // map: every element sees the whole array, so each gives its length, 3.
    expect(js('xs.map((x, i, a) => a.length)', { xs: [10, 20, 30] })).toEqual([3, 3, 3]);
    // reduce: (acc, x, i) with i = 0, 1, 2 over 5, 6, 7: 0 + 5·0 + 6·1 + 7·2 = 20.
    expect(js('xs.reduce((acc, x, i) => acc + x * i, 0)', { xs: [5, 6, 7] })).toBe(20);
  });

  it('a replacement $12 with one group is group 1 followed by the text 2, as JavaScript reads it', () => {
    // "abc".replace(/(b)/, "$12") in JavaScript: $1 = "b", then the text "2": "a" + "b2" + "c".
    expect(js('s.replace(/(b)/, "$12")', { s: 'abc' })).toBe('ab2c');
    // `$2` with one group names no group: it stays as written.
    expect(js('s.replace(/(b)/, "[$2]")', { s: 'abc' })).toBe('a[$2]c');
  });

  it("a replacement $' is the text after the match, $` the text before it", () => {
    // "abcd".replace("b", "[$']"): "a" + "[cd]" + "cd"; with $`: "a" + "[a]" + "cd"
    expect(js(`s.replace("b", "[$']")`, { s: 'abcd' })).toBe('a[cd]cd');
    expect(js('s.replace("b", "[$`]")', { s: 'abcd' })).toBe('a[a]cd');
  });
});
