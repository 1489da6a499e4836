/**
 * The small pieces of token data every behaviour shares (behaviors/tokenData.ts): a formula's
 * result merged into a token, the shallow copy (own fields only, a `__proto__` field kept as a
 * field), dotted-path reads that never reach inherited or non-object values, and group keys.
 */
import { describe, expect, it } from 'vitest';
import {
  applyResult,
  cloneData,
  compilePath,
  groupKey,
  isRecord,
  readPath,
} from '../../../src/engine/behaviors/tokenData';

describe('cloneData', () => {
  it('copies own fields into a new object', () => {
    const data = { a: 1, b: { c: 2 } };
    const copy = cloneData(data);
    expect(copy).toEqual({ a: 1, b: { c: 2 } });
    expect(copy).not.toBe(data);
    expect(copy['b']).toBe(data.b);
  });

  it('leaves out inherited enumerable fields', () => {
    const data = Object.create({ inherited: 1 }) as Record<string, unknown>;
    data['own'] = 2;
    expect(Object.keys(cloneData(data))).toEqual(['own']);
  });

  it('keeps a field named __proto__ as an own field, never as the prototype', () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "z": 1}') as Record<string, unknown>;
    const copy = cloneData(data);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'z']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')!.value).toEqual({ polluted: true });
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('applyResult', () => {
  it('merges an object result over the base and puts any other result in value', () => {
    const base = { value: 1, keep: 'k' };
    expect(applyResult(base, { value: 2, extra: true })).toEqual({ value: 2, keep: 'k', extra: true });
    expect(applyResult(base, [1, 2])).toEqual({ value: [1, 2], keep: 'k' });
    expect(applyResult(base, null)).toEqual({ value: null, keep: 'k' });
    expect(base).toEqual({ value: 1, keep: 'k' });
  });
});

describe('isRecord', () => {
  it('is true for plain objects only', () => {
    expect([isRecord({}), isRecord([]), isRecord(null), isRecord('x'), isRecord(undefined)]).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('readPath', () => {
  it('splits a path on dots; an empty path reads the whole data', () => {
    expect(compilePath('')).toEqual([]);
    expect(compilePath('order.total')).toEqual(['order', 'total']);
    const data = { order: { total: 7 } };
    expect(readPath(data, compilePath(''))).toBe(data);
  });

  it('reads down to the last segment, through arrays by index', () => {
    expect(readPath({ a: { b: { c: 7 } } }, ['a', 'b', 'c'])).toBe(7);
    expect(readPath({ list: [10, 20] }, ['list', '1'])).toBe(20);
  });

  it('gives undefined when a step is not an object, even one with that property', () => {
    expect(readPath({ a: 'text' }, ['a', 'length'])).toBeUndefined();
    expect(readPath({ a: 5 }, ['a', 'b'])).toBeUndefined();
    expect(readPath({ a: null }, ['a', 'b'])).toBeUndefined();
    expect(readPath(null, ['a'])).toBeUndefined();
  });

  it('gives undefined for a missing or inherited field', () => {
    expect(readPath({ a: 1 }, ['b'])).toBeUndefined();
    expect(readPath({}, ['toString'])).toBeUndefined();
    expect(readPath({ a: {} }, ['a', 'constructor'])).toBeUndefined();
  });
});

describe('groupKey', () => {
  it('keeps text as it is, gives undefined the empty key and other values canonical JSON', () => {
    expect(groupKey('open')).toBe('open');
    expect(groupKey(undefined)).toBe('');
    expect(groupKey(null)).toBe('null');
    expect(groupKey(3)).toBe('3');
    expect(groupKey({ b: 1, a: [true] })).toBe('{"a":[true],"b":1}');
  });
});
