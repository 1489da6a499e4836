/**
 * The XES writer's exact text (docs/discovery.md, "XES and OCEL 2.0"): the round trip in
 * xes.test.ts reads attributes back and ignores layout, text between elements and attributes that
 * repeat a field, so these tests spell out the lines of small logs by hand — which fields become
 * `concept:name`, `time:timestamp` and `lifecycle:transition` and are therefore not repeated, how
 * lists and containers nest, what is left out — and how the file is handed out in 64 KiB chunks.
 */
import { describe, expect, it } from 'vitest';
import { readCaseLog, xesChunks } from '../../../src/engine/discovery';
import type { CaseFields } from '../../../src/contract/discovery';
import { sshdEvents } from './helpers';

const CLASSIFIER = '  <classifier name="Activity" keys="concept:name"/>\n';

/** The XES chunks of `events` read with `fields`. */
function chunksOf(events: Record<string, unknown>[], fields: CaseFields = {}): string[] {
  const r = readCaseLog(events, fields);
  if (!r.ok) throw new Error(r.problem.message);
  return [...xesChunks(events, r.log, fields)];
}

/** The text after the fixed head (extensions, globals, classifier): the log's name and its traces. */
function bodyOf(events: Record<string, unknown>[], fields: CaseFields = {}): string {
  const xml = chunksOf(events, fields).join('');
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<log xes.version="1849-2016"')).toBe(true);
  const at = xml.indexOf(CLASSIFIER);
  expect(at).toBeGreaterThan(0);
  return xml.slice(at + CLASSIFIER.length);
}

