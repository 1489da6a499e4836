/**
 * The Discover screen's text: the rows of its Activities, Paths and Variants tables, the filter the
 * sliders ask for, and the figures of a conformance report — pure functions of the API's answers
 * (src/contract/discovery.ts), so the components only render them and the tests check them by hand.
 */
import type { ConformanceReport, DfgFilter, Discovery } from '../../../contract/discovery';

export interface ActivityRow {
  name: string;
  count: number;
  starts: number;
  ends: number;
}

export interface PathRow {
  from: string;
  to: string;
  count: number;
  /** The mean time between the two events, in words; '' when the log has no times for the edge. */
  meanTime: string;
  /** Its median, 90th percentile and longest, in words; '' without times. */
  medianTime: string;
  p90Time: string;
  maxTime: string;
}

export interface VariantRow {
  rank: number;
  trace: string;
  length: number;
  count: number;
  /** Share of the cases, as a percentage text. */
  share: string;
}

/** Pure. Activities by count (most first), ties by name, with how often each starts and ends a case. */
export function activityRows(d: Discovery): ActivityRow[] {
  return Object.entries(d.activities)
    .map(([name, count]) => ({ name, count, starts: d.starts[name] ?? 0, ends: d.ends[name] ?? 0 }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Pure. A duration in ms in human units, at most two of them: `850 ms`, `1.2 s` (one decimal under
 * 10 s), `42 s`, `3 min 4 s`, `2 h`, `2 h 5 min`, `3 d 4 h`. Rounded to the smaller unit shown, so
 * 59.6 s reads `1 min`, never `60 s`. Negative durations (a log whose times go back) keep their sign.
 */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 0) return `−${formatMs(-ms)}`;
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  if (ms < 9_950) {
    const s = Math.round(ms / 100) / 10;
    return `${Number.isInteger(s) ? s.toFixed(0) : s.toFixed(1)} s`;
  }
  const two = (big: number, bigUnit: string, small: number, smallUnit: string) => {
    const total = Math.round(ms / small);
    const per = big / small;
    const hi = Math.floor(total / per);
    const lo = total - hi * per;
    return lo === 0 ? `${hi} ${bigUnit}` : `${hi} ${bigUnit} ${lo} ${smallUnit}`;
  };
  if (Math.round(ms / 1000) < 60) return `${Math.round(ms / 1000)} s`;
  if (Math.round(ms / 60_000) < 60) return two(60_000, 'min', 1000, 's');
  if (Math.round(ms / 3_600_000) < 24) return two(3_600_000, 'h', 60_000, 'min');
  return two(86_400_000, 'd', 3_600_000, 'h');
}

/** Pure. The edges in the answer's order (count order), with their mean time. */
export function pathRows(d: Discovery): PathRow[] {
  return d.edges.map((e) => ({
    from: e.from,
    to: e.to,
    count: e.count,
    meanTime: e.time && e.time.n > 0 ? formatMs(e.time.meanMs) : '',
    medianTime: e.time && e.time.n > 0 ? formatMs(e.time.medianMs) : '',
    p90Time: e.time && e.time.n > 0 ? formatMs(e.time.p90Ms) : '',
    maxTime: e.time && e.time.n > 0 ? formatMs(e.time.maxMs) : '',
  }));
}

/** Pure. A fraction 0–1 as a percentage text with one decimal (`87.5 %`); 1 is `100 %`. */
export function percentText(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—';
  const p = Math.round(fraction * 1000) / 10;
  return `${Number.isInteger(p) ? p.toFixed(0) : p.toFixed(1)} %`;
}

/** Pure. The first `limit` variants (count order), the trace joined with arrows, and its share of the cases. */
export function variantRows(d: Discovery, limit = 200): VariantRow[] {
  return d.variants.slice(0, limit).map((v, i) => ({
    rank: i + 1,
    trace: v.trace.join(' → '),
    length: v.trace.length,
    count: v.count,
    share: percentText(d.cases > 0 ? v.count / d.cases : 0),
  }));
}

/** Pure. The filter the sliders ask for, each clamped to a whole 1–100; 100 keeps everything. */
export function sliderFilter(activities: number, paths: number): DfgFilter {
  const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(1, Math.round(n))) : 100);
  return { activities: clamp(activities), paths: clamp(paths) };
}

export interface ConformanceFigures {
  eventFitness: string;
  caseFitness: string;
  fitting: string;
  consumed: string;
}

/** Pure. The report's headline figures as texts: fitness percentages and `fitting of cases`. */
export function conformanceFigures(r: ConformanceReport): ConformanceFigures {
  return {
    eventFitness: percentText(r.eventFitness),
    caseFitness: percentText(r.caseFitness),
    fitting: `${r.fittingCases.toLocaleString('en')} of ${r.cases.toLocaleString('en')}`,
    consumed: `${r.consumedEvents.toLocaleString('en')} of ${r.events.toLocaleString('en')}`,
  };
}

/**
 * Pure. What to say instead of the figures when no event was replayed — none reached the FSM
 * (addressed to a DataSource that does not feed it, or to none): the fitness the report carries for
 * no events (1) measures nothing. Null when events were replayed.
 */
export function nothingReplayedText(r: ConformanceReport): string | null {
  if (r.events > 0) return null;
  return `No event reached FSM ${r.fsm}: none is addressed to a DataSource that feeds it (by its targetDataSourceId, or in the original tool's shape by a type it listens for), so nothing was replayed and there is no fitness to report.`;
}

/**
 * Pure. The heat of each state for the overlay: its unconsumed events over the busiest state's, 0–1
 * (states absent from `byState` have none).
 */
export function stateHeat(byState: Record<string, number>): Record<string, number> {
  const max = Math.max(0, ...Object.values(byState));
  const out: Record<string, number> = {};
  if (max === 0) return out;
  for (const [k, v] of Object.entries(byState)) out[k] = v / max;
  return out;
}
