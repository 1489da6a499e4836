/**
 * `==` on arrays and objects (expr/values.ts `deepEqual`) at its edges: a difference in the last
 * element only, an object posing as an array, keys that differ with values that read the same, and
 * the nesting bound of 64 levels at exactly its edge — and the same bound when `string()` prints a
 * nested value (`toText`, docs/limits.md: "comparing or printing nested values | 64 levels").
 */
import { describe, expect, it } from 'vitest';
import { run, runError } from './helpers';

/** `levels` arrays (or objects `{k: …}`) nested inside each other around `inner`: [[…[inner]…]]. */
function nested(levels: number, inner: unknown, wrap: (v: unknown) => unknown = (v) => [v]): unknown {
  let v: unknown = inner;
  for (let i = 0; i < levels; i++) v = wrap(v);
  return v;
}

describe('== on arrays and objects, at the edges', () => {
  it('tells arrays apart that differ only in their last element', () => {
    expect(run('[1, 2, 3] == [1, 2, 4]')).toBe(false);
    expect(run('[1, 2, 3] != [1, 2, 4]')).toBe(true);
    expect(run('[[1], [2]] == [[1], [3]]')).toBe(false);
  });

  it('never takes an object with a length field and index keys for an array', () => {
    expect(run('[1] == {"0": 1, "length": 1}')).toBe(false);
    expect(run('a == b', { a: [1], b: { 0: 1, length: 1 } })).toBe(false);
  });

  it('never takes an array for an object with index keys, the object on the left', () => {
    // {"0": 1} has the same own keys and values as [1] ("0" → 1), yet an array equals only an array
    expect(run('{"0": 1} == [1]')).toBe(false);
    expect(run('{} == []')).toBe(false);
    expect(run('a != b', { a: { 0: 'x', 1: 'y' }, b: ['x', 'y'] })).toBe(true);
  });

  it('tells objects apart whose keys differ, even when every value is null', () => {
    expect(run('{a: null} == {b: null}')).toBe(false);
    expect(run('{a: null, b: 1} == {b: 1, c: null}')).toBe(false);
  });

  it('tells a value at the 64th level from null, an array or an object there without refusing', () => {
    // Inside 64 nested arrays the innermost pair is compared at depth 64: a number or null against
    // another kind of value is unequal at once, as at every other level; nothing is walked into.
    expect(run('a == b', { a: nested(64, 1), b: nested(64, null) })).toBe(false);
    expect(run('a == b', { a: nested(64, 1), b: nested(64, []) })).toBe(false);
    expect(run('a == b', { a: nested(64, null), b: nested(64, {}) })).toBe(false);
    expect(run('a == b', { a: nested(64, [1]), b: nested(64, null) })).toBe(false);
  });

  it('tells an array or an object at the 64th level from a number or a text there without refusing', () => {
    // The same as above with the container on the left: an object against a primitive is unequal
    // at once, before the depth is even looked at, whichever side holds the object.
    expect(run('a == b', { a: nested(64, [1]), b: nested(64, 1) })).toBe(false);
    expect(run('a == b', { a: nested(64, {}), b: nested(64, 'x') })).toBe(false);
    expect(run('a != b', { a: nested(64, [1]), b: nested(64, true) })).toBe(true);
  });

  it('compares values nested 64 levels deep, and refuses 65', () => {
    // The outermost pair is compared at depth 0, so 64 nested arrays put the innermost at depth 63.
    expect(run('a == b', { a: nested(64, 1), b: nested(64, 1) })).toBe(true);
    expect(run('a == b', { a: nested(64, 1), b: nested(64, 2) })).toBe(false);
    expect(runError('a == b', { a: nested(65, 1), b: nested(65, 1) })).toContain(
      'values are nested too deeply to compare',
    );
    const obj = (v: unknown) => ({ k: v });
    expect(run('a == b', { a: nested(64, 1, obj), b: nested(64, 1, obj) })).toBe(true);
    expect(runError('a == b', { a: nested(65, 1, obj), b: nested(65, 1, obj) })).toContain(
      'values are nested too deeply to compare',
    );
  });
});

describe('string() of nested values, at the edge', () => {
  it('prints a value inside 64 nested arrays, and refuses one inside 65', () => {
    // The outermost array is written at depth 0, so 64 arrays put the innermost at depth 63 and the
    // number inside it at 64, which is no container: printed. With 65 arrays the innermost array is
    // at depth 64, past the bound.
    expect(run('string(a)', { a: nested(64, 1) })).toBe(`${'['.repeat(64)}1${']'.repeat(64)}`);
    expect(runError('string(a)', { a: nested(65, 1) })).toContain('value is nested too deeply to convert to text');
    const obj = (v: unknown) => ({ k: v });
    expect(runError('"x" + a', { a: nested(65, 1, obj) })).toContain('value is nested too deeply to convert to text');
  });
});
