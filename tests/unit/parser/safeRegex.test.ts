// The operations safeRegex.ts gives every pattern, checked directly on both engines: group names in
// the order they open, matches with their index and groups, replacements taken literally on each of
// the three ways a user pattern replaces (native twin, program search, RE2's matcher), flags, and the
// exact sentences for patterns that cannot run. Expected values written by hand.
import { describe, expect, it } from 'vitest';
import {
  nativeErrorReason,
  trustedRegex,
  unsupportedConstruct,
  userRegex,
  type RegexResult,
  type SafeRegex,
} from '../../../src/parser/regex/safeRegex';

function ok(r: RegexResult): SafeRegex {
  if (!r.ok) throw new Error(`unexpected refusal: ${r.reason}`);
  return r.value;
}

describe('trustedRegex', () => {
  it('runs on the native engine and lists named groups in the order they open', () => {
    const re = ok(trustedRegex('(?<b>x)(?<c>y)?(?<a>z)?'));
    expect(re.linear).toBe(false);
    expect(re.source).toBe('(?<b>x)(?<c>y)?(?<a>z)?');
    expect(re.groupNames).toEqual(['b', 'c', 'a']);
  });

  it('gives the first match with its index, text and groups, or null', () => {
    const re = ok(trustedRegex('(?<n>\\d+)(?<u>kb)?'));
    expect(re.exec('size 42kb, 7')).toEqual({ index: 5, text: '42kb', groups: { n: '42', u: 'kb' } });
    expect(re.exec('no digits')).toBeNull();
    expect(ok(trustedRegex('\\d')).exec('a1')).toEqual({ index: 1, text: '1', groups: {} });
    expect(re.test('x9')).toBe(true);
    expect(re.test('x')).toBe(false);
  });

  it('replaces every match with the replacement taken literally, also when it changes between calls', () => {
    const re = ok(trustedRegex('\\d+'));
    expect(re.replaceAll('a1b22', '$&')).toBe('a$&b$&');
    expect(re.replaceAll('a1b22', '<n>')).toBe('a<n>b<n>');
    expect(re.replaceAll('a1b22', '$$')).toBe('a$$b$$');
    expect(re.replaceAll('a1b22', '$$')).toBe('a$$b$$');
  });

  it('deletes every match when the first replacement it is given is the empty string', () => {
    // No replacement was remembered before this call: `''` must still be the text put in.
    expect(ok(trustedRegex('\\d+')).replaceAll('a1b22c', '')).toBe('abc');
  });

  it('takes its flags, and says whether the empty string matches whole', () => {
    expect(ok(trustedRegex('ABC', 'i')).test('xabcx')).toBe(true);
    expect(ok(trustedRegex('a*')).matchesEmpty()).toBe(true);
    expect(ok(trustedRegex('a|')).matchesEmpty()).toBe(true);
    expect(ok(trustedRegex('a')).matchesEmpty()).toBe(false);
    // The whole pattern, not a part of it, must match the empty string.
    expect(ok(trustedRegex('x|a*b')).matchesEmpty()).toBe(false);
  });

  it('refuses a pattern that is not one, with the engine’s reason', () => {
    expect(trustedRegex('(')).toEqual({ ok: false, reason: 'Unterminated group', syntax: true });
  });
});

