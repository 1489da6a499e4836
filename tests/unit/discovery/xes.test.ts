import fc from 'fast-check';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { describe, expect, it } from 'vitest';
import {
  formatIsoTime,
  objectType,
  ocelChunks,
  parseIsoTime,
  readCaseLog,
  xesChunks,
} from '../../../src/engine/discovery';
import { readXes } from '../../../src/worker/discovery/xesRead';
import type { CaseFields } from '../../../src/contract/discovery';
import { sshdEvents } from './helpers';

function xesOf(events: Record<string, unknown>[], fields: CaseFields = {}): string {
  const r = readCaseLog(events, fields);
  if (!r.ok) throw new Error(r.problem.message);
  return [...xesChunks(events, r.log, fields)].join('');
}

/** A strict XML parse of `xml` (throws on any well-formedness error): per trace its name and its events' names. */
function tracesOf(xml: string): { name: string; events: string[] }[] {
  const p = new SaxesParser({ xmlns: true });
  const traces: { name: string; events: string[] }[] = [];
  const path: string[] = [];
  p.on('error', (e) => {
    throw e;
  });
  p.on('opentag', (t) => {
    const tag = t as unknown as SaxesTagPlain & { attributes: Record<string, { value: string }> };
    const parent = path.join('/');
    path.push(tag.name);
    if (tag.name === 'trace') traces.push({ name: '', events: [] });
    if (tag.name === 'string' && tag.attributes['key']?.value === 'concept:name') {
      const value = tag.attributes['value']!.value;
      if (parent === 'log/trace') traces[traces.length - 1]!.name = value;
      if (parent === 'log/trace/event') traces[traces.length - 1]!.events.push(value);
    }
  });
  p.on('closetag', () => void path.pop());
  p.write(xml).close();
  return traces;
}

/** Events grouped by case: cases in order of first appearance, events in log order. */
function byCase(events: Record<string, unknown>[]): Record<string, unknown>[] {
  const groups = new Map<unknown, Record<string, unknown>[]>();
  for (const e of events)
    (groups.get(e['correlationId']) ?? groups.set(e['correlationId'], []).get(e['correlationId'])!).push(e);
  return [...groups.values()].flat();
}

