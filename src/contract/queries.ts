/**
 * Shapes of the engine's read side (DSL.md §6, API.md "Engine paths"): step results, activity entries,
 * lineage, provenance, sink aggregates and snapshots of an earlier step. Plain data, so they cross the
 * worker boundary and the HTTP API unchanged (src/contract/wire.ts re-exports them).
 */
import type {
  LedgerEvent,
  LedgerOperation,
  NodeKind,
  NodeState,
  Position,
  RunStatus,
  WaitingSource,
} from './vocabulary';

/** A value or a named, explained failure — queries never throw for a caller's mistake. */
export type QueryResult<T> = { ok: true; value: T } | { ok: false; error: QueryError };

export interface QueryError {
  code:
    | 'UNKNOWN_NODE'
    | 'UNKNOWN_TOKEN'
    | 'UNKNOWN_CORRELATION_ID'
    | 'NOT_A_SINK'
    | 'UNKNOWN_FORMULA'
    | 'STEP_OUT_OF_RANGE'
    | 'HASH_MISMATCH'
    | 'INVALID_LEDGER'
    /** A ledger-page filter that cannot match anything meaningful (`details.parameter` names it). */
    | 'INVALID_FILTER';
  message: string;
  details?: Record<string, unknown>;
}

/** Seed activity entry (2.7): one ledger event as a node's activity, newest first in lists. */
export interface ActivityEntry {
  timestamp: number;
  operation: LedgerOperation;
  /** The token the operation produced, else the one it consumed; null for none. */
  tokenId: string | null;
  /** That token's first correlation id (the one tracing it follows), when it carries one. */
  correlationId?: string;
  details: { input: unknown; output: unknown };
  step: number;
  nodeId: string;
  seq: number;
}

export interface QueueSnapshot {
  size: number;
  /** The next deliveries in execution order (at most 20). */
  next: { nodeId: string; tokenId: string }[];
  external: { pending: number; byTarget: Record<string, number> };
}

/** Seed step result (2.3), for the live step or any earlier one. */
export interface StepResult {
  success: true;
  step: number;
  timestamp: number;
  status: RunStatus;
  queueSize: number;
  /** Ledger events of step `step`, in ledger order, at most `activityLimit` (default 1000). */
  activity: LedgerEvent[];
  /** How many events step `step` wrote (`activity` holds the first `activityLimit` of them). */
  activityTotal: number;
  /** Events up to `step`, newest first, at most `activityLimit` (default 1000). */
  allActivities: LedgerEvent[];
  allActivitiesTotal: number;
  nodeStates: Record<string, NodeState>;
  /** Nodes that acted in step `step`, in scenario order. */
  activeNodeIds: string[];
  queueSnapshot: QueueSnapshot;
  /**
   * e.g. `"Executed step 12; 7 events remaining in the queue"`; a run waiting for external events
   * adds `"; waiting for external events: …"` naming the sources.
   */
  message: string;
  /**
   * Present (non-empty) only on the current step of a `completed` run whose DataSources wait for
   * external events and have received none: those sources. The run is not failed; adding events
   * lets it go on.
   */
  waitingFor?: WaitingSource[];
}

export interface LineageElement {
  nodeId: string;
  timestamp: number;
  operation: LedgerOperation;
  /** The token's data (output token, else input token); null for an FSM timer transition without a token. */
  data: unknown;
  step: number;
  /** The token shown (output, else input, else a consumed one); null for an FSM timer transition without a token. */
  tokenId: string | null;
  seq: number;
  /** STATE_TRANSITION only. */
  from?: string;
  to?: string;
  /** The event's details when it has some (e.g. a Multiplexer's `output`, a drop's `reason`). */
  details?: Record<string, unknown>;
  /**
   * The tokens the shown token was made from, when this event made it from others: the consumed
   * token (`inputToken`), or the consumed tokens of a merge or an aggregate (`inputTokens`), in
   * order. Absent when the shown token is the one the event consumed (routed, collected, buffered,
   * dropped — it carries the data it came with) or a generated one.
   */
  parentTokenIds?: string[];
}