describe('userRegex', () => {
  it('runs on RE2 and lists named groups in the order they open', () => {
    const re = ok(userRegex('(?<b>x)(?<c>y)(?<a>z)'));
    expect(re.linear).toBe(true);
    expect(re.source).toBe('(?<b>x)(?<c>y)(?<a>z)');
    expect(re.groupNames).toEqual(['b', 'c', 'a']);
  });

  it('gives the first match with its index, text and groups, or null', () => {
    const re = ok(userRegex('(?<n>\\d+)(?<u>kb)?'));
    expect(re.exec('size 42kb, 7')).toEqual({ index: 5, text: '42kb', groups: { n: '42', u: 'kb' } });
    expect(re.exec('no digits')).toBeNull();
    expect(ok(userRegex('\\d')).exec('a1')).toEqual({ index: 1, text: '1', groups: {} });
  });

  it('reads the flags i, m and s, and only those', () => {
    expect(ok(userRegex('ABC', 'i')).test('xabcx')).toBe(true);
    expect(ok(userRegex('ABC')).test('xabcx')).toBe(false);
    expect(ok(userRegex('^b$', 'm')).test('a\nb\nc')).toBe(true);
    expect(ok(userRegex('^b$')).test('a\nb\nc')).toBe(false);
    expect(ok(userRegex('a.b', 's')).test('a\nb')).toBe(true);
    expect(ok(userRegex('a.b')).test('a\nb')).toBe(false);
    expect(ok(userRegex('a', 'imsu')).test('A')).toBe(true);
    expect(userRegex('a', 'g')).toEqual({
      ok: false,
      reason: 'flags "g" are not allowed; use any of i, m, s, u',
      syntax: true,
    });
  });

  it('says whether the empty string matches whole, also with the m flag', () => {
    expect(ok(userRegex('a*')).matchesEmpty()).toBe(true);
    expect(ok(userRegex('x|a*b')).matchesEmpty()).toBe(false);
    expect(ok(userRegex('A?', 'im')).matchesEmpty()).toBe(true);
    expect(ok(userRegex('a$', 'm')).matchesEmpty()).toBe(false);
  });

  it('after an empty match steps one code unit on where no surrogate pair begins', () => {
    // `x*` matches the empty text before every character and at the end. A lone low surrogate
    // (U+DC00) or U+E000 is one character, also when a lone low surrogate follows: the next empty
    // match lands right after it, before the second one. Only a high surrogate followed by a low one
    // is a pair, stepped over whole.
    const re = ok(userRegex('x*'));
    expect(re.replaceAll('\udc00\udc00', '-')).toBe('-\udc00-\udc00-');
    expect(re.replaceAll('\ue000\udc00', '-')).toBe('-\ue000-\udc00-');
  });

  it('after an empty match steps one code unit past a lone high surrogate', () => {
    // A high surrogate (U+D800) followed by U+E000 or by `a` is no pair: each is one character, and
    // `x*` matches the empty text before each and at the end.
    const re = ok(userRegex('x*'));
    expect(re.replaceAll('\ud800\ue000', '-')).toBe('-\ud800-\ue000-');
    expect(re.replaceAll('\ud800a', '-')).toBe('-\ud800-a-');
  });

  it('refuses a syntax error with the native reason, and what RE2 cannot run with RE2’s', () => {
    expect(userRegex('(')).toEqual({ ok: false, reason: 'Unterminated group', syntax: true });
    expect(userRegex('a{1001}')).toEqual({
      ok: false,
      reason: 'RE2, which matches in linear time, cannot run it: invalid repeat count: `{1001}`',
      syntax: false,
    });
    const back = userRegex('(a)\\1');
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.syntax).toBe(false);
  });

  describe('replaceAll takes the replacement literally on each of its three paths', () => {
    it('a short text with a native twin (\\d+), the replacement changing between calls', () => {
      const re = ok(userRegex('\\d+'));
      expect(re.replaceAll('a1b22', '$&')).toBe('a$&b$&');
      expect(re.replaceAll('a1b22', '<n>')).toBe('a<n>b<n>');
      expect(re.replaceAll('a1b22', '$$')).toBe('a$$b$$');
    });

    it('a text too long for the twin, searched on RE2’s program', () => {
      const re = ok(userRegex('\\d+'));
      const pad = 'x'.repeat(300);
      expect(re.replaceAll(`${pad}1y22`, '$&')).toBe(`${pad}$&y$&`);
      expect(re.replaceAll(pad, '$&')).toBe(pad);
    });

    it('a pattern with a lookbehind, on RE2’s own matcher', () => {
      const re = ok(userRegex('(?<!\\d)x+'));
      expect(re.replaceAll('ax 1x xx', '$1')).toBe('a$1 1x $1');
      expect(re.replaceAll('1x', '$1')).toBe('1x');
      expect(re.replaceAll('xx', '')).toBe('');
    });
  });
});

describe('unsupportedConstruct', () => {
  it('names a backreference and its position, \\1 to \\9, not \\0 or an escaped backslash', () => {
    expect(unsupportedConstruct('ab\\1')).toBe(
      'the backreference "\\1" at character 3 has no linear-time form (RE2 has no backreferences); match the text again instead',
    );
    expect(unsupportedConstruct('\\9')).toContain('"\\9" at character 1');
    expect(unsupportedConstruct('\\0')).toBeNull();
    expect(unsupportedConstruct('\\\\1')).toBeNull();
  });

  it('names a named backreference, and only its first characters when it is not closed', () => {
    expect(unsupportedConstruct('x\\k<name>')).toBe(
      'the named backreference "\\k<name>" at character 2 has no linear-time form (RE2 has no backreferences)',
    );
    expect(unsupportedConstruct('xy\\k<name')).toContain('"\\k<" at character 3');
    expect(unsupportedConstruct('\\kx')).toBeNull();
  });

  it('names a lookahead, either kind, and keeps lookbehind', () => {
    expect(unsupportedConstruct('ab(?=c)')).toBe(
      'the lookahead "(?=" at character 3 has no linear-time form (RE2 has no lookahead); match the text after it instead, or drop it',
    );
    expect(unsupportedConstruct('(?!c)')).toContain('"(?!" at character 1');
    expect(unsupportedConstruct('(?<=a)b(?<!c)')).toBeNull();
    expect(unsupportedConstruct('(?:a)')).toBeNull();
    expect(unsupportedConstruct('\\(?=')).toBeNull();
  });

  it('takes `=` or `!` as a lookahead only right after `(?`', () => {
    // `(a=b)` and `(a!)` are groups with `=` and `!` inside; no lookahead.
    expect(unsupportedConstruct('(a=b)')).toBeNull();
    expect(unsupportedConstruct('x(a!)')).toBeNull();
    expect(ok(userRegex('(a=b)')).replaceAll('a=b a-b', '<m>')).toBe('<m> a-b');
  });

  it('reads nothing inside a class, which ends at its first ] after a leading ^ or ]', () => {
    expect(unsupportedConstruct('[\\1\\k<a>(?=]')).toBeNull();
    expect(unsupportedConstruct('[]\\1]')).toBeNull();
    expect(unsupportedConstruct('[^]\\1]')).toBeNull();
    expect(unsupportedConstruct('[\\]\\1]')).toBeNull();
    expect(unsupportedConstruct('[a]\\1')).toContain('at character 4');
    expect(unsupportedConstruct('[a](?=x)')).toContain('at character 4');
  });
});

describe('nativeErrorReason', () => {
  it('drops the engine’s echo of the pattern and its flags', () => {
    expect(nativeErrorReason(new SyntaxError('Invalid regular expression: /(/u: Unterminated group'))).toBe(
      'Unterminated group',
    );
    expect(nativeErrorReason(new SyntaxError('Invalid regular expression: /a\nb(/: Unterminated group'))).toBe(
      'Unterminated group',
    );
    expect(nativeErrorReason(new SyntaxError('Invalid regular expression: Lone quantifier'))).toBe('Lone quantifier');
    expect(nativeErrorReason('not an error')).toBe('not an error');
  });
});