describe('XES export, line by line', () => {
  it('writes time and lifecycle once, the event’s own transition, and lists and containers nested under their key', () => {
    // 86,400,000 + 3,723,004 ms is 1970-01-02 01:02:03.004 UTC. The case (correlationId), the
    // activity (event) and the time (timestamp) are written as concept:name and time:timestamp
    // only; an event without a time has no date and one without a transition is `complete`.
    const body = bodyOf([
      {
        correlationId: 'c1',
        event: 'a',
        timestamp: 86_400_000 + 3_723_004,
        'lifecycle:transition': 'start',
        tags: ['x', 2.5],
        meta: { p: true, q: 'r' },
      },
      { correlationId: 'c1', event: 'b' },
    ]);
    expect(body).toBe(
      [
        '  <string key="concept:name" value="Flowledger events"/>',
        '  <trace>',
        '    <string key="concept:name" value="c1"/>',
        '    <event>',
        '      <string key="concept:name" value="a"/>',
        '      <date key="time:timestamp" value="1970-01-02T01:02:03.004Z"/>',
        '      <string key="lifecycle:transition" value="start"/>',
        '      <list key="tags">',
        '        <values>',
        '          <string key="0" value="x"/>',
        '          <float key="1" value="2.5"/>',
        '        </values>',
        '      </list>',
        '      <container key="meta">',
        '        <boolean key="p" value="true"/>',
        '        <string key="q" value="r"/>',
        '      </container>',
        '    </event>',
        '    <event>',
        '      <string key="concept:name" value="b"/>',
        '      <string key="lifecycle:transition" value="complete"/>',
        '    </event>',
        '  </trace>',
        '</log>',
        '',
      ].join('\n'),
    );
  });

  it('leaves out members JSON cannot carry (undefined, NaN, ±Infinity), as it leaves out null', () => {
    // A JavaScript caller (or the worker's structured clone) can hand over such members; they are
    // no XES value (a float is never "NaN" or "Infinity" text here), so they are no attribute at all.
    const body = bodyOf([
      { correlationId: 'c1', event: 'a', note: undefined, nan: NaN, inf: Infinity, ninf: -Infinity, gone: null, n: -3 },
    ]);
    expect(body).toBe(
      [
        '  <string key="concept:name" value="Flowledger events"/>',
        '  <trace>',
        '    <string key="concept:name" value="c1"/>',
        '    <event>',
        '      <string key="concept:name" value="a"/>',
        '      <string key="lifecycle:transition" value="complete"/>',
        '      <int key="n" value="-3"/>',
        '    </event>',
        '  </trace>',
        '</log>',
        '',
      ].join('\n'),
    );
  });

  it('with chosen case, activity and time fields repeats none of them, and the default names are plain fields', () => {
    // --case session --activity act --time at: the case 7 (a number) is the trace "7", the time
    // 16:39:54 at +01:30 is 15:09:54 UTC, and `event` and `timestamp` are ordinary attributes. The
    // second event is in the original tool's shape ({type, data}); its activity is still `act`.
    const body = bodyOf(
      [
        { session: 7, act: 'login', at: '2026-11-25T16:39:54+01:30', event: 'x', timestamp: 5 },
        { type: 'logout', session: 7, act: 'bye', data: { k: 1 } },
      ],
      { case: 'session', activity: 'act', time: 'at' },
    );
    expect(body).toBe(
      [
        '  <string key="concept:name" value="Flowledger events"/>',
        '  <trace>',
        '    <string key="concept:name" value="7"/>',
        '    <event>',
        '      <string key="concept:name" value="login"/>',
        '      <date key="time:timestamp" value="2026-11-25T15:09:54.000Z"/>',
        '      <string key="lifecycle:transition" value="complete"/>',
        '      <string key="event" value="x"/>',
        '      <int key="timestamp" value="5"/>',
        '    </event>',
        '    <event>',
        '      <string key="concept:name" value="bye"/>',
        '      <string key="lifecycle:transition" value="complete"/>',
        '      <string key="type" value="logout"/>',
        '      <container key="data">',
        '        <int key="k" value="1"/>',
        '      </container>',
        '    </event>',
        '  </trace>',
        '</log>',
        '',
      ].join('\n'),
    );
  });

  it('in the original tool’s shape the activity is the type, so a top-level event field is an ordinary attribute', () => {
    // docs/discovery.md: for {type, data} events (no target) the case is data.correlationId and the
    // activity data.event, else type; a top-level `event` is then not the activity field.
    const body = bodyOf([{ type: 'login', event: 'raw', data: { correlationId: 'u1' } }]);
    expect(body).toBe(
      [
        '  <string key="concept:name" value="Flowledger events"/>',
        '  <trace>',
        '    <string key="concept:name" value="u1"/>',
        '    <event>',
        '      <string key="concept:name" value="login"/>',
        '      <string key="lifecycle:transition" value="complete"/>',
        '      <string key="type" value="login"/>',
        '      <string key="event" value="raw"/>',
        '      <container key="data">',
        '        <string key="correlationId" value="u1"/>',
        '      </container>',
        '    </event>',
        '  </trace>',
        '</log>',
        '',
      ].join('\n'),
    );
  });

  it('hands the file out in chunks of about 64 KiB, each closed at the event that reached 65,536 characters', () => {
    // docs/discovery.md: the file is written as chunks of about 64 KiB as it is made. Every chunk
    // but the last ends with a whole event and reached the bound only with it; the next begins
    // with the next event or trace (nothing between), and the last closes the log.
    const chunks = chunksOf(sshdEvents());
    expect(chunks.length).toBeGreaterThan(2);
    const last = chunks.length - 1;
    chunks.forEach((chunk, i) => {
      if (i < last) {
        expect(chunk.length).toBeGreaterThanOrEqual(65_536);
        expect(chunk.endsWith('    </event>\n')).toBe(true);
        // The event before the last one ended below the bound, else the chunk would have closed there.
        const END = '    </event>\n';
        expect(chunk.lastIndexOf(END, chunk.length - END.length - 1) + END.length).toBeLessThan(65_536);
      }
      if (i > 0) expect(chunk).toMatch(/^( {4}<event>\n| {2}<\/trace>\n)/);
    });
    expect(chunks[last]!.endsWith('  </trace>\n</log>\n')).toBe(true);
    expect(chunks[last]!.length).toBeLessThan(65_536 + 18);
  });
});