/** Seed lineage (2.8): every event up to `step` that touched a token carrying the id, source → sink. */
export interface Lineage {
  correlationId: string;
  step: number;
  path: LineageElement[];
}

/** Ancestors (or descendants) of a token: a DAG over token ids. */
export interface Provenance {
  tokenId: string;
  /** Every token reached, the start included, each with the event that created it. */
  nodes: { tokenId: string; nodeId: string; operation: LedgerOperation; step: number; seq: number }[];
  /** `parent → child` edges (for descendants too, edges point from parent to child). */
  edges: { from: string; to: string }[];
  /**
   * Tokens of the DAG without a parent in it: for ancestors, the source tokens reached — for an
   * aggregate, every contributing generated token; for descendants, the start token.
   */
  roots: string[];
  /** Tokens of the DAG without a child in it: for descendants, the end products; for ancestors, the start token. */
  leaves: string[];
}

export const SINK_FORMULAS = [
  'latest',
  'earliest',
  'sum',
  'count',
  'average',
  'min',
  'max',
  'list',
  'distinct',
] as const;
export type SinkFormula = (typeof SINK_FORMULAS)[number];

export interface SinkAggregateValue {
  sinkId: string;
  formula: SinkFormula;
  field: string;
  value: unknown;
  /** Tokens the sink had collected by `step`. */
  count: number;
  step: number;
}

/** Everything the live run had right after step `step` (DSL.md §6 replay). */
export interface RunSnapshot {
  step: number;
  status: RunStatus;
  nodeStates: Record<string, NodeState>;
  queue: QueueSnapshot;
  /** Tokens waiting on each edge (delivered, to be processed in the next step), indexed like `scenario.edges`. */
  edgeWaiting: number[];
  /** Per Sink: collected count and the first 1,000 collected `data.value`s. */
  sinks: Record<string, { count: number; sum: number; values: unknown[] }>;
  /** Ledger prefix length (the seq of the last event of `step`). */
  ledgerSize: number;
}

/** A port of a node in the graph: one of its declared `outputs` or `inputs`, by index. */
export interface GraphPort {
  index: number;
  name?: string;
  /** Inputs only: whether a joining ProcessNode waits for it. */
  required?: boolean;
}

/** A node of the normalised graph. */
export interface ScenarioGraphNode {
  nodeId: string;
  kind: NodeKind;
  /** `displayName`, else the node id. */
  displayName: string;
  description?: string;
  position?: Position;
  inputs: GraphPort[];
  outputs: GraphPort[];
  /** FSM only: its state names, in declaration order (the keys of its per-state counts). */
  states?: string[];
  /** FSM only, when true: one machine per correlation id (counts per state) rather than one for the node. */
  perCorrelation?: boolean;
  /**
   * *(compat)* DataSource only, when it emits the external events of a type (an
   * `ExternalEventSource`, or `generation: {type: "execution-events"}`): that type. Events of the
   * type need no `targetDataSourceId`.
   */
  eventType?: string;
}

/** A resolved edge (DSL.md §2): `outputIndex`/`inputIndex` name the ports it joins, when it uses declared ones. */
export interface ScenarioGraphEdge {
  /** `edge-<i>`, i its index in the scenario's edge list; step views count per edge by this id. */
  id: string;
  from: string;
  to: string;
  outputName?: string;
  inputName?: string;
  outputIndex?: number;
  inputIndex?: number;
  formula?: string;
}

/** The normalised graph of a scenario: what a UI draws, with edges already resolved. */
export interface ScenarioGraph {
  name: string;
  description: string;
  nodes: ScenarioGraphNode[];
  edges: ScenarioGraphEdge[];
}

