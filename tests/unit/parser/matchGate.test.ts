/**
 * The gate in front of the mask search (src/parser/regex/matchGate.ts, behind `progSearch`): on ASCII
 * texts it says "no match at or after here" exactly when RE2 finds none from there, and on any text
 * it never says so when there is one.
 */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { matchGate } from '../../../src/parser/regex/matchGate';
import { progSearch } from '../../../src/parser/regex/progSearch';
import { ALT, ALT_MATCH, FAIL, MATCH, RUNE1 } from '../../../src/parser/regex/re2Program';

const atom = fc.constantFrom('a', 'b', 'A', '1', '.', ':', '-', '\\.', '[a-c]', '[^a ]', '\\d', '\\w', '\\s', '\\S');
const assertion = fc.constantFrom('\\b', '\\B', '^', '$');
const quant = fc.constantFrom('', '', '*', '+', '?', '*?', '+?', '{2}', '{1,3}', '{2,}');
const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(atom, quant).map(([a, q]) => a + q),
    assertion,
    fc.array(tie('p'), { minLength: 1, maxLength: 4 }).map((ps) => ps.join('')),
    fc.tuple(fc.array(tie('p'), { minLength: 1, maxLength: 3 }), quant).map(([ps, q]) => `(?:${ps.join('|')})${q}`),
  ),
})).p;
const ascii = fc
  .array(fc.constantFrom('a', 'b', 'A', '1', '22', ' ', '.', ':', '-', '\n', 'blk_7'), { maxLength: 24 })
  .map((parts) => parts.join(''));
const mixed = fc
  .array(fc.constantFrom('a', '1', ' ', '.', 'é', '\u{1F600}', '\ud800'), { maxLength: 16 })
  .map((parts) => parts.join(''));

function compile(p: string, flags: string): RE2JS {
  let f = 0;
  if (flags === 'i') f |= RE2JS.CASE_INSENSITIVE;
  if (flags === 'm') f |= RE2JS.MULTILINE;
  if (flags === 's') f |= RE2JS.DOTALL;
  return RE2JS.compile(RE2JS.translateRegExp(p), f);
}

/** Whether RE2's own search finds a match starting at or after `from`. */
const re2Finds = (re: RE2JS, text: string, from: number): boolean => re.matcher(text).find(from);

/** RE2's program for `ab`, built by hand: 0 FAIL, 1 reads `a` → 2, 2 reads `b` → 3, 3 MATCH; tries
 *  start at 1. */
function abProgram() {
  return {
    op: Int32Array.from([FAIL, RUNE1, RUNE1, MATCH]),
    out: Int32Array.from([0, 2, 3, 0]),
    arg: Int32Array.from([0, 97, 98, 0]),
    ascii: new Uint8Array(4 * 128),
    start: 1,
  };
}

