/**
 * A node's window on the run: the only way a behaviour records ledger events, creates tokens,
 * emits them downstream, evaluates expressions, draws random numbers and asks to be woken later.
 * One instance per node, created once, so the hot path allocates nothing here.
 */
import { parseFormula, type CompiledExpr, type EvalContext, type EvalResult } from '../expr';
import { OP, type OpCode } from '../ledger/operations';
import type { NodeRandom } from './random';
import type { Recorder, TokenFactory } from '../ledger/recorder';
import { NONE, type TokenReader } from '../ledger/tokenTable';
import { valueBoundIssue } from './valueBounds';
import type { Edge, NodeSpec } from '../types';

/** What a DataSource reads from the queue (the run's external queue implements it). */
export interface EventFeed {
  /** True once any event has been addressed to node `node` (it then never generates again). */
  targets(node: number): boolean;
  /** Events addressed to `node` not yet emitted. */
  pendingFor(node: number): number;
  /** Index of the next pending event of `node`, now taken; -1 when none. */
  take(node: number): number;
  /** Token data of event `index`: the event's fields without `targetDataSourceId`. */
  dataOf(index: number): Record<string, unknown>;
  /** Correlation ids the event carries (`correlationIds`, else `correlationId`), or null. */
  correlationIdsOf(index: number): string[] | null;
  /**
   * True when event `index` is masked: it holds its place in its DataSource's queue (a batch slot,
   * the step it is emitted at) but makes no token — a shard run's events of other shards.
   */
  isMasked?(index: number): boolean;
  /**
   * A number that changes whenever `targets` or `pendingFor` may have changed other than by `take`
   * (events arrived, or the feed was moved): the scheduler then re-reads its DataSources.
   */
  revision(): number;
}

/** What the scheduler offers every node. */
export interface Kernel {
  /** The step being executed. */
  readonly step: number;
  /** Its timestamp, `startTime + step * tickMs`. */
  readonly time: number;
  /** Queues token `tok` on edge `edge` for the next step. */
  deliver(edge: number, tok: number): void;
  /** Wakes node `node` at step `step` (the current step: after its deliveries of this step). */
  wakeAt(node: number, step: number): void;
  /** The most events the ledger may hold (`maxEvents`): an event beyond it stops the step. */
  readonly eventLimit: number;
  /** Adds `units` of work (formula steps); past `maxWork` it throws `WorkLimitReached`, which stops the step. */
  addWork(units: number): void;
}

/**
 * Thrown by `NodeContext.record` instead of writing an event beyond `maxEvents`; the scheduler
 * catches it and closes the run as truncated in the middle of the step. Never escapes a step.
 */
export class EventLimitReached extends Error {
  constructor() {
    super('the ledger holds maxEvents events');
  }
}

/**
 * Thrown when a run has spent `maxWork` work units; the scheduler catches it and closes the run as
 * truncated in the middle of the step. Never escapes a step.
 */
export class WorkLimitReached extends Error {
  constructor() {
    super('the run has done maxWork units of work');
  }
}

/** Not pure: the per-node facade over the scheduler, the ledger and the node's random stream. */
export class NodeContext {
  readonly index: number;
  readonly nodeId: string;
  readonly spec: NodeSpec;
  /** Where events go: the ledger, or a replay's recorder. */
  readonly ledger: Recorder;
  readonly tokens: TokenReader;
  /**
   * Whether a formula compiled for this node may name `token` (its text contains "token"): only
   * then does a behaviour build the whole token (`tokens.get`) for its scope. Scopes are read by
   * name, so a formula that never spells the name cannot read it; without it, `token` stays null.
   */
  namesToken = false;
  private readonly table: TokenFactory;
  /** The scenario's edges (all of them; `outEdges` are this node's, in edge order). */
  readonly edges: readonly Edge[];
  readonly outEdges: readonly number[];
  /** The external event queue (read by DataSources). */
  readonly feed: EventFeed;
  /** Tasks (deliveries, generated tokens) the node has handled: `NodeState.tokensProcessed`. */
  processed = 0;
  /** Last step in which the node recorded an event, or -1. */
  lastStep = -1;
  private readonly kernel: Kernel;
  /** The node's random stream (its state is part of a checkpoint). */
  readonly random: NodeRandom;
  private readonly evalCtx: EvalContext;

