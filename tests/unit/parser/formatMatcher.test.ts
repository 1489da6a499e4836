/**
 * The linear-time matcher for `<Field>` format strings (src/parser/formats/formatMatcher.ts) gives exactly
 * the captures the format's regex gives on RE2 (and on the native engine, on lines without the
 * Unicode spaces where the two read `\s` differently), and stays linear on hostile lines.
 */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileFormat, formatToRegexSource } from '../../../src/parser';
import { formatMatcher, groupText } from '../../../src/parser/formats/formatMatcher';
import { trustedRegex, userRegex, type SafeRegex } from '../../../src/parser/regex/safeRegex';

/**
 * Formats built from the pieces users write: fields, spaces, punctuation, escaped brackets, words,
 * and with `optional`, fields in optional groups.
 */
const formats = (optional: boolean) =>
  fc
    .array(
      fc.constantFrom(
        ' ',
        '  ',
        ':',
        ': ',
        ' - ',
        '\\[',
        '\\]',
        ',',
        '\\|',
        'sshd',
        '=',
        '\\.',
        '\\(',
        '\\)',
        '/',
        'x',
      ),
      { maxLength: 3 },
    )
    .chain((seps) =>
      fc.tuple(
        fc.array(
          fc.tuple(
            fc.constantFrom(...seps, ' ', ''),
            fc.constantFrom(...seps, ' ', ''),
            // Some fields sit in an optional group, as Mac's `( \(<Address>\))?` does.
            optional
              ? fc.constantFrom(['', ''], ['', ''], ['', ''], ['(', ')?'], ['(?:', ')??'], ['(?:', ')'])
              : fc.constant(['', '']),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
      ),
    )
    .map(([pieces, contentAt, trailing]) => {
      const at = Math.min(contentAt, pieces.length - 1);
      let format = '';
      pieces.forEach(([before, after, [open, close]], i) => {
        format += `${open}${before}<${i === at ? 'Content' : `F${i}`}>${after}${close}`;
      });
      return trailing ? `${format}end` : format;
    });
const formatArb = formats(true);

/** Lines from the same characters, plus tabs, CR and characters outside the BMP. */
const lineArb = (unicode: boolean) =>
  fc
    .array(
      fc.constantFrom(
        'a',
        'B',
        '1',
        ' ',
        '  ',
        '\t',
        ':',
        '[',
        ']',
        '(',
        ')',
        '-',
        '.',
        ',',
        '|',
        '=',
        '/',
        'x y',
        'sshd',
        'end',
        '\r',
        ...(unicode ? ['\u00a0', '\u2028', '\u{1F600}', '\v', '\ud800', '\udc00'] : []),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(''));

/** The groups `_0…_{n−1}` and the match's end as a regex gives them. */
function viaRegex(re: SafeRegex, line: string, fields: number) {
  const m = re.exec(line);
  if (m === null) return null;
  const groups = Array.from({ length: fields }, (_, k) => m.groups[`_${k}`]);
  return { groups, end: m.index + m.text.length };
}

function viaMatcher(source: string, line: string, fields: number) {
  const matcher = formatMatcher(source);
  expect(matcher).not.toBeNull();
  const m = matcher!.match(line);
  if (m === null) return null;
  return { groups: Array.from({ length: fields }, (_, k) => groupText(line, m, k)), end: m.end };
}

describe('the format-string matcher', () => {
  it('gives the same groups and match end as RE2 on generated formats and lines (with Unicode)', () => {
    fc.assert(
      fc.property(formatArb, fc.array(lineArb(true), { minLength: 1, maxLength: 8 }), (format, lines) => {
        const { source, fields } = formatToRegexSource(format);
        const re = userRegex(source, 's');
        expect(re.ok).toBe(true);
        if (!re.ok) return;
        for (const line of lines)
          expect(viaMatcher(source, line, fields.length)).toEqual(viaRegex(re.value, line, fields.length));
      }),
      { numRuns: 600 },
    );
  });

  it('lets an optional group take part with an empty content when the run before it can give back a space', () => {
    // `(  <Content>)?  <F1>` is `^(\s+(?<_0>.*?))?\s+(?<_1>\S(?:.*?\S)??)$`. On "  a" RE2 tries the
    // group first: its run takes both spaces, but then neither an empty content nor "a" leaves a space
    // for the second run; with one space the content is empty at 1 and the second run takes the other
    // space, so the group takes part: Content "" and F1 "a", the match ending at 3.
    const format = '(  <Content>)?  <F1>';
    const { source, fields } = formatToRegexSource(format);
    const re = userRegex(source, 's');
    expect(re.ok).toBe(true);
    if (!re.ok) return;
    const expected = { groups: ['', 'a'], end: 3 };
    expect(viaRegex(re.value, '  a', fields.length)).toEqual(expected);
    expect(viaMatcher(source, '  a', fields.length)).toEqual(expected);
  });

  it('gives the same groups as the native engine on lines without Unicode spaces', () => {
    // Without optional groups: the native engine refuses an optional group's empty iteration
    // (`(<Content>)?` leaves the content undefined on an empty line), RE2 and the matcher take it.
    fc.assert(
      fc.property(formats(false), fc.array(lineArb(false), { minLength: 1, maxLength: 8 }), (format, lines) => {
        const { source, fields } = formatToRegexSource(format);
        const re = trustedRegex(source, 's');
        expect(re.ok).toBe(true);
        if (!re.ok) return;
        for (const line of lines)
          expect(viaMatcher(source, line, fields.length)).toEqual(viaRegex(re.value, line, fields.length));
      }),
      { numRuns: 600 },
    );
  });

  it('matches only the header, as RE2 does, when the content tail is cut off', () => {
    fc.assert(
      fc.property(formatArb, fc.array(lineArb(true), { minLength: 1, maxLength: 8 }), (format, lines) => {
        const { source, fields } = formatToRegexSource(format);
        const tail = `(?<_${fields.length - 1}>.*?)$`;
        fc.pre(fields.at(-1) === 'Content' && source.endsWith(tail));
        const header = source.slice(0, -tail.length);
        const re = userRegex(header, 's');
        expect(re.ok).toBe(true);
        if (!re.ok) return;
        for (const line of lines)
          expect(viaMatcher(header, line, fields.length - 1)).toEqual(viaRegex(re.value, line, fields.length - 1));
      }),
      { numRuns: 400 },
    );
  });

  it('reads optional groups and leaves other regex between fields to RE2', () => {
    // Hand-written: classes, alternation, lookahead and repeated groups are not shapes it reads.
    const mac = String.raw`<Month>  <Date> <Time> <User> <Component>\[<PID>\]( \(<Address>\))?: <Content>`;
    expect(formatMatcher(formatToRegexSource(mac).source)).not.toBeNull();
    expect(formatMatcher(formatToRegexSource('[ab]<Level> <Content>').source)).toBeNull();
    expect(formatMatcher(formatToRegexSource('(a|b)<Level> <Content>').source)).toBeNull();
    expect(formatMatcher(formatToRegexSource('(?=a)<Level> <Content>').source)).toBeNull();
    expect(formatMatcher(formatToRegexSource('(a)+<Level> <Content>').source)).toBeNull();
    expect(formatMatcher(formatToRegexSource(String.raw`\d+ <Level> <Content>`).source)).toBeNull();
    const reader = compileFormat({ kind: 'format', pattern: mac });
    expect(reader.ok).toBe(true);
    if (!reader.ok) return;
    // Expected fields read by hand from the line.
    expect(reader.value.read('Jul  1 09:00:00 calvisitor kernel[0] (0x1): up')).toEqual({
      names: ['Month', 'Date', 'Time', 'User', 'Component', 'PID', 'Address'],
      values: ['Jul', '1', '09:00:00', 'calvisitor', 'kernel', '0', '0x1'],
      content: 'up',
    });
  });

  it('reads the benchmark formats written with brackets, dashes and colons', () => {
    for (const format of [
      '<Date> <Time> <Pid> <Level> <Component>: <Content>',
      String.raw`\[<Time>\] <Program> - <Content>`,
      String.raw`<Date> <Day> <Time> <Component> sshd\[<Pid>\]: <Content>`,
      '<Date> <Time>, <Level>                  <Component>    <Content>',
    ])
      expect(formatMatcher(formatToRegexSource(format).source)).not.toBeNull();
    const hdfs = compileFormat({ kind: 'format', pattern: '<Date> <Time> <Pid> <Level> <Component>: <Content>' });
    expect(hdfs.ok).toBe(true);
    if (!hdfs.ok) return;
    // Expected fields read by hand from the line.
    expect(
      hdfs.value.read('081109 203615 148 INFO dfs.DataNode$PacketResponder: Received block blk_1 of size 9'),
    ).toEqual({
      names: ['Date', 'Time', 'Pid', 'Level', 'Component'],
      values: ['081109', '203615', '148', 'INFO', 'dfs.DataNode$PacketResponder'],
      content: 'Received block blk_1 of size 9',
    });
  });

  it('stays linear on 50,000-character lines that almost match', () => {
    const formats = ['<A>: <B>: <C>: <Content> end <D>', '<A> <B> <C> <Content>$x', '<A>, <B>, <Content>;'];
    const lines = ['a: '.repeat(20_000), 'a '.repeat(25_000), 'a, '.repeat(20_000) + 'b', ':'.repeat(50_000)];
    for (const pattern of formats) {
      const reader = compileFormat({ kind: 'format', pattern });
      expect(reader.ok).toBe(true);
      if (!reader.ok) continue;
      for (const line of lines) {
        const re = RE2JS.compile(RE2JS.translateRegExp(formatToRegexSource(pattern).source), RE2JS.DOTALL);
        expect(reader.value.read(line) === null).toBe(!re.test(line));
      }
    }
  }, 20_000);

  it('reads a whitespace escape written in the format as one whitespace character, also at the start', () => {
    // `\s<Level> <Content>` is `^\s(?<_0>\S+)\s+(?<_1>.*?)$`: one whitespace, a word, a run, the rest.
    const pattern = String.raw`\s<Level> <Content>`;
    expect(formatMatcher(formatToRegexSource(pattern).source)).not.toBeNull();
    const reader = compileFormat({ kind: 'format', pattern });
    expect(reader.ok).toBe(true);
    if (!reader.ok) return;
    expect(reader.value.read('\tWARN disk full')).toEqual({ names: ['Level'], values: ['WARN'], content: 'disk full' });
    expect(reader.value.read('WARN disk full')).toBeNull();
  });

  it('keeps every way back open past 64 of them (a 100-character word before a lazy content)', () => {
    // The content followed by whitespace has no native try, so the search itself reads the line; the
    // word `<A>` leaves one way back per character. By hand: A is the 100 a's, the content the
    // shortest text after which ` <B>` ends the line ("hello"), B the rest ("world").
    const reader = compileFormat({ kind: 'format', pattern: '<A> <Content> <B>' });
    expect(reader.ok).toBe(true);
    if (!reader.ok) return;
    const word = 'a'.repeat(100);
    expect(reader.value.read(`${word} hello world`)).toEqual({
      names: ['A', 'B'],
      values: [word, 'world'],
      content: 'hello',
    });
  });

  it('leaves a line longer than its visited bitmap allows to RE2, with the same fields', () => {
    const { source } = formatToRegexSource('<Date> <Level>: <Content>');
    expect(formatMatcher(source, 64 * 1024)!.maxLength).toBeLessThan(64 * 1024);
    const limit = formatMatcher(source)!.maxLength;
    const reader = compileFormat({ kind: 'format', pattern: '<Date> <Level>: <Content>' });
    expect(reader.ok).toBe(true);
    if (!reader.ok) return;
    // Expected fields written by hand; the first line is past the matcher's limit, the second within.
    for (const rest of ['x'.repeat(limit + 10), 'x'.repeat(100)])
      expect(reader.value.read(`081109 INFO: ${rest}`)).toEqual({
        names: ['Date', 'Level'],
        values: ['081109', 'INFO'],
        content: rest,
      });
  }, 20_000);

  it('never ends a field inside a surrogate pair, and reads a lone surrogate as one character', () => {
    // RE2 reads code points. `<A>\uDE00 <Content> <B>` (content before whitespace: no native try, the
    // search reads the line): in `x😀 c b` the \uDE00 is the second half of 😀, which A cannot end
    // inside, so the line does not match.
    const pair = compileFormat({ kind: 'format', pattern: '<A>\uDE00 <Content> <B>' });
    expect(pair.ok).toBe(true);
    if (!pair.ok) return;
    expect(pair.value.read('x\uD83D\uDE00 c b')).toBeNull();
    // A lone \uDC00 after `y` is a character of its own: A is `xy`, the literal takes the \uDC00.
    const lone = compileFormat({ kind: 'format', pattern: '<A>\uDC00 <Content> <B>' });
    expect(lone.ok).toBe(true);
    if (!lone.ok) return;
    expect(lone.value.read('xy\uDC00 c b')).toEqual({ names: ['A', 'B'], values: ['xy', 'b'], content: 'c' });
  });

  it('takes the longest lines whose visited bitmap fits in its bits, and no longer ones', () => {
    // `<Content>` is `^(?<_0>.*?)$`: SAVE, SPLIT, ANY, JMP, SAVE, END, MATCH — 7 instructions. A line
    // of n characters marks 7 × (n + 1) bits, so with 700 bits the longest is 99 (700 bits), and with
    // 706 bits still 99 (100 characters would need 707).
    const { source } = formatToRegexSource('<Content>');
    expect(source).toBe('^(?<_0>.*?)$');
    expect(formatMatcher(source, 700)!.maxLength).toBe(99);
    expect(formatMatcher(source, 706)!.maxLength).toBe(99);
    expect(formatMatcher(source, 707)!.maxLength).toBe(100);
  });
});