/** A node in a step view. */
export interface StepViewNode {
  /** FSM in node mode: its state; else null. */
  state: string | null;
  /** Tokens the node had processed by the step. */
  processed: number;
  /** Tokens delivered to it, waiting to be processed in the next step (the sum over its incoming edges). */
  waiting: number;
  /** Whether it acted in this step. */
  acted: boolean;
  lastUpdate: number | null;
  /** Per kind (`NodeState.aggregates`): FSM tokens held per state, Sink count per `data.state`, Multiplexer per output, Aggregator buffered/emitted/dropped, … */
  counts: Record<string, unknown>;
}

/** A compact read of a run at one step: what the workspace's graph and scrubber show. Never advances the run. */
export interface StepView {
  step: number;
  /** The run's current step (the view's step is at most this). */
  currentStep: number;
  status: RunStatus;
  timestamp: number;
  queueSize: number;
  /** Ledger events up to and including this step. */
  ledgerSize: number;
  /** Ledger events of this step alone. */
  stepEvents: number;
  nodes: Record<string, StepViewNode>;
  /** In graph order: tokens waiting on each edge. */
  edges: Array<{ id: string; waiting: number }>;
  /** Per Sink: tokens collected by the step and the sum of their numeric `value`s. */
  sinks: Record<string, { count: number; sum: number }>;
}

/** One bucket of the activity histogram: steps `fromStep`…`toStep` and their ledger events. */
export interface HistogramBucket {
  fromStep: number;
  toStep: number;
  events: number;
}

/** Ledger events per step over the whole run (steps 1 … current), in at most `buckets` equal runs of steps. */
export interface ActivityHistogram {
  currentStep: number;
  ledgerSize: number;
  /** Steps per bucket (the last bucket may hold fewer). */
  stepsPerBucket: number;
  /** The largest bucket's event count (for scaling a chart). */
  maxEvents: number;
  buckets: HistogramBucket[];
}

/** A filter of the ledger: every given field must hold. Steps are inclusive. */
export interface LedgerFilter {
  nodeId?: string;
  operation?: LedgerOperation;
  correlationId?: string;
  fromStep?: number;
  toStep?: number;
}

/** A page request: the filter, plus `offset` (matching events to skip) and `limit`. */
export interface LedgerPageQuery extends LedgerFilter {
  offset?: number;
  limit?: number;
}

/** One page of the (filtered) ledger, in seq order. */
export interface LedgerPage {
  /** Matching events in the whole run (not only this page). */
  total: number;
  offset: number;
  limit: number;
  events: LedgerEvent[];
}

/**
 * How a run's Result names a Sink's main value: the figure the Sink names (its `result` in the DSL),
 * else the one that fits what it collected (`sum`, `latest` or `count`).
 */
export type SinkResultFormula = 'sum' | 'latest' | 'count' | 'average';

/** One Sink in a run's Result (`…/result`, `flowledger run`'s `sinks`). */
export interface SinkResult {
  sinkId: string;
  /** `displayName`, else the node id. */
  name: string;
  /** Tokens collected by the step. */
  count: number;
  /** Sum of the collected `data.value`s that are numbers, in ledger order (0 for none). */
  sum: number;
  /** How many collected `data.value`s are numbers. */
  numeric: number;
  /** `data.value` of the last collected token (null when none, or missing). */
  last: unknown;
  /** `data.value` of the first 1,000 collected tokens, in ledger order (missing as null). */
  values: unknown[];
  /**
   * The Sink's `result` when it names one; else the aggregate that says most about the values: `sum`
   * when all are numbers, `latest` when some are set, else `count`.
   */
  formula: SinkResultFormula;
  /** Whether the Sink names `formula` (its `result`), rather than the Result choosing it. */
  named: boolean;
  /** The last collected token: its id and first correlation id (the one tracing it follows); null when none. */
  lastToken: { id: string; correlationId: string | null } | null;
  /** That aggregate's value (`average`: of the numeric values, null when none is a number). */
  value: unknown;
}