  constructor(
    kernel: Kernel,
    ledger: Recorder,
    feed: EventFeed,
    spec: NodeSpec,
    edges: readonly Edge[],
    outEdges: readonly number[],
    random: NodeRandom,
  ) {
    this.kernel = kernel;
    this.feed = feed;
    this.ledger = ledger;
    this.tokens = ledger.tokens;
    this.table = ledger.table;
    this.spec = spec;
    this.index = spec.index;
    this.nodeId = spec.nodeId;
    this.edges = edges;
    this.outEdges = outEdges;
    this.random = random;
    this.evalCtx = { scope: {}, now: () => kernel.time, rand: () => random.next() };
  }

  /** The step being executed. */
  get step(): number {
    return this.kernel.step;
  }

  /** The timestamp of the step being executed. */
  get time(): number {
    return this.kernel.time;
  }

  /** Records an event of this node in the current step; returns its seq. Throws `EventLimitReached` when the ledger is full. */
  record(op: OpCode, inTok: number, outTok: number, states = 0, inputs = 0, details = 0): number {
    if (this.ledger.size >= this.kernel.eventLimit) throw new EventLimitReached();
    this.lastStep = this.kernel.step;
    return this.ledger.append(this.index, op, inTok, outTok, states, inputs, details);
  }

  /**
   * Records a runtime error: a `NODE_ERROR` event carrying the message; the token (or the consumed
   * tokens) it names is dropped there.
   */
  fail(message: string, inTok: number, inputs = 0, extra?: Record<string, unknown>): void {
    const details = this.ledger.addDetails(extra ? { message, ...extra } : { message });
    this.record(OP.NODE_ERROR, inTok, NONE, 0, inputs, details);
  }

  /** A new token of this node. */
  createToken(correlationIds: string[], data: Record<string, unknown>): number {
    return this.table.create(this.index, correlationIds, data);
  }

  /** A new token of this (source) node with the generated correlation id `"<nodeId>-<n>"`. */
  createSourceToken(data: Record<string, unknown>): number {
    return this.table.createSource(this.index, data);
  }

  /** A new token of this node merging `inputs`: its correlation ids are the ordered union of theirs. */
  mergeTokens(inputs: ArrayLike<number>, data: Record<string, unknown>): number {
    return this.table.merge(this.index, inputs, data);
  }

  /** A new token of this node with the correlation ids of token `parent`. */
  deriveToken(parent: number, data: Record<string, unknown>): number {
    return this.table.derive(this.index, parent, data);
  }

  /** Emits `tok` on every outgoing edge, in edge order. */
  emit(tok: number): void {
    const out = this.outEdges;
    for (let i = 0; i < out.length; i++) this.kernel.deliver(out[i]!, tok);
  }

  /** Emits `tok` on edge `edge` only. */
  emitOn(edge: number, tok: number): void {
    this.kernel.deliver(edge, tok);
  }

  /** Asks to be woken (`NodeRuntime.wake`) at `step`. */
  wakeAt(step: number): void {
    this.kernel.wakeAt(this.index, step);
  }

  /** The next float in [0, 1) of this node's random stream. */
  rand(): number {
    return this.random.next();
  }

  /** An integer in [min, max] from this node's random stream. */
  randInt(min: number, max: number): number {
    return this.random.int(min, max);
  }

  /**
   * Evaluates `expr` over `scope` with this node's clock and random stream. A result beyond
   * `VALUE_LIMITS` (too large or too deep as JSON) is an evaluation error.
   */
  evaluate(expr: CompiledExpr, scope: Record<string, unknown>): EvalResult {
    this.evalCtx.scope = scope;
    const r = expr.evaluate(this.evalCtx);
    this.kernel.addWork(this.evalCtx.steps ?? 0);
    if (!r.ok || typeof r.value !== 'object' || r.value === null) return r;
    const issue = valueBoundIssue(r.value);
    return issue === null ? r : { ok: false, error: issue };
  }

  /**
   * Reads only: null when `value`, a value this node is building (token data, an aggregate, FSM
   * variables), is within `VALUE_LIMITS`, else the message to record as the node's error, about
   * `subject`. Measured once per built value, with an early exit at the bound.
   */
  builtIssue(value: unknown, subject = 'the token data'): string | null {
    return valueBoundIssue(value, subject);
  }

  /**
   * Compiles `source` once (the expression language, else a JavaScript formula); the loader has
   * already checked it parses, so a failure is a bug.
   */
  compile(source: string): CompiledExpr {
    if (!this.namesToken && source.includes('token')) this.namesToken = true;
    const parsed = parseFormula(source);
    if (!parsed.ok)
      throw new Error(
        `node "${this.nodeId}": expression ${JSON.stringify(source)} does not compile: ${parsed.error.message}`,
      );
    return parsed.expr;
  }
}
