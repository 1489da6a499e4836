/**
 * Issue 10, item 3: every pattern a user writes runs in time linear in the line. The shapes below pass
 * the static nested-quantifier check (src/parser/regex/regexGuard.ts) and backtrack for minutes or hours on
 * JavaScript's own engine when the line almost matches; each test parses a 50,000-character hostile
 * line and checks what the parse gives. A test that hangs fails by the vitest timeout.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileConfig, compileFormat, formatToRegexSource, mapEvents, type ParserConfig } from '../../../src/parser';
import { formatMatcher } from '../../../src/parser/formats/formatMatcher';
import { parsed } from './helpers';

const N = 50_000;
/** [pattern, a hostile line it does not match, a line it matches, that line with the mask applied]. */
const SHAPES: Array<[string, string, string, string]> = [
  ['(a|a)+$', `${'a'.repeat(N)}!`, 'tail aaa', 'tail <m>'],
  [String.raw`\d+\d+$`, `${'1'.repeat(N)}!`, 'code 123', 'code <m>'],
  [String.raw`(\w|\d)+$`, `${'1'.repeat(N)}!`, 'code 123', 'code <m>'],
];

const noDefaults = { useDefaults: false };

describe.each(SHAPES)('the user pattern %s on a 50,000-character hostile line', (pattern, hostile, hit, masked) => {
  it('as a mask: the hostile line is left as it is, the matching line is masked', () => {
    const r = parsed([hostile, hit], {
      name: 't',
      masks: { ...noDefaults, custom: [{ name: 'm', pattern }] },
    });
    expect(r.events.map((e) => e.template)).toEqual([hostile, masked]);
    expect(r.events[1]!.params).toEqual([hit.slice(masked.indexOf('<'))]);
  });

  it('in a regex format: the hostile line is unparsed, the matching line gives its fields', () => {
    const head = hit.split(' ')[1]!;
    const r = parsed([`${hostile}: x`, `${head}: hello`], {
      name: 't',
      masks: noDefaults,
      format: { kind: 'regex', pattern: `^(?<Head>${pattern.replace(/\$$/, '')}): (?<Content>.*)$` },
    });
    // The hostile head ends with `!`, which none of the shapes matches before `: `.
    expect(r.unparsed.count).toBe(1);
    expect(r.events.map((e) => [e.fields.Head, e.content])).toEqual([[head, 'hello']]);
  });

  it('in an event rule: only the matching line gets the rule’s event', () => {
    const config: ParserConfig = {
      name: 't',
      masks: noDefaults,
      mapping: { eventRules: [{ pattern, event: 'hit' }] },
    };
    const r = parsed([hostile, hit], config);
    const mapped = mapEvents(r.events, config);
    expect(mapped.ok).toBe(true);
    if (mapped.ok) expect(mapped.value.map((e) => e.event)).toEqual([r.events[0]!.eventId, 'hit']);
  });

  it('as the continuation pattern: the hostile line starts an event, the matching line continues it', () => {
    const r = parsed(['first', hostile, hit], {
      name: 't',
      masks: noDefaults,
      continuation: { pattern },
    });
    expect(r.events.map((e) => e.content)).toEqual(['first', `${hostile}\n${hit}`]);
  });
});

/** The one pattern a case's config change holds. */
function patternOf(change: Partial<ParserConfig>): string {
  return (
    change.masks?.custom?.[0]?.pattern ??
    change.mapping?.eventRules?.[0]?.pattern ??
    (change.format?.kind === 'regex' ? change.format.pattern : undefined) ??
    change.continuation!.pattern!
  );
}

describe('user patterns RE2 cannot run in linear time', () => {
  const cases: Array<[string, Partial<ParserConfig>, string, string, string]> = [
    [
      'a backreference in a mask',
      { masks: { custom: [{ name: 'twice', pattern: String.raw`(\w+) \1` }] } },
      'BAD_MASK',
      '/masks/custom/0/pattern',
      'backreference "\\1"',
    ],
    [
      'a lookahead in an event rule',
      { mapping: { eventRules: [{ pattern: 'user(?= logged)', event: 'login' }] } },
      'BAD_MAPPING',
      '/mapping/eventRules/0/pattern',
      'lookahead "(?="',
    ],
    [
      'a named backreference in a regex format',
      { format: { kind: 'regex', pattern: String.raw`^(?<q>['"])(?<Content>.*)\k<q>$` } },
      'BAD_REGEX',
      '/format/pattern',
      'named backreference "\\k<q>"',
    ],
    [
      'a negative lookahead in the continuation pattern',
      { continuation: { pattern: '^(?!INFO)' } },
      'BAD_REGEX',
      '/continuation/pattern',
      'lookahead "(?!"',
    ],
  ];

  it.each(cases)('refuses %s, naming the pattern, the construct and its path', (_, change, code, path, construct) => {
    const r = compileConfig({ name: 't', ...change } as ParserConfig);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code, path });
    expect(r.error.message).toContain(construct);
    expect(r.error.message).toContain(JSON.stringify(patternOf(change)));
    expect(r.error.message).toMatch(/linear-time/);
  });

  it('keeps a lookbehind without captures, as the built-in presets write masks', () => {
    const r = parsed(['port 22 ip 10.0.0.1', 'port 23 ip 10.0.0.2'], {
      name: 't',
      masks: { ...noDefaults, custom: [{ name: 'ip', pattern: String.raw`(?<!\d)(\d+\.){3}\d+` }] },
    });
    expect(r.events.map((e) => e.params.at(-1))).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(r.events[0]!.template).toContain('ip <ip>');
  });
});

describe('a format string on RE2 reads lines as the native engine does', () => {
  // ASCII lines built from the characters the formats' literals and fields turn on (RE2's `\s` is
  // ASCII whitespace only, so Unicode spaces are left out: docs/parser.md lists the differences).
  const line = fc
    .array(fc.constantFrom('a', 'B', '1', ' ', '  ', '\t', ':', '[', ']', '-', '.', 'x y', '\r'), { maxLength: 40 })
    .map((parts) => parts.join(''));
  it.each([
    '<Date> <Time> <Pid> <Level> <Component>: <Content>',
    String.raw`\[<Time>\] <Program> - <Content>`,
    '<Level> <Content>',
    String.raw`<Month>  <Date> <Time> <User> <Component>\[<PID>\]( \(<Address>\))?: <Content>`,
    '<A>: <Content> end <B>',
  ])('%s', (pattern) => {
    // A user's format string of these shapes runs on the format matcher (src/parser/formats/formatMatcher.ts).
    expect(formatMatcher(formatToRegexSource(pattern).source)).not.toBeNull();
    const user = compileFormat({ kind: 'format', pattern });
    const native = compileFormat({ kind: 'format', pattern }, '/format', true);
    expect(user.ok && native.ok).toBe(true);
    if (!user.ok || !native.ok) return;
    fc.assert(
      fc.property(line, (text) => {
        expect(user.value.read(text)).toEqual(native.value.read(text));
      }),
      { numRuns: 400 },
    );
  });
});
