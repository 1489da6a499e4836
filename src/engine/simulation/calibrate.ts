/**
 * A simulation model calibrated from a log (issue 43, item 1; docs/simulation.md): a template that
 * GENERATES cases like the log's, needing no events.
 *
 * - `arrivals` (DataSource): one token per case, at gaps drawn from the log's inter-arrival times
 *   (the gaps between consecutive case starts, sorted by time) — `empirical` (sampled from the
 *   observed gaps, the default) or a fitted `exponential` (mean = span of the starts / (cases − 1)).
 *   It stops after the log's number of cases (`stop: "cases"`), or at the log's arrival horizon
 *   (`stop: "horizon"`: the span from the first to the last case start).
 * - `process` (FSM, one machine per case): a state per activity plus `start` and `end`. From
 *   `start`, a weighted choice of the first activity (weights = how many cases started with it);
 *   from each activity a weighted choice among the activities that followed it and `end` (weights =
 *   edge counts, and the cases that ended there), each after a wait drawn from the durations
 *   observed on that edge (`end`: no wait). `end` emits the case, its value the cycle time in ms.
 * - `completed` (Sink): one token per finished case.
 *
 * Time: a step is `tickMs` simulated ms, the coarsest of 1 h, 1 min, 1 s, 100, 10 and 1 ms that
 * divides every observed duration and gap (so sampling them is exact) and keeps the run within the
 * step bound; `startTime` is put so the first case's first event has the log's first time. A list
 * of more than MAX_EMPIRICAL observed values is kept as that many evenly spaced order statistics.
 */
import type { CaseLog } from '../discovery/caseLog';
import { DSL_LIMITS } from '../dsl/defaults';
import { MAX_TEMPLATE_ACTIVITIES } from '../discovery/toTemplate';

/** Most values an empirical delay keeps (larger lists become that many evenly spaced quantiles). */
export const MAX_EMPIRICAL = 1000;

/** Step lengths a model may use, coarsest first. */
const TICKS = [3_600_000, 60_000, 1000, 100, 10, 1];

/** Headroom of `maxSteps` over the log's span, so a what-if with slower arrivals still ends. */
const SPAN_HEADROOM = 4;

export interface SimulationOptions {
  /** Inter-arrival times: sampled from the observed gaps (default) or a fitted exponential. */
  arrivals?: 'empirical' | 'exponential';
  /** Generate the log's number of cases (default), or arrivals over the log's time horizon. */
  stop?: 'cases' | 'horizon';
  name?: string;
}

export type SimulationModelResult =
  { ok: true; template: Record<string, unknown>; tickMs: number } | { ok: false; message: string };

/** Trigger words and names taken: `unique` keeps the model's own states apart from activities. */
function unique(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  while (taken.has(name)) name += '_';
  return name;
}

/** Pure: `values` (not empty) as at most MAX_EMPIRICAL values: itself, or evenly spaced order statistics. */
export function empiricalValues(values: readonly number[]): number[] {
  const sorted = values.slice().sort((a, b) => a - b);
  if (sorted.length <= MAX_EMPIRICAL) return sorted;
  const out: number[] = [];
  for (let k = 0; k < MAX_EMPIRICAL; k++) out.push(sorted[Math.floor(((k + 0.5) * sorted.length) / MAX_EMPIRICAL)]!);
  return out;
}

/** Pure: the coarsest step length dividing every value of `lists` that keeps `spanMs` within the step bound. */
export function chooseTickMs(lists: Iterable<readonly number[]>, spanMs: number): number {
  const all: number[] = [];
  for (const l of lists) for (const v of l) all.push(v);
  const bound = DSL_LIMITS.maxSteps / (SPAN_HEADROOM + 1);
  let fallback = 1;
  for (const tick of TICKS) {
    if (spanMs / tick > bound) return fallback;
    fallback = tick;
    if (all.every((v) => v % tick === 0)) return tick;
  }
  return 1;
}

