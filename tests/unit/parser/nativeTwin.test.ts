/**
 * The native twin of a user's mask (src/parser/regex/nativeTwin.ts): which patterns have one, that
 * a twin replaces exactly what RE2 matches on generated patterns and texts, and that texts built to
 * make it read many characters stay fast.
 */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { nativeTwin, NATIVE_TWIN_TEXT, twinSource } from '../../../src/parser/regex/nativeTwin';
import { userRegex } from '../../../src/parser/regex/safeRegex';
import { cpuClock, timeBudget } from '../timeBudget';

const compile = (p: string): RE2JS => RE2JS.compile(RE2JS.translateRegExp(p), RE2JS.LOOKBEHINDS);
const hasTwin = (p: string): boolean => nativeTwin(p, '', compile(p)) !== null;

/** Every match replaced by `<m>`, as RE2's own `matchAll` finds them. */
function reference(re: RE2JS, text: string): string {
  let out = '';
  let at = 0;
  for (const m of re.matchAll(text)) {
    out += `${text.slice(at, m.index)}<m>`;
    at = m.index! + m[0].length;
  }
  return out + text.slice(at);
}

const atom = fc.constantFrom('a', 'b', '1', ':', '-', '\\.', '[a-c]', '[^a ]', '\\d', '\\w', '\\s', '\\b', 'é', 'x_');
const quant = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{2,}', '+?');
const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(atom, quant).map(([a, q]) => (a === '\\b' ? a : a + q)),
    fc.array(tie('p'), { minLength: 1, maxLength: 4 }).map((ps) => ps.join('')),
    fc
      .tuple(fc.array(tie('p'), { minLength: 1, maxLength: 3 }), quant, fc.boolean())
      .map(([ps, q, capture]) => `(${capture ? '' : '?:'}${ps.join('|')})${q}`),
  ),
})).p;
const text = fc
  .array(fc.constantFrom('a', 'b', 'x_', '1', '22', ' ', '\t', '.', ':', '-', 'é', '\u{1F600}', '\ud800', '\n'), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

describe('the native twin of a mask', () => {
  it('exists for masks whose repeats end where the next part begins, and not otherwise', () => {
    for (const p of [String.raw`blk_-?\d+`, String.raw`(\d+\.){3}\d+(:\d+)?`, String.raw`<\d+\ssec`, String.raw`=\d+`])
      expect(hasTwin(p)).toBe(true);
    // A repeat of `[\w-]` followed by `[\w-]`, `.`, a lookbehind, a flag: no twin.
    for (const p of [String.raw`([\w-]+\.){2,}[\w-]+`, String.raw`/.+?\s`, String.raw`(?<!\d)\d+`, String.raw`\d+\d`])
      expect(hasTwin(p)).toBe(false);
    expect(nativeTwin('a+', 'i', compile('a+'))).toBeNull();
    // `\s` is RE2's ASCII whitespace; an escaped punctuation character is written as its code point.
    expect(twinSource(String.raw`<\d+\ssec:\d`)).toBe('<\\d+[\\t\\n\\f\\r ]sec:\\d');
    expect(twinSource(String.raw`a\-b`)).toBe('a\\u{2d}b');
  });

  it("writes `\\S` and classes out for the native engine, and a class with `\\s` matches RE2's whitespace", () => {
    // `\S` outside a class is the complement of RE2's ASCII whitespace.
    expect(twinSource(String.raw`a\Sb`)).toBe('a[^\\t\\n\\f\\r ]b');
    expect(hasTwin(String.raw`a\Sb`)).toBe(true);
    // In a class: `\w` kept, `.` as its code point (2e), `-` last kept; `:` after the class kept.
    expect(twinSource(String.raw`[\w.-]+:`)).toBe('[\\w\\u{2e}-]+:');
    expect(hasTwin(String.raw`[\w.-]+:`)).toBe(true);
    // `\s` inside a class: RE2's whitespace written out, `,` as its code point (2c).
    expect(twinSource(String.raw`a[\s,]b`)).toBe('a[\\t\\n\\f\\r \\u{2c}]b');
    const spaced = userRegex(String.raw`a[\s,]b`);
    expect(spaced.ok && hasTwin(String.raw`a[\s,]b`)).toBe(true);
    if (!spaced.ok) return;
    // A space, a comma and a tab between `a` and `b` match; a `-` does not.
    expect(spaced.value.replaceAll('a b a,b a-b a\tb', '<m>')).toBe('<m> <m> a-b <m>');
  });

  it('keeps the escapes of control characters, which mean the same to both engines', () => {
    // `\n \t \r \f \v` are the same characters (0A, 09, 0D, 0C, 0B) to RE2 and to the native engine.
    expect(twinSource(String.raw`a\tb`)).toBe('a\\tb');
    expect(twinSource(String.raw`\n\t\r\f\v`)).toBe('\\n\\t\\r\\f\\v');
    expect(hasTwin(String.raw`a\tb`)).toBe(true);
    const tab = userRegex(String.raw`a\tb`);
    expect(tab.ok).toBe(true);
    if (!tab.ok) return;
    expect(tab.value.replaceAll('a\tb a b', '<m>')).toBe('<m> a b');
  });

  it('escapes a `/` for the native engine, where it is a literal as it is to RE2', () => {
    // `/` is a literal to both engines; the twin writes it escaped (`\/`), as every syntax character.
    expect(twinSource(String.raw`\d+/\d+`)).toBe('\\d+\\/\\d+');
    const slash = userRegex(String.raw`\d+/\d+`);
    expect(slash.ok && hasTwin(String.raw`\d+/\d+`)).toBe(true);
    if (!slash.ok) return;
    // Only `12/3` has digits on both sides of a slash; `45` and `6` have none between them.
    expect(slash.value.replaceAll('12/3 45 6', '<m>')).toBe('<m> 45 6');
  });

  it('writes an escaped punctuation character in a class as its code point', () => {
    // `\.` and `\-` in a class are a dot and a hyphen (2e, 2d), to RE2 and to the twin.
    expect(twinSource(String.raw`v[\.\-]\d`)).toBe('v[\\u{2e}\\u{2d}]\\d');
    const dotted = userRegex(String.raw`v[\.\-]\d`);
    expect(dotted.ok && hasTwin(String.raw`v[\.\-]\d`)).toBe(true);
    if (!dotted.ok) return;
    // A dot or a hyphen between `v` and a digit matches; a space does not.
    expect(dotted.value.replaceAll('v.1 v-2 v 3', '<m>')).toBe('<m> <m> v 3');
  });

  it('has no twin for a class holding `[`, which RE2 may read as a POSIX class', () => {
    // To RE2 `[[:digit:][.]` is one class: the ASCII digits, `[` and `.`; the native engine would
    // read `[[:digit:]` and `[.]` as two classes in a row.
    expect(twinSource(String.raw`[[:digit:][.]+`)).toBeNull();
    expect(hasTwin(String.raw`[[:digit:][.]+`)).toBe(false);
    const posix = userRegex(String.raw`[[:digit:][.]+`);
    expect(posix.ok).toBe(true);
    if (!posix.ok) return;
    // `1.22` and `[` are runs of the class; `v`, the spaces and `x` are not in it.
    expect(posix.value.replaceAll('v1.22 x [', '<m>')).toBe('v<m> x <m>');
  });

  it('replaces exactly what RE2 matches, on generated patterns that have a twin', () => {
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 6 }), (p, texts) => {
        const user = userRegex(p);
        fc.pre(user.ok && hasTwin(p) && !user.value.matchesEmpty());
        if (!user.ok) return;
        const re = compile(p);
        for (const t of texts) expect(user.value.replaceAll(t, '<m>')).toBe(reference(re, t));
      }),
      { numRuns: 500 },
    );
  });

  it(`reads ${NATIVE_TWIN_TEXT}-character texts where every position starts a long try quickly`, () => {
    const digits = userRegex(String.raw`\d+x`);
    expect(digits.ok && hasTwin(String.raw`\d+x`)).toBe(true);
    if (!digits.ok) return;
    const line = '1'.repeat(NATIVE_TWIN_TEXT);
    const start = cpuClock();
    for (let i = 0; i < 2_000; i++) expect(digits.value.replaceAll(line, '<m>')).toBe(line);
    // About 33,000 steps a text: 2,000 texts take tens of milliseconds (a budget with room for a busy machine).
    expect(cpuClock() - start).toBeLessThan(timeBudget(3_000));
  });
});
