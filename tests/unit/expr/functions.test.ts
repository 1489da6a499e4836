import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../../src/engine/expr';
import { failureOf, run } from './helpers';

interface FunctionCases {
  /** [source, expected value] */
  ok: [string, unknown][];
  /** [source, expected message] — wrong argument types (runtime) or counts (parse time) */
  bad: [string, string][];
}

// Scope shared by all cases. `now` and `rand` get fixed sources (see below).
const scope = { xs: [3, 1, 2], holes: [4, null, 6], empty: [], words: ['a', 'b'], s: 'Hello', o: { a: 1, b: 2 } };
const ctx = { now: () => 1_700_000_000_000, rand: () => 0.25 };

const CASES: Record<string, FunctionCases> = {
  min: {
    ok: [
      ['min(3, 1, 2)', 1],
      ['min(xs)', 1],
      ['min(holes)', 4],
      ['min(empty)', null],
      ['min(5)', 5],
      ['min(1, null)', 1],
      // NaN anywhere makes the result NaN, as JavaScript's Math.min has it (not only when it comes first)
      ['min(3, sqrt(-1), 1)', NaN],
    ],
    bad: [
      ['min(1, "a")', 'min() expects numbers, got string'],
      ['min(["a"])', 'min() expects numbers, got string'],
    ],
  },
  max: {
    ok: [
      ['max(3, 1, 2)', 3],
      ['max(xs)', 3],
      ['max(holes)', 6],
      ['max(empty)', null],
      // max(0, -0) is 0, as JavaScript's Math.max has it (0 is the larger zero), which division shows:
      // 1 / 0 is Infinity, above 0; 1 / -0 would be -Infinity
      ['1 / max(0, -0) > 0', true],
      // NaN anywhere makes the result NaN, as JavaScript's Math.max has it (not only when it comes first)
      ['max(1, sqrt(-1), 3)', NaN],
    ],
    bad: [['max(true, 1)', 'max() expects numbers, got boolean']],
  },
  abs: {
    ok: [
      ['abs(-2.5)', 2.5],
      ['abs(3)', 3],
    ],
    bad: [['abs("1")', 'abs() expects a number, got string']],
  },
  round: {
    ok: [
      ['round(2.5)', 3],
      ['round(-2.5)', -3],
      ['round(2.4)', 2],
      ['round(1.005, 2)', 1.01],
      ['round(2.675, 2)', 2.68],
      ['round(1234.5678, -2)', 1200],
      ['round(1250, -2)', 1300],
      ['round(0.1 + 0.2, 2)', 0.3],
      ['round(1 / 0)', Infinity],
    ],
    bad: [
      ['round("1.5")', 'round() expects a number as argument 1, got string'],
      ['round(1.5, "2")', 'round() expects a number as argument 2, got string'],
      ['round(1.5, 0.5)', 'round() expects a whole number of digits from -15 to 15, got 0.5'],
      ['round(1.5, 16)', 'round() expects a whole number of digits from -15 to 15, got 16'],
    ],
  },
  floor: {
    ok: [
      ['floor(2.7)', 2],
      ['floor(-2.2)', -3],
    ],
    bad: [['floor(null)', 'floor() expects a number, got null']],
  },
  ceil: {
    ok: [
      ['ceil(2.1)', 3],
      ['ceil(-2.7)', -2],
    ],
    bad: [['ceil([1])', 'ceil() expects a number, got array']],
  },
  sqrt: {
    ok: [
      ['sqrt(16)', 4],
      ['sqrt(-1)', NaN],
    ],
    bad: [['sqrt("a")', 'sqrt() expects a number, got string']],
  },
  pow: {
    ok: [
      ['pow(2, 10)', 1024],
      ['pow(4, 0.5)', 2],
      ['pow(0, -1)', Infinity],
    ],
    bad: [
      ['pow(2, "3")', 'pow() expects a number as argument 2, got string'],
      ['pow(2)', 'pow() takes 2 arguments, got 1'],
    ],
  },
  log: {
    ok: [
      ['log(1)', 0],
      ['log(0)', -Infinity],
      ['round(log(exp(2)), 10)', 2],
    ],
    bad: [['log("e")', 'log() expects a number, got string']],
  },
  exp: {
    ok: [
      ['exp(0)', 1],
      ['exp(1)', Math.E],
    ],
    bad: [['exp(true)', 'exp() expects a number, got boolean']],
  },
  sum: {
    ok: [
      ['sum(xs)', 6],
      ['sum(holes)', 10],
      ['sum(empty)', 0],
      ['sum([0.1, 0.2])', 0.30000000000000004],
    ],
    bad: [
      ['sum(1)', 'sum() expects an array, got number'],
      ['sum(["1"])', 'sum() expects numbers, got string'],
    ],
  },
  avg: {
    ok: [
      ['avg(xs)', 2],
      ['avg(holes)', 5],
      ['avg(empty)', null],
    ],
    bad: [
      ['avg("12")', 'avg() expects an array, got string'],
      ['avg([{}])', 'avg() expects numbers, got object'],
    ],
  },
  count: {
    ok: [
      ['count(xs)', 3],
      ['count(holes)', 2],
      ['count(empty)', 0],
      ['count(["a", false, 0])', 3],
    ],
    bad: [['count(s)', 'count() expects an array, got string']],
  },
  len: {
    ok: [
      ['len(s)', 5],
      ['len(holes)', 3],
      ['len(o)', 2],
      ['len("")', 0],
      ['len({})', 0],
    ],
    bad: [
      ['len(5)', 'len() expects a string, an array or an object, got number'],
      ['len(missing)', 'len() expects a string, an array or an object, got null'],
    ],
  },
  upper: {
    ok: [
      ['upper(s)', 'HELLO'],
      ['upper("straße")', 'STRASSE'],
    ],
    bad: [['upper(3)', 'upper() expects a string, got number']],
  },
  lower: {
    ok: [
      ['lower(s)', 'hello'],
      ['lower("İ")', 'i̇'],
    ],
    bad: [['lower(null)', 'lower() expects a string, got null']],
  },
  concat: {
    ok: [
      ['concat("a", "b", "c")', 'abc'],
      ['concat("n=", 1, " ", true, " ", null)', 'n=1 true null'],
      ['concat(xs, [4], empty)', [3, 1, 2, 4]],
      ['concat(s)', 'Hello'],
    ],
    bad: [
      ['concat(xs, "a")', 'concat() expects either all arrays or no arrays'],
      ['concat()', 'concat() takes at least 1 argument, got 0'],
    ],
  },
  contains: {
    ok: [
      ['contains(s, "ell")', true],
      ['contains(s, "xyz")', false],
      ['contains(words, "b")', true],
      ['contains(words, "c")', false],
      ['contains([[1, 2]], [1, 2])', true],
      ['contains(xs, "1")', false],
    ],
    bad: [
      ['contains(5, 1)', 'contains() expects a string or an array as argument 1, got number'],
      ['contains(s, 1)', 'contains() expects a string as argument 2, got number'],
    ],
  },
  startsWith: {
    ok: [
      ['startsWith(s, "He")', true],
      ['startsWith(s, "lo")', false],
    ],
    bad: [['startsWith(1, "a")', 'startsWith() expects a string as argument 1, got number']],
  },
  endsWith: {
    ok: [
      ['endsWith(s, "lo")', true],
      ['endsWith(s, "He")', false],
    ],
    bad: [['endsWith(s, words)', 'endsWith() expects a string as argument 2, got array']],
  },
  split: {
    ok: [
      ['split("a,b,,c", ",")', ['a', 'b', '', 'c']],
      ['split("abc", "")', ['a', 'b', 'c']],
      ['split("", ",")', ['']],
    ],
    bad: [
      ['split(words, ",")', 'split() expects a string as argument 1, got array'],
      ['split("a")', 'split() takes 2 arguments, got 1'],
    ],
  },
  join: {
    ok: [
      ['join(words, "-")', 'a-b'],
      ['join(xs)', '3,1,2'],
      ['join(holes, "|")', '4|null|6'],
      ['join([[1], {a: "b"}], " ")', '[1] {"a":"b"}'],
      ['join(empty, ",")', ''],
    ],
    bad: [
      ['join("ab", ",")', 'join() expects an array as argument 1, got string'],
      ['join(words, 1)', 'join() expects a string as argument 2, got number'],
    ],
  },
  number: {
    ok: [
      ['number("42")', 42],
      ['number(" -1.5e2 ")', -150],
      ['number(".5")', 0.5],
      ['number("abc")', null],
      ['number("")', null],
      ['number("0x10")', null],
      ['number("Infinity")', null],
      ['number(true)', 1],
      ['number(null)', null],
      ['number(7)', 7],
    ],
    bad: [['number([1])', 'number() expects a string, a number or a boolean, got array']],
  },
  string: {
    ok: [
      ['string(1.5)', '1.5'],
      ['string(null)', 'null'],
      ['string(false)', 'false'],
      ['string({a: [1, "x"]})', '{"a":[1,"x"]}'],
      ['string(1e21)', '1e+21'],
      ['string(s)', 'Hello'],
    ],
    bad: [['string()', 'string() takes 1 argument, got 0']],
  },
  bool: {
    ok: [
      ['bool(0)', false],
      ['bool("")', false],
      ['bool(null)', false],
      ['bool("no")', true],
      ['bool([])', true],
      ['bool({})', true],
    ],
    bad: [['bool(1, 2)', 'bool() takes 1 argument, got 2']],
  },
  coalesce: {
    ok: [
      ['coalesce(missing, o.zzz, 0, 5)', 0],
      ['coalesce(null, null)', null],
      ['coalesce(1, upper(1))', 1],
      ['coalesce(number("x"), -1)', -1],
    ],
    bad: [
      ['coalesce()', 'coalesce() takes at least 1 argument, got 0'],
      ['coalesce(null, upper(1))', 'upper() expects a string, got number'],
    ],
  },
  if: {
    ok: [
      ['if(1 < 2, "yes", "no")', 'yes'],
      ['if(0, "yes", "no")', 'no'],
      ['if(true, 1, upper(1))', 1],
      ['if(false, upper(1), 2)', 2],
    ],
    bad: [
      ['if(true, 1)', 'if() takes 3 arguments, got 2'],
      ['if(false, 1, upper(1))', 'upper() expects a string, got number'],
    ],
  },
  now: {
    ok: [
      ['now()', 1_700_000_000_000],
      ['now() + 1000', 1_700_000_001_000],
    ],
    bad: [['now(1)', 'now() takes no arguments, got 1']],
  },
  rand: {
    ok: [
      ['rand()', 0.25],
      ['rand() < 0.5', true],
    ],
    bad: [['rand(10)', 'rand() takes no arguments, got 1']],
  },
};

