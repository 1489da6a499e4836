import { describe, expect, it } from 'vitest';
import { discover, dfgFile, filterDfg, readCaseLog } from '../../../src/engine/discovery';

// The log, in order (case activity time-ms). Traces: c1 a b c d, c2 a c d, c3 a b c d.
//  1 c1 a 0      2 c2 a 100     3 c1 b 1000 (ISO)  4 c2 c 600   5 c1 c 1500   6 c3 a 5000
//  7 c2 d 700    8 c3 b 8000    9 c1 d 2500        10 c3 c 8500  11 c3 d (no time)
const ev = (c: string, a: string, t?: number | string) => ({
  targetDataSourceId: 'src',
  correlationId: c,
  event: a,
  ...(t === undefined ? {} : { timestamp: t }),
});
const LOG = [
  ev('c1', 'a', 0),
  ev('c2', 'a', 100),
  ev('c1', 'b', '1970-01-01T00:00:01.000Z'),
  ev('c2', 'c', 600),
  ev('c1', 'c', 1500),
  ev('c3', 'a', 5000),
  ev('c2', 'd', 700),
  ev('c3', 'b', 8000),
  ev('c1', 'd', 2500),
  ev('c3', 'c', 8500),
  ev('c3', 'd'),
];

function discovered(events: unknown[] = LOG, fields = {}) {
  const r = readCaseLog(events, fields);
  if (!r.ok) throw new Error(r.problem.message);
  return discover(r.log);
}

describe('discover', () => {
  it('counts activities, edges, starts, ends and variants of a small log (by hand)', () => {
    const d = discovered();
    expect(d.cases).toBe(3);
    expect(d.events).toBe(11);
    expect(d.activities).toEqual({ a: 3, c: 3, d: 3, b: 2 });
    expect(Object.keys(d.activities)).toEqual(['a', 'c', 'd', 'b']);
    expect(d.edges.map(({ from, to, count }) => ({ from, to, count }))).toEqual([
      { from: 'c', to: 'd', count: 3 },
      { from: 'a', to: 'b', count: 2 },
      { from: 'b', to: 'c', count: 2 },
      { from: 'a', to: 'c', count: 1 },
    ]);
    expect(d.starts).toEqual({ a: 3 });
    expect(d.ends).toEqual({ d: 3 });
    expect(d.variants).toEqual([
      { trace: ['a', 'b', 'c', 'd'], count: 2 },
      { trace: ['a', 'c', 'd'], count: 1 },
    ]);
  });

  it('measures the time along each edge where both events have one', () => {
    const time = Object.fromEntries(discovered().edges.map((e) => [`${e.from}>${e.to}`, e.time]));
    expect(time['a>b']).toEqual({ n: 2, meanMs: 2000, medianMs: 2000, p90Ms: 2800, minMs: 1000, maxMs: 3000 });
    expect(time['b>c']).toEqual({ n: 2, meanMs: 500, medianMs: 500, p90Ms: 500, minMs: 500, maxMs: 500 });
    // c3's d has no time: only c1 (1000) and c2 (100) count.
    expect(time['c>d']).toEqual({ n: 2, meanMs: 550, medianMs: 550, p90Ms: 910, minMs: 100, maxMs: 1000 });
    expect(time['a>c']).toEqual({ n: 1, meanMs: 500, medianMs: 500, p90Ms: 500, minMs: 500, maxMs: 500 });
  });

  it('times a pair only when both events have a time, keeping the longest however it comes', () => {
    // docs/discovery.md: the edge collects the time between the two events where both have one.
    // k1's a has no time, so its a>b counts but is not timed; k2 takes 5000 ms, k3 (later) 2000 ms.
    const d = discovered([
      ev('k1', 'a'),
      ev('k1', 'b', 100),
      ev('k2', 'a', 0),
      ev('k2', 'b', 5000),
      ev('k3', 'a', 0),
      ev('k3', 'b', 2000),
    ]);
    expect(d.edges).toEqual([
      {
        from: 'a',
        to: 'b',
        count: 3,
        time: { n: 2, meanMs: 3500, medianMs: 3500, p90Ms: 4700, minMs: 2000, maxMs: 5000 },
      },
    ]);
  });

  it('tells a long trace of one activity from a one-event trace of another', () => {
    // k1 runs a three times, k2 does b once: two variants of one case each, by name a… before b.
    const d = discovered([ev('k1', 'a'), ev('k1', 'a'), ev('k1', 'a'), ev('k2', 'b')]);
    expect(d.variants).toEqual([
      { trace: ['a', 'a', 'a'], count: 1 },
      { trace: ['b'], count: 1 },
    ]);
    expect(d.edges.map((e) => [e.from, e.to, e.count])).toEqual([['a', 'a', 2]]);
  });

  it('breaks ties by name and writes the dfg file with exactly the documented keys', () => {
    // x and y once each, both starts and ends: order by name.
    const d = discovered([ev('k2', 'y'), ev('k1', 'x')]);
    expect(Object.keys(d.activities)).toEqual(['x', 'y']);
    expect(d.variants).toEqual([
      { trace: ['x'], count: 1 },
      { trace: ['y'], count: 1 },
    ]);
    expect(Object.keys(dfgFile(d))).toEqual(['activities', 'edges', 'starts', 'ends', 'variants']);
  });

  it("reads other case and activity fields, and the original tool's event shape", () => {
    const d = discovered(
      [
        { Pid: '7', action: 'login' },
        { Pid: '7', action: 'logout' },
      ],
      { case: 'Pid', activity: 'action' },
    );
    expect(d.edges.map((e) => [e.from, e.to, e.count])).toEqual([['login', 'logout', 1]]);
    const typed = discovered([
      { type: 'open', data: { correlationId: 'o1' } },
      { type: 'close', data: { correlationId: 'o1' } },
    ]);
    expect(typed.variants).toEqual([{ trace: ['open', 'close'], count: 1 }]);
  });

  it("takes the activity of an event in the original tool's shape from data.event before its type", () => {
    // docs/discovery.md: the activity is `data.event` for `{type, data}` events, else `type`.
    const typed = discovered([
      { type: 'order', data: { correlationId: 'o1', event: 'placed' } },
      { type: 'order', data: { correlationId: 'o1' } },
      { type: 'order', data: { correlationId: 'o1', event: 'paid' } },
    ]);
    expect(typed.variants).toEqual([{ trace: ['placed', 'order', 'paid'], count: 1 }]);
  });

  it('reads a dotted field name as a nested field, and a path through null as a missing field', () => {
    // docs/discovery.md: a dotted name (`data.user`) reads a nested field; an event without a case
    // is refused, naming the event and the field.
    const fields = { case: 'data.user', activity: 'data.step' };
    const nested = discovered(
      [
        { data: { user: 'u1', step: 'login' } },
        { data: { user: 'u2', step: 'login' } },
        { data: { user: 'u1', step: 'logout' } },
      ],
      fields,
    );
    expect(nested.cases).toBe(2);
    // One case each, so ties by name: a trace before its own continuation.
    expect(nested.variants).toEqual([
      { trace: ['login'], count: 1 },
      { trace: ['login', 'logout'], count: 1 },
    ]);
    expect(readCaseLog([{ data: { user: 'u1', step: 'login' } }, { data: null, step: 'x' }], fields)).toEqual({
      ok: false,
      problem: { index: 1, field: 'data.user', message: 'field "data.user" (the case) is missing, empty or not text' },
    });
  });

  it('names the event and the field it cannot read', () => {
    expect(readCaseLog([ev('c1', 'a'), { correlationId: 'c1' }])).toEqual({
      ok: false,
      problem: { index: 1, field: 'event', message: 'field "event" (the activity) is missing, empty or not text' },
    });
    expect(readCaseLog([{ event: 'a' }])).toMatchObject({ ok: false, problem: { index: 0, field: 'correlationId' } });
    expect(readCaseLog([ev('c', 'a', 'yesterday')])).toMatchObject({
      ok: false,
      problem: { index: 0, field: 'timestamp' },
    });
  });
});

