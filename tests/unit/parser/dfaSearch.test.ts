/**
 * The DFA search behind the mask search (src/parser/regex/dfaSearch.ts): on ASCII texts, which it
 * takes whole, masking with it replaces exactly what RE2's own engine matches; and each match it
 * finds is RE2's leftmost-first one where the longest or the earliest-ending would differ.
 */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { dfaSearch } from '../../../src/parser/regex/dfaSearch';
import { ALT, ALT_MATCH, FAIL, MATCH, RUNE1 } from '../../../src/parser/regex/re2Program';
import { userRegex } from '../../../src/parser/regex/safeRegex';

function reference(re: RE2JS, text: string): string {
  let out = '';
  let at = 0;
  for (const m of re.matchAll(text)) {
    out += `${text.slice(at, m.index)}<m>`;
    at = m.index! + m[0].length;
  }
  return out + text.slice(at);
}

const atom = fc.constantFrom('a', 'b', '1', '.', ':', '-', '\\.', '[a-c]', '[^a ]', '\\d', '\\w', '\\s', '\\S', 'blk_');
const assertion = fc.constantFrom('\\b', '\\B', '^', '$');
const quant = fc.constantFrom('', '', '*', '+', '?', '*?', '+?', '??', '{2}', '{1,3}', '{2,}?');
const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(atom, quant).map(([a, q]) => a + q),
    assertion,
    fc.array(tie('p'), { minLength: 1, maxLength: 4 }).map((ps) => ps.join('')),
    fc
      .tuple(fc.array(tie('p'), { minLength: 1, maxLength: 3 }), quant, fc.boolean())
      .map(([ps, q, capture]) => `(${capture ? '' : '?:'}${ps.join('|')})${q}`),
  ),
})).p;
const ascii = fc
  .array(fc.constantFrom('a', 'b', 'A', '1', '22', ' ', '.', ':', '-', '\n', 'blk_7'), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('the DFA mask search', () => {
  it('replaces exactly what RE2 matches on ASCII texts, on generated patterns and flags', () => {
    fc.assert(
      fc.property(
        pattern,
        fc.constantFrom('', 'i', 's', 'm'),
        fc.array(ascii, { minLength: 1, maxLength: 6 }),
        (p, flags, texts) => {
          const user = userRegex(p, flags);
          fc.pre(user.ok);
          if (!user.ok) return;
          let f = 0;
          if (flags === 'i') f |= RE2JS.CASE_INSENSITIVE;
          if (flags === 'm') f |= RE2JS.MULTILINE;
          if (flags === 's') f |= RE2JS.DOTALL;
          const re = RE2JS.compile(RE2JS.translateRegExp(p), f);
          for (const t of texts) expect(user.value.replaceAll(t, '<m>')).toBe(reference(re, t));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a search that starts after U+0080 as starting after a character, not at the start of the text', () => {
    // The first match (U+0080 itself) is found by the search for texts with other characters; the
    // next search starts after it, on ASCII only: `^a` must not match there (U+0080's code is also the
    // number of the tables' column for an end of the text).
    const re = userRegex(String.raw`\u0080|^a`);
    expect(re.ok).toBe(true);
    if (!re.ok) return;
    expect(re.value.replaceAll('\u0080a', '<m>')).toBe('<m>a');
    expect(re.value.replaceAll('a\u0080a', '<m>')).toBe('<m><m>a');
  });

  it('takes the first alternative that matches, not the longest nor the one ending first', () => {
    // Worked out by hand: at 0, `ab` is tried before `abcd`; `bc` would end first but starts later.
    const first = userRegex('ab|abcd|bc');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.replaceAll('abcd', '<m>')).toBe('<m>cd');
    // A lazy repeat stops at the first `b`; a greedy one at the last.
    const lazy = userRegex('a.+?b');
    const greedy = userRegex('a.+b');
    expect(lazy.ok && greedy.ok).toBe(true);
    if (!lazy.ok || !greedy.ok) return;
    expect(lazy.value.replaceAll('xa1b2b', '<m>')).toBe('x<m>2b');
    expect(greedy.value.replaceAll('xa1b2b', '<m>')).toBe('x<m>');
    // The benchmark's number mask: a leading `\b` before each branch.
    const num = userRegex(String.raw`\b(\-?\+?\d+)\b|\b0[Xx][a-fA-F\d]+\b|\b[a-fA-F\d]{4,}\b`);
    expect(num.ok).toBe(true);
    if (!num.ok) return;
    expect(num.value.replaceAll('lock=233570404, flags=0x1 id a64f992 ok', '<m>')).toBe(
      'lock=<m>, flags=<m> id <m> ok',
    );
  });

  it('reads an ALT_MATCH split as a split in both directions', () => {
    // `x+` as RE2 writes it: 0 FAIL, 1 reads `x` → 2, 2 splits to 1 (preferred) or 3, 3 MATCH. RE2 marks
    // a split with one branch straight to MATCH as ALT_MATCH; it means what ALT means.
    for (const split of [ALT, ALT_MATCH]) {
      const search = dfaSearch(
        {
          op: Int32Array.from([FAIL, RUNE1, split, MATCH]),
          out: Int32Array.from([0, 2, 1, 0]),
          arg: Int32Array.from([0, 120, 3, 0]),
          ascii: new Uint8Array(4 * 128),
          start: 1,
        },
        false,
      )!;
      // The greedy repeat takes both `x` of `aaxxb`: from 2 to 4.
      expect(search.find('aaxxb', 0)).toEqual([2, 4]);
      expect(search.find('aaxxb', 4)).toBeNull();
    }
  });

  it('answers undefined (cannot say), not null (no match), when the forward pass needs more states than it may keep', () => {
    // The same program for `x+`. From 0 on `aaxxb` the forward pass starts in {1} at the start of the
    // text; reading `a` needs a second state ({1} after a character that is not a word one). Allowed
    // one state, it cannot go on: the answer is undefined (the caller searches itself), and stays so.
    const xPlus = {
      op: Int32Array.from([FAIL, RUNE1, ALT, MATCH]),
      out: Int32Array.from([0, 2, 1, 0]),
      arg: Int32Array.from([0, 120, 3, 0]),
      ascii: new Uint8Array(4 * 128),
      start: 1,
    };
    const tight = dfaSearch(xPlus, false, 1)!;
    expect(tight.find('aaxxb', 0)).toBeUndefined();
    expect(tight.find('x', 0)).toBeUndefined();
    // With the default room the same search finds `xx`.
    expect(dfaSearch(xPlus, false)!.find('aaxxb', 0)).toEqual([2, 4]);
  });
});