describe('built-in functions', () => {
  for (const [name, { ok, bad }] of Object.entries(CASES)) {
    describe(`${name}()`, () => {
      it.each(ok)('%s gives %j', (source, expected) => {
        expect(run(source, scope, ctx)).toEqual(expected);
      });
      it.each(bad)('%s fails with "%s"', (source, message) => {
        expect(failureOf(source, scope, ctx)).toBe(message);
      });
    });
  }

  it('has a test table for every function in FUNCTION_NAMES and for nothing else', () => {
    expect(Object.keys(CASES).sort()).toEqual([...FUNCTION_NAMES].sort());
  });

  it('lists the documented functions', () => {
    expect(FUNCTION_NAMES).toEqual([
      ...['min', 'max', 'abs', 'round', 'floor', 'ceil', 'sqrt', 'pow', 'log', 'exp'],
      ...['sum', 'avg', 'count', 'len'],
      ...['upper', 'lower', 'concat', 'contains', 'startsWith', 'endsWith', 'split', 'join'],
      ...['number', 'string', 'bool', 'coalesce', 'if', 'now', 'rand'],
    ]);
  });
});

describe('now() and rand() come from the context', () => {
  it('now() is 0 when the context gives no clock', () => {
    expect(run('now()')).toBe(0);
  });

  it('rand() is an error when the context gives no stream', () => {
    expect(failureOf('rand()')).toBe('rand() is not available here');
  });

  it('rand() draws the next number of the stream on each call', () => {
    const stream = [0.1, 0.2, 0.3];
    let i = 0;
    expect(run('[rand(), rand(), rand()]', {}, { rand: () => stream[i++] })).toEqual([0.1, 0.2, 0.3]);
  });

  it('a context callback that misbehaves becomes an error value', () => {
    expect(failureOf('now()', {}, { now: () => 'noon' as unknown as number })).toBe(
      'now() did not get a number from the simulation',
    );
    expect(
      failureOf(
        'rand()',
        {},
        {
          rand: () => {
            throw new Error('stream exhausted');
          },
        },
      ),
    ).toBe('internal error: stream exhausted');
  });
});
