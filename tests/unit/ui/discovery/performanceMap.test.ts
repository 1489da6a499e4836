import { describe, expect, it } from 'vitest';
import type { Discovery } from '../../../../src/contract/discovery';
import { EMPTY_ROUTE, formatRoute, parseRoute } from '../../../../src/ui/context/routes';
import type { DfgLayout } from '../../../../src/ui/state/discovery/layout';
import { mapSvg, mix, svgText } from '../../../../src/ui/state/discovery/mapSvg';
import { bottlenecks, durationsText, edgeLooks, sojournText } from '../../../../src/ui/state/discovery/performance';
import { edgeKey, variantHighlight, variantStatus } from '../../../../src/ui/state/discovery/variantsOnMap';
import { parseDiscoverView } from '../../../../src/ui/state/discovery/viewState';

const t = (meanMs: number, n: number, medianMs = meanMs, p90Ms = meanMs, maxMs = meanMs) => ({
  n,
  meanMs,
  medianMs,
  p90Ms,
  minMs: 0,
  maxMs,
});

// 10 cases: 6 × a b c, 3 × a c, 1 × a b b c.
const d: Discovery = {
  cases: 10,
  events: 29,
  activities: { a: 10, b: 8, c: 10 },
  edges: [
    { from: 'a', to: 'b', count: 7, time: t(2_000, 7, 1_500, 3_000, 4_000) },
    { from: 'b', to: 'c', count: 7, time: t(184_000, 7) },
    { from: 'a', to: 'c', count: 3, time: t(2_000, 3) },
    { from: 'b', to: 'b', count: 1 },
    { from: 'c', to: 'c', count: 0, time: t(9_000, 0) },
  ],
  starts: { a: 10 },
  ends: { c: 10 },
  variants: [
    { trace: ['a', 'b', 'c'], count: 6 },
    { trace: ['a', 'c'], count: 3 },
    { trace: ['a', 'b', 'b', 'c'], count: 1 },
  ],
  durations: { n: 10, meanMs: 150_000, medianMs: 186_000, p90Ms: 200_500, minMs: 2_000, maxMs: 7_200_000 },
  sojourn: { a: t(2_000, 10), b: t(184_000, 7) },
};

describe('performance map', () => {
  it('ranks the slowest edges by mean time, ties by the busier edge, only edges with times', () => {
    expect(bottlenecks(d)).toEqual([
      {
        from: 'b',
        to: 'c',
        n: 7,
        meanMs: 184_000,
        mean: '3 min 4 s',
        median: '3 min 4 s',
        p90: '3 min 4 s',
        max: '3 min 4 s',
      },
      { from: 'a', to: 'b', n: 7, meanMs: 2_000, mean: '2 s', median: '1.5 s', p90: '3 s', max: '4 s' },
      { from: 'a', to: 'c', n: 3, meanMs: 2_000, mean: '2 s', median: '2 s', p90: '2 s', max: '2 s' },
    ]);
    expect(bottlenecks(d, 1).map((r) => `${r.from}${r.to}`)).toEqual(['bc']);
  });

  it('labels, thickens and heats edges by count or by mean time (log scale)', () => {
    const edges = [
      { from: 'a', to: 'b', count: 7, time: d.edges[0]!.time, d: '', points: [], lx: 0, ly: 0 },
      { from: 'b', to: 'c', count: 7, time: d.edges[1]!.time, d: '', points: [], lx: 0, ly: 0 },
      { from: 'start', to: 'a', count: 14, d: '', points: [], lx: 0, ly: 0 },
    ];
    const freq = edgeLooks(edges, 'frequency');
    expect(freq.map((l) => [l.label, l.width, l.heat])).toEqual([
      ['7', 2.5, 0],
      ['7', 2.5, 0],
      ['14', 4, 0],
    ]);
    expect(freq[0]!.title).toBe('a → b: 7 · mean 2 s, median 1.5 s, p90 3 s, max 4 s');
    const perf = edgeLooks(edges, 'performance');
    // heat = ln(1 + 2000) / ln(1 + 184000) = 7.6014 / 12.1228 = 0.6270; width 1 + 4 × heat.
    expect(perf[0]!.label).toBe('2 s');
    expect(perf[0]!.heat).toBeCloseTo(0.627, 3);
    expect(perf[0]!.width).toBeCloseTo(3.508, 3);
    expect(perf[1]).toMatchObject({ label: '3 min 4 s', heat: 1, width: 5 });
    // An edge without times (start → a) is thin, cold and unlabelled in performance mode.
    expect(perf[2]).toMatchObject({ label: '', heat: 0, width: 1 });
  });

  it('says how long cases stay at an activity, and the durations in words', () => {
    expect(sojournText(d, 'b')).toBe('stays 3 min 4 s');
    expect(sojournText(d, 'c')).toBe('no timed next event');
    expect(sojournText({ ...d, sojourn: undefined }, 'b')).toBeNull();
    expect(durationsText(d.durations)).toBe(
      'Case durations over 10 cases: median 3 min 6 s, 90th percentile 3 min 21 s, shortest 2 s, longest 2 h.',
    );
    expect(durationsText(undefined)).toBeNull();
  });
});