describe('XES export', () => {
  it('writes the sshd sessions as well-formed XML: one trace per session, events in log order', () => {
    const events = sshdEvents();
    const xml = xesOf(events);
    const traces = tracesOf(xml);
    const sessions = [...new Set(events.map((e) => e['correlationId'] as string))];
    expect(traces.map((t) => t.name)).toEqual(sessions);
    expect(traces).toHaveLength(519);
    for (const t of traces) {
      expect(t.events).toEqual(events.filter((e) => e['correlationId'] === t.name).map((e) => e['event']));
    }
  });

  it('imports that file back into the same events, case by case, and re-exports the same text', () => {
    const events = sshdEvents();
    const xml = xesOf(events);
    const back = readXes(xml);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.traces).toBe(519);
    expect(back.events).toEqual(byCase(events));
    expect(xesOf(back.events)).toBe(xml);
  });

  it('types attributes and escapes text so any value survives (by hand)', () => {
    const ev = {
      targetDataSourceId: 'src',
      correlationId: 'k&1',
      event: 'say "hi" <now>',
      timestamp: 951782400123,
      n: 3,
      x: 0.5,
      ok: true,
      text: 'line\nbreak\ttab',
      list: ['a', 2],
      obj: { deep: { v: false } },
      gone: null,
    };
    const xml = xesOf([ev]);
    expect(xml).toContain('<string key="concept:name" value="k&amp;1"/>');
    expect(xml).toContain('<string key="concept:name" value="say &quot;hi&quot; &lt;now&gt;"/>');
    expect(xml).toContain('<date key="time:timestamp" value="2000-02-29T00:00:00.123Z"/>');
    expect(xml).toContain('<int key="n" value="3"/>');
    expect(xml).toContain('<float key="x" value="0.5"/>');
    expect(xml).toContain('<boolean key="ok" value="true"/>');
    expect(xml).toContain('<string key="text" value="line&#10;break&#9;tab"/>');
    expect(xml).not.toContain('gone');
    const back = readXes(xml);
    const { gone: _gone, ...kept } = ev;
    expect(back).toEqual({ ok: true, traces: 1, events: [kept] });
  });

  it('imports fields and activities named __proto__ or constructor as own fields (issue 38, item 5)', () => {
    const ev = JSON.parse(
      '{"correlationId": "c1", "event": "__proto__", "__proto__": "field", "constructor": 1, "obj": {"__proto__": true}}',
    ) as Record<string, unknown>;
    const back = readXes(xesOf([ev]));
    expect(back.ok).toBe(true);
    const got = back.ok ? back.events[0]! : {};
    expect(Object.keys(got)).toEqual(['__proto__', 'constructor', 'obj', 'event', 'correlationId']);
    expect(JSON.stringify(got)).toBe(
      '{"__proto__":"field","constructor":1,"obj":{"__proto__":true},"event":"__proto__","correlationId":"c1"}',
    );
  });

  it('does not repeat the case as an attribute, but keeps a correlationId that is not the case', () => {
    // docs/discovery.md: the case and activity fields are not repeated as attributes; every other field is one.
    // The second event's case is its first correlation id, order-1, so its correlationId "legacy" is just a field.
    const xml = xesOf([
      { correlationId: 'c1', event: 'a' },
      { correlationIds: ['order-1'], correlationId: 'legacy', event: 'b' },
    ]);
    expect(xml).toContain('<string key="concept:name" value="c1"/>');
    expect(xml).toContain('<string key="concept:name" value="order-1"/>');
    expect(xml).not.toContain('<string key="correlationId" value="c1"/>');
    expect(xml).toContain('<string key="correlationId" value="legacy"/>');
  });

  it('replaces characters XML 1.0 cannot carry, so the file stays well-formed', () => {
    const xml = xesOf([{ correlationId: 'c', event: 'bell\u0007 and \ud800 alone' }]);
    expect(tracesOf(xml)[0]!.events).toEqual(['bell\ufffd and \ufffd alone']);
  });

  it('keeps a character outside the Basic Multilingual Plane (a surrogate pair) as it is', () => {
    // U+1F4E6 (package) is the pair \ud83d\udce6: a character XML 1.0 carries, unlike a lone
    // surrogate, which still becomes U+FFFD; the ampersand beside them is still escaped.
    const xml = xesOf([{ correlationId: 'c', event: 'shipped \ud83d\udce6 & \udce6 done' }]);
    expect(xml).toContain('<string key="concept:name" value="shipped \ud83d\udce6 &amp; \ufffd done"/>');
    expect(tracesOf(xml)[0]!.events).toEqual(['shipped \ud83d\udce6 & \ufffd done']);
  });

  it('refuses a malformed file with the line of the problem', () => {
    const r = readXes('<log>\n<trace>\n<event><string key="concept:name" value="a"></event>\n</trace></log>');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^3:/);
  });

  it('refuses a <date> outside the range of dates with its line, as export refuses such a time', () => {
    const event = (date: string) =>
      `<log>\n<trace>\n<event><string key="concept:name" value="a"/>\n<date key="time:timestamp" value="${date}"/></event>\n</trace></log>`;
    expect(readXes(event('275760-09-13T00:00:00.000Z'))).toMatchObject({ ok: true, traces: 1 });
    const r = readXes(event('275760-09-13T00:00:00.001Z'));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok)
      expect(r.message).toMatch(/^4:\d+: <date> value "275760-09-13T00:00:00.001Z" is outside the range of dates/);
  });
});

