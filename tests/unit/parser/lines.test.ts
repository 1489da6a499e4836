import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LineSplitter, utf8Length } from '../../../src/parser';
import { cut } from './helpers';

function split(chunks: string[]): string[] {
  const s = new LineSplitter();
  const out: string[] = [];
  for (const c of chunks) s.push(c, (l) => out.push(l));
  s.end((l) => out.push(l));
  return out;
}

describe('LineSplitter', () => {
  it('splits on \\n and \\r\\n, keeping empty lines but adding none at the end', () => {
    expect(split(['a\nb\r\n\nc\n'])).toEqual(['a', 'b', '', 'c']);
    expect(split(['a\nb'])).toEqual(['a', 'b']);
    expect(split([''])).toEqual([]);
  });

  it('joins a line split across two chunks', () => {
    expect(split(['first li', 'ne\nsecond'])).toEqual(['first line', 'second']);
    expect(split(['a', 'b', 'c\n', 'd'])).toEqual(['abc', 'd']);
  });

  it('treats \\r\\n split across chunks as one line break', () => {
    expect(split(['one\r', '\ntwo\r', '\n'])).toEqual(['one', 'two']);
    expect(split(['one\r'])).toEqual(['one']);
  });

  it('keeps a lone \\r inside a line', () => {
    expect(split(['a\rb\n'])).toEqual(['a\rb']);
  });
});

describe('utf8Length', () => {
  it('counts UTF-8 bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(3);
  });
});

/**
 * The splitter's contract written the plain way, on the whole text at once: split at `\n`, no line
 * after a final `\n`, one `\r` dropped at a line's end, a line over `max` cut to `max` code units and
 * then a lone high surrogate at its end dropped.
 */
function reference(text: string, max: number): Array<[string, boolean]> {
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts.map((line) => {
    let t = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (t.length <= max) return [t, false];
    t = t.slice(0, max);
    const last = t.charCodeAt(t.length - 1);
    return [last >= 0xd800 && last <= 0xdbff ? t.slice(0, -1) : t, true];
  });
}

describe('LineSplitter against a reference (fixed seed)', () => {
  // Few characters, so that \r\n, surrogate pairs (at both ends of both ranges) and lines at exactly
  // `max` come up often.
  const unit = fc.constantFrom('a', '\n', '\r', '\ud800', '\udbff', '\udc00', '\udfff', 'é');
  const text = fc.array(unit, { maxLength: 40 }).map((u) => u.join(''));

  it('gives the reference lines and cut flags for any chunking and any maxLength', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), fc.integer({ min: 1, max: 7 }), (t, cuts, max) => {
        const chunks = cut(
          t,
          cuts.map((c) => c % (t.length + 1)),
        );
        const s = new LineSplitter(max);
        const out: Array<[string, boolean]> = [];
        const onLine = (l: string, c: boolean) => out.push([l, c]);
        for (const c of chunks) s.push(c, onLine);
        s.end(onLine);
        expect(out).toEqual(reference(t, max));
        // Ready for a new stream afterwards: the same text again gives the same lines.
        const again: Array<[string, boolean]> = [];
        s.push(t, (l, c) => again.push([l, c]));
        s.end((l, c) => again.push([l, c]));
        expect(again).toEqual(out);
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });

  it('cuts a line at exactly max + 1 code units and keeps one of exactly max, in one chunk or two', () => {
    expect(splitMax(['abc\nabcd\n'], 3)).toEqual([
      ['abc', false],
      ['abc', true],
    ]);
    expect(splitMax(['ab', 'c\nab', 'cd'], 3)).toEqual([
      ['abc', false],
      ['abc', true],
    ]);
    expect(splitMax(['abc\r\n', 'abc\r'], 3)).toEqual([
      ['abc', false],
      ['abc', false],
    ]);
  });
});

describe('LineSplitter memory on one enormous line', () => {
  it('keeps at most maxLength + 1 characters of an unfinished line, however many chunks it spans', () => {
    const s = new LineSplitter(10);
    const held = () => (s as unknown as { rest: string }).rest.length;
    const out: Array<[string, boolean]> = [];
    s.push('abcdefgh', () => {});
    expect(held()).toBe(8);
    for (let i = 0; i < 50; i++) {
      s.push('x'.repeat(1000), () => {});
      expect(held()).toBeLessThanOrEqual(11);
    }
    s.push('yz\nnext', (l, c) => out.push([l, c]));
    s.end((l, c) => out.push([l, c]));
    expect(out).toEqual([
      ['abcdefghxx', true],
      ['next', false],
    ]);
  });
});

function splitMax(chunks: string[], max: number): Array<[string, boolean]> {
  const s = new LineSplitter(max);
  const out: Array<[string, boolean]> = [];
  for (const c of chunks) s.push(c, (l, cut) => out.push([l, cut]));
  s.end((l, cut) => out.push([l, cut]));
  return out;
}

describe('utf8Length against TextEncoder (fixed seed)', () => {
  it('counts what TextEncoder writes, lone surrogates as U+FFFD, at every range edge', () => {
    const edges = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff];
    const unit = fc.constantFrom(...edges.map((c) => String.fromCharCode(c)));
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const t = units.join('');
        expect(utf8Length(t)).toBe(encoder.encode(t).length);
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });
});
