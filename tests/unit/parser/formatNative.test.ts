// The native first try of the format matcher (formatNative.ts): the fields it gives on the forms the
// Loghub formats use (optional groups included), the formats it declines, and its time on lines built
// to make a backtracking engine slow.
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileFormat, formatToRegexSource } from '../../../src/parser';
import { nativeFormat, type Atom } from '../../../src/parser/formats/formatNative';
import { cpuClock, timeBudget } from '../timeBudget';

const field = (group: number): Atom => ({ kind: 'field', group });
const ch = (c: string): Atom => ({ kind: 'char', code: c.charCodeAt(0) });

describe('the native first try of the format matcher', () => {
  it('reads a field whose optional bracket is there or not, as the regex does', () => {
    // `<Component>(\[<PID>\])?: ` (Thunderbird): field, \s*, optional [field \s*], `:`, \s+.
    const atoms: Atom[] = [
      field(0),
      { kind: 'wsStar' },
      { kind: 'optional', lazy: false, body: [ch('['), field(1), { kind: 'wsStar' }, ch(']')] },
      ch(':'),
      { kind: 'wsPlus' },
    ];
    const m = nativeFormat(atoms, 2)!;
    expect(m).not.toBeNull();
    // Positions counted by hand: `sshd` 0–4, `1234` 5–9, the header ends after `: ` at 12.
    expect([...m.match('sshd[1234]: hello')!.caps]).toEqual([0, 4, 5, 9]);
    expect(m.match('sshd[1234]: hello')!.end).toBe(12);
    // No bracket: the group takes no part (−1), the header ends at 8.
    expect([...m.match('kernel: x')!.caps]).toEqual([0, 6, -1, -1]);
    expect(m.match('kernel: x')!.end).toBe(8);
    // A line that does not fit is left to the exact search (undefined, not null).
    expect(m.match('kernel x')).toBeUndefined();
  });

  it("lets a field end where an optional part beginning with whitespace follows (Mac's address part)", () => {
    // The header of `<Component>\[<PID>\]( \(<Address>\))?: <Content>`, as formatMatcher cuts it.
    const atoms: Atom[] = [
      field(0),
      { kind: 'wsStar' },
      ch('['),
      field(1),
      { kind: 'wsStar' },
      ch(']'),
      { kind: 'optional', lazy: false, body: [{ kind: 'wsPlus' }, ch('('), field(2), { kind: 'wsStar' }, ch(')')] },
      ch(':'),
      { kind: 'wsPlus' },
    ];
    const m = nativeFormat(atoms, 3)!;
    expect(m).not.toBeNull();
    // Counted by hand: `QQ` 0–2, `10018` 3–8, `com.tencent.qq` 11–25, the header ends after `): ` at 28.
    const line = 'QQ[10018] (com.tencent.qq): FA||Url';
    expect([...m.match(line)!.caps]).toEqual([0, 2, 3, 8, 11, 25]);
    expect(m.match(line)!.end).toBe(28);
  });

  it('lets a literal end where an optional part beginning with a tab (or space) character follows', () => {
    // `<A>:(\t<B>)?<C>` with a real tab: a field, `\s*`, `:`, an optional [tab, field, `\s*`], a field, the end.
    // The space variant is written by hand (a format's spaces become `\s+`, never a character atom).
    for (const sep of ['\t', ' ']) {
      const atoms: Atom[] = [
        field(0),
        { kind: 'wsStar' },
        ch(':'),
        { kind: 'optional', lazy: false, body: [ch(sep), field(1), { kind: 'wsStar' }] },
        field(2),
        { kind: 'end' },
      ];
      const m = nativeFormat(atoms, 3)!;
      expect(m).not.toBeNull();
      // By hand: `a` 0–1, `b` 3–4 (the shortest field the rest accepts), `c` 5–6, the end at 6.
      expect(m.match(`a:${sep}b c`)).toEqual({ caps: Int32Array.from([0, 1, 3, 4, 5, 6]), end: 6 });
    }
  });

  it('does not end an optional part at the end of the line when what follows it needs a character', () => {
    // `<A>(:<B>)?:<C>`, atoms written by hand: a field, an optional [`:`, field], `:`, a field.
    const atoms: Atom[] = [field(0), { kind: 'optional', lazy: false, body: [ch(':'), field(1)] }, ch(':'), field(2)];
    const m = nativeFormat(atoms, 3);
    expect(m).not.toBeNull();
    // On `a:b` the optional part could take `:b`, but the `:` after it cannot begin at the end of the
    // line, so the regex leaves it out: `a` 0–1, no B (−1), `b` 2–3, the match ends at 3.
    expect(m!.match('a:b')).toEqual({ caps: Int32Array.from([0, 1, -1, -1, 2, 3]), end: 3 });
    // With a second colon the optional part is taken: `a` 0–1, `b` 2–3, `c` 4–5.
    expect(m!.match('a:b:c')).toEqual({ caps: Int32Array.from([0, 1, 2, 3, 4, 5]), end: 5 });
  });

  it('lets a field end before whitespace when an optional part and `\\s*` follow it', () => {
    // `<A>(,<B>)?\s*;`: after the optional part comes `\s*;`, which can begin with whitespace or `;`.
    // By hand on `a ;;c`: A is `a` (0–1; the shortest field, and ` ;` follows), no B, the header ends
    // after ` ;` at 3 — as RE2 reads it (A lazy, then `\s*;`), not A `a ;` ending at 4.
    const atoms: Atom[] = [
      field(0),
      { kind: 'optional', lazy: false, body: [ch(','), field(1)] },
      { kind: 'wsStar' },
      ch(';'),
    ];
    const m = nativeFormat(atoms, 2)!;
    expect(m).not.toBeNull();
    expect([...m.match('a ;;c')!.caps]).toEqual([0, 1, -1, -1]);
    expect(m.match('a ;;c')!.end).toBe(3);
    // Through a format string (which writes `\s*` before a literal): A `a`, B took no part (empty
    // text, as every reader gives a field that took none), content `;c`.
    const reader = compileFormat({ kind: 'format', pattern: '<A>(,<B>)?;<Content>' }, '/format', true);
    expect(reader.ok).toBe(true);
    if (!reader.ok) return;
    expect(reader.value.read('a ;;c')).toEqual({ names: ['A', 'B'], values: ['a', ''], content: ';c' });
  });

  it('has a native try for content in the middle followed by a literal (`<A>: <Content>;`)', () => {
    const atoms: Atom[] = [
      field(0),
      { kind: 'wsStar' },
      ch(':'),
      { kind: 'wsPlus' },
      { kind: 'content', group: 1 },
      ch(';'),
      { kind: 'end' },
    ];
    const m = nativeFormat(atoms, 2);
    expect(m).not.toBeNull();
    // By hand: `app` 0–3, the content `done` 5–9, the line ends at 10.
    expect(m!.match('app: done;')).toEqual({ caps: Int32Array.from([0, 3, 5, 9]), end: 10 });
    expect(m!.match('app: done')).toBeUndefined();
  });

  it('gives the fields RE2 gives for the ten Loghub formats on lines of theirs', () => {
    const cases: [string, string][] = [
      [String.raw`\[<Time>\] <Program> - <Content>`, '[10.30 16:49:06] chrome.exe - proxy.cse.cuhk.edu.hk:5070 open'],
      [
        String.raw`<Month>  <Date> <Time> <User> <Component>\[<PID>\]( \(<Address>\))?: <Content>`,
        'Jul  1 09:00:55 calvisitor-10-105-160-95 kernel[0]: IOThunderboltSwitch<0>(0x0)::listenerCallback -',
      ],
      [
        String.raw`<Month>  <Date> <Time> <User> <Component>\[<PID>\]( \(<Address>\))?: <Content>`,
        'Jul  1 09:01:05 calvisitor-10-105-160-95 com.apple.CDScheduler[43]: Thermal pressure state: 1 Memory pressure state: 0',
      ],
      [
        String.raw`<Month>  <Date> <Time> <User> <Component>\[<PID>\]( \(<Address>\))?: <Content>`,
        'Jul  1 09:02:26 calvisitor-10-105-160-95 QQ[10018] (com.tencent.qq): FA||Url||taskID[2019352994] dealloc',
      ],
      [
        String.raw`<Label> <Timestamp> <Date> <User> <Month> <Day> <Time> <Location> <Component>(\[<PID>\])?: <Content>`,
        '- 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond(pam_unix)[2915]: session closed for user root',
      ],
      [
        String.raw`<Label> <Timestamp> <Date> <User> <Month> <Day> <Time> <Location> <Component>(\[<PID>\])?: <Content>`,
        '- 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 kernel: x',
      ],
      [
        '<Date> <Time>, <Level>                  <Component>    <Content>',
        '2016-09-28 04:30:30, Info                  CBS    Loaded Servicing Stack',
      ],
    ];
    for (const [pattern, line] of cases) {
      const reader = compileFormat({ kind: 'format', pattern });
      expect(reader.ok).toBe(true);
      if (!reader.ok) continue;
      const { source, fields } = formatToRegexSource(pattern);
      const re = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.DOTALL);
      const m = re.matcher(line);
      expect(m.find()).toBe(true);
      const header = fields.filter((f) => f !== 'Content');
      const read = reader.value.read(line)!;
      expect(read.values).toEqual(header.map((f) => m.group(`_${fields.indexOf(f)}`) ?? ''));
      expect(read.content).toBe(m.group(`_${fields.indexOf('Content')}`));
    }
  });

  it('declines content followed by whitespace and two whitespace runs in a row (not linear)', () => {
    expect(nativeFormat([{ kind: 'content', group: 0 }, { kind: 'wsPlus' }, ch('x')], 1)).toBeNull();
    expect(nativeFormat([field(0), { kind: 'wsStar' }, { kind: 'wsPlus' }, ch('x')], 1)).toBeNull();
    expect(nativeFormat([{ kind: 'content', group: 0 }, ch('x'), { kind: 'end' }], 1)).not.toBeNull();
  });

  it('declines a greedy optional group whose body could lose a match by committing, keeps the others', () => {
    // `(  <Content>)?  <F1>`: the body's run, followed by the content (anything), can end after each
    // space; committing to the longest run makes the body fail on "  a" where one space fits, and the
    // group would be left out. No native try; the same group lazy (tried last) or Mac's ` \(` (a run
    // that ends only before the bracket) keep theirs.
    const run: Atom = { kind: 'wsPlus' };
    const tail: Atom[] = [run, field(1), { kind: 'end' }];
    const body: Atom[] = [run, { kind: 'content', group: 0 }];
    expect(nativeFormat([{ kind: 'optional', lazy: false, body }, ...tail], 2)).toBeNull();
    expect(nativeFormat([{ kind: 'optional', lazy: true, body }, ...tail], 2)).not.toBeNull();
    // Also inside a lazy group, and as the last unit of a greedy group's body.
    const inner: Atom = { kind: 'optional', lazy: false, body };
    expect(nativeFormat([{ kind: 'optional', lazy: true, body: [ch('x'), inner] }, ...tail], 2)).toBeNull();
    expect(nativeFormat([{ kind: 'optional', lazy: false, body: [ch('x'), inner] }, ...tail], 2)).toBeNull();
    // A word before whitespace ends in one place only; a lazy field before `:` does not.
    const word: Atom[] = [{ kind: 'word', group: 0 }, run, field(1)];
    expect(nativeFormat([{ kind: 'optional', lazy: false, body: word }, ch(':'), { kind: 'end' }], 2)).not.toBeNull();
    const lazyField: Atom[] = [field(0), ch(':'), field(1)];
    expect(nativeFormat([{ kind: 'optional', lazy: false, body: lazyField }, ch(':'), { kind: 'end' }], 2)).toBeNull();
  });

  it('compiles a format of 28 optional groups in a row at once (what can begin after each was worked out 2^n times)', () => {
    // `(x)?` 28 times, then the content: each optional part's look-ahead needs what the rest can begin with.
    const pattern = `${'(x)?'.repeat(28)}<Content>`;
    const start = cpuClock();
    const reader = compileFormat({ kind: 'format', pattern });
    expect(cpuClock() - start).toBeLessThan(timeBudget(2_000));
    expect(reader.ok).toBe(true);
    if (!reader.ok) return;
    // By hand: the optional parts take the three x's, the content is the rest.
    expect(reader.value.read('xxxhello')).toEqual({ names: [], values: [], content: 'hello' });
  }, 120_000);

  it('reads 400,000-character lines built to make backtracking slow in well under a second', () => {
    const formats = [
      String.raw`<Component>(\[<PID>\])?: <Content>`,
      String.raw`<A> <B>( \(<C>\))?: <Content>`,
      '<A>: <B>: <Content> end <D>',
    ];
    const lines = ['a['.repeat(200_000), 'a ('.repeat(130_000), ' a'.repeat(200_000), 'a:'.repeat(200_000)];
    for (const pattern of formats) {
      const reader = compileFormat({ kind: 'format', pattern });
      expect(reader.ok).toBe(true);
      if (!reader.ok) continue;
      for (const line of lines) {
        const start = cpuClock();
        reader.value.read(line);
        // Quadratic work on these lines is over 10^10 steps (minutes); linear work is milliseconds.
        expect(cpuClock() - start).toBeLessThan(timeBudget(1_000));
      }
    }
  }, 30_000);
});
