/**
 * The three Disco-style sliders of docs/discovery.md ("Filters") at their edges: a coverage reached
 * exactly or only by the last variant, 0 % (still at least one), and the busiest ways in and out
 * the paths slider adds (never a self-loop). Logs are built from traces; every expected graph is
 * counted by hand from them.
 */
import { describe, expect, it } from 'vitest';
import { discover, filterDfg, readCaseLog } from '../../../src/engine/discovery';
import type { Discovery } from '../../../src/contract/discovery';

/** The discovery of a log where each `[trace, n]` is followed by `n` cases (no times). */
function discoveredFrom(traces: [string[], number][]): Discovery {
  const events: Record<string, unknown>[] = [];
  let k = 0;
  for (const [trace, n] of traces)
    for (let i = 0; i < n; i++, k++) for (const a of trace) events.push({ correlationId: `k${k}`, event: a });
  const r = readCaseLog(events);
  if (!r.ok) throw new Error(r.problem.message);
  return discover(r.log);
}

/** Edges as `from>to:count`, in the graph's order. */
const edgesOf = (d: Discovery): string[] => d.edges.map((e) => `${e.from}>${e.to}:${e.count}`);

// docs/discovery.md's log: c1 and c3 a b c d, c2 a c d.
const ABCD: [string[], number][] = [
  [['a', 'b', 'c', 'd'], 2],
  [['a', 'c', 'd'], 1],
];

describe('filterDfg: variants', () => {
  it('keeps the next variant while the ones kept cover less than P % of the cases', () => {
    // 70 % of 3 cases = 2.1: the top variant covers 2, so the second is needed too — everything.
    const f = filterDfg(discoveredFrom(ABCD), { variants: 70 });
    expect(f.cases).toBe(3);
    expect(f.events).toBe(11);
    expect(f.variants).toEqual([
      { trace: ['a', 'b', 'c', 'd'], count: 2 },
      { trace: ['a', 'c', 'd'], count: 1 },
    ]);
    expect(f.starts).toEqual({ a: 3 });
    // Both variants end in d: 2 + 1.
    expect(f.ends).toEqual({ d: 3 });
    expect(edgesOf(f)).toEqual(['c>d:3', 'a>b:2', 'b>c:2', 'a>c:1']);
  });

  it('stops as soon as the variants kept cover exactly P % of the cases', () => {
    // 4 cases, 50 % = 2: the top variant (a b, 2 cases) covers it exactly.
    const f = filterDfg(
      discoveredFrom([
        [['a', 'b'], 2],
        [['a', 'c'], 1],
        [['b'], 1],
      ]),
      { variants: 50 },
    );
    expect(f.variants).toEqual([{ trace: ['a', 'b'], count: 2 }]);
    expect(f.cases).toBe(2);
  });

  it('keeps at least one variant and one activity at 0 %', () => {
    // docs/discovery.md: "(at least one)" for both sliders.
    const v = filterDfg(discoveredFrom(ABCD), { variants: 0 });
    expect(v.variants).toEqual([{ trace: ['a', 'b', 'c', 'd'], count: 2 }]);
    expect(v.cases).toBe(2);
    // Activities a, c, d 3 times each, b twice: the first by name among the most frequent is a;
    // every trace projected onto it is `a`.
    const a = filterDfg(discoveredFrom(ABCD), { activities: 0 });
    expect(a.activities).toEqual({ a: 3 });
    expect(a.variants).toEqual([{ trace: ['a'], count: 3 }]);
    expect(a.edges).toEqual([]);
    expect(a.starts).toEqual({ a: 3 });
    expect(a.ends).toEqual({ a: 3 });
  });
});

describe('filterDfg: paths', () => {
  it("adds each activity's busiest way in and busiest way out that the busiest paths leave out", () => {
    // Edges a>b 3, a>c 2, d>b 2. 1 % of 3 edges keeps one: a>b. c's busiest way in is a>c, d's
    // busiest way out d>b: both kept. No edge has a time, so none has a `time` field.
    const f = filterDfg(
      discoveredFrom([
        [['a', 'b'], 3],
        [['a', 'c'], 2],
        [['d', 'b'], 2],
      ]),
      { paths: 1 },
    );
    expect(f.edges).toStrictEqual([
      { from: 'a', to: 'b', count: 3 },
      { from: 'a', to: 'c', count: 2 },
      { from: 'd', to: 'b', count: 2 },
    ]);
  });

  it('keeps the busiest paths by count and never counts a self-loop as a way in or out', () => {
    // a b b twice, a a a a b once: a>a 3, a>b 2 + 1 = 3, b>b 2. One path kept: a>a (3, and "a" < "b"
    // breaks the tie with a>b). b's busiest way in and a's busiest way out are a>b; the self-loop b>b
    // is neither, so it goes. Activities keep their counts (a 2 + 4, b 4 + 1).
    const f = filterDfg(
      discoveredFrom([
        [['a', 'b', 'b'], 2],
        [['a', 'a', 'a', 'a', 'b'], 1],
      ]),
      { paths: 1 },
    );
    expect(edgesOf(f)).toEqual(['a>a:3', 'a>b:3']);
    expect(f.activities).toEqual({ a: 6, b: 5 });
  });
});