describe('OCEL 2.0 export', () => {
  it('makes every correlation id an object typed by its word, events related to them (by hand)', () => {
    const events = [
      { correlationIds: ['order-1', 'customer-7'], event: 'place', timestamp: 0, total: 5 },
      { correlationId: 'order-1', event: 'ship' },
    ];
    const r = readCaseLog(events);
    if (!r.ok) throw new Error(r.problem.message);
    const ocel = JSON.parse([...ocelChunks(events, r.log)].join(''));
    expect(ocel).toEqual({
      objectTypes: [
        { name: 'customer', attributes: [] },
        { name: 'order', attributes: [] },
      ],
      eventTypes: [
        { name: 'place', attributes: [{ name: 'total', type: 'integer' }] },
        { name: 'ship', attributes: [] },
      ],
      objects: [
        { id: 'order-1', type: 'order', attributes: [], relationships: [] },
        { id: 'customer-7', type: 'customer', attributes: [], relationships: [] },
      ],
      events: [
        {
          id: 'e1',
          type: 'place',
          time: '1970-01-01T00:00:00.000Z',
          attributes: [{ name: 'total', value: 5 }],
          relationships: [
            { objectId: 'order-1', qualifier: 'case' },
            { objectId: 'customer-7', qualifier: 'correlation' },
          ],
        },
        {
          id: 'e2',
          type: 'ship',
          time: '1970-01-01T00:00:00.001Z',
          attributes: [],
          relationships: [{ objectId: 'order-1', qualifier: 'case' }],
        },
      ],
    });
  });

  it('leaves out a member whose value is undefined, as it leaves out null', () => {
    // A JavaScript caller (or the worker's structured clone) can hand over members set to
    // undefined; JSON has no such value, so they are no attribute at all, like null ones.
    const events = [{ correlationId: 'c1', event: 'a', note: undefined, gone: null, total: 2 }];
    const r = readCaseLog(events);
    if (!r.ok) throw new Error(r.problem.message);
    const ocel = JSON.parse([...ocelChunks(events, r.log)].join('')) as {
      eventTypes: unknown[];
      events: { attributes: unknown[] }[];
    };
    expect(ocel.eventTypes).toEqual([{ name: 'a', attributes: [{ name: 'total', type: 'integer' }] }]);
    expect(ocel.events[0]!.attributes).toEqual([{ name: 'total', value: 2 }]);
  });
  it('types each object by the word before its trailing number, an id without one as a case', () => {
    // docs/discovery.md: `order-17` is an `order`, an id without a word part is a `case`. The word
    // must open the id and the number must close it: `#order-5` and `order-1b` are cases;
    // `invoice42` has no separator and is still an invoice. OCEL object ids are text, so the 42
    // in a list of correlation ids (which the engine refuses: they must be strings) is no object.
    const events = [
      { correlationIds: ['order-17', 42, 'invoice42'], event: 'ship' },
      { correlationId: '#order-5', event: 'pack' },
      { correlationId: 'order-1b', event: 'pack' },
      { correlationId: '17', event: 'pack' },
    ];
    const r = readCaseLog(events);
    if (!r.ok) throw new Error(r.problem.message);
    const ocel = JSON.parse([...ocelChunks(events, r.log)].join('')) as {
      objectTypes: unknown[];
      objects: unknown[];
      events: { relationships: unknown[] }[];
    };
    expect(ocel.objectTypes).toEqual([
      { name: 'case', attributes: [] },
      { name: 'invoice', attributes: [] },
      { name: 'order', attributes: [] },
    ]);
    expect(ocel.objects).toEqual(
      [
        ['order-17', 'order'],
        ['invoice42', 'invoice'],
        ['#order-5', 'case'],
        ['order-1b', 'case'],
        ['17', 'case'],
      ].map(([id, type]) => ({ id, type, attributes: [], relationships: [] })),
    );
    expect(ocel.events[0]!.relationships).toEqual([
      { objectId: 'order-17', qualifier: 'case' },
      { objectId: 'invoice42', qualifier: 'correlation' },
    ]);
    expect(objectType('customer_7')).toBe('customer');
    expect(objectType('17')).toBe('case');
  });

  it('declares every attribute seen per event type with one type that holds all its values (by hand)', () => {
    // Event types and their attributes are listed by name. An attribute is integer, float, boolean
    // or string; one seen with two types (size: "big", then 7) is declared string. Values other
    // than text, numbers and booleans go out as JSON text. An event keeps its own time; one
    // without gets the epoch plus its position in milliseconds.
    const events = [
      {
        correlationId: 'c1',
        event: 'ship',
        timestamp: 951782400123,
        zeta: 'fast',
        alpha: 1.5,
        ok: true,
        size: 3,
        dims: { w: 2 },
        tags: ['a'],
      },
      { correlationId: 'c2', event: 'pack', size: 'big', n: 1 },
      { correlationId: 'c2', event: 'pack', size: 7, n: 2, late: false },
      { correlationId: 'c3', event: 'pack' },
    ];
    const r = readCaseLog(events);
    if (!r.ok) throw new Error(r.problem.message);
    const ocel = JSON.parse([...ocelChunks(events, r.log)].join('')) as { eventTypes: unknown[]; events: unknown[] };
    const declared = (pairs: string[][]) => pairs.map(([name, type]) => ({ name, type }));
    expect(ocel.eventTypes).toEqual([
      {
        name: 'pack',
        attributes: declared([
          ['late', 'boolean'],
          ['n', 'integer'],
          ['size', 'string'],
        ]),
      },
      {
        name: 'ship',
        attributes: declared([
          ['alpha', 'float'],
          ['dims', 'string'],
          ['ok', 'boolean'],
          ['size', 'integer'],
          ['tags', 'string'],
          ['zeta', 'string'],
        ]),
      },
    ]);
    const valued = (pairs: [string, unknown][]) => pairs.map(([name, value]) => ({ name, value }));
    expect(ocel.events).toEqual([
      {
        id: 'e1',
        type: 'ship',
        time: '2000-02-29T00:00:00.123Z',
        attributes: valued([
          ['zeta', 'fast'],
          ['alpha', 1.5],
          ['ok', true],
          ['size', 3],
          ['dims', '{"w":2}'],
          ['tags', '["a"]'],
        ]),
        relationships: [{ objectId: 'c1', qualifier: 'case' }],
      },
      {
        id: 'e2',
        type: 'pack',
        time: '1970-01-01T00:00:00.001Z',
        attributes: valued([
          ['size', 'big'],
          ['n', 1],
        ]),
        relationships: [{ objectId: 'c2', qualifier: 'case' }],
      },
      {
        id: 'e3',
        type: 'pack',
        time: '1970-01-01T00:00:00.002Z',
        attributes: valued([
          ['size', 7],
          ['n', 2],
          ['late', false],
        ]),
        relationships: [{ objectId: 'c2', qualifier: 'case' }],
      },
      {
        id: 'e4',
        type: 'pack',
        time: '1970-01-01T00:00:00.003Z',
        attributes: [],
        relationships: [{ objectId: 'c3', qualifier: 'case' }],
      },
    ]);
  });

  it('streams the events of the sshd sessions in chunks of about 64 KiB that join into one document', () => {
    // docs/discovery.md: objects and types first, then the events stream out. Every chunk after
    // the first (the types and objects) but the last holds whole events adding up to at least
    // 65,536 characters, and is less than that without its last event; the last is shorter.
    const events = sshdEvents();
    const r = readCaseLog(events);
    if (!r.ok) throw new Error(r.problem.message);
    const chunks = [...ocelChunks(events, r.log)];
    const ocel = JSON.parse(chunks.join('')) as { events: { id: string }[] };
    expect(ocel.events.map((e) => e.id)).toEqual(events.map((_, i) => `e${i + 1}`));
    expect(chunks[0]!.endsWith('"events":[')).toBe(true);
    expect(chunks.length).toBeGreaterThan(4);
    const longest = Math.max(...ocel.events.map((e) => JSON.stringify(e).length + 1));
    for (const c of chunks.slice(1, -1)) {
      expect(c.length).toBeGreaterThanOrEqual(65_536);
      expect(c.length).toBeLessThan(65_536 + longest);
    }
    expect(chunks[chunks.length - 1]!.length).toBeLessThan(65_536 + 3);
    expect(chunks[chunks.length - 1]!.endsWith(']}\n')).toBe(true);
  });
});

