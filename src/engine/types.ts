/**
 * The engine's vocabulary: the normalised scenario the DSL loader produces, tokens, ledger events and
 * node state. Everything here is plain data (JSON-serialisable), so a scenario or a ledger can cross
 * a worker boundary or be stored as it is.
 *
 * The loader (`dsl/`) turns any accepted input — canonical V3, the original tool's V3 shape with its
 * aliases, a template wrapper — into exactly these shapes; the engine never sees an alias.
 *
 * The vocabulary shared with the other rooms (tokens, events, ledger events, statuses) lives in
 * src/contract/vocabulary.ts and is re-exported here.
 */
import type { Issue, Position } from '../contract/vocabulary';

export { LEDGER_OPERATIONS, NODE_KINDS, RUN_STATUSES, isEnded } from '../contract/vocabulary';
export type {
  ExternalEvent,
  Issue,
  LedgerEvent,
  LedgerOperation,
  NodeKind,
  NodeState,
  Position,
  RunStatus,
  TargetedEvent,
  Token,
  TruncationBound,
  TypedEvent,
  WaitingSource,
} from '../contract/vocabulary';

/** Result of loading a scenario: never throws for bad input; `scenario` is null when there are errors. */
export interface LoadResult {
  scenario: Scenario | null;
  warnings: Issue[];
  errors: Issue[];
}

export interface Scenario {
  version: '3.0';
  name: string;
  description: string;
  /** Seed of every pseudo-random choice of the run. */
  seed: number;
  /** Simulated milliseconds per step. */
  tickMs: number;
  /** Epoch milliseconds of step 0; ledger timestamps are `startTime + step * tickMs`. */
  startTime: number;
  /** Bound for "run to end"; reaching it ends the run as truncated. */
  maxSteps: number;
  /** Bound on work: a step after which the ledger holds more events than this ends the run as truncated. */
  maxEvents: number;
  /** Bound on work units (tasks nodes run + formula evaluation steps); reaching it ends the run as truncated. */
  maxWork: number;
  /** In document order (presentational compat nodes removed). `nodes[i].index === i`. */
  nodes: NodeSpec[];
  /** The de-duplicated union of `outputs` and `inputs[].nodeId` edges, ordered by source node index, then declaration. */
  edges: Edge[];
}

export interface Edge {
  from: string;
  to: string;
  /** Name of the source's output (from `outputs[].name`), when it has one. */
  outputName?: string;
  /** Name of the destination's input the edge feeds (from `destinationInputName` or the matching `inputs[]` entry). */
  inputName?: string;
  /** Per-output formula (compat `outputs[].transformation.formula`): this edge's token gets its own result. */
  formula?: string;
  /**
   * Index into the source's `outputs` when the edge is (or matches) one of them. A Multiplexer routes
   * to output i along the edges with `outputIndex === i`.
   */
  outputIndex?: number;
  /** Index into the destination's `inputs` of the input this edge feeds, when it feeds a declared input. */
  inputIndex?: number;
}

export interface OutputSpec {
  name?: string;
  destinationNodeId: string;
  destinationInputName?: string;
  /** Per-output formula (ProcessNode; compat `transformation.formula`). */
  formula?: string;
}

export interface InputSpec {
  name?: string;
  nodeId?: string;
  alias?: string;
  /** Default true: a ProcessNode with several required inputs joins them. */
  required: boolean;
}

interface NodeBase {
  nodeId: string;
  displayName?: string;
  description?: string;
  position?: Position;
  outputs: OutputSpec[];
  inputs: InputSpec[];
  /** Index in `Scenario.nodes`; fixes the order of work inside a step. */
  index: number;
  /** JSON Pointer of this node in the input document (indices shift when compat nodes are dropped). */
  path: string;
}

export type Generation =
  | { type: 'random'; valueMin: number; valueMax: number }
  | { type: 'sequence'; start: number; step: number }
  | { type: 'constant'; value: unknown }
  | { type: 'values'; values: unknown[] }
  /** *(compat)* Generates nothing: emits the external events whose `type` is `eventType`. */
  | { type: 'execution-events'; eventType: string };

/**
 * A sampled wait in simulated milliseconds (docs/dsl.md, "Sampled delays"), drawn from the node's
 * own seeded stream; every drawn value is multiplied by `scale` (default 1).
 */
export type Delay =
  | { distribution: 'fixed'; ms: number; scale: number }
  | { distribution: 'uniform'; minMs: number; maxMs: number; scale: number }
  | { distribution: 'exponential'; meanMs: number; scale: number }
  /** Each draw is one of `ms`, all equally likely (the observed values of a log). */
  | { distribution: 'empirical'; ms: number[]; scale: number };