describe('filterDfg', () => {
  it('keeps the most frequent variants up to a coverage', () => {
    // 3 cases, 50 % = 1.5 cases: the top variant (2 cases) covers it.
    const f = filterDfg(discovered(), { variants: 50 });
    expect(f.cases).toBe(2);
    expect(f.events).toBe(8);
    expect(f.activities).toEqual({ a: 2, b: 2, c: 2, d: 2 });
    expect(f.edges.map((e) => [e.from, e.to, e.count])).toEqual([
      ['a', 'b', 2],
      ['b', 'c', 2],
      ['c', 'd', 2],
    ]);
    expect(f.variants).toEqual([{ trace: ['a', 'b', 'c', 'd'], count: 2 }]);
  });

  it('keeps the most frequent activities and projects the traces onto them', () => {
    // 4 activities, 50 % = 2: a and c (3 each; d also has 3 but "c" < "d").
    const f = filterDfg(discovered(), { activities: 50 });
    expect(f.activities).toEqual({ a: 3, c: 3 });
    expect(f.edges).toEqual([
      { from: 'a', to: 'c', count: 3, time: { n: 1, meanMs: 500, medianMs: 500, p90Ms: 500, minMs: 500, maxMs: 500 } },
    ]);
    expect(f.starts).toEqual({ a: 3 });
    expect(f.ends).toEqual({ c: 3 });
    expect(f.variants).toEqual([{ trace: ['a', 'c'], count: 3 }]);
  });

  it("keeps the busiest paths plus each activity's busiest way in and out", () => {
    // 4 edges, 25 % = 1 (c>d); busiest in: b a>b, c b>c, d c>d; busiest out: a a>b, b b>c, c c>d.
    const f = filterDfg(discovered(), { paths: 25 });
    expect(f.edges.map((e) => `${e.from}>${e.to}`)).toEqual(['c>d', 'a>b', 'b>c']);
    expect(f.activities).toEqual({ a: 3, c: 3, d: 3, b: 2 });
  });

  it('returns the same graph for 100 %', () => {
    const d = discovered();
    expect(filterDfg(d, { activities: 100, paths: 100, variants: 100 })).toBe(d);
  });
  it('returns the same graph when no share is given, or only 100 % beside absent ones', () => {
    // "with no filter (or every share 100) the same graph" (filter.ts): an absent share keeps all.
    const d = discovered();
    expect(filterDfg(d, {})).toBe(d);
    expect(filterDfg(d, { variants: 100 })).toBe(d);
  });
});
