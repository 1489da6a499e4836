import { describe, expect, it } from 'vitest';
import type { EvalContext } from '../../../src/engine/expr';
import { compileOrThrow, run, runError } from './helpers';

describe('evaluate: arithmetic', () => {
  it.each([
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['0.1 + 0.2', 0.30000000000000004],
    ['10 / 4', 2.5],
    ['1 / 0', Infinity],
    ['-1 / 0', -Infinity],
    ['5 % 0', NaN],
  ])('%s is %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('does not treat division by zero as an error', () => {
    expect(Number.isNaN(run('0 / 0'))).toBe(true);
  });

  it('joins text when either side of + is a string, numbers and other values shown as string() shows them', () => {
    expect(run('"n=" + 1.5')).toBe('n=1.5');
    expect(run('1 + "a"')).toBe('1a');
    expect(run('"x" + null + true')).toBe('xnulltrue');
    expect(run('"list: " + [1, "a"]')).toBe('list: [1,"a"]');
    expect(run('"" + {a: 1}')).toBe('{"a":1}');
  });

  it('refuses to coerce: arithmetic on non-numbers is a runtime error', () => {
    expect(runError('true + 1')).toBe('cannot apply "+" to boolean and number');
    expect(runError('null + 1')).toBe('cannot apply "+" to null and number');
    expect(runError('"3" * 2')).toBe('cannot apply "*" to string and number');
    expect(runError('[1] - 1')).toBe('cannot apply "-" to array and number');
    expect(runError('missing / 2')).toBe('cannot apply "/" to null and number');
    expect(runError('-"3"')).toBe('cannot apply "-" to string');
    expect(runError('+true')).toBe('cannot apply "+" to boolean');
  });

  it('refuses - between a number on the left and a non-number on the right', () => {
    // a number on the left is not enough: the right side must be a number too
    expect(runError('5 - "2"')).toBe('cannot apply "-" to number and string');
    expect(runError('5 - missing')).toBe('cannot apply "-" to number and null');
  });
});

describe('evaluate: comparisons and equality', () => {
  it('orders two numbers or two strings', () => {
    expect(run('2 < 10')).toBe(true);
    expect(run('"2" < "10"')).toBe(false);
    expect(run('"abc" <= "abd"')).toBe(true);
    expect(run('3 >= 3 && 4 > 3')).toBe(true);
  });

  it('refuses to order mixed types', () => {
    expect(runError('"2" < 10')).toBe(
      'cannot compare string and number with "<" (both must be numbers or both strings)',
    );
    expect(runError('x > 0')).toBe('cannot compare null and number with ">" (both must be numbers or both strings)');
  });

  it('refuses > between a string on the left and a number or null on the right', () => {
    // Only the left side is a string: "b" > 1 is neither two numbers nor two strings.
    expect(runError('"b" > 1')).toBe(
      'cannot compare string and number with ">" (both must be numbers or both strings)',
    );
    expect(runError('"b" > x')).toBe('cannot compare string and null with ">" (both must be numbers or both strings)');
  });

  it('compares with == strictly: no type coercion, == and === are the same', () => {
    expect(run('1 == "1"')).toBe(false);
    expect(run('0 == false')).toBe(false);
    expect(run('null == false')).toBe(false);
    expect(run('"" == 0')).toBe(false);
    expect(run('1 === 1 && 1 == 1')).toBe(true);
    expect(run('1 != "1"')).toBe(true);
    expect(run('1 !== 1')).toBe(false);
    expect(run('missing == null')).toBe(true);
  });

  it('compares arrays and objects by content', () => {
    expect(run('[1, [2, "a"]] == [1, [2, "a"]]')).toBe(true);
    expect(run('[1, 2] == [2, 1]')).toBe(false);
    expect(run('{a: 1, b: [2]} == {b: [2], a: 1}')).toBe(true);
    expect(run('{a: 1} == {a: 1, b: 2}')).toBe(false);
    expect(run('data == {x: 1}', { data: { x: 1 } })).toBe(true);
    expect(run('[1] != [1]')).toBe(false);
    expect(run('[1] == {"0": 1}')).toBe(false);
  });

  it('follows IEEE for NaN: it equals nothing, itself included', () => {
    expect(run('n == n', { n: NaN })).toBe(false);
    expect(run('n != n', { n: NaN })).toBe(true);
  });
});