describe('the match gate', () => {
  it('on ASCII texts, says no match exactly where RE2 finds none', () => {
    fc.assert(
      fc.property(
        pattern,
        fc.constantFrom('', 'i', 'm', 's'),
        fc.array(ascii, { minLength: 1, maxLength: 4 }),
        (p, flags, texts) => {
          const re = compile(p, flags);
          const search = progSearch(re);
          fc.pre(search !== null);
          for (const t of texts)
            for (let from = 0; from <= t.length; from++) expect(search!.mayMatch(t, from)).toBe(re2Finds(re, t, from));
        },
      ),
      { numRuns: 800 },
    );
  });

  it('never rules out a match on texts with other characters', () => {
    fc.assert(
      fc.property(pattern, fc.array(mixed, { minLength: 1, maxLength: 4 }), (p, texts) => {
        const re = compile(p, '');
        const search = progSearch(re);
        fc.pre(search !== null);
        for (const t of texts)
          for (let from = 0; from <= t.length; from++)
            if (re2Finds(re, t, from)) expect(search!.mayMatch(t, from)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('answers on the benchmark masks as worked out by hand', () => {
    const host = progSearch(compile(String.raw`([\w-]+\.){2,}[\w-]+`, ''))!;
    expect(host.mayMatch('Thermal pressure state: 1', 0)).toBe(false);
    expect(host.mayMatch('dropped app.log', 0)).toBe(false);
    expect(host.mayMatch('from com.apple.cts now', 0)).toBe(true);
    // After the host name only ` now` is left.
    expect(host.mayMatch('from com.apple.cts now', 18)).toBe(false);
    const number = progSearch(compile(String.raw`\b\d+\b`, ''))!;
    // `\b` holds between the letter and the digit only when read with the letter before it.
    expect(number.mayMatch('ab12', 2)).toBe(false);
    expect(number.mayMatch('ab 12', 2)).toBe(true);
  });

  it('reads `Z`, the last capital letter, as a word character', () => {
    // `Z\b` matches a `Z` followed by the end of the text or by a character that is not a word
    // character; a `Z` followed by a letter has no boundary after it.
    const z = progSearch(compile(String.raw`Z\b`, ''))!;
    expect(z.mayMatch('Z', 0)).toBe(true);
    expect(z.mayMatch('Z-', 0)).toBe(true);
    expect(z.mayMatch('Za', 0)).toBe(false);
    expect(z.mayMatch('ZZ', 0)).toBe(true);
    // Between `Z` and `1` (both word characters) there is no boundary; after a `Z` a `-` gives one.
    expect(z.mayMatch('Z1 -', 0)).toBe(false);
  });

  it('stays correct when a pattern needs more states than the gate keeps', () => {
    // `a` eleven characters from the end: 2^11 states of the tries under way, more than it keeps.
    const re = compile('a[ab]{10}$', '');
    const search = progSearch(re)!;
    let seed = 7;
    const rnd = (): string => ((seed = (seed * 1103515245 + 12345) % 2147483648) & 1024 ? 'a' : 'b');
    let matching = 0;
    for (let k = 0; k < 30; k++) {
      const t = Array.from({ length: 200 }, rnd).join('');
      if (!re2Finds(re, t, 0)) continue;
      matching++;
      expect(search.mayMatch(t, 0)).toBe(true);
    }
    expect(matching).toBeGreaterThan(5);
  });

  it('stops answering once a text needs more states than it may keep, and not before', () => {
    const ab = abProgram();
    // `xax` from 0 passes through three states: {1} at the start, {1} after `x` (not a word
    // character), {1, 2} after `a`; the next `x` leads back to {1} after `x`, the end to no match.
    expect(matchGate(ab, 3).mayMatch('xax', 0)).toBe(false);
    // With room for two, the third is one too many: "maybe", and "maybe" from then on.
    const small = matchGate(ab, 2);
    expect(small.mayMatch('xax', 0)).toBe(true);
    expect(small.mayMatch('x', 0)).toBe(true);
  });

  it('builds no state for the end of the text, so it does not stop answering early', () => {
    // The program for `ab` again, with room for three states. `a` passes through {1} at the start and
    // {1, 2} after a word character; at the end nothing is left: no match, two states kept. `ba` then
    // needs a third, {1} after a word character (after `b`), and reaches {1, 2} again: no match.
    const ab = abProgram();
    const gate = matchGate(ab, 3);
    expect(gate.mayMatch('a', 0)).toBe(false);
    expect(gate.mayMatch('ba', 0)).toBe(false);
  });

  it('reads an ALT_MATCH split as a split', () => {
    // `x+` as RE2 writes it: 0 FAIL, 1 reads `x` → 2, 2 splits to 1 (preferred) or 3, 3 MATCH. A split
    // with one branch straight to MATCH may be marked ALT_MATCH; it means what ALT means.
    for (const split of [ALT, ALT_MATCH]) {
      const gate = matchGate({
        op: Int32Array.from([FAIL, RUNE1, split, MATCH]),
        out: Int32Array.from([0, 2, 1, 0]),
        arg: Int32Array.from([0, 120, 3, 0]),
        ascii: new Uint8Array(4 * 128),
        start: 1,
      });
      expect(gate.mayMatch('aaxxb', 0)).toBe(true);
      expect(gate.mayMatch('aaxxb', 4)).toBe(false);
    }
  });
});
