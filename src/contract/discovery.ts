/**
 * Shapes of process discovery and conformance (issue 26, docs/discovery.md): the directly-follows
 * graph with its variants, the filters that thin it, and the conformance report of events replayed
 * against a template's FSM. Plain data, so they cross the worker boundary and the HTTP API unchanged;
 * the engine's discovery module computes them.
 */

/** Which event fields name the case, the activity and the time (defaults: `correlationId`, `event`, `timestamp`). */
export interface CaseFields {
  /** Field naming the case; the default reads `correlationIds[0]`, else `correlationId`. */
  case?: string;
  /** Field naming the activity; the default reads `event`, or `type` for events in the original tool's shape. */
  activity?: string;
  /** Field with the event's time (epoch ms or ISO 8601); events without it have no time. */
  time?: string;
}

/**
 * A distribution of durations in ms: how many, the mean, the median and the 90th percentile, the
 * least and the most. Percentiles are exact, by linear interpolation between the closest ranks
 * (NumPy's default): the p-th of n sorted values x₀…xₙ₋₁ is x_h at h = (n − 1)·p, between
 * x_⌊h⌋ and x_⌊h⌋₊₁ (docs/discovery.md).
 */
export interface DurationStats {
  n: number;
  meanMs: number;
  medianMs: number;
  p90Ms: number;
  minMs: number;
  maxMs: number;
}

/** Time between the two events of a directly-follows edge, over the `n` occurrences where both had a time. */
export type EdgeTime = DurationStats;

/** One bar of the case-duration histogram: cases whose duration is in [fromMs, toMs) (the last bar includes toMs). */
export interface DurationBin {
  fromMs: number;
  toMs: number;
  count: number;
}

export interface DfgEdge {
  from: string;
  to: string;
  count: number;
  /** Present only when the log has times for some occurrence of the edge. */
  time?: EdgeTime;
}

export interface Variant {
  trace: string[];
  count: number;
}

/**
 * A directly-follows graph: activity counts, edges (count order, ties by names), start and end
 * activities per case, and the variants (count order, ties by trace). The `flowledger discover
 * --dfg` file is exactly `{activities, edges, starts, ends, variants}`, and `durations` when the
 * log has times.
 */
export interface Dfg {
  activities: Record<string, number>;
  edges: DfgEdge[];
  starts: Record<string, number>;
  ends: Record<string, number>;
  variants: Variant[];
}

/** Disco-style filters, each a percentage 0–100 (100 keeps everything). */
export interface DfgFilter {
  /** Keep the most frequent activities: this share of them (at least one). */
  activities?: number;
  /** Keep the most frequent paths: this share of them, plus each kept activity's busiest way in and out. */
  paths?: number;
  /** Keep the most frequent variants until they cover this share of the cases. */
  variants?: number;
}

/** A discovery: the graph with the totals a screen states, and where the log has times, its durations. */
export interface Discovery extends Dfg {
  cases: number;
  events: number;
  /** Case durations (latest time − earliest time of each case with a time). Present when some event has a time. */
  durations?: DurationStats;
  /** The case durations as a histogram of equal-width bars from the shortest to the longest (at most 20). */
  durationBins?: DurationBin[];
  /**
   * Per activity, how long a case stays after one of its events before its next event (the times of
   * the activity's outgoing edges together). Present when some pair has times; activities by name.
   */
  sojourn?: Record<string, DurationStats>;
}

/**
 * The cases as timed steps, for a replay over the map (`replay: true` on discover): per case its
 * events that have a time, in log order, as columns — case k's steps are `starts[k]` to
 * `starts[k + 1] − 1`, each an activity (index into `activities`) at `timeMs` (epoch ms). Cases in
 * order of first appearance; a case without a time is left out. At most 100,000 steps, whole cases:
 * `truncated` says some timed cases were left out.
 */
