/**
 * What a run writes through: the ledger for a live run, or a replay recorder that re-executes an
 * earlier stretch of the run in a scratch simulation and checks each event against the ledger it
 * already has (`replayRecorder.ts`). Behaviours and the scheduler only see these interfaces, so the
 * same behaviour code drives both without knowing which one it is.
 */
import type { OpCode } from './operations';
import type { TokenReader } from './tokenTable';

/** Creates tokens (the run's `TokenTable`, or a replay's cursor over the tokens already made). */
export interface TokenFactory {
  /** The next token of node `node`, with `correlationIds` (copied). */
  create(node: number, correlationIds: readonly string[], data: Record<string, unknown>): number;
  /** The next token of source `node`, with the generated correlation id `"<nodeId>-<n>"`. */
  createSource(node: number, data: Record<string, unknown>): number;
  /** The next token of `node`, carrying the correlation ids of token `parent`. */
  derive(node: number, parent: number, data: Record<string, unknown>): number;
  /** The next token of `node`, merging tokens `inputs` (ordered union of their correlation ids). */
  merge(node: number, inputs: ArrayLike<number>, data: Record<string, unknown>): number;
}

/** The write side of a ledger as the scheduler and the behaviours use it. Not pure. */
export interface Recorder {
  readonly tickMs: number;
  /** Every token of the run, by token index. */
  readonly tokens: TokenReader;
  readonly table: TokenFactory;
  /** Events recorded so far (the seq of the last one). */
  readonly size: number;
  /** Starts step `step`; events appended next belong to it. */
  beginStep(step: number): void;
  /** Appends an event of the current step; returns its seq. */
  append(
    node: number,
    op: OpCode,
    inTok: number,
    outTok: number,
    states: number,
    inputs: number,
    details: number,
  ): number;
  /**
   * Indexes event `seq` (the one just appended) under `correlationId` as well, though none of its
   * tokens carries it (a per-correlation-id FSM's timer transition). Index only: the event is unchanged.
   */
  postCorrelation(seq: number, correlationId: string): void;
  /** Stores a list of consumed token indices; returns a non-zero reference for `append`. */
  tokenList(tokens: ArrayLike<number>, from?: number, to?: number): number;
  /** Stores details shared by many events (never mutated); returns its reference. */
  internDetails(details: Record<string, unknown>): number;
  /** Stores the details of one event; returns its reference. */
  addDetails(details: Record<string, unknown>): number;
  /** The `states` argument of `append` for a transition `from` → `to`. */
  transitionStates(from: string, to: string): number;
}
