/**
 * The performance map's figures (issue 42, docs/discovery.md, "Performance map"): what an edge and an
 * activity say in each mode, how thick and how hot each edge is drawn, the slowest edges
 * (`Bottlenecks`) and the case durations in words. Pure functions of the discovery and its layout, so
 * the components only draw them and the tests check them by hand.
 */
import type { Discovery, DurationStats } from '../../../contract/discovery';
import type { LaidEdge } from './layout';
import { formatMs } from './tables';

export type MapMode = 'frequency' | 'performance';

export interface BottleneckRow {
  from: string;
  to: string;
  /** Pairs with both times. */
  n: number;
  meanMs: number;
  mean: string;
  median: string;
  p90: string;
  max: string;
}

/**
 * Pure. The `limit` slowest edges by mean time (edges with times only), slowest first; ties by the
 * busier edge (more timed pairs), then by names (code-unit order).
 */
export function bottlenecks(d: Discovery, limit = 5): BottleneckRow[] {
  const by = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return d.edges
    .filter((e) => e.time !== undefined && e.time.n > 0)
    .map((e) => ({ e, t: e.time! }))
    .sort((x, y) => y.t.meanMs - x.t.meanMs || y.t.n - x.t.n || by(x.e.from, y.e.from) || by(x.e.to, y.e.to))
    .slice(0, limit)
    .map(({ e, t }) => ({
      from: e.from,
      to: e.to,
      n: t.n,
      meanMs: t.meanMs,
      mean: formatMs(t.meanMs),
      median: formatMs(t.medianMs),
      p90: formatMs(t.p90Ms),
      max: formatMs(t.maxMs),
    }));
}

export interface EdgeLook {
  /** The label on the map. */
  label: string;
  /** Stroke width in px, 1–5. */
  width: number;
  /** 0–1: how hot the edge is drawn (performance mode: its mean time over the slowest edge's). */
  heat: number;
  /** The tooltip. */
  title: string;
}

/**
 * Pure. How each laid-out edge is drawn in `mode`. Frequency: the count as label, width by count.
 * Performance: the mean time as label, and width and heat by its logarithm (ln(1 + ms)) over the
 * slowest edge's; edges
 * without times (to and from the start and end markers, or pairs never both timed) are thin, cold and
 * unlabelled. The tooltip says the median, p90 and longest too.
 */
export function edgeLooks(edges: readonly LaidEdge[], mode: MapMode): EdgeLook[] {
  const maxCount = Math.max(1, ...edges.map((e) => e.count));
  const maxMean = Math.max(0, ...edges.map((e) => e.time?.meanMs ?? 0));
  return edges.map((e) => {
    const times = e.time
      ? ` · mean ${formatMs(e.time.meanMs)}, median ${formatMs(e.time.medianMs)}, p90 ${formatMs(e.time.p90Ms)}, max ${formatMs(e.time.maxMs)}`
      : '';
    const title = `${e.from} → ${e.to}: ${e.count}${times}`;
    if (mode === 'frequency') return { label: String(e.count), width: 1 + 3 * (e.count / maxCount), heat: 0, title };
    if (!e.time) return { label: '', width: 1, heat: 0, title };
    // On a log scale: times in a log span orders of magnitude (0 ms to minutes), and a linear scale
    // left every edge but the slowest one thin and cold.
    const heat = maxMean > 0 ? Math.log1p(Math.max(0, e.time.meanMs)) / Math.log1p(maxMean) : 0;
    return { label: formatMs(e.time.meanMs), width: 1 + 4 * heat, heat, title };
  });
}

/**
 * Pure. What an activity's box says under its name in performance mode: how long cases stay after it
 * before their next event (its sojourn's mean), or `no timed next event` for an activity nothing
 * follows in time (the last of its cases); null when the log has no times at all.
 */
export function sojournText(d: Discovery, activity: string): string | null {
  const s = d.sojourn?.[activity];
  if (s && s.n > 0) return `stays ${formatMs(s.meanMs)}`;
  return d.sojourn ? 'no timed next event' : null;
}

/** Pure. The case durations in a sentence (the histogram's text alternative); null without durations. */
export function durationsText(stats: DurationStats | undefined): string | null {
  if (!stats || stats.n === 0) return null;
  const cases = stats.n === 1 ? '1 case' : `${stats.n.toLocaleString('en')} cases`;
  return `Case durations over ${cases}: median ${formatMs(stats.medianMs)}, 90th percentile ${formatMs(stats.p90Ms)}, shortest ${formatMs(stats.minMs)}, longest ${formatMs(stats.maxMs)}.`;
}
