/**
 * The answer to "what changed between these two runs?" (docs/compare.md): the first step where two
 * ledgers diverge and what differs there, the per-node, per-Sink and per-FSM-state summary of both
 * sides, the nodes added, removed or renamed, and — when the runs' inputs are known — which input
 * differs. Plain data: the command line prints it, the service answers it, the client returns it.
 * Side `a` is the run compared, side `b` the run it is compared with; every delta is `b − a`.
 */
import type { LedgerEvent } from './vocabulary';

/** One difference between two JSON values: a JSON Pointer (RFC 6901) and the value on each side (absent: the member is missing there). */
export interface ValueDifference {
  path: string;
  a?: unknown;
  b?: unknown;
}

/** Where two ledgers first differ: the first ledger line (by position) that is not the same on both sides. */
export interface Divergence {
  /** `firstDivergentStep`: the lower of the two events' steps (a ledger that ended: the other's step). */
  step: number;
  /** 1-based position of the first differing line (the `seq` both events carry there). */
  seq: number;
  /** The node acting there on each side (null: that ledger has ended). */
  nodeId: { a: string | null; b: string | null };
  operation: { a: string | null; b: string | null };
  /** Field by field, pointers into the event (`/outputToken/data/value`, `/nodeId`, …); at most `MAX_EVENT_DIFFERENCES`. */
  differences: ValueDifference[];
  /** The two events as their ledger lines hold them (null: that ledger has ended). */
  a: LedgerEvent | null;
  b: LedgerEvent | null;
}

/** A node's ledger events on each side (null: the node is not in that run). */
export interface NodeDiffRow {
  nodeId: string;
  nodeType: string;
  a: number | null;
  b: number | null;
  delta: number;
}

/** What a Sink collected in one run. */
export interface SinkSide {
  count: number;
  /** Sum of the numeric `data.value`s collected. */
  sum: number;
  /** `data.value` of the first `SINK_VALUES_SHOWN` tokens collected, in ledger order (missing as null). */
  values: unknown[];
}

export interface SinkDiffRow {
  sinkId: string;
  a: SinkSide | null;
  b: SinkSide | null;
  delta: { count: number; sum: number };
}

/** How often an FSM entered a state (its STATE_TRANSITION events whose `to` is the state) on each side. */
export interface FsmStateDiffRow {
  nodeId: string;
  state: string;
  a: number;
  b: number;
  delta: number;
}

/**
 * Nodes matched by id. With both scenarios known, a node only in `a` and one only in `b` of the same
 * kind, in order, read as a rename; from ledger files a node is known by its events (no renames).
 */
export interface NodeChanges {
  added: string[];
  removed: string[];
  renamed: Array<{ a: string; b: string; nodeType: string }>;
}

/** Size of each ledger. */
export interface LedgerSide {
  events: number;
  /** Step of the last event (0 for an empty ledger). */
  lastStep: number;
}

/** Which input of the two runs differs (known when both runs were made here, not for two ledger files). */
export interface InputDifferences {
  /** The names of the inputs that differ, in this order: `seed`, `events`, `template`. */
  differ: Array<'seed' | 'events' | 'template'>;
  /** Both runs come from the same template (same id, or the same scenario file). */
  sameTemplate: boolean;
  seed: { a: number; b: number } | null;
  /** The first external event (0-based index into the events fed in, in order) that is not the same. */
  events: { index: number; a?: unknown; b?: unknown; countA: number; countB: number } | null;
  /** The JSON Pointers into the scenario document that changed, as the editor and the validator name them. */
  template: { paths: ValueDifference[]; more: number } | null;
}

/** The answer of `flowledger diff` and of `GET /engine/executions/{executionId}/diff/{otherExecutionId}`. */
export interface LedgerDiff {
  identical: boolean;
  firstDivergentStep: number | null;
  at: Divergence | null;
  ledgers: { a: LedgerSide; b: LedgerSide };
  nodes: NodeDiffRow[];
  sinks: SinkDiffRow[];
  fsm: FsmStateDiffRow[];
  nodeChanges: NodeChanges;
  /** Null when the inputs are unknown (two ledger files). */
  why: InputDifferences | null;
}

/** Values listed per Sink side (count and sum cover all of them). */
export const SINK_VALUES_SHOWN = 1000;
/** Field differences listed at the divergence. */
export const MAX_EVENT_DIFFERENCES = 100;
/** Changed template paths listed (`more` counts the rest). */
export const MAX_TEMPLATE_PATHS = 100;
