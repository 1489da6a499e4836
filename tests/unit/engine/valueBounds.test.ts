/**
 * `valueBoundIssue` measures a value as its JSON text would spell it: 1 unit per value plus the
 * characters of every string and key, refused past `VALUE_LIMITS.maxSize`. A bare string is
 * measured by the same rule as a string inside an object, without the walk: 1 + its length.
 */
import { describe, expect, it } from 'vitest';
import { VALUE_LIMITS, valueBoundIssue } from '../../../src/engine/behaviors/valueBounds';

const tooLarge = (subject: string) => `${subject} is too large (its JSON text would pass about 1,000,000 characters)`;

describe('valueBoundIssue', () => {
  it('counts a bare string as 1 + its length: up to maxSize it passes, one character more does not', () => {
    expect(VALUE_LIMITS.maxSize).toBe(1_000_000);
    expect(valueBoundIssue('short')).toBeNull();
    expect(valueBoundIssue('')).toBeNull();
    // 1 + 999,999 = 1,000,000 units: at the bound, not past it.
    expect(valueBoundIssue('x'.repeat(999_999))).toBeNull();
    // 1 + 1,000,000 units: past it.
    expect(valueBoundIssue('x'.repeat(1_000_000))).toBe(tooLarge('the result'));
    expect(valueBoundIssue('x'.repeat(1_000_000), 'the token data')).toBe(tooLarge('the token data'));
    // The same string one level down adds the list's unit: 1 + 1 + 999,998 is the largest that passes.
    expect(valueBoundIssue(['x'.repeat(999_998)])).toBeNull();
    expect(valueBoundIssue(['x'.repeat(999_999)])).toBe(tooLarge('the result'));
  });
});
