// The Discover screen's pure parts: table rows, slider filter, conformance figures, heat, the
// layered layout's columns, the sources and the route. Expected values worked out by hand from the
// small discovery beside them.
import { describe, expect, it } from 'vitest';
import type { ConformanceReport, Discovery } from '../../../../src/contract/discovery';
import { EMPTY_ROUTE, formatRoute, parseRoute } from '../../../../src/ui/context/routes';
import { layoutDfg, NODE_H, NODE_W } from '../../../../src/ui/state/discovery/layout';
import { caseHref, parseSource, runSource } from '../../../../src/ui/state/discovery/source';
import {
  activityRows,
  conformanceFigures,
  nothingReplayedText,
  formatMs,
  pathRows,
  percentText,
  sliderFilter,
  stateHeat,
  variantRows,
} from '../../../../src/ui/state/discovery/tables';

// The log: case 1 = a b c, case 2 = a b c, case 3 = a c, case 4 = a b b c (b→b a loop).
const d: Discovery = {
  cases: 4,
  events: 12,
  activities: { a: 4, b: 4, c: 4 },
  edges: [
    {
      from: 'a',
      to: 'b',
      count: 3,
      time: { n: 2, meanMs: 1500, medianMs: 1500, p90Ms: 1900, minMs: 1000, maxMs: 2000 },
    },
    { from: 'b', to: 'c', count: 3 },
    { from: 'a', to: 'c', count: 1 },
    { from: 'b', to: 'b', count: 1 },
  ],
  starts: { a: 4 },
  ends: { c: 4 },
  variants: [
    { trace: ['a', 'b', 'c'], count: 2 },
    { trace: ['a', 'b', 'b', 'c'], count: 1 },
    { trace: ['a', 'c'], count: 1 },
  ],
};

describe('Discover tables', () => {
  it('lists activities by count, ties by name, with starts and ends', () => {
    expect(activityRows(d)).toEqual([
      { name: 'a', count: 4, starts: 4, ends: 0 },
      { name: 'b', count: 4, starts: 0, ends: 0 },
      { name: 'c', count: 4, starts: 0, ends: 4 },
    ]);
    expect(activityRows({ ...d, activities: { z: 1, y: 5 } }).map((r) => r.name)).toEqual(['y', 'z']);
  });

  it('lists paths in the answer order with their mean time', () => {
    const rows = pathRows(d);
    expect(rows[0]).toEqual({
      from: 'a',
      to: 'b',
      count: 3,
      meanTime: '1.5 s',
      medianTime: '1.5 s',
      p90Time: '1.9 s',
      maxTime: '2 s',
    });
    expect(rows[1]).toMatchObject({ meanTime: '', medianTime: '', p90Time: '', maxTime: '' });
    expect(rows.map((r) => `${r.from}${r.to}`)).toEqual(['ab', 'bc', 'ac', 'bb']);
  });

  it('words durations and percentages', () => {
    expect(formatMs(850)).toBe('850 ms');
    expect(formatMs(999.4)).toBe('999 ms');
    expect(formatMs(999.6)).toBe('1 s');
    expect(formatMs(1_234)).toBe('1.2 s');
    expect(formatMs(2_000)).toBe('2 s');
    expect(formatMs(9_960)).toBe('10 s');
    expect(formatMs(42_400)).toBe('42 s');
    expect(formatMs(59_600)).toBe('1 min');
    expect(formatMs(90_000)).toBe('1 min 30 s');
    expect(formatMs(184_000)).toBe('3 min 4 s');
    expect(formatMs(3_599_700)).toBe('1 h');
    expect(formatMs(7_200_000)).toBe('2 h');
    expect(formatMs(5_400_000)).toBe('1 h 30 min');
    expect(formatMs(172_800_000)).toBe('2 d');
    expect(formatMs(187_200_000)).toBe('2 d 4 h');
    expect(formatMs(-1_500)).toBe('−1.5 s');
    expect(formatMs(Number.NaN)).toBe('—');
    expect(percentText(1)).toBe('100 %');
    expect(percentText(0.825)).toBe('82.5 %');
    expect(percentText(2 / 3)).toBe('66.7 %');
    expect(percentText(Number.NaN)).toBe('—');
  });

  it('ranks variants with their trace and share of the cases', () => {
    expect(variantRows(d)).toEqual([
      { rank: 1, trace: 'a → b → c', length: 3, count: 2, share: '50 %' },
      { rank: 2, trace: 'a → b → b → c', length: 4, count: 1, share: '25 %' },
      { rank: 3, trace: 'a → c', length: 2, count: 1, share: '25 %' },
    ]);
    expect(variantRows(d, 1)).toHaveLength(1);
  });

  it('clamps the sliders to whole percentages 1–100', () => {
    expect(sliderFilter(50, 100)).toEqual({ activities: 50, paths: 100 });
    expect(sliderFilter(0, 140.4)).toEqual({ activities: 1, paths: 100 });
    expect(sliderFilter(33.6, Number.NaN)).toEqual({ activities: 34, paths: 100 });
  });

  it('states a conformance report and its heat per state', () => {
    const r: ConformanceReport = {
      fsm: 'process',
      cases: 4,
      fittingCases: 3,
      events: 12,
      consumedEvents: 11,
      eventFitness: 11 / 12,
      caseFitness: 0.75,
      deviations: [{ case: '3', index: 1, event: 'c', state: 'a', position: 8 }],
      byState: { a: 1, b: 4 },
      byEvent: { c: 1 },
    };
    expect(conformanceFigures(r)).toEqual({
      eventFitness: '91.7 %',
      caseFitness: '75 %',
      fitting: '3 of 4',
      consumed: '11 of 12',
    });
    expect(stateHeat(r.byState)).toEqual({ a: 0.25, b: 1 });
    expect(stateHeat({})).toEqual({});
  });

  it('says no event reached the FSM instead of stating a fitness when none was replayed', () => {
    // The report of events all addressed elsewhere: no case, fitness 1 by convention — which measures nothing.
    const none: ConformanceReport = {
      fsm: 'session',
      cases: 0,
      fittingCases: 0,
      events: 0,
      consumedEvents: 0,
      eventFitness: 1,
      caseFitness: 1,
      deviations: [],
      byState: {},
      byEvent: {},
    };
    expect(nothingReplayedText(none)).toMatch(
      /^No event reached FSM session: none is addressed to a DataSource that feeds it/,
    );
    expect(nothingReplayedText({ ...none, events: 1, consumedEvents: 1, cases: 1, fittingCases: 1 })).toBeNull();
  });
});

