import { describe, expect, it } from 'vitest';
import { ParamExtractor, parseLog } from '../../../src/parser';

/**
 * Parameters are read by matching the content against its template's literal parts, never by
 * building a regular expression from the template (whose text comes from the log).
 */
describe('parameter extraction', () => {
  const x = new ParamExtractor(['<*>', '<NUM>', '<IP>']);

  it('reads the text under each placeholder, spaces in the template matching runs of whitespace', () => {
    expect(
      x.extract(
        'Accepted password for <*> from <IP> port <NUM> ssh2',
        'Accepted  password for root from 10.0.0.1 port 22 ssh2',
      ),
    ).toEqual(['root', '10.0.0.1', '22']);
    expect(x.extract('uid=<NUM> gid=<NUM>', 'uid=0 gid=10')).toEqual(['0', '10']);
    expect(x.extract('<*> done', '  a b done  ')).toEqual(['a b']);
    expect(x.extract('size <*>', 'size ')).toEqual([]);
  });

  it('reads any whitespace in the template, a newline included, as a run of whitespace', () => {
    expect(x.extract('user\n<*>', 'user bob')).toEqual(['bob']);
    expect(x.extract('user\t<*>', 'user  bob')).toEqual(['bob']);
  });

  it('reads a vertical tab in the template as whitespace too', () => {
    expect(x.extract('user\u000b<*>', 'user bob')).toEqual(['bob']);
  });

  it('reads the parameters of a multi-line content from its first line only', () => {
    expect(x.extract('user <*>', 'user bob\nmore text')).toEqual(['bob']);
    expect(x.extract('<*> done', 'job done\ntrace')).toEqual(['job']);
  });

  it('gives the first parameter as little as it can take (lazy), the last one the rest', () => {
    expect(x.extract('<*> to <*>', 'a to b to c')).toEqual(['a', 'b to c']);
    expect(x.extract('<*><*>', 'abc')).toEqual(['', 'abc']);
    expect(x.extract('[<*>]', '[x] y]')).toEqual(['x] y']);
  });

  it('splits two placeholders apart only by whitespace at the first whitespace run', () => {
    // The literal between them is one space: the first parameter ends at the first whitespace run,
    // the last takes the rest.
    expect(x.extract('<*> <*>', 'alpha  beta gamma')).toEqual(['alpha', 'beta gamma']);
    expect(x.extract('id <*> <NUM> end', 'id abc 7 end')).toEqual(['abc', '7']);
    // No whitespace after the first placeholder's text: the content does not fit.
    expect(x.extract('<*> <*>', 'alpha')).toEqual([]);
  });

  it('gives no parameters to a content that does not fit its template', () => {
    expect(x.extract('open <*> now', 'close x now')).toEqual([]);
    expect(x.extract('open <*> now', 'open x later')).toEqual([]);
    expect(x.extract('no placeholder', 'no placeholder')).toEqual([]);
    // The last literal needs whitespace between `a` and `b`.
    expect(x.extract('<*> a b', 'x ab')).toEqual([]);
  });

  it('takes regular-expression characters in the template literally', () => {
    expect(x.extract('a.b (c)* <*> $1 \\d', 'a.b (c)* v $1 \\d')).toEqual(['v']);
    expect(x.extract('a.b <*>', 'axb v')).toEqual([]);
  });

  it('never throws on two long similar lines (20,000 words each): no regex is built from their text', () => {
    // A regex read back from such a template overflowed the engine's stack ("Invalid regular
    // expression: … Stack overflow", thrown on its first use).
    const words = Array.from(
      { length: 20_000 },
      (_, i) => `w${String.fromCharCode(97 + (i % 26), 97 + ((i / 26) % 26))}`,
    );
    const a = words.join(' ');
    // Every fifth word differs (by a digit, seen once: a parameter): the template has 4,000
    // placeholders among 16,000 words.
    const b = words.map((w, i) => (i % 5 === 2 ? `${w}9` : w)).join(' ');
    const r = parseLog(`${a}\n${b}\n`, { name: 'long' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toHaveLength(2);
    expect(r.events[0]!.eventId).toBe(r.events[1]!.eventId);
    expect(r.events[1]!.params).toHaveLength(4000);
    expect(r.events[1]!.params[0]).toBe('wca9');
  });
});
