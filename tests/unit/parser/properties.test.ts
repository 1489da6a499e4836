import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseLog, type FormatSpec, type MaskSpec, type ParserConfig } from '../../../src/parser';
import { cut } from './helpers';

/** Random characters, with the pieces logs are made of. */
const noise = fc.string({
  unit: fc.constantFrom(
    ...'ab xyz 019 .:-_/=,;"{}[]()<>*@\\\t'.split(''),
    '\n',
    '\r\n',
    '\r',
    '10.0.0.1',
    '{"msg":"m"}',
    'k=v ',
    '  at ',
    'Caused by',
    'é',
    '😀',
  ),
  maxLength: 120,
});

/** Lines that the sane formats below read: a level, words, numbers, addresses, key=value, JSON. */
const word = fc.constantFrom(
  'user',
  'alice',
  'bob',
  'login',
  'failed',
  'from',
  'port',
  'ok',
  'blk_-12',
  'blk_7',
  '10.0.0.1:22',
  '42',
  '0x1f',
  'a=b',
  'msg=hi',
  '[x]',
  '(1 KB)',
);
const logLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('INFO', 'WARN', 'ERROR'),
      fc.integer({ min: 1, max: 5 }),
      fc.array(word, { minLength: 1, maxLength: 7 }),
    )
    .map(([level, pid, words]) => `2024-01-0${pid} 10:00:0${pid} ${level} [${pid}] ${words.join(' ')}`),
  fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => `{"msg":${JSON.stringify(w.join(' '))},"Level":"INFO"}`),
  fc.array(word, { maxLength: 4 }).map((w) => `level=info msg="${w.join(' ')}" Pid=3`),
  fc.constantFrom('    at com.x.Y.z(Y.java:1)', 'Caused by: boom', '', '   '),
);
const text = fc.oneof(
  { weight: 1, arbitrary: noise },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof({ weight: 4, arbitrary: logLine }, { weight: 1, arbitrary: noise }), {
        minLength: 1,
        maxLength: 25,
      })
      .map((lines) => lines.join('\n')),
  },
);

/**
 * Regex-bearing parts are built from fragments that cannot nest quantifiers (no `(…)*`), so a
 * random pattern cannot backtrack exponentially and hang the test.
 */
const fragment = (parts: string[], maxLength = 8) =>
  fc.array(fc.constantFrom(...parts), { maxLength }).map((p) => p.join(''));

const format: fc.Arbitrary<FormatSpec> = fc.oneof(
  fragment([
    '<Date>',
    '<Level>',
    '<Content>',
    '<Pid>',
    ' ',
    ':',
    '\\[',
    '\\]',
    '(',
    ')',
    '?',
    '-',
    '<',
    '>',
    '<>',
    'x',
    '[',
    '\\',
    '|',
    '<Content',
    '< >',
  ]).map((pattern) => ({ kind: 'format' as const, pattern })),
  fc.record({
    kind: fc.constant('regex' as const),
    pattern: fragment([
      '(?<Content>',
      '(?<Level>',
      '(?<msg>',
      '.*',
      '\\S+',
      ')',
      '?',
      ' ',
      '^',
      '$',
      '[',
      ']',
      '|',
      'a',
      '\\d+',
      '(',
    ]),
    flags: fc.constantFrom('', 'i', 's', 'g', 'y', 'x'),
  }),
  fc.record({
    kind: fc.constantFrom('json' as const, 'logfmt' as const),
    messageKey: fc.option(
      fc.oneof(fc.string({ maxLength: 4 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 })),
      { nil: undefined },
    ),
  }),
  fc.record({
    kind: fc.constant('preset' as const),
    name: fc.constantFrom(
      'syslog',
      'hdfs',
      'apache',
      'openssh',
      'proxifier',
      'json',
      'logfmt',
      'apache-access',
      'apache-error',
      'nope',
      '',
    ),
  }),
);

const mask: fc.Arbitrary<MaskSpec> = fc.record({
  name: fc.oneof(fc.constantFrom('blk', 'IP', 'NUM', 'x-1'), fc.string({ maxLength: 4 })),
  pattern: fragment(['\\d+', 'a', 'b*', '[', ']', '(', ')', '|', '?', '.', 'x{2}', '\\b', '(?<=a)', '\\s']),
});

const sane: fc.Arbitrary<ParserConfig> = fc.record({
  name: fc.constant('sane'),
  format: fc.constantFrom<FormatSpec>(
    { kind: 'format', pattern: String.raw`<Date> <Time> <Level> \[<Pid>\] <Content>` },
    { kind: 'format', pattern: '<Level> <Content>' },
    { kind: 'regex', pattern: String.raw`^(?<Date>\S+) (?<Time>\S+) (?<Level>[A-Z]+) \[(?<Pid>\d+)\] (?<Content>.*)$` },
    { kind: 'json' },
    { kind: 'logfmt' },
  ),
  masks: fc.constantFrom(undefined, { custom: [{ name: 'blk', pattern: 'blk_-?\\d+' }] }, { useDefaults: false }),
  groupByField: fc.constantFrom(undefined, 'param:0', 'eventId', 'IP', 'mask:NUM'),
});

const random: fc.Arbitrary<ParserConfig> = fc.record(
  {
    name: fc.constant('fuzz'),
    format,
    masks: fc.record({ useDefaults: fc.boolean(), custom: fc.array(mask, { maxLength: 3 }) }, { requiredKeys: [] }),
    groupByField: fc.constantFrom(
      'Level',
      'Pid',
      'param:0',
      'param:9',
      'blk',
      'IP',
      'msg',
      'eventId',
      'nope',
      'mask:x',
      'field:Level',
    ),
    mining: fc.record(
      {
        depth: fc.integer({ min: 3, max: 6 }),
        similarity: fc.double({ min: 0, max: 1, noNaN: true }),
        maxChildren: fc.integer({ min: 2, max: 5 }),
        merge: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    missingGroupKey: fc.constantFrom(null, '_none'),
    keepUnparsed: fc.integer({ min: 0, max: 3 }),
  },
  { requiredKeys: ['name'] },
);

const config = fc.oneof({ weight: 2, arbitrary: sane }, { weight: 1, arbitrary: random });

describe('parseLog properties', () => {
  it('never throws, on random text with random configurations, and its counts add up', () => {
    fc.assert(
      fc.property(text, config, (log, cfg) => {
        const r = parseLog(log, cfg);
        if (!r.ok) {
          expect(r.error.message.length).toBeGreaterThan(0);
          return;
        }
        const s = r.stats;
        expect(s.lines).toBe(s.parsed + s.unparsed + s.continued + s.blank);
        expect(r.events).toHaveLength(s.parsed);
        expect(r.unparsed.count).toBe(s.unparsed);
        expect(r.templates.reduce((n, t) => n + t.occurrences, 0)).toBe(s.parsed);
        expect(new Set(r.events.map((e) => e.eventId))).toEqual(new Set(r.templates.map((t) => t.eventId)));
        expect(r.groups.reduce((n, g) => n + g.count, 0)).toBe(r.events.filter((e) => e.groupKey !== undefined).length);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same output for the same input', () => {
    fc.assert(
      fc.property(text, config, (log, cfg) => {
        expect(parseLog(log, cfg)).toEqual(parseLog(log, cfg));
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same output whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(text, config, fc.array(fc.nat(), { maxLength: 8 }), (log, cfg, offsets) => {
        expect(parseLog(cut(log, offsets), cfg)).toEqual(parseLog(log, cfg));
      }),
      { numRuns: 300 },
    );
  });
});