export interface CaseTimeline {
  activities: string[];
  caseNames: string[];
  starts: number[];
  activityOf: number[];
  timeMs: number[];
  truncated: boolean;
}

/** The first event of a case that no transition consumed. */
export interface Deviation {
  case: string;
  /** 0-based position of the event within its case. */
  index: number;
  /** The event's name (the FSM's `eventField`), or null when it has none. */
  event: string | null;
  /** The state the case's machine was in. */
  state: string;
  /** 0-based position of the event in the whole input. */
  position: number;
}

/**
 * Events replayed against one FSM of a template: fitness, the first deviation of every case that
 * does not fit (input order of the cases), and every unconsumed event counted per state and per
 * event name. `flowledger conform` prints `{cases, fittingCases, eventFitness, caseFitness,
 * deviations: [{case, index, event, state}]}`.
 */
export interface ConformanceReport {
  /** The FSM node replayed. */
  fsm: string;
  cases: number;
  fittingCases: number;
  events: number;
  consumedEvents: number;
  /** consumedEvents / events (1 for no events). */
  eventFitness: number;
  /** fittingCases / cases (1 for no cases). */
  caseFitness: number;
  deviations: Deviation[];
  /** Unconsumed events per state they met, and per event name (`""` for events without a name). */
  byState: Record<string, number>;
  byEvent: Record<string, number>;
}

/**
 * Where the events of a discovery request come from: given inline, an execution's input events or
 * ledger, or a parse in the worker (the body of `POST /api/parser/parse`: `{configId}` or
 * `{config}`; its `eventLimit` defaults to the most, 1,000,000).
 */
export type EventSource =
  | { events: unknown[] }
  | { execution: { templateId: string; executionId: string; from?: 'events' | 'ledger' } }
  | { parse: ({ configId: string } | { config: Record<string, unknown> }) & { eventLimit?: number } };

/** `POST /api/mining/discover`: the graph (filtered), and with `template` (default true) a V3 template that replays it. */
export interface DiscoverAnswer {
  success: true;
  discovery: Discovery;
  /** The unfiltered graph's totals, so a screen can say "8 of 12 activities". */
  unfiltered: { cases: number; events: number; activities: number; paths: number; variants: number };
  template?: Record<string, unknown>;
  /** Why no template is answered although one was asked for: the graph has more activities than a template holds. */
  templateProblem?: string;
  /** With `replay: true`: the cases as timed steps (the whole log's, unfiltered). */
  replay?: CaseTimeline;
}

/** `POST /api/mining/conform`. */
export interface ConformAnswer {
  success: true;
  templateId: string;
  report: ConformanceReport;
}

/** The body of `POST /api/mining/discover` (client `discover`). */
export type DiscoverRequest = EventSource & {
  fields?: CaseFields;
  filter?: DfgFilter;
  /** Also answer a V3 template that replays the (filtered) graph; default true. */
  template?: boolean;
  /** The template's name. */
  name?: string;
  /** Also answer the cases as timed steps, for a replay over the map (default false). */
  replay?: boolean;
};

/** The body of `POST /api/mining/conform` (client `conform`). */
export type ConformRequest = EventSource & { templateId: string; fsm?: string };

/** The body of `POST /api/mining/export` (client `exportEvents`): XES by default, or OCEL 2.0 JSON. */
export type ExportRequest = EventSource & { fields?: CaseFields; format?: 'xes' | 'ocel' };

/** The body of `POST /api/mining/import-xes` (client `importXes`): a XES text, read back into external events. */
export interface ImportXesRequest {
  xes: string;
  /** The fields the case, activity and time go to (defaults: `correlationId`, `event`, `timestamp`). */
  fields?: CaseFields;
  /** `targetDataSourceId` for events that carry none. */
  target?: string;
}

/** `POST /api/mining/import-xes`: the events, trace by trace. */
export interface ImportXesAnswer {
  success: true;
  traces: number;
  events: Record<string, unknown>[];
}
