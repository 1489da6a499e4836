import { describe, expect, it } from 'vitest';
import { LineSplitter, utf8Length } from '../../../src/parser';

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