export interface DataSourceSpec extends NodeBase {
  type: 'DataSource';
  /**
   * Generated tokens arrive after sampled gaps instead of every `interval`: the first at `startAt`,
   * each next one a drawn gap later (on a simulated clock in ms; a gap shorter than a step can put
   * several tokens in one step). Absent: `interval` as ever.
   */
  arrivals?: Delay;
  /** With `arrivals`: no token arrives later than this many simulated ms after step `startAt`. */
  horizonMs?: number;
  generation: Generation;
  /** Simulated seconds between emissions (default 1). */
  interval: number;
  /** Tokens to generate (default 10). */
  count: number;
  /** First step that emits (default 1). */
  startAt: number;
  /** External events emitted per due step (default 1). */
  batchSize: number;
}

export interface ProcessNodeSpec extends NodeBase {
  type: 'ProcessNode';
  /** From `processing.formula`, `formula` or compat `formulas[0]`; absent or empty = pass through. */
  formula?: string;
  /** `{field: expression}`: sets several fields at once. */
  transform?: Record<string, string>;
}

export type FsmAction =
  | { action: 'set_variable'; target: string; value?: unknown; formula?: string }
  | { action: 'increment' | 'decrement'; target: string; value: number }
  | { action: 'log'; message?: string; formula?: string }
  | { action: 'emit'; target?: string; formula?: string };

export interface FsmState {
  name: string;
  isInitial: boolean;
  isFinal: boolean;
  onEntry: FsmAction[];
  onExit: FsmAction[];
}

export type FsmTrigger =
  /** `token_received`, `default` or absent: any token. */
  | { kind: 'any' }
  /** An event name: matches `data[eventField]`. */
  | { kind: 'event'; name: string }
  /** Fires `after` steps after entering `from` if nothing else fired. */
  | { kind: 'timer'; after: number };

export interface FsmTransition {
  from: string;
  to: string;
  trigger: FsmTrigger;
  /** From `condition` or `guard`. */
  condition?: string;
  /** Weighted choice among the state's weighted transitions of the same trigger kind (docs/dsl.md). */
  weight?: number;
  /** Timer only: the wait is drawn from this distribution on entering `from` (instead of `after`). */
  delay?: Delay;
}

export interface FsmSpec extends NodeBase {
  type: 'FSM';
  fsm: {
    states: FsmState[];
    initialState: string;
    transitions: FsmTransition[];
    variables: Record<string, unknown>;
    instancePer: 'node' | 'correlationId';
    /** Data field an event-name trigger matches (default `event`). */
    eventField: string;
  };
}

export type AggregationMethod = 'sum' | 'average' | 'count' | 'min' | 'max' | 'first' | 'last' | 'collect' | 'formula';

export type AggregationTrigger =
  | { type: 'count'; window: number }
  /** Every `window` simulated seconds, if the buffer is non-empty. */
  | { type: 'time'; window: number }
  /** As soon as the method's running result reaches `value`. */
  | { type: 'threshold'; value: number };

export interface AggregatorSpec extends NodeBase {
  type: 'Aggregator';
  aggregation: {
    method: AggregationMethod;
    /** Set when `method === 'formula'`; evaluated over `values` and `tokens`. */
    formula?: string;
    /** Path into token data (default `value`). */
    field: string;
    /** Null: buffers flush only at the end of the run (`flushOnEnd`). */
    trigger: AggregationTrigger | null;
    /** `correlationId` or a data path. */
    groupBy?: string;
    /** Default true. */
    flushOnEnd: boolean;
  };
  capacity?: number;
  overflow: 'drop_oldest' | 'reject';
}

export type MultiplexStrategy = 'round_robin' | 'random' | 'weighted' | 'conditional' | 'broadcast';

export interface MultiplexerSpec extends NodeBase {
  type: 'Multiplexer';
  multiplexing: {
    strategy: MultiplexStrategy;
    /** Aligned with `outputs` (weighted). */
    weights?: number[];
    /** Aligned with `outputs` (conditional): the first true wins. */
    conditions?: string[];
    /** Index into `outputs` used when no condition holds; absent = drop. */
    defaultOutput?: number;
  };
}

/** The figures a Sink may name as its result (`result`): what the Result and `flowledger run` report. */
export type SinkResultFigure = 'count' | 'sum' | 'latest' | 'average';

export interface SinkSpec extends NodeBase {
  type: 'Sink';
  /** The figure the Sink reports (absent: the Result picks the one that fits what it holds). */
  result?: SinkResultFigure;
}

export type NodeSpec = DataSourceSpec | ProcessNodeSpec | FsmSpec | AggregatorSpec | MultiplexerSpec | SinkSpec;