describe('ISO times without Date', () => {
  it('formats and parses like the platform for any millisecond in years 1–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62135596800000, max: 253402300799999 }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatIsoTime(ms)).toBe(iso);
        expect(parseIsoTime(iso)).toBe(ms);
      }),
    );
  });

  it('formats the ends of the range of dates as the platform does, and refuses to print past them', () => {
    for (const ms of [8.64e15, -8.64e15]) expect(formatIsoTime(ms)).toBe(new Date(ms).toISOString());
    for (const ms of [8.64e15 + 1, -8.64e15 - 1, 1e300, Infinity, NaN])
      expect(() => formatIsoTime(ms), String(ms)).toThrow(RangeError);
  });

  it('reads zones, dates alone and refuses other text', () => {
    expect(parseIsoTime('2026-11-25T16:39:54+01:00')).toBe(Date.UTC(2026, 10, 25, 15, 39, 54));
    expect(parseIsoTime('2026-11-25')).toBe(Date.UTC(2026, 10, 25));
    expect(parseIsoTime('Dec 10 06:55:46')).toBeNaN();
  });

  it('reads zone offsets with minutes, without a colon, of hours alone, west of UTC and as a lowercase z', () => {
    // A time at +05:30 is 5 h 30 min ahead of UTC, so 16:39:54 there is 11:09:54 UTC; at −03:15
    // it is 3 h 15 min behind, so 19:54:54 UTC. `+0530` is the same zone as `+05:30`, `+05` is
    // five whole hours, and `z` is UTC as `Z` is.
    expect(parseIsoTime('2026-11-25T16:39:54+05:30')).toBe(Date.UTC(2026, 10, 25, 11, 9, 54));
    expect(parseIsoTime('2026-11-25T16:39:54+0530')).toBe(Date.UTC(2026, 10, 25, 11, 9, 54));
    expect(parseIsoTime('2026-11-25T16:39:54+05')).toBe(Date.UTC(2026, 10, 25, 11, 39, 54));
    expect(parseIsoTime('2026-11-25T16:39:54-03:15')).toBe(Date.UTC(2026, 10, 25, 19, 54, 54));
    expect(parseIsoTime('2026-11-25T16:39:54-03')).toBe(Date.UTC(2026, 10, 25, 19, 39, 54));
    expect(parseIsoTime('2026-11-25T16:39:54z')).toBe(Date.UTC(2026, 10, 25, 16, 39, 54));
  });

  it('reads a time with white space around it, as a value padded by another tool', () => {
    // The text is trimmed before it is read: a leading space, tab or line break is not a reason
    // to refuse an event's time (readCaseLog would refuse the event as "not a time").
    expect(parseIsoTime(' 2026-11-25T16:39:54Z')).toBe(Date.UTC(2026, 10, 25, 16, 39, 54));
    expect(parseIsoTime('\t2026-11-25\n')).toBe(Date.UTC(2026, 10, 25));
    expect(parseIsoTime('\n  2026-11-25T16:39:54.250+01:00  ')).toBe(Date.UTC(2026, 10, 25, 15, 39, 54, 250));
    expect(parseIsoTime('  ')).toBeNaN();
  });

  it('refuses a month, day, hour, minute or second out of range, and reads second 60 as the next minute', () => {
    for (const text of [
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '2026-01-01T24:00',
      '2026-01-01T00:60',
      '2026-01-01T00:00:61Z',
    ])
      expect(parseIsoTime(text), text).toBeNaN();
    // 2024-01-01T00:00:00Z is 1,704,067,200,000 ms; a leap second 60 is 60 s past the minute.
    expect(parseIsoTime('2024-01-01T00:00:60Z')).toBe(1_704_067_200_000 + 60_000);
    expect(parseIsoTime('2024-01-01T00:00:59Z')).toBe(1_704_067_200_000 + 59_000);
  });

  it('writes 1 March of 1970 and of 1999, years late in the 400-year cycle that starts on 1600-03-01', () => {
    // 1970-03-01 is 31 + 28 = 59 days after 1970-01-01. 1999-03-01 is 29 years of 365 days plus
    // the 7 leap days of 1972…1996 plus 59 days: 10,651 days. Both lie 370 and 399 years into
    // the 400-year cycle that starts on 1600-03-01, where the century corrections count.
    expect(formatIsoTime(59 * 86_400_000)).toBe('1970-03-01T00:00:00.000Z');
    expect(formatIsoTime(58 * 86_400_000)).toBe('1970-02-28T00:00:00.000Z');
    expect(formatIsoTime(10_651 * 86_400_000)).toBe('1999-03-01T00:00:00.000Z');
    expect(formatIsoTime(10_651 * 86_400_000 + 86_399_999)).toBe('1999-03-01T23:59:59.999Z');
  });

  it('writes years outside 0000–9999 with a sign and six digits, as Date#toISOString does', () => {
    // 0000-01-01 is 719,528 days before 1970-01-01 (62,167,219,200,000 ms); year −1 (not a leap
    // year) starts 365 days earlier; 10000-01-01 is 2,932,897 days after 1970-01-01.
    expect(formatIsoTime(-62_167_219_200_000)).toBe('0000-01-01T00:00:00.000Z');
    expect(formatIsoTime(-62_167_219_200_000 - 365 * 86_400_000)).toBe('-000001-01-01T00:00:00.000Z');
    expect(formatIsoTime(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
    expect(formatIsoTime(253_402_300_800_000 - 1)).toBe('9999-12-31T23:59:59.999Z');
  });
});