describe('evaluate: logic', () => {
  it.each([
    ['0 || "fallback"', 'fallback'],
    ['"" || null', null],
    ['"set" || "fallback"', 'set'],
    ['1 && "second"', 'second'],
    ['0 && "second"', 0],
    ['null and 1', null],
    ['[] || 1', []],
    ['!0', true],
    ['!"text"', false],
    ['not null', true],
    ['!{}', false],
  ])('%s gives %j (the operand that decided, like JavaScript)', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it('short-circuits: the right side is not evaluated when the left decides', () => {
    expect(run('false && upper(1)')).toBe(false);
    expect(run('true || upper(1)')).toBe(true);
    expect(runError('true && upper(1)')).toBe('upper() expects a string, got number');
  });

  it('evaluates only the chosen branch of ? :', () => {
    expect(run('x > 1 ? "big" : upper(1)', { x: 2 })).toBe('big');
    expect(run('x ? 1 : 2', { x: '' })).toBe(2);
    expect(run('x ? 1 : 2', { x: NaN })).toBe(2);
  });
});

describe('evaluate: variables and member access', () => {
  const scope = {
    value: 7,
    data: { total: 120, customer: { name: 'Ada', tags: ['vip', 'eu'] }, 'odd key': 1, n: null },
    list: [10, 20, 30],
  };

  it.each([
    ['value', 7],
    ['data.total', 120],
    ['data.customer.name', 'Ada'],
    ['data["customer"]["name"]', 'Ada'],
    ['data["odd key"]', 1],
    ['data.customer.tags[1]', 'eu'],
    ['list[0] + list[2]', 40],
    ['list[1 + 1]', 30],
    ['data[k]', 120],
    ['{a: {b: 5}}.a.b', 5],
    ['[1, [2, 3]][1][0]', 2],
  ])('%s reads %j', (source, expected) => {
    expect(run(source, { ...scope, k: 'total' })).toEqual(expected);
  });

  it.each([
    'unknown',
    'data.missing',
    'data.missing.deeper.still',
    'data.n.x',
    'value.x',
    'data.total.x',
    'data.customer.name.length',
    'list[3]',
    'list[-1]',
    'list[0.5]',
    'list["0"]',
    'list.length',
    'data.customer.tags.x',
    '"text"[0]',
    'data[null]',
    'data[true]',
    'null.x',
    'data.toString',
    'data.hasOwnProperty',
    'data.valueOf',
    'toString',
  ])('%s reads null instead of failing', (source) => {
    expect(run(source, scope)).toBeNull();
  });

  it('reads only own properties of the scope, whatever its prototype', () => {
    const inherited = Object.create({ secret: 1 }) as Record<string, unknown>;
    inherited.own = 2;
    expect(run('own', inherited)).toBe(2);
    expect(run('secret', inherited)).toBeNull();
  });

  it('reads objects without a prototype', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.x = 3;
    expect(run('o.x', { o: bare })).toBe(3);
  });

  it('reads a numeric key of an object as its decimal text', () => {
    expect(run('o[1]', { o: { '1': 'one' } })).toBe('one');
  });

  it('sees undefined and functions in the scope as null', () => {
    expect(run('u', { u: undefined })).toBeNull();
    expect(run('f', { f: () => 1 })).toBeNull();
    expect(run('o.f', { o: { f: () => 1 } })).toBeNull();
    expect(run('[a][0]', { a: () => 1 })).toEqual(null);
  });

  it('reads every variable as null when the context has a null scope (a caller without types may pass one)', () => {
    const ctx = { scope: null } as unknown as EvalContext;
    expect(compileOrThrow('x').evaluate(ctx)).toEqual({ ok: true, value: null });
    expect(compileOrThrow('coalesce(x, 3) + 1').evaluate(ctx)).toEqual({ ok: true, value: 4 });
  });

  it('writes a BigInt from the scope as its digits, alone and inside arrays and objects', () => {
    // as the ledger's canonical JSON writes one (src/engine/ledger/canonical.ts): 12n → 12
    expect(run('string(n)', { n: 12n })).toBe('12');
    expect(run('string([n, 1])', { n: 12n })).toBe('[12,1]');
    expect(run('"x" + {k: n}', { n: -3n })).toBe('x{"k":-3}');
  });

  it('does not look inside host objects such as Map or Date', () => {
    const map = new Map([['size', 1]]);
    expect(run('m.size', { m: map })).toBeNull();
    expect(run('d.getTime', { d: new Date(0) })).toBeNull();
    expect(run('e.message', { e: new Error('secret') })).toBeNull();
  });

  it('returns fresh arrays and objects on every evaluation', () => {
    const expr = compileOrThrow('{list: [1]}');
    const first = expr.evaluate({ scope: {} });
    const second = expr.evaluate({ scope: {} });
    expect(first).toEqual(second);
    expect(first.ok && second.ok && first.value !== second.value).toBe(true);
  });
});