/** One FSM in a run's Result: its state (one machine) or its instances per state (one per correlation id). */
export interface FsmResult {
  nodeId: string;
  name: string;
  perCorrelation: boolean;
  /** The machine's state; null for a per-correlation FSM. */
  state: string | null;
  /**
   * Per state, every declared state listed (0 included), in declaration order: a per-correlation
   * FSM's instances in it; one machine's entries into it (the engine's counts).
   */
  counts: Record<string, number>;
}

/** A state of an FSM's diagram at a step (`FsmView`). */
export interface FsmViewState {
  name: string;
  initial: boolean;
  final: boolean;
  /** Machines in it at the step: a per-correlation FSM's instances (its node state's `aggregates`); one machine: 1 or 0. */
  now: number;
  /** Entries up to the step: transitions into it, and machines created in it (one machine: its `aggregates`). */
  entered: number;
  /** Whether some machine entered it in the step itself. */
  enteredThisStep: boolean;
}

/** A declared transition of an FSM's diagram at a step (`FsmView`). */
export interface FsmViewTransition {
  /** Its index in the FSM's `transitions`. */
  index: number;
  from: string;
  to: string;
  /** `event`: an event name; `any`: any token (`token_received`, `default`); `timer`: steps after entering `from`. */
  trigger: 'event' | 'any' | 'timer';
  /** How it reads: the event name, `after N steps`, the condition, `any token` (a condition in brackets after a trigger). */
  on: string;
  event?: string;
  after?: number;
  condition?: string;
  /** Times it fired up to the step. */
  fired: number;
  /** Times it fired in the step itself (read from the step's STATE_TRANSITION events by their states and kind of trigger). */
  firedThisStep: number;
}

/** A page of the correlation ids of the machines in one state (`FsmView.instances`), in the order the machines were created. */
export interface FsmViewInstances {
  state: string;
  /** Machines in the state. */
  total: number;
  offset: number;
  /** Their correlation ids (`""`: tokens without one share a machine). */
  ids: string[];
}

/** One FSM's state diagram at a step (API `…/nodes/{nodeId}/fsm`). */
export interface FsmView {
  nodeId: string;
  name: string;
  step: number;
  perCorrelation: boolean;
  /** One machine: its state; per correlation id: null. */
  current: string | null;
  /** Machines created so far (one machine: 1). */
  machines: number;
  states: FsmViewState[];
  transitions: FsmViewTransition[];
  /** With a `state` asked for: the machines in it. */
  instances: FsmViewInstances | null;
}

/** What a run amounts to at a step (the workspace's `Result`, API `…/result`). */
export interface RunResult {
  step: number;
  status: RunStatus;
  /** Simulated time from the start to `step`, in milliseconds (`step × tickMs`). */
  simulatedMs: number;
  startTime: number;
  /** Ledger events up to `step`. */
  ledgerEvents: number;
  /** The ledger hash, at the run's current step only (null for an earlier one). */
  ledgerHash: string | null;
  sinks: SinkResult[];
  fsms: FsmResult[];
  /** Nodes with NODE_ERROR or TOKEN_DROPPED events up to `step`, in scenario order. */
  problems: { nodeId: string; name: string; errors: number; dropped: number }[];
  /** The sentence naming the bound that closed a truncated run (`truncated: …`); null otherwise. */
  truncation: string | null;
  /** External events the run's DataSources took from the queue and emitted as tokens, up to `step`. */
  eventsConsumed: number;
  /** FSM transitions fired up to `step`, by tokens and by timers. */
  transitionsFired: number;
  /** The FSMs, in scenario order, no machine of which has left its initial state by `step`. */
  unmovedFsms: UnmovedFsm[];
  /**
   * Sentences the reader should not miss (`activityWarnings`), once the run has ended (`completed`
   * or `truncated` at `step`): external events consumed while no machine of any FSM has left its
   * initial state.
   */
  warnings: string[];
}

/** An FSM no machine of which has left its initial state. */
export interface UnmovedFsm {
  nodeId: string;
  /** `displayName`, else the node id. */
  name: string;
  initialState: string;
}
