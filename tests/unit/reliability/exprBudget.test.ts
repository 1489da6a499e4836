/**
 * Issue 10, item 10: the expression step budget did not count character scans, so a formula within
 * every limit could scan a billion characters (0.9 s per token); `upper()` could build a text
 * beyond the 1,000,000-character limit.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/engine/expr/limits';
import { run, runError } from '../expr/helpers';

const big = 'a'.repeat(900_000);

describe('the step budget counts characters', () => {
  it.each([
    ['upper', 'len(upper(s))'],
    ['contains', 'len(string(contains(s, "b")))'],
    ['comparison', 'len(string(s == t))'],
    ['split', 'len(split(s, "b"))'],
    ['+ on text', 'len(s + "x")'],
  ])('%s on 900,000 characters, a hundred times, runs out of steps', (_name, call) => {
    const source = `len([${Array.from({ length: 100 }, () => call).join(', ')}])`;
    const error = runError(source, { s: big, t: big.slice(0, -1) + 'b' });
    expect(error).toBe(`expression needs too many steps (more than ${LIMITS.maxEvalSteps})`);
  });

  it('a few calls on a large text stay within the budget', () => {
    expect(run('len(upper(s)) + len(lower(s))', { s: big })).toBe(1_800_000);
    expect(run('contains(s, "aab")', { s: big })).toBe(false);
  });

  it('upper() and lower() respect the 1,000,000-character limit when the mapping lengthens the text', () => {
    expect(runError('upper(s)', { s: 'ß'.repeat(600_000) })).toBe('text is too long (more than 1000000 characters)');
    expect(run('len(upper(s))', { s: 'ß'.repeat(400_000) })).toBe(800_000);
  });
});
