// Regression tests for the parser's bounds (issue 21, items 2–4): one line cannot crash or stall
// the parser, and a flood of continuation lines cannot exhaust memory. Each case failed before.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { compileMasks, DEFAULT_MASKS, LineSplitter, parseLog, tokenize } from '../../../src/parser';
import { jsonDepth } from '../../../src/parser/formats/structured';
import { trustedRegex } from '../../../src/parser/regex/safeRegex';
import { parsed, withFormat } from './helpers';
import { cpuClock, timeBudget } from '../timeBudget';

function splitAll(chunks: string[], max: number): [string, boolean][] {
  const s = new LineSplitter(max);
  const out: [string, boolean][] = [];
  for (const c of chunks) s.push(c, (l, cut) => out.push([l, cut]));
  s.end((l, cut) => out.push([l, cut]));
  return out;
}

describe('one line cannot crash the parser', () => {
  it('a JSON line nested 10,000 deep is an unparsed line with the reason, not a stack overflow', () => {
    const deep = `{"message":"hi","a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const r = parsed([deep, '{"message":"next"}'], { name: 't', format: { kind: 'preset', name: 'json' } });
    expect(r.stats).toMatchObject({ lines: 2, parsed: 1, unparsed: 1 });
    expect(r.unparsed.lines[0]).toMatchObject({ lineNo: 1 });
    expect(r.unparsed.lines[0]!.reason).toMatch(/nested more than 256 levels deep/);
    // 256 levels is still read.
    const ok = `{"message":"m","a":${'['.repeat(255)}${']'.repeat(255)}}`;
    expect(parsed([ok], { name: 't', format: { kind: 'json' } }).stats.parsed).toBe(1);
  });

  it('brackets inside JSON strings do not count toward the nesting bound', () => {
    // The object nests one level; its message is text holding 300 `[` and 300 `{`.
    const message = `${'['.repeat(300)}${'{'.repeat(300)}`;
    const r = parsed([`{"message":"${message}","n":1}`], { name: 't', format: { kind: 'json' } });
    expect(r.stats).toMatchObject({ lines: 1, parsed: 1, unparsed: 0 });
    expect(r.events[0]!.content).toBe(message);
    expect(r.events[0]!.fields).toEqual({ n: '1' });
  });

  it('a 10 MB quoted request line (apache-access, nginx) is read up to the line bound, not a stack overflow', () => {
    const big = `1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /${'a'.repeat(10_000_000)} HTTP/1.0" 200 2326`;
    const short = '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /x HTTP/1.0" 200 2326';
    for (const name of ['apache-access', 'nginx']) {
      const r = parsed([big, short], { name: 't', format: { kind: 'preset', name } });
      expect(r.stats).toMatchObject({ lines: 2, parsed: 1, unparsed: 1, truncatedLines: 1 });
      expect(r.unparsed.lines[0]!.reason).toMatch(/longer than 1048576 characters/);
      expect(r.events[0]!.content).toBe('GET /x HTTP/1.0');
    }
  });

  it('a quoted request line of 900,000 escaped quotes under the bound is read whole', () => {
    const request = `GET /${'\\"'.repeat(450_000)}`;
    const line = `1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "${request}" 200 2326 "-" "agent"`;
    const r = parsed([line], { name: 't', format: { kind: 'preset', name: 'apache-access' } });
    expect(r.stats.parsed).toBe(1);
    expect(r.events[0]!.content).toBe(request);
    expect(r.events[0]!.fields).toMatchObject({ Status: '200', UserAgent: 'agent' });
  });
});

describe('the JSON nesting bound counts levels exactly', () => {
  it('counts arrays and objects, not brackets inside strings, and skips escaped quotes', () => {
    // By hand: the object (1) holds an array (2) holding an object (3) holding an array (4).
    expect(jsonDepth('{"a":[{"b":[1]}]}')).toBe(4);
    // `\"` inside a string does not end it, so the `{[` after it are text: depth 1.
    expect(jsonDepth(String.raw`{"a":"say \"{[\" now"}`)).toBe(1);
    // Only the escaped quote's backslash is skipped: `\\` ends with the string's own closing quote.
    expect(jsonDepth(String.raw`{"a":"\\","b":[]}`)).toBe(2);
  });

  it('reads a JSON line 256 levels deep and refuses one 257 deep, with the depth in the reason', () => {
    const line = (levels: number) => `{"message":"m","a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const r = parsed([line(256), line(257)], { name: 't', format: { kind: 'json' } });
    expect(r.stats).toMatchObject({ parsed: 1, unparsed: 1 });
    expect(r.unparsed.lines[0]).toMatchObject({ lineNo: 2 });
    expect(r.unparsed.lines[0]!.reason).toBe(
      'the JSON is nested more than 256 levels deep (at least 257); it is not read',
    );
  });
  it('gives the depth reason only for a line refused for its depth, not for other lines JSON cannot read', () => {
    // docs/parser.md: only a line not read because of a bound carries a reason. None of these is.
    const lines = [
      // An array 257 deep: no object at all, so not read, but no object's depth was refused.
      `${'['.repeat(257)}${']'.repeat(257)}`,
      // An object one level deep that never closes: malformed, not too deep.
      '{"message":"m"',
      // Exactly 256 levels (the bound itself), the outer object left open: malformed, not too deep.
      `{"message":"m","a":${'['.repeat(255)}${']'.repeat(255)}`,
    ];
    const r = parsed(lines, { name: 't', format: { kind: 'json' } });
    expect(r.stats).toMatchObject({ lines: 3, parsed: 0, unparsed: 3 });
    expect(r.unparsed.lines.map((u) => [u.lineNo, u.reason])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, undefined],
    ]);
  });
});

describe('built-in regex presets run on RE2, as docs/parser.md says', () => {
  it('a 10 MB request line under a raised line bound is read (the native engine overflowed its stack)', () => {
    const request = `GET /${'a'.repeat(10_000_000)} HTTP/1.0`;
    const line = `1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "${request}" 200 2326`;
    const r = parsed([line], {
      name: 't',
      format: { kind: 'preset', name: 'apache-access' },
      limits: { lineLength: 20_000_000, eventLength: 20_000_000 },
    });
    expect(r.stats).toMatchObject({ lines: 1, parsed: 1, unparsed: 0 });
    expect(r.events[0]!.content).toBe(request);
    expect(r.events[0]!.fields).toMatchObject({ Client: '1.2.3.4', Status: '200', Bytes: '2326' });
  }, 30_000);

  it('read `.` and `\\s` as RE2 does: U+2028 is inside the message, a no-break space is not whitespace', () => {
    // RE2's `.` crosses U+2028 (the native one does not without `s`); its `\s` is ASCII only.
    const r = parsed(['Dec 10 06:55:46 LabSZ sshd[24200]: one\u2028two', 'Dec\u00a010 06:55:46 LabSZ cron: x'], {
      name: 't',
      format: { kind: 'preset', name: 'syslog' },
    });
    expect(r.stats).toMatchObject({ lines: 2, parsed: 1, unparsed: 1 });
    expect(r.events[0]!.content).toBe('one\u2028two');
    expect(r.unparsed.lines[0]!.lineNo).toBe(2);
  });
});

describe('built-in format strings', () => {
  it('read a 400,000-character line that does not fit in linear time (proxifier: two lazy fields)', () => {
    // Natively each `] ` was a try for <Time> followed by a scan for ` - ` to the end: 12 s here.
    const line = `[10.30 16:49:06] ${'a] '.repeat(133_333)}`;
    const start = cpuClock();
    const r = parsed([line, '[10.30 16:49:07] chrome.exe - open'], {
      name: 't',
      format: { kind: 'preset', name: 'proxifier' },
    });
    expect(cpuClock() - start).toBeLessThan(timeBudget(5_000));
    expect(r.stats).toMatchObject({ parsed: 1, unparsed: 1 });
    expect(r.events[0]!.fields).toEqual({ Time: '10.30 16:49:07', Program: 'chrome.exe' });
  });

  it('give the same fields on short lines (native engine) and long ones (linear matcher)', () => {
    const short = '[10.30 16:49:06] chrome.exe - proxy.cse.cuhk.edu.hk:5070 open through proxy';
    const long = `${short} ${'x'.repeat(600)}`;
    const r = parsed([short, long], { name: 't', format: { kind: 'preset', name: 'proxifier' } });
    expect(r.events.map((e) => e.fields)).toEqual([
      { Time: '10.30 16:49:06', Program: 'chrome.exe' },
      { Time: '10.30 16:49:06', Program: 'chrome.exe' },
    ]);
    expect(r.events[1]!.content).toBe(`${r.events[0]!.content} ${'x'.repeat(600)}`);
  });
});

describe('tokens', () => {
  it('a 1.8-million-character word of key:value pairs is split in linear time', () => {
    // Each `:` searched the rest of the text for a placeholder's `<`: quadratic (minutes here).
    const pairs = 600_000;
    const start = cpuClock();
    const { tokens, glue } = tokenize('ab:'.repeat(pairs));
    const ms = cpuClock() - start;
    expect(tokens).toHaveLength(pairs + 1);
    expect(tokens.slice(0, 2)).toEqual(['ab:', 'ab:']);
    expect(tokens.slice(-2)).toEqual(['ab', ':']);
    expect(glue.every((g, i) => g === i > 0)).toBe(true);
    expect(ms).toBeLessThan(timeBudget(5_000));
  });
});

describe('the built-in masks are linear', () => {
  it('URL and EMAIL run on RE2, the linear-time engine (they were quadratic on dotted text natively)', () => {
    const set = compileMasks(undefined);
    if (!set.ok) throw new Error(set.error.message);
    const byName = new Map(set.value.masks.map((m) => [m.name, m]));
    expect(byName.get('URL')!.regex.linear).toBe(true);
    expect(byName.get('EMAIL')!.regex.linear).toBe(true);
    // A custom mask written word for word as a default runs where the default runs.
    const custom = compileMasks({ custom: [{ name: 'url', pattern: DEFAULT_MASKS[0]!.pattern }] });
    if (!custom.ok) throw new Error(custom.error.message);
    expect(custom.value.masks[0]!.regex.linear).toBe(true);
  });

  it('URL and EMAIL on RE2 replace exactly what the native engine replaces', () => {
    const unit = fc.constantFrom(
      ...'aZ9._-+:/@ \t"\'<>'.split(''),
      '\u00a0',
      '\u2028',
      '\ufeff',
      '\v',
      'é',
      '😀',
      '://',
      'http://',
      'a@b.c',
    );
    const set = compileMasks({ disable: DEFAULT_MASKS.map((m) => m.name).filter((n) => n !== 'URL' && n !== 'EMAIL') });
    if (!set.ok) throw new Error(set.error.message);
    const masks = set.value.masks;
    expect(masks.map((m) => m.name)).toEqual(['URL', 'EMAIL']);
    const natives = masks.map((m) => {
      const re = trustedRegex(m.regex.source);
      if (!re.ok) throw new Error(re.reason);
      return re.value;
    });
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        masks.forEach((m, i) => expect(m.regex.replaceAll(text, '<M>')).toBe(natives[i]!.replaceAll(text, '<M>')));
      }),
      { numRuns: 2000 },
    );
  });

  it('the URL pattern spells out JavaScript whitespace: a URL ends at a no-break space as before', () => {
    const r = parsed(['see http://x.org/a\u00a0then'], { name: 't' });
    expect(r.templates[0]!.template).toBe('see <URL>\u00a0then');
  });
});

describe('continuation lines and line length are capped', () => {
  it('a line longer than the bound is cut there, across chunks, and reported', () => {
    expect(splitAll(['abcdefgh\nxy\n'], 4)).toEqual([
      ['abcd', true],
      ['xy', false],
    ]);
    expect(splitAll(['ab', 'cdef', 'gh', 'ij\nk'], 4)).toEqual([
      ['abcd', true],
      ['k', false],
    ]);
    // Exactly the bound, with or without a CR, is whole; a cut never leaves half a surrogate pair.
    expect(splitAll(['abcd\r\nabc😀x\n'], 4)).toEqual([
      ['abcd', false],
      ['abc', true],
    ]);
    expect(splitAll(['abcdef'], 4)).toEqual([['abcd', true]]);
  });

  it('an event takes at most continuationLines continuation lines; the rest are counted and left out', () => {
    const lines = ['INFO start', ...Array.from({ length: 1_500 }, (_, i) => `  at frame ${i}`), 'INFO next'];
    const r = parsed(lines, withFormat('<Level> <Content>'));
    expect(r.stats).toMatchObject({
      lines: 1_502,
      parsed: 2,
      continued: 1_500,
      truncatedEvents: 1,
      droppedContinuations: 500,
    });
    expect(r.events[0]!.content.split('\n')).toHaveLength(1 + 1_000);
    expect(r.events[0]!.content.endsWith('  at frame 999')).toBe(true);
    expect(r.events[1]!.content).toBe('next');
  });

  it('an event holds at most eventLength characters; limits can be raised or lowered', () => {
    const lines = ['INFO start', ' 12345', ' 67890', ' abc'];
    const r = parsed(lines, withFormat('<Level> <Content>', { limits: { eventLength: 20 } }));
    // "start" (5) + "\n 12345" (7) + "\n 67890" (7) = 19; one more line would pass 20.
    expect(r.events[0]!.content).toBe('start\n 12345\n 67890');
    expect(r.stats).toMatchObject({ continued: 3, truncatedEvents: 1, droppedContinuations: 1 });
    const raised = parsed(lines, withFormat('<Level> <Content>', { limits: { continuationLines: 2 } }));
    expect(raised.stats).toMatchObject({ truncatedEvents: 1, droppedContinuations: 1 });
  });

  it('refuses a bound that is not a whole number in range, naming its path', () => {
    for (const [limits, path] of [
      [{ lineLength: 0 }, '/limits/lineLength'],
      [{ continuationLines: -1 }, '/limits/continuationLines'],
      [{ eventLength: 1.5 }, '/limits/eventLength'],
      [{ lineLength: 2 ** 30 }, '/limits/lineLength'],
    ] as const) {
      const r = parseLog('x', { name: 't', limits });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.path).toBe(path);
    }
  });
});