describe('Discover layout', () => {
  type Box = { x: number; y: number; w: number; h: number };
  const overlap = (p: Box, q: Box) => p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
  const nodeBox = (n: { x: number; y: number }): Box => ({ x: n.x, y: n.y, w: NODE_W, h: NODE_H });
  // A count label's box as the SVG draws it: centred on lx, baseline at ly (11 px text).
  const labelBox = (e: { lx: number; ly: number; count: number }): Box => {
    const w = String(e.count).length * 6.5;
    return { x: e.lx - w / 2, y: e.ly - 10, w, h: 12 };
  };
  const ends = (path: string) => {
    const nums = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
    return { x1: nums[0]!, y1: nums[1]!, x2: nums[nums.length - 2]!, y2: nums[nums.length - 1]! };
  };
  const onBorder = (b: Box, x: number, y: number) =>
    x >= b.x - 1 && x <= b.x + b.w + 1 && y >= b.y - 1 && y <= b.y + b.h + 1;

  it('ranks start, the activities along their longest path, and end; one edge per start, path and end', () => {
    const l = layoutDfg(d);
    // a→b→c forces c a rank after b (a→c spans two ranks); the loop b→b changes nothing.
    expect(l.nodes.map((n) => `${n.label}@${n.layer}`)).toEqual(['start@0', 'a@1', 'b@2', 'c@3', 'end@4']);
    expect(l.edges.map((e) => `${e.from}>${e.to}:${e.count}`).sort()).toEqual(
      ['start>a:4', 'a>b:3', 'b>c:3', 'a>c:1', 'b>b:1', 'c>end:4'].sort(),
    );
    const xs = l.nodes.map((n) => n.x);
    expect(xs).toEqual([...xs].sort((p, q) => p - q));
  });

  it('draws every edge from its source to its target, inside the drawing, with no node or label on another', () => {
    // Eight activities, every one followed by the next three (wrapping round: loops back), and a
    // self-loop on every third: a tangle like a real log's.
    const names = ['accept', 'auth', 'close', 'deny', 'error', 'fail', 'greet', 'hold'];
    const edges = names.flatMap((a, i) => [
      ...[1, 2, 3].map((k) => ({ from: a, to: names[(i + k) % names.length]!, count: 10 + i * 7 + k })),
      ...(i % 3 === 0 ? [{ from: a, to: a, count: 5 }] : []),
    ]);
    const big: Discovery = {
      ...d,
      activities: Object.fromEntries(names.map((n, i) => [n, 100 + i])),
      edges,
      starts: { accept: 60, deny: 40 },
      ends: { close: 70, hold: 30 },
    };
    const l = layoutDfg(big);
    expect(l.nodes).toHaveLength(names.length + 2);
    expect(l.edges).toHaveLength(edges.length + 4);
    const boxes = l.nodes.map(nodeBox);
    for (const [i, b] of boxes.entries()) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(l.width);
      expect(b.y + b.h).toBeLessThanOrEqual(l.height);
      for (const other of boxes.slice(i + 1)) expect(overlap(b, other)).toBe(false);
    }
    const byLabel = new Map(l.nodes.map((n) => [n.label, nodeBox(n)]));
    const labels = l.edges.map(labelBox);
    for (const [i, e] of l.edges.entries()) {
      const { x1, y1, x2, y2 } = ends(e.d);
      expect(onBorder(byLabel.get(e.from)!, x1, y1), `${e.from}→${e.to} starts at its source`).toBe(true);
      expect(onBorder(byLabel.get(e.to)!, x2, y2), `${e.from}→${e.to} ends at its target`).toBe(true);
      for (const b of boxes) expect(overlap(labels[i]!, b), `label of ${e.from}→${e.to} on a node`).toBe(false);
      for (const [j, other] of labels.entries())
        if (j !== i)
          expect(overlap(labels[i]!, other), `labels of ${e.from}→${e.to} and edge ${j} overlap`).toBe(false);
      // The curve stays inside the drawing: the points it passes through (every third number pair
      // after the start is one; the others are control points) are all inside.
      const pts = (e.d.match(/-?\d+(\.\d+)?,-?\d+(\.\d+)?/g) ?? []).map((p) => p.split(',').map(Number));
      for (const [x, y] of pts.filter((_, k) => k % 3 === 0)) {
        expect(x, `${e.from}→${e.to} x`).toBeGreaterThanOrEqual(0);
        expect(y, `${e.from}→${e.to} y`).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(l.width);
        expect(y).toBeLessThanOrEqual(l.height);
      }
    }
  });

  it("does not depend on the order of the discovery's maps and lists", () => {
    const shuffled: Discovery = {
      ...d,
      activities: { c: 4, b: 4, a: 4 },
      edges: [...d.edges].reverse(),
    };
    expect(layoutDfg(shuffled)).toEqual(layoutDfg(d));
  });
});
