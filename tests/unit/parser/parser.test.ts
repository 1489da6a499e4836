import { describe, expect, it } from 'vitest';
import {
  LogParser,
  parseLog,
  type ParsedEvent,
  type ParseProgress,
  type ParserConfig,
  type TemplateChange,
} from '../../../src/parser';
import { cut, parsed, withFormat } from './helpers';

const JAVA = withFormat('<Date> <Time> <Level> <Content>');

const TRACE = [
  '2024-01-01 10:00:00 ERROR Job failed',
  '    at com.example.Job.run(Job.java:42)',
  '\tat java.base/java.lang.Thread.run(Thread.java:833)',
  'Caused by: java.io.IOException: disk full',
  '2024-01-01 10:00:01 INFO Job retried',
].join('\n');

function create(config: ParserConfig, options: Parameters<typeof LogParser.create>[1] = {}): LogParser {
  const r = LogParser.create(config, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('continuation lines', () => {
  it('join the open event (indented, `at …`, `Caused by`, even when a loose format matches them) and are counted', () => {
    const r = parsed(TRACE, JAVA);
    expect(r.events.map((e) => e.content)).toEqual([
      'Job failed\n    at com.example.Job.run(Job.java:42)\n\tat java.base/java.lang.Thread.run(Thread.java:833)\nCaused by: java.io.IOException: disk full',
      'Job retried',
    ]);
    expect(r.stats).toMatchObject({ lines: 5, parsed: 2, continued: 3, unparsed: 0 });
  });

  it('do not change the template: it is mined from the first line of the content', () => {
    const r = parsed(`${TRACE}\n2024-01-01 10:00:02 ERROR Job failed`, JAVA);
    expect(r.events[0]!.eventId).toBe(r.events[2]!.eventId);
    expect(r.events[0]!.template).toBe('Job failed');
  });

  it('follow a configurable pattern, or can be turned off', () => {
    const own = parsed('2024-01-01 10:00:00 INFO a\n> more\n  indented', { ...JAVA, continuation: { pattern: '^>' } });
    expect(own.events[0]!.content).toBe('a\n> more');
    expect(own.unparsed).toEqual({ count: 1, lines: [{ lineNo: 3, text: '  indented' }] });
    // Off, the indented lines match nothing; `Caused by: …` fits this loose format as a header.
    const off = parsed(TRACE, { ...JAVA, continuation: { enabled: false } });
    expect(off.stats).toMatchObject({ parsed: 3, continued: 0, unparsed: 2 });
  });

  it('before any event are unparsed', () => {
    const r = parsed('  at nothing\n2024-01-01 10:00:00 INFO x', JAVA);
    expect(r.unparsed.lines).toEqual([{ lineNo: 1, text: '  at nothing' }]);
  });

  it('reject a bad pattern', () => {
    const r = parseLog('x', { ...JAVA, continuation: { pattern: '(' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'BAD_REGEX', path: '/continuation/pattern' });
  });
});

describe('unmatched lines', () => {
  it('are counted and reported with their line numbers, never dropped', () => {
    const r = parsed(['2024-01-01 10:00:00 INFO ok', 'garbage', '2024-01-01 10:00:01 INFO ok', 'more garbage'], JAVA);
    expect(r.unparsed).toEqual({
      count: 2,
      lines: [
        { lineNo: 2, text: 'garbage' },
        { lineNo: 4, text: 'more garbage' },
      ],
    });
    expect(r.stats).toMatchObject({ lines: 4, parsed: 2, unparsed: 2 });
    expect(r.events.map((e) => [e.lineId, e.lineNo])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });

  it('keep the first N (keepUnparsed) and count all', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `junk ${i}`);
    const r = parsed(lines, { ...JAVA, keepUnparsed: 3 });
    expect(r.unparsed.count).toBe(30);
    expect(r.unparsed.lines.map((l) => l.lineNo)).toEqual([1, 2, 3]);
    expect(parsed(lines, JAVA).unparsed.lines).toHaveLength(20);
  });

  it('blank lines are counted apart and do not end an event', () => {
    const r = parsed('2024-01-01 10:00:00 INFO a\n\n   \n  at x\n', JAVA);
    expect(r.stats).toMatchObject({ lines: 4, blank: 2, continued: 1, parsed: 1, unparsed: 0 });
    expect(r.events[0]!.content).toBe('a\n  at x');
  });

  it('a line of tabs, form feeds, vertical tabs or a lone carriage return only is blank too', () => {
    // A \r right before \n ends the line; a lone one inside it is kept (lines.ts), here before a space.
    const r = parsed('2024-01-01 10:00:00 INFO a\n\t\n\f\n\v \n\r \n  at x\n', JAVA);
    expect(r.stats).toMatchObject({ lines: 6, blank: 4, continued: 1, parsed: 1, unparsed: 0 });
    expect(r.events[0]!.content).toBe('a\n  at x');
  });
});

describe('LogParser (streaming)', () => {
  const LOG = ['a 1 x', 'b 2 y', 'a 3 x', 'c 4 z', 'b 5 y'].join('\n');

  it('streams completed events in order and can keep none', () => {
    const seen: ParsedEvent[] = [];
    const p = create(withFormat('<Content>'), { collect: false, onEvent: (e) => seen.push(e) });
    for (const chunk of cut(LOG, [3, 7, 12])) p.push(chunk);
    const result = p.end();
    expect(result.events).toEqual([]);
    expect(seen.map((e) => e.content)).toEqual(['a 1 x', 'b 2 y', 'a 3 x', 'c 4 z', 'b 5 y']);
    expect(result.stats).toMatchObject({ lines: 5, parsed: 5, templates: 3 });
  });

  it('reports progress in lines and bytes', () => {
    const progress: ParseProgress[] = [];
    const p = create(withFormat('<Content>'), { onProgress: (x) => progress.push(x), progressEvery: 2 });
    p.push('é 1\nb 2\n');
    p.push('c 3\n', 100);
    p.end();
    expect(progress).toEqual([
      { lines: 2, bytes: 9 },
      { lines: 3, bytes: 109 },
    ]);
  });

  it('reports each cluster created or changed', () => {
    const changes: TemplateChange[] = [];
    const p = create(withFormat('<Content>'), { onTemplate: (c) => changes.push(c) });
    p.push('job 1 started\njob 2 started\njob 2 started\n');
    p.end();
    expect(changes).toEqual([{ change: 'cluster_created', eventId: 'E1', template: 'job <NUM> started', lineNo: 1 }]);
  });

  it('gives streamed events their final templates when handed the templates of a first pass', () => {
    const log = [
      'user alice logged in',
      'user bob logged in',
      'user carol logged in',
      'user dave logged in',
      'user erin logged in',
    ].join('\n');
    const first = create(withFormat('<Content>'), { collect: false });
    first.push(log);
    first.end();
    const provisional: string[] = [];
    const plain = create(withFormat('<Content>'), { collect: false, onEvent: (e) => provisional.push(e.template) });
    plain.push(log);
    plain.end();
    // Each name is a leading token, so each line has a leaf of its own until the merge pass.
    expect(provisional).toEqual([
      'user alice logged in',
      'user bob logged in',
      'user carol logged in',
      'user dave logged in',
      'user erin logged in',
    ]);
    const finals: string[] = [];
    const second = create(withFormat('<Content>'), {
      collect: false,
      finalTemplates: first.finalTemplates(),
      onEvent: (e) => finals.push(`${e.eventId} ${e.template}`),
    });
    second.push(log);
    second.end();
    expect(finals).toEqual([
      'E1 user <*> logged in',
      'E1 user <*> logged in',
      'E1 user <*> logged in',
      'E1 user <*> logged in',
      'E1 user <*> logged in',
    ]);
  });

  it('holds templates and groups, not the log, when not collecting', () => {
    const p = create(withFormat('<Content>', { groupByField: 'NUM' }), { collect: false });
    for (let i = 0; i < 20_000; i++) p.push(`request ${i % 10} served in ${i} ms\n`);
    const r = p.end();
    expect(r.stats).toMatchObject({ lines: 20_000, parsed: 20_000, templates: 1, groups: 10 });
    expect(r.events).toEqual([]);
  });

  it('cannot be used after end()', () => {
    const p = create(withFormat('<Content>'));
    p.end();
    expect(() => p.push('x')).toThrow('after end');
    expect(() => p.end()).toThrow('twice');
  });

  it('the masked-content memory changes nothing about the result', () => {
    const log = ['a 1 x', 'a 2 x', 'b 3 y', 'a 1 x', 'b 3 y'].join('\n');
    const withCache = parsed(log, withFormat('<Content>'));
    const without = parsed(log, withFormat('<Content>', { mining: { cache: 0 } }));
    expect(withCache).toEqual(without);
  });

  it('remembers at most mining.cache masked contents, then starts over: a repeat after that is mined afresh', () => {
    // docs/parser.md: the memory holds `mining.cache` distinct contents and then starts over; a
    // content seen again after that is matched afresh and can land in another template, which the
    // merge pass joins. With cache 5, `job alpha done` and the five sessions fill it; the sixth
    // distinct content (the fifth session) empties it first, so the last `job alpha done` is mined
    // afresh. By then `alpha` is a value word (five users made that position a parameter), so it no
    // longer matches E1's constant `alpha` and starts E3, which the merge pass folds into E1.
    const users = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const log = ['job alpha done', ...users.map((u) => `session opened for user ${u}`), 'job alpha done'];
    const merged = parsed(log, withFormat('<Content>', { mining: { cache: 5 } }));
    expect(merged.events.map((e) => e.eventId)).toEqual(['E1', 'E2', 'E2', 'E2', 'E2', 'E2', 'E1']);
    expect(merged.templates).toEqual([
      { eventId: 'E1', template: 'job alpha done', occurrences: 2, mergedIds: ['E3'] },
      { eventId: 'E2', template: 'session opened for user <*>', occurrences: 5 },
    ]);
    const apart = parsed(log, withFormat('<Content>', { mining: { cache: 5, merge: false } }));
    expect(apart.events.map((e) => e.eventId)).toEqual(['E1', 'E2', 'E2', 'E2', 'E2', 'E2', 'E3']);
    // With room for all six contents the repeat is remembered and shares E1 (the test below).
    const roomy = parsed(log, withFormat('<Content>', { mining: { cache: 6, merge: false } }));
    expect(roomy.events.map((e) => e.eventId)).toEqual(['E1', 'E2', 'E2', 'E2', 'E2', 'E2', 'E1']);
  });

  it('a repeated masked content joins its first cluster even after one of its words became a value elsewhere', () => {
    // Five users after `session opened for user` make that position a parameter, so `alpha` is a
    // value word from then on (docs/parser.md). The second `job alpha done` is the same masked
    // content as the first, so it shares its template (E1) rather than starting a cluster of its own.
    const users = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const log = ['job alpha done', ...users.map((u) => `session opened for user ${u}`), 'job alpha done'];
    for (const merge of [true, false]) {
      const r = parsed(log, withFormat('<Content>', { mining: { merge } }));
      expect(r.events.map((e) => e.eventId)).toEqual(['E1', 'E2', 'E2', 'E2', 'E2', 'E2', 'E1']);
      expect(r.templates).toEqual([
        { eventId: 'E1', template: 'job alpha done', occurrences: 2 },
        { eventId: 'E2', template: 'session opened for user <*>', occurrences: 5 },
      ]);
    }
  });
});

describe('parseLog', () => {
  it('returns the configuration error as a value', () => {
    const r = parseLog('x', { name: 't', format: { kind: 'format', pattern: '<A>' } });
    expect(r).toEqual({
      ok: false,
      error: { code: 'BAD_FORMAT', message: expect.stringContaining('<Content>'), path: '/format/pattern' },
    });
  });

  it.each([
    [{ mining: { depth: 2 } }, '/mining/depth'],
    [{ mining: { similarity: 2 } }, '/mining/similarity'],
    [{ mining: { maxChildren: 1 } }, '/mining/maxChildren'],
    [{ mining: { variableAfter: 1 } }, '/mining/variableAfter'],
    [{ mining: { cache: -1 } }, '/mining/cache'],
    [{ keepUnparsed: -1 }, '/keepUnparsed'],
    [{ missingGroupKey: 3 }, '/missingGroupKey'],
  ])('rejects %j', (extra, path) => {
    const r = parseLog('x', { name: 't', ...(extra as object) } as ParserConfig);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toBe(path);
  });

  it('takes chunks as well as a whole text', () => {
    expect(parseLog(['a 1\nb', ' 2\n'], withFormat('<Content>'))).toEqual(
      parseLog('a 1\nb 2\n', withFormat('<Content>')),
    );
  });
});

describe('what a parse keeps of its lines', () => {
  it('keeps an unmatched line longer than 2,000 characters as its first 2,000 and an ellipsis', () => {
    // docs/parser.md: unmatched lines are kept with their line numbers, text cut at 2,000 characters.
    const long = `${'ab'.repeat(1000)}cdef`;
    const r = parsed(['{"message":"fine"}', long, 'short line'], { name: 't', format: { kind: 'json' } });
    expect(r.stats).toMatchObject({ parsed: 1, unparsed: 2 });
    expect(r.unparsed.lines).toEqual([
      { lineNo: 2, text: `${'ab'.repeat(1000)}…` },
      { lineNo: 3, text: 'short line' },
    ]);
  });

  it('lists each JSON key once among the field names, in order of first appearance', () => {
    // The content is `message`; the other keys are fields, listed once each however many lines have them.
    const r = parsed(
      ['{"message":"a","level":"info"}', '{"level":"warn","message":"b","host":"h1"}', '{"host":"h2","message":"c"}'],
      { name: 't', format: { kind: 'json' } },
    );
    expect(r.fieldNames).toEqual(['level', 'host']);
  });

  it('keeps a JSON key named __proto__ as an ordinary own field of the event', () => {
    // docs/parser.md: kept as a field, an own property; it never changes an object's prototype. Like
    // any other field it is enumerable, writable and configurable (a caller may change or delete it).
    const r = parsed(['{"message":"hi","__proto__":"x","a":"1"}'], { name: 't', format: { kind: 'json' } });
    const fields = r.events[0]!.fields;
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')).toEqual({
      value: 'x',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    fields['__proto__'] = 'y';
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('y');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(delete (fields as Record<string, unknown>)['__proto__']).toBe(true);
    expect(Object.keys(fields)).toEqual(['a']);
  });
});
