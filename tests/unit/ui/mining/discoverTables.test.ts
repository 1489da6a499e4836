// The Discover screen's pure parts: table rows, slider filter, conformance figures, heat, the
// layered layout's columns, the sources and the route. Expected values worked out by hand from the
// small discovery beside them.
import { describe, expect, it } from 'vitest';
import type { ConformanceReport, Discovery } from '../../../../src/contract/mining';
import { EMPTY_ROUTE, formatRoute, parseRoute } from '../../../../src/ui/context/routes';
import { layersOf, layoutDfg } from '../../../../src/ui/state/mining/layout';
import { caseHref, parseSource, runSource } from '../../../../src/ui/state/mining/source';
import {
  activityRows,
  conformanceFigures,
  formatMs,
  pathRows,
  percentText,
  sliderFilter,
  stateHeat,
  variantRows,
} from '../../../../src/ui/state/mining/tables';

// The log: case 1 = a b c, case 2 = a b c, case 3 = a c, case 4 = a b b c (b→b a loop).
const d: Discovery = {
  cases: 4,
  events: 12,
  activities: { a: 4, b: 4, c: 4 },
  edges: [
    { from: 'a', to: 'b', count: 3, time: { n: 2, meanMs: 1500, minMs: 1000, maxMs: 2000 } },
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
    expect(rows[0]).toEqual({ from: 'a', to: 'b', count: 3, meanTime: '1.5 s' });
    expect(rows[1]!.meanTime).toBe('');
    expect(rows.map((r) => `${r.from}${r.to}`)).toEqual(['ab', 'bc', 'ac', 'bb']);
  });

  it('words durations and percentages', () => {
    expect(formatMs(850)).toBe('850 ms');
    expect(formatMs(90_000)).toBe('1.5 min');
    expect(formatMs(5_400_000)).toBe('1.5 h');
    expect(formatMs(172_800_000)).toBe('2.0 d');
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
});

describe('Discover layout', () => {
  it('puts each activity one column after its nearest predecessor from a start', () => {
    // a starts (1); b and c follow a (2); the loop b→b changes nothing.
    expect(Object.fromEntries(layersOf(d))).toEqual({ a: 1, b: 2, c: 2 });
    // x is reached by no path from a start: after the last column.
    const lone = { ...d, activities: { ...d.activities, x: 1 } };
    expect(layersOf(lone).get('x')).toBe(3);
  });

  it('draws start, the activities and end, and one edge per start, path and end', () => {
    const l = layoutDfg(d);
    expect(l.nodes.map((n) => `${n.label}@${n.layer}`)).toEqual(['start@0', 'a@1', 'b@2', 'c@2', 'end@3']);
    // 1 start edge + 4 paths + 1 end edge.
    expect(l.edges).toHaveLength(6);
    expect(l.edges.map((e) => `${e.from}>${e.to}:${e.count}`)).toContain('start>a:4');
    expect(l.edges.map((e) => `${e.from}>${e.to}:${e.count}`)).toContain('c>end:4');
    const [, a, b, c] = l.nodes;
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(c!.x).toBe(b!.x);
    expect(c!.y).toBeGreaterThan(b!.y);
  });
});

describe('Discover sources and route', () => {
  it('names a parse and a run source', () => {
    expect(parseSource({ name: 'cfg' }, 'sshd.log')).toEqual({
      source: { parse: { config: { name: 'cfg' } } },
      label: 'the parse of sshd.log',
      name: 'Discovered from sshd.log',
    });
    expect(runSource('t1', 'x1', 'Orders').source).toEqual({
      execution: { templateId: 't1', executionId: 'x1', from: 'events' },
    });
    expect(runSource('t1', 'x1').name).toBe('Discovered from t1');
    expect(caseHref(runSource('t1', 'x1'), 'c 7')).toBe('?template=t1&execution=x1&lineage=c+7');
    expect(caseHref(parseSource({}, 'a.log'), 'c7')).toBeNull();
  });

  it('round-trips the discover view, with a run only when both ids are there', () => {
    const r = { ...EMPTY_ROUTE, view: 'discover' as const, template: 't1', execution: 'x1' };
    expect(formatRoute(r)).toBe('?view=discover&template=t1&execution=x1');
    expect(parseRoute(formatRoute(r))).toEqual(r);
    expect(formatRoute({ ...EMPTY_ROUTE, view: 'discover' })).toBe('?view=discover');
    expect(parseRoute('?view=discover&template=t1')).toEqual({ ...EMPTY_ROUTE, view: 'discover' });
  });
});
