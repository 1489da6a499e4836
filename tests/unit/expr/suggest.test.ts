// didYouMean lives in src/engine/suggest.ts (shared with node-id validation); it is tested here
// because the expression language is its first user.
import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../../src/engine/suggest';

describe('didYouMean', () => {
  const names = ['sqrt', 'sum', 'upper', 'lower', 'startsWith', 'count', 'concat'];

  it.each([
    ['sqroot', 'sqrt'],
    ['sqr', 'sqrt'],
    ['uper', 'upper'],
    ['Upper', 'upper'],
    ['startswith', 'startsWith'],
    ['cuont', 'count'],
    ['sum', 'sum'],
  ])('suggests %s → %s', (name, expected) => {
    expect(didYouMean(name, names)).toBe(expected);
  });

  it.each(['frobnicate', 'x', 'ab', 'sqrtttt', ''])('suggests nothing for %j', (name) => {
    expect(didYouMean(name, names)).toBeUndefined();
  });

  it('prefers the closest candidate, then the earliest', () => {
    expect(didYouMean('abcdef', ['abcxyf', 'abcdxf'])).toBe('abcdxf');
    expect(didYouMean('node_1', ['node_2', 'node_3'])).toBe('node_2');
    expect(didYouMean('node-x', ['nodes-y', 'node-y'])).toBe('node-y');
  });

  it('compares every character left between a shared prefix and suffix, the first one too', () => {
    // Nothing is shared at either end of abcd and bcda; dropping the leading a and appending one is 2 edits,
    // within the limit of min(2, 4 / 2) = 2.
    expect(didYouMean('abcd', ['bcda'])).toBe('bcda');
    // After the shared prefix "ab", xcdz and cdyz differ by dropping x and inserting y: 2 edits for a name of 6.
    expect(didYouMean('abxcdz', ['abcdyz'])).toBe('abcdyz');
  });

  it('handles no candidates and long ids', () => {
    expect(didYouMean('a', [])).toBeUndefined();
    const long = 'n'.repeat(500);
    expect(didYouMean(`${long}x`, [long, `${long}yz`])).toBe(long);
  });
});
