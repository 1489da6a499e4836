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
export type RunStatus = 'ready' | 'running' | 'completed' | 'truncated';

/**
 * A DataSource that waits for external events (*(compat)* `execution-events` generation or
 * `ExternalEventSource`) and has been given none: a run with nothing else to do is `completed`
 * with the sources it waits for listed, and adding events to it lets it go on.
 */
export interface WaitingSource {
  nodeId: string;
  /** The event `type` it emits. */
  eventType: string;
}

/** Which bound closed a truncated run: step `maxSteps` was reached, or the ledger reached `maxEvents` with work left. */
export type TruncationBound = 'maxSteps' | 'maxEvents';

/** Pure: true once a run can take no further step (`completed` or `truncated`). */
export function isEnded(status: RunStatus): boolean {
  return status === 'completed' || status === 'truncated';
}
