/**
 * The replay's model (issue 42, docs/discovery.md, "Replay"): which case is where at log time t.
 * Built once from the cases' timed steps (the discover answer's `replay`), projected onto the
 * activities the map shows; asked for any t, it says how many events of each activity have happened
 * by then and which cases are travelling along which edge, how far. Pure and deterministic: the
 * player (src/ui/controllers/discovery/replayPlayer.ts) owns the clock, the map draws the answer.
 */
import type { CaseTimeline } from '../../../contract/discovery';

export interface ReplayModel {
  /** The earliest and latest step time (epoch ms); both 0 for no steps. */
  startMs: number;
  endMs: number;
  /** Cases with at least one shown step. */
  cases: number;
  /** Per case, its steps: activity names and times, in the case's order. */
  readonly trails: readonly { activities: string[]; times: number[] }[];
  /** Per activity, the times of its steps, ascending (for counts by t). */
  readonly timesOf: ReadonlyMap<string, Float64Array>;
}

export interface Token {
  /** The case's index in the model. */
  case: number;
  from: string;
  to: string;
  /** 0 at `from`'s event, towards 1 at `to`'s. */
  progress: number;
}

export interface ReplayFrame {
  t: number;
  /** Events of each activity at or before t. */
  counts: Record<string, number>;
  /** Cases between two events at t (a case whose two events share a time never travels). */
  tokens: Token[];
  /** Cases whose first step is at or before t and last step after it. */
  active: number;
  /** Cases whose last step is at or before t. */
  done: number;
}

/**
 * Pure. The model of `timeline`, each case projected onto `shown` activities (the map's; null: all),
 * as if the others never happened — the map's activities filter does the same to its traces. A step
 * earlier than the one before it (a log whose times go back) is taken at the earlier one's time, so a
 * case never travels backwards.
 */
export function buildReplay(timeline: CaseTimeline, shown: ReadonlySet<string> | null): ReplayModel {
  const trails: { activities: string[]; times: number[] }[] = [];
  const perActivity = new Map<string, number[]>();
  let startMs = Infinity;
  let endMs = -Infinity;
  for (let k = 0; k + 1 < timeline.starts.length; k++) {
    const activities: string[] = [];
    const times: number[] = [];
    for (let i = timeline.starts[k]!; i < timeline.starts[k + 1]!; i++) {
      const a = timeline.activities[timeline.activityOf[i]!]!;
      if (shown && !shown.has(a)) continue;
      const t = Math.max(timeline.timeMs[i]!, times.length > 0 ? times[times.length - 1]! : -Infinity);
      activities.push(a);
      times.push(t);
      let list = perActivity.get(a);
      if (!list) perActivity.set(a, (list = []));
      list.push(t);
    }
    if (activities.length === 0) continue;
    trails.push({ activities, times });
    startMs = Math.min(startMs, times[0]!);
    endMs = Math.max(endMs, times[times.length - 1]!);
  }
  const timesOf = new Map<string, Float64Array>();
  for (const [a, list] of perActivity) timesOf.set(a, Float64Array.from(list).sort());
  if (trails.length === 0) return { startMs: 0, endMs: 0, cases: 0, trails, timesOf };
  return { startMs, endMs, cases: trails.length, trails, timesOf };
}

/** Pure. How many values of ascending `xs` are ≤ t. */
export function countAtOrBefore(xs: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pure. Where every case is at log time `t`. */
export function replayAt(model: ReplayModel, t: number): ReplayFrame {
  const counts: Record<string, number> = {};
  for (const [a, times] of model.timesOf) counts[a] = countAtOrBefore(times, t);
  const tokens: Token[] = [];
  let active = 0;
  let done = 0;
  model.trails.forEach((trail, k) => {
    const { times, activities } = trail;
    const last = times[times.length - 1]!;
    if (times[0]! > t) return;
    if (last <= t) return void done++;
    active++;
    // The last step at or before t; the case travels from it to the next one.
    const i = countAtOrBefore(times, t) - 1;
    const t0 = times[i]!;
    const t1 = times[i + 1]!;
    tokens.push({ case: k, from: activities[i]!, to: activities[i + 1]!, progress: (t - t0) / (t1 - t0) });
  });
  return { t, counts, tokens, active, done };
}

/** Pure. The point at fraction `f` (0–1) of the length of polyline `points`. */
export function pointAlong(points: readonly { x: number; y: number }[], f: number): { x: number; y: number } {
  if (points.length === 0) return { x: 0, y: 0 };
  if (points.length === 1) return { ...points[0]! };
  const lengths: number[] = [];
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const l = Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
    lengths.push(l);
    total += l;
  }
  let left = Math.min(1, Math.max(0, f)) * total;
  for (let i = 0; i < lengths.length; i++) {
    const l = lengths[i]!;
    if (left <= l || i === lengths.length - 1) {
      const g = l > 0 ? Math.min(1, left / l) : 0;
      const a = points[i]!;
      const b = points[i + 1]!;
      return { x: a.x + (b.x - a.x) * g, y: a.y + (b.y - a.y) * g };
    }
    left -= l;
  }
  return { ...points[points.length - 1]! };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Pure. A log time as a syslog line writes it, in UTC (the zone parsed times are read in by
 * default): `Dec 10 06:55:46`; with `withYear` (a replay spanning years) `Dec 31 2025 23:59:59`.
 */
export function formatLogTime(ms: number, withYear = false): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${MONTHS[d.getUTCMonth()]} ${p(d.getUTCDate())}`;
  const clock = `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  return withYear ? `${day} ${d.getUTCFullYear()} ${clock}` : `${day} ${clock}`;
}

/** Pure. True when a replay from `startMs` to `endMs` crosses a year (its readout then names the year). */
export function spansYears(startMs: number, endMs: number): boolean {
  return new Date(startMs).getUTCFullYear() !== new Date(endMs).getUTCFullYear();
}

/**
 * The speeds offered, in log ms per second: real time to an hour a second. Logs are sparse (the sshd
 * sample: 519 sessions of a few seconds each over four hours), so a speed set by the whole span would
 * hurry every case past in a blink; these keep a case's moves visible. The last choice plays the whole
 * log in 30 s whatever its span.
 */
export const REPLAY_RATES = [1_000, 10_000, 60_000, 600_000, 3_600_000] as const;
export const WHOLE_IN_S = 30;
/** The first speed chosen: the slowest that plays the whole log within this many seconds, else the fastest. */
const DEFAULT_WITHIN_S = 1800;

/** Pure. The speed (index into REPLAY_RATES, or REPLAY_RATES.length for the whole log in 30 s) a replay of `spanMs` starts at. */
export function defaultSpeed(spanMs: number): number {
  const i = REPLAY_RATES.findIndex((r) => spanMs / r <= DEFAULT_WITHIN_S);
  return i === -1 ? REPLAY_RATES.length : i;
}