describe('variants on the map', () => {
  it('lights the path of the selected variants, start and end included', () => {
    const h = variantHighlight(d, [2, 3])!;
    expect([...h.nodes].sort()).toEqual(['a', 'b', 'c', 'end', 'start']);
    expect([...h.edges].sort()).toEqual(
      [
        edgeKey('start', 'a'),
        edgeKey('a', 'c'),
        edgeKey('c', 'end'),
        edgeKey('a', 'b'),
        edgeKey('b', 'b'),
        edgeKey('b', 'c'),
      ].sort(),
    );
    expect(variantHighlight(d, [])).toBeNull();
    expect(variantHighlight(d, [9])).toBeNull();
  });

  it('states what the map shows', () => {
    expect(variantStatus(d, [])).toBe('All variants · 10 cases');
    expect(variantStatus(d, [2])).toBe('Variant 2 · 3 cases · 30 % of cases');
    expect(variantStatus(d, [1, 3, 9])).toBe('Variants 1, 3 · 7 cases · 70 % of cases');
    expect(variantStatus(d, [3])).toBe('Variant 3 · 1 case · 10 % of cases');
  });
});

describe('the Discover view in the address', () => {
  it('round-trips mode, filters and variants, leaving defaults out', () => {
    const route = {
      ...EMPTY_ROUTE,
      view: 'discover' as const,
      template: 't1',
      execution: 'x1',
      discover: { mode: 'performance' as const, activities: 60, paths: 80, variants: [3, 1, 3] },
    };
    const url = formatRoute(route);
    expect(url).toBe('?view=discover&template=t1&execution=x1&mode=performance&activities=60&paths=80&variants=1%2C3');
    expect(parseRoute(url)).toEqual({ ...route, discover: { ...route.discover, variants: [1, 3] } });
    const plain = { ...EMPTY_ROUTE, view: 'discover' as const, discover: parseDiscoverView(new URLSearchParams()) };
    expect(formatRoute(plain)).toBe('?view=discover');
    expect(parseRoute('?view=discover')).toEqual(plain);
  });

  it('reads malformed values as the defaults', () => {
    expect(parseDiscoverView(new URLSearchParams('mode=slow&activities=0&paths=150&variants=2,x,-1,2,1'))).toEqual({
      mode: 'frequency',
      activities: 100,
      paths: 100,
      variants: [1, 2],
    });
  });
});

describe('the map as an SVG file', () => {
  const layout: DfgLayout = {
    width: 300,
    height: 100,
    nodes: [{ id: '<a&b>', label: '<a&b>', kind: 'activity', count: 4, layer: 1, x: 10, y: 20 }],
    edges: [{ from: 'start', to: '<a&b>', count: 4, d: 'M0,0 C1,1 2,2 3,3', points: [], lx: 5, ly: 6 }],
  };
  const colours = {
    background: '#ffffff',
    surface: '#ffffff',
    text: '#000000',
    muted: '#555555',
    line: '#000000',
    accent: '#2563eb',
    accentSoft: '#e0eaff',
    hot: 'rgb(255, 0, 0)',
  };

  it('writes nodes and edges at their places, text escaped, in the given colours', () => {
    const svg = mapSvg(
      layout,
      [{ label: '1 s', width: 3, heat: 0.5, title: '' }],
      new Map([['<a&b>', 'stays 1 s']]),
      colours,
      'Map "x"',
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="140"')).toBe(true);
    expect(svg).toContain('<title>Map &#34;x&#34;</title>');
    expect(svg).toContain(
      '<path d="M0,0 C1,1 2,2 3,3" fill="none" stroke="#800000" stroke-width="3" marker-end="url(#a)"/>',
    );
    expect(svg).toContain('>1 s</text>');
    expect(svg).toContain('<g transform="translate(10,20)">');
    expect(svg).toContain('>&#60;a&#38;b&#62;</text>');
    expect(svg).toContain('>stays 1 s</text>');
    expect(svg).not.toContain('<a&b>');
  });

  it('mixes colours and escapes text', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('rgb(0, 0, 0)', '#ff0000', 1)).toBe('#ff0000');
    expect(mix('red', 'blue', 0.2)).toBe('red');
    expect(svgText(`<'&">`)).toBe('&#60;&#39;&#38;&#34;&#62;');
  });
});

describe('the case-duration histogram', () => {
  it('puts each bar at the middle of its range', async () => {
    const { histogramData } = await import('../../../../src/ui/controllers/chart/durationHistogram');
    expect(
      histogramData([
        { fromMs: 0, toMs: 1000, count: 4 },
        { fromMs: 1000, toMs: 2000, count: 0 },
        { fromMs: 2000, toMs: 3000, count: 1 },
      ]),
    ).toEqual([
      [500, 1500, 2500],
      [4, 0, 1],
    ]);
  });
});
