/**
 * The vocabulary every room shares: problems found in a document, node kinds, tokens, external
 * events, ledger events, node state and run statuses. Plain data (JSON-serialisable): it crosses the
 * worker boundary and the HTTP API unchanged. The engine produces these; the contract owns them.
 */

/** A problem found in a scenario: a JSON Pointer into the document as the user wrote it, and a sentence. */
export interface Issue {
  /** JSON Pointer (RFC 6901) into the input document, e.g. `/nodes/2/outputs/0/destinationNodeId`. */
  path: string;
  message: string;
}

export const NODE_KINDS = ['DataSource', 'ProcessNode', 'FSM', 'Aggregator', 'Multiplexer', 'Sink'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/**
 * THE node-kind alias table: every node `type` a scenario may write, with the kind it is — the
 * canonical kinds and the original V3 tool's aliases. The DSL loader and the UI's graph both read it.
 */
export const NODE_TYPE_KINDS = {
  DataSource: 'DataSource',
  ExternalEventSource: 'DataSource',
  ProcessNode: 'ProcessNode',
  FSM: 'FSM',
  FSMProcessNode: 'FSM',
  Aggregator: 'Aggregator',
  Queue: 'Aggregator',
  Multiplexer: 'Multiplexer',
  Sink: 'Sink',
} as const satisfies Record<string, NodeKind>;
export type NodeType = keyof typeof NODE_TYPE_KINDS;

/** Pure: the kind of a node written with `type` (a kind or an alias), or null for anything else. */
export function nodeKindOf(type: unknown): NodeKind | null {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(NODE_TYPE_KINDS, type)
    ? NODE_TYPE_KINDS[type as NodeType]
    : null;
}

/** Where a node sits on the canvas. */
export interface Position {
  x: number;
  y: number;
}

/** Token: exactly the seed's fields. Immutable once created; ledger events share references. */
export interface Token {
  /** `"<nodeId>#<n>"`, n counting per node from 1. */
  id: string;
  correlationIds: string[];
  data: Record<string, unknown>;
}

/** Fields any external event may carry. */
interface ExternalEventFields {
  correlationId?: string;
  correlationIds?: string[];
  value?: unknown;
  [field: string]: unknown;
}

/** An event addressed to a DataSource by its id; its other fields become the token's data. */
export interface TargetedEvent extends ExternalEventFields {
  targetDataSourceId: string;
}

/**
 * *(compat)* An event in the original tool's shape, `{id, timestamp, type, source, data: {…}}`: no
 * target, routed to every execution-events DataSource whose `eventType` is its `type`; the token's
 * data is its `data` payload.
 */
export interface TypedEvent extends ExternalEventFields {
  targetDataSourceId?: undefined;
  type: string;
  id?: string;
  timestamp?: number | string;
  source?: string;
  data?: Record<string, unknown>;
}

/** An event from outside (e.g. a parsed log line): addressed to a DataSource, or *(compat)* routed by its `type`. */
export type ExternalEvent = TargetedEvent | TypedEvent;

export const LEDGER_OPERATIONS = [
  'TOKEN_GENERATED',
  'TOKEN_PROCESSED',
  'TOKEN_TRANSFORMED',
  'STATE_TRANSITION',
  'TOKEN_COLLECTED',
  'TOKEN_BUFFERED',
  'TOKEN_AGGREGATED',
  'TOKEN_ROUTED',
  'TOKEN_DROPPED',
  'NODE_ERROR',
] as const;
export type LedgerOperation = (typeof LEDGER_OPERATIONS)[number];

export interface LedgerEvent {
  /** `"e<seq>"`. */
  eventId: string;
  /** `startTime + step * tickMs`. */
  timestamp: number;
  nodeId: string;
  operation: LedgerOperation;
  inputToken?: Token;
  outputToken?: Token;
  /** STATE_TRANSITION only. */
  from?: string;
  to?: string;
  /** 1-based, strictly increasing over the run. */
  seq: number;
  step: number;
  nodeType: NodeKind;
  /** Ids of the tokens a merge consumed (Aggregator, joining ProcessNode). */
  inputTokens?: string[];
  details?: Record<string, unknown>;
}

export interface NodeState {
  nodeId: string;
  /** FSM in node mode: its state; other kinds: null. */
  currentState: string | null;
  tokensProcessed: number;
  /** Per kind: FSM count per state, Multiplexer count per output, Sink count per `data.state`, Aggregator buffered counts. */
  aggregates: Record<string, unknown>;
  /** Timestamp of the last step in which the node acted; null before it first acts. */
  lastUpdate: number | null;
}

/** Closed set of run statuses. */
export const RUN_STATUSES = ['ready', 'running', 'completed', 'truncated'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * A DataSource that waits for external events (*(compat)* `execution-events` generation or
 * `ExternalEventSource`, or `count: 0`: it generates nothing) and has been given none: a run with
 * nothing else to do is `completed` with the sources it waits for listed, and adding events to it
 * lets it go on.
 */
export interface WaitingSource {
  nodeId: string;
  /** The event `type` it emits; absent for a `count: 0` source, whose events name it by `targetDataSourceId`. */
  eventType?: string;
}

/**
 * Which bound closed a truncated run: step `maxSteps` was reached, the ledger reached `maxEvents`
 * with work left, the run spent `maxWork` work units, or (not reproducible) the caller's wall-clock
 * deadline passed between two steps.
 */
export type TruncationBound = 'maxSteps' | 'maxEvents' | 'maxWork' | 'deadline';

/** Pure: true once a run can take no further step (`completed` or `truncated`). */
export function isEnded(status: RunStatus): status is 'completed' | 'truncated' {
  return status === 'completed' || status === 'truncated';
}

// ——— The DSL's closed sets (docs/dsl.md) ———
// Each is written here once: the DSL's schema (src/engine/dsl/schema.ts, which the loader validates
// with and the published JSON Schema is made from) builds its choices from them and is checked at
// compile time to offer exactly these; the editor's forms (src/ui/controllers/editor, the Editor
// components) list them from here.

/** How a DataSource makes token values (`generation.type`). */
export const GENERATION_TYPES = ['random', 'sequence', 'constant', 'values', 'execution-events'] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

/** The distributions of a sampled delay (`delay.distribution`). */
export const DELAY_DISTRIBUTIONS = ['fixed', 'uniform', 'exponential', 'empirical'] as const;
export type DelayDistribution = (typeof DELAY_DISTRIBUTIONS)[number];

/** The actions of an FSM state's `onEntry`/`onExit` lists (`action`). */
export const FSM_ACTIONS = ['set_variable', 'increment', 'decrement', 'log', 'emit'] as const;
export type FsmActionKind = (typeof FSM_ACTIONS)[number];

/** One machine for the node, or one per correlation id (`fsm.instancePer`). */
export const FSM_INSTANCE_MODES = ['node', 'correlationId'] as const;
export type FsmInstanceMode = (typeof FSM_INSTANCE_MODES)[number];

/** How an Aggregator combines its buffered values (`aggregation.method`; *(compat)* `custom` besides). */
export const AGGREGATION_METHODS = [
  'sum',
  'average',
  'count',
  'min',
  'max',
  'first',
  'last',
  'collect',
  'formula',
] as const;
export type AggregationMethod = (typeof AGGREGATION_METHODS)[number];

/** When an Aggregator emits (`aggregation.trigger.type`). */
export const AGGREGATION_TRIGGERS = ['count', 'time', 'threshold'] as const;
export type AggregationTrigger = (typeof AGGREGATION_TRIGGERS)[number];

/** What a full Aggregator buffer does (`overflow`). */
export const AGGREGATION_OVERFLOWS = ['drop_oldest', 'reject'] as const;
export type AggregationOverflow = (typeof AGGREGATION_OVERFLOWS)[number];

/** How a Multiplexer's token picks its output(s) (`multiplexing.strategy`). */
export const MULTIPLEX_STRATEGIES = ['round_robin', 'random', 'weighted', 'conditional', 'broadcast'] as const;
export type MultiplexStrategy = (typeof MULTIPLEX_STRATEGIES)[number];

/** The figures a Sink's result may show. */
export const SINK_RESULT_FIGURES = ['count', 'sum', 'latest', 'average'] as const;
export type SinkResultFigure = (typeof SINK_RESULT_FIGURES)[number];

/** Node types that only draw on the canvas (kept, never run). */
export const PRESENTATIONAL_TYPES = ['Group', 'MarkdownComment'] as const;
export type PresentationalType = (typeof PRESENTATIONAL_TYPES)[number];