/** Pure: a generative V3 template calibrated on `log`; not ok when the log has no times or too many activities. */
export function simulationModel(log: CaseLog, options: SimulationOptions = {}): SimulationModelResult {
  const A = log.activityNames.length;
  const C = log.caseNames.length;
  if (C === 0) return { ok: false, message: 'the events hold no case' };
  if (A > MAX_TEMPLATE_ACTIVITIES)
    return {
      ok: false,
      message: `the log has ${A} activities, and a model holds at most ${MAX_TEMPLATE_ACTIVITIES}`,
    };
  const firstTime = new Float64Array(C).fill(NaN);
  const lastTime = new Float64Array(C).fill(NaN);
  const last = new Int32Array(C).fill(-1);
  const starts = new Float64Array(A);
  const ends = new Float64Array(A);
  const edges = new Map<number, { count: number; waits: number[] }>();
  for (let i = 0; i < log.caseOf.length; i++) {
    const c = log.caseOf[i]!;
    const a = log.activityOf[i]!;
    const t = log.timeOf[i]!;
    if (t !== t)
      return {
        ok: false,
        message: `event ${i + 1} has no time; a simulation model needs every event's time (--time F)`,
      };
    const prev = last[c]!;
    if (prev < 0) {
      starts[a]!++;
      firstTime[c] = t;
    } else {
      const key = prev * A + a;
      let e = edges.get(key);
      if (e === undefined) edges.set(key, (e = { count: 0, waits: [] }));
      e.count++;
      // Events of a case out of time order wait nothing (the log's order is the case's order).
      e.waits.push(Math.max(0, t - lastTime[c]!));
    }
    last[c] = a;
    lastTime[c] = t;
  }
  for (let c = 0; c < C; c++) ends[last[c]!]!++;
  const startTimes = Array.from(firstTime).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let k = 1; k < startTimes.length; k++) gaps.push(startTimes[k]! - startTimes[k - 1]!);
  const arrivalSpan = startTimes[startTimes.length - 1]! - startTimes[0]!;
  let longestCase = 0;
  for (let c = 0; c < C; c++) longestCase = Math.max(longestCase, lastTime[c]! - firstTime[c]!);
  const edgeWaits = [...edges.values()].map((e) => empiricalValues(e.waits));
  const arrivalKind = options.arrivals ?? 'empirical';
  const gapValues = gaps.length > 0 ? empiricalValues(gaps) : [0];
  const spanMs = arrivalSpan + longestCase;
  const tickMs = chooseTickMs(arrivalKind === 'empirical' ? [...edgeWaits, gapValues] : edgeWaits, spanMs);

  const names = log.activityNames;
  const taken = new Set(names);
  const start = unique('start', taken);
  taken.add(start);
  const end = unique('end', taken);
  const fixedZero = { distribution: 'fixed', ms: 0 };
  const transitions: Record<string, unknown>[] = [];
  for (let a = 0; a < A; a++)
    if (starts[a]! > 0) transitions.push({ from: start, to: names[a], trigger: 'token_received', weight: starts[a] });
  // Edges in activity order, then by target: the template reads the same for the same log.
  const keys = [...edges.keys()].sort((x, y) => x - y);
  for (const key of keys) {
    const e = edges.get(key)!;
    transitions.push({
      from: names[Math.floor(key / A)],
      to: names[key % A],
      trigger: 'timer',
      weight: e.count,
      delay: { distribution: 'empirical', ms: empiricalValues(e.waits) },
    });
  }
  for (let a = 0; a < A; a++)
    if (ends[a]! > 0)
      transitions.push({ from: names[a], to: end, trigger: 'timer', weight: ends[a], delay: fixedZero });

  const meanGap = gaps.length > 0 ? arrivalSpan / gaps.length : 0;
  const arrivals =
    arrivalKind === 'exponential'
      ? { distribution: 'exponential', meanMs: meanGap }
      : { distribution: 'empirical', ms: gapValues };
  const horizon = options.stop === 'horizon';
  const count = horizon ? Math.max(1000, C * 10) : C;
  const maxSteps = Math.min(DSL_LIMITS.maxSteps, Math.ceil((SPAN_HEADROOM * spanMs) / tickMs) + 100);
  const eventsPerCase = log.caseOf.length / C;
  const maxEvents = Math.min(DSL_LIMITS.maxEvents, Math.max(5_000_000, Math.ceil(count * (eventsPerCase + 4) * 2)));
  const description =
    `Generates cases like the ${C} cases of the log (${log.caseOf.length} events, ${A} activities): ` +
    `arrivals ${arrivalKind === 'exponential' ? `exponential with mean ${Math.round(meanGap)} ms` : `sampled from the ${gaps.length} observed gaps`}, ` +
    `${horizon ? `over the log's arrival horizon of ${arrivalSpan} ms` : `${C} cases`}; each next activity drawn with the log's frequencies after a wait sampled from the log's. One step is ${tickMs} ms.`;
  return {
    ok: true,
    tickMs,
    template: {
      name: options.name ?? 'Simulation model',
      description,
      version: '3.0',
      scenario: {
        version: '3.0',
        seed: 1,
        tickMs,
        // The first case's first event (step startAt + 1, one edge after its arrival) at the log's first time.
        startTime: startTimes[0]! - 2 * tickMs,
        maxSteps,
        maxEvents,
        nodes: [
          {
            nodeId: 'arrivals',
            type: 'DataSource',
            displayName: 'Case arrivals',
            description: 'One token per case; its correlation id names the case.',
            generation: { type: 'sequence', start: 1, step: 1 },
            count,
            arrivals,
            ...(horizon ? { horizonMs: arrivalSpan } : {}),
            outputs: [{ destinationNodeId: 'process' }],
          },
          {
            nodeId: 'process',
            type: 'FSM',
            displayName: 'Process',
            description:
              'One machine per case: a state per activity; each next activity drawn with its weight after a sampled wait.',
            fsm: {
              instancePer: 'correlationId',
              variables: { started: null },
              states: [
                {
                  name: start,
                  isInitial: true,
                  onExit: [{ action: 'set_variable', target: 'started', formula: 'time' }],
                },
                ...names.map((name) => ({ name })),
                {
                  name: end,
                  isFinal: true,
                  onEntry: [{ action: 'emit', target: 'completed', formula: '{ value: time - started }' }],
                },
              ],
              transitions,
            },
            outputs: [{ name: 'completed', destinationNodeId: 'completed' }],
          },
          { nodeId: 'completed', type: 'Sink', displayName: 'Completed cases (value: cycle time in ms)' },
        ],
      },
    },
  };
}
