/**
 * Reading events into cases (docs/discovery.md, "Events and cases"): the default case and activity
 * of both event shapes, numbers as names, dotted fields, times that are absent or unreadable, and
 * the events refused with the field they lack. Expected values are worked out from the doc's table.
 */
import { describe, expect, it } from 'vitest';
import { readCaseLog, type CaseLog } from '../../../src/engine/discovery';
import type { CaseFields } from '../../../src/contract/discovery';

/** The log read from `events`, or a thrown error with the reader's sentence. */
function logOf(events: unknown[], fields: CaseFields = {}): CaseLog {
  const r = readCaseLog(events, fields);
  if (!r.ok) throw new Error(r.problem.message);
  return r.log;
}

/** Per event, its case and activity names. */
function pairs(log: CaseLog): [string, string][] {
  return [...log.caseOf].map((c, i) => [log.caseNames[c]!, log.activityNames[log.activityOf[i]!]!]);
}

describe('readCaseLog: the default case and activity', () => {
  it("falls back to the event's own correlation id and its type when an original-shape event's data has neither", () => {
    // docs/discovery.md: the case is the first correlation id; the activity of a `{type, data}` event
    // is `data.event`, else `type`. Here `data` is missing, null, empty or not an object.
    const log = logOf([
      { type: 'open', correlationId: 'c1' },
      { type: 'step', data: null, correlationId: 'c1' },
      { type: 'check', data: {}, correlationId: 'c1' },
      { type: 'close', data: 'text', correlationId: 'c1' },
    ]);
    expect(log.caseNames).toEqual(['c1']);
    expect(pairs(log)).toEqual([
      ['c1', 'open'],
      ['c1', 'step'],
      ['c1', 'check'],
      ['c1', 'close'],
    ]);
  });

  it('takes correlationId when correlationIds is empty, and never reads data of an event with a target', () => {
    // An event with `targetDataSourceId` is not in the original tool's shape even with a `type`:
    // its case is its own correlation id and its activity its own `event`, not those in `data`.
    const log = logOf([
      { targetDataSourceId: 's', correlationIds: [], correlationId: 'c1', event: 'a' },
      {
        targetDataSourceId: 's',
        type: 'T',
        correlationId: 'c2',
        event: 'b',
        data: { correlationId: 'inner', event: 'z' },
      },
    ]);
    expect(pairs(log)).toEqual([
      ['c1', 'a'],
      ['c2', 'b'],
    ]);
  });

  it('reads a finite number as its text and refuses a number that is not finite', () => {
    // docs/discovery.md: "a number counts as its text".
    const log = logOf([
      { correlationId: 7, event: 'a' },
      { correlationId: 'x', event: 12.5 },
    ]);
    expect(pairs(log)).toEqual([
      ['7', 'a'],
      ['x', '12.5'],
    ]);
    for (const bad of [Infinity, NaN])
      expect(readCaseLog([{ correlationId: bad, event: 'a' }])).toEqual({
        ok: false,
        problem: {
          index: 0,
          field: 'correlationId',
          message: 'field "correlationId" (the case) is missing, empty or not text',
        },
      });
  });
});

describe('readCaseLog: chosen fields', () => {
  it('reads a field whose own name has a dot before a nested one, and no characters of a text', () => {
    // A key such as "user.id" is the field itself; `data.0` of `data: "abc"` is not a field (a text
    // has no fields), so that event has no case.
    const log = logOf([{ 'user.id': 'u1', user: { id: 'other' }, event: 'a' }], { case: 'user.id' });
    expect(pairs(log)).toEqual([['u1', 'a']]);
    for (const field of ['data.0', 'data.length'])
      expect(readCaseLog([{ data: 'abc', event: 'a' }], { case: field })).toEqual({
        ok: false,
        problem: { index: 0, field, message: `field "${field}" (the case) is missing, empty or not text` },
      });
  });
});

describe('readCaseLog: times', () => {
  it('reads a null time as no time and refuses a time that is neither a number nor text, naming its field', () => {
    // docs/discovery.md: events without a time are fine; a time present but unreadable is refused,
    // naming the event and the field.
    const log = logOf([{ correlationId: 'c', event: 'a', when: null }], { time: 'when' });
    expect(Number.isNaN(log.timeOf[0])).toBe(true);
    for (const bad of [true, { at: 5 }, 'yesterday']) {
      const r = readCaseLog(
        [
          { correlationId: 'c', event: 'a', when: 1 },
          { correlationId: 'c', event: 'b', when: bad },
        ],
        {
          time: 'when',
        },
      );
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problem.index).toBe(1);
        expect(r.problem.field).toBe('when');
        expect(r.problem.message).toContain('"when"');
      }
    }
  });
});

describe('readCaseLog: times outside the range of dates (issue 38, item 6)', () => {
  it('refuses a number or ISO text past ±8.64e15 ms, naming the event and the field, and keeps the ends', () => {
    const range = 'outside the range of dates (epoch ms from -8.64e15 to 8.64e15: -271821-04-20 to +275760-09-13)';
    const cases: [unknown, string][] = [
      [1e300, '1e+300'],
      [-1e17, '-100000000000000000'],
      [8.64e15 + 1, '8640000000000001'],
      ['275760-09-13T00:00:00.001Z', '"275760-09-13T00:00:00.001Z"'],
      ['-271821-04-19T23:59:59.999Z', '"-271821-04-19T23:59:59.999Z"'],
      ['999999-12-31T00:00:00Z', '"999999-12-31T00:00:00Z"'],
    ];
    for (const [bad, shown] of cases) {
      const r = readCaseLog(
        [
          { correlationId: 'c', event: 'a', at: 1 },
          { correlationId: 'c', event: 'b', at: bad },
        ],
        { time: 'at' },
      );
      expect(r).toEqual({ ok: false, problem: { index: 1, field: 'at', message: `field "at" is ${shown}, ${range}` } });
    }
    const ends = logOf(
      [
        { correlationId: 'c', event: 'a', timestamp: 8.64e15 },
        { correlationId: 'c', event: 'b', timestamp: '-271821-04-20T00:00:00Z' },
      ],
      {},
    );
    expect(Array.from(ends.timeOf)).toEqual([8.64e15, -8.64e15]);
  });
});

describe('readCaseLog: refused events', () => {
  it('refuses an event that is not a JSON object, naming the event and no field', () => {
    // The API turns the field into a JSON Pointer: `/events/1` for the event itself.
    for (const bad of [null, 'text', 7, ['a']]) {
      const r = readCaseLog([{ correlationId: 'c', event: 'a' }, bad]);
      expect(r).toEqual({ ok: false, problem: { index: 1, field: '', message: expect.stringMatching(/JSON object/) } });
    }
  });

  it('refuses an empty activity', () => {
    // docs/discovery.md: an event without a case or an activity (missing, empty, not text) is refused.
    expect(readCaseLog([{ correlationId: 'c', event: '' }])).toEqual({
      ok: false,
      problem: { index: 0, field: 'event', message: 'field "event" (the activity) is missing, empty or not text' },
    });
  });

  it('refuses an empty case, as the doc says, rather than making "" a case', () => {
    // docs/discovery.md: an event without a case (missing, empty, not text) is refused.
    expect(
      readCaseLog([
        { correlationId: 'c', event: 'a' },
        { correlationId: '', event: 'a' },
      ]),
    ).toEqual({
      ok: false,
      problem: {
        index: 1,
        field: 'correlationId',
        message: 'field "correlationId" (the case) is missing, empty or not text',
      },
    });
  });
});
