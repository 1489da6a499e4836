/**
 * Aggregator (DSL.md §5.4): buffers tokens (per group key when `groupBy` is set) and emits one token
 * `{value, count, method, key?}` per trigger, carrying the ordered union of the consumed tokens'
 * correlation ids.
 *
 * - Triggers: `count` (the buffer holds `window` tokens), `threshold` (the method's running result
 *   is a number >= `value`, checked after each arrival), `time` (at every step that is a multiple
 *   of `max(1, round(window·1000/tickMs))`, after that step's deliveries, every non-empty buffer
 *   flushes), none (only at the end). With `flushOnEnd`, partial buffers flush in a step where
 *   nothing else is pending, in the order their keys first appeared.
 * - Numeric methods (`sum`, `average`, `min`, `max`) skip values that are not numbers; `sum` of
 *   none is 0, `average`/`min`/`max` of none are null. `collect` keeps every value (missing ones
 *   as null). `formula` sees `values`, `tokens`, `key`, `step` and `time`.
 * - `groupBy`: `correlationId` groups by a token's first correlation id; anything else is a data
 *   path whose value (as text; objects as canonical JSON) is the key.
 * - `capacity` bounds the tokens held over all groups: `reject` drops the arriving token,
 *   `drop_oldest` drops the oldest held token of the node; both record `TOKEN_DROPPED`.
 *
 * Ledger: `TOKEN_BUFFERED` per arrival (`details.key` when grouped), `TOKEN_AGGREGATED`
 * (inputTokens, outputToken, `details.trigger`), `TOKEN_DROPPED` (`details.reason`).
 */
import { stepsOf } from '../dsl/finiteNumbers';
import type { CompiledExpr } from '../expr';
import { NONE } from '../ledger/ledger';
import type { NodeContext } from './nodeContext';
import { OP } from '../ledger/operations';
import type { AggregationMethod, AggregatorSpec } from '../types';
import type { Behavior, NodeRuntime } from './behavior';
import { stateOf, type AggregatorGroupState, type BehaviorState } from './state';
import { compilePath, groupKey, readTokenPath, type DataPath } from './tokenData';

/** Creates an Aggregator runtime. */
export const aggregator: Behavior<AggregatorSpec> = (spec, ctx) => new AggregatorRuntime(spec, ctx);

/** A group's buffer: its snapshot fields (`arrivals`: arrival number of each held token, for `drop_oldest` across groups) plus run-only bookkeeping. */
interface Group extends AggregatorGroupState {
  /** Interned `{key}` details of this group's TOKEN_BUFFERED events, or 0. */
  details: number;
}

type TriggerKind = 'count' | 'time' | 'threshold' | 'end';

/** Marks a formula result that failed (already recorded). */
const FAILED: unique symbol = Symbol('failed');

class AggregatorRuntime implements NodeRuntime {
  private readonly ctx: NodeContext;
  private readonly spec: AggregatorSpec;
  private readonly method: AggregationMethod;
  private readonly formula: CompiledExpr | null;
  private readonly field: DataPath;
  private readonly groupBy: DataPath | 'correlationId' | null;
  private readonly period: number;
  private readonly groups = new Map<string, Group>();
  private held = 0;
  private arrivals = 0;
  private emitted = 0;
  private dropped = 0;
  private wakeScheduled = -1;
  private readonly triggerDetails: Record<TriggerKind, number>;
  private readonly rejectDetails: number;
  private readonly overflowDetails: number;

  constructor(spec: AggregatorSpec, ctx: NodeContext) {
    this.ctx = ctx;
    this.spec = spec;
    const a = spec.aggregation;
    this.method = a.method;
    this.formula =
      a.method === 'formula' && a.formula !== undefined && a.formula.trim() !== '' ? ctx.compile(a.formula) : null;
    this.field = compilePath(a.field);
    this.groupBy =
      a.groupBy === undefined || a.groupBy === ''
        ? null
        : a.groupBy === 'correlationId'
          ? 'correlationId'
          : compilePath(a.groupBy);
    this.period = a.trigger?.type === 'time' ? stepsOf(a.trigger.window, ctx.ledger.tickMs) : 0;
    const intern = (trigger: TriggerKind) => ctx.ledger.internDetails({ trigger });
    this.triggerDetails = {
      count: intern('count'),
      time: intern('time'),
      threshold: intern('threshold'),
      end: intern('end'),
    };
    this.rejectDetails = ctx.ledger.internDetails({
      reason: 'capacity',
      capacity: spec.capacity ?? null,
      overflow: 'reject',
    });
    this.overflowDetails = ctx.ledger.internDetails({
      reason: 'capacity',
      capacity: spec.capacity ?? null,
      overflow: 'drop_oldest',
    });
  }

  receive(tok: number, _edge: number): void {
    const ctx = this.ctx;
    ctx.processed++;
    const capacity = this.spec.capacity;
    if (capacity !== undefined && this.held >= capacity) {
      if (this.spec.overflow === 'reject') {
        ctx.record(OP.TOKEN_DROPPED, tok, NONE, 0, 0, this.rejectDetails);
        this.dropped++;
        return;
      }
      this.dropOldest();
    }
    const key = this.keyOf(tok);
    let g = this.groups.get(key);
    if (g === undefined) {
      g = { key, tokens: [], values: [], arrivals: [], sum: 0, numbers: 0, min: Infinity, max: -Infinity, details: 0 };
      if (this.groupBy !== null) g.details = ctx.ledger.internDetails({ key });
      this.groups.set(key, g);
    }
    const value = readTokenPath(ctx.tokens, tok, this.field);
    g.tokens.push(tok);
    g.values.push(value);
    g.arrivals.push(this.arrivals++);
    if (typeof value === 'number') this.addNumber(g, value);
    this.held++;
    ctx.record(OP.TOKEN_BUFFERED, tok, NONE, 0, 0, g.details);

    const trigger = this.spec.aggregation.trigger;
    if (trigger === null) return;
    switch (trigger.type) {
      case 'count':
        if (g.tokens.length >= trigger.window) this.flush(g, 'count');
        return;
      case 'threshold': {
        // A list is never a number: building one per arrival would cost the square of the buffer.
        if (this.method === 'collect') return;
        const running = this.result(g);
        if (running === FAILED) return;
        if (typeof running === 'number' && running >= trigger.value) this.flush(g, 'threshold');
        return;
      }
      case 'time': {
        const step = ctx.step;
        const due = Math.ceil(step / this.period) * this.period;
        if (this.wakeScheduled !== due) {
          this.wakeScheduled = due;
          ctx.wakeAt(due);
        }
        return;
      }
      default: {
        const never: never = trigger;
        throw new Error(`unknown trigger ${JSON.stringify(never)}`);
      }
    }
  }

  wake(step: number): void {
    if (this.period === 0 || step % this.period !== 0) return;
    for (const g of [...this.groups.values()]) this.flush(g, 'time');
  }

  pending(): number {
    return this.period > 0 ? this.groups.size : 0;
  }

  pendingAtEnd(): number {
    return this.period === 0 && this.spec.aggregation.flushOnEnd ? this.groups.size : 0;
  }

  flushAtEnd(): void {
    if (this.period > 0 || !this.spec.aggregation.flushOnEnd) return;
    for (const g of [...this.groups.values()]) this.flush(g, 'end');
  }

  currentState(): string | null {
    return null;
  }

  aggregates(): Record<string, unknown> {
    const out: Record<string, unknown> = { buffered: this.held, emitted: this.emitted, dropped: this.dropped };
    if (this.groupBy !== null) out['groups'] = this.groups.size;
    return out;
  }

  snapshot(): BehaviorState {
    const groups = [...this.groups.values()].map((g) => ({
      key: g.key,
      tokens: g.tokens.slice(),
      values: g.values.slice(),
      arrivals: g.arrivals.slice(),
      sum: g.sum,
      numbers: g.numbers,
      min: g.min,
      max: g.max,
    }));
    return {
      kind: 'Aggregator',
      groups,
      held: this.held,
      arrivals: this.arrivals,
      emitted: this.emitted,
      dropped: this.dropped,
      wakeScheduled: this.wakeScheduled,
    };
  }

  restore(state: BehaviorState): void {
    const s = stateOf(state, 'Aggregator');
    this.groups.clear();
    for (const g of s.groups) {
      // The details reference only labels ledger events; a replay does not write them.
      const details = this.groupBy === null ? 0 : this.ctx.ledger.internDetails({ key: g.key });
      this.groups.set(g.key, {
        ...g,
        tokens: g.tokens.slice(),
        values: g.values.slice(),
        arrivals: g.arrivals.slice(),
        details,
      });
    }
    this.held = s.held;
    this.arrivals = s.arrivals;
    this.emitted = s.emitted;
    this.dropped = s.dropped;
    this.wakeScheduled = s.wakeScheduled;
  }

  private keyOf(tok: number): string {
    const by = this.groupBy;
    if (by === null) return '';
    if (by === 'correlationId') return this.ctx.tokens.firstCorrelationId(tok) ?? '';
    return groupKey(readTokenPath(this.ctx.tokens, tok, by));
  }

  private addNumber(g: Group, v: number): void {
    g.sum += v;
    g.numbers++;
    if (v < g.min) g.min = v;
    if (v > g.max) g.max = v;
  }

  /** Emits the aggregate of `g` and empties it. */
  private flush(g: Group, trigger: TriggerKind): void {
    const ctx = this.ctx;
    this.groups.delete(g.key);
    this.held -= g.tokens.length;
    const inputs = ctx.ledger.tokenList(g.tokens);
    const value = this.result(g, inputs);
    if (value === FAILED) return;
    const data: Record<string, unknown> = { value, count: g.tokens.length, method: this.method };
    if (this.groupBy !== null) data['key'] = g.key;
    // Every method's aggregate is bounded like a formula's result (a `collect` of two copies of
    // one token doubles its size): past the bound the consumed tokens are dropped with the error.
    const issue = ctx.builtIssue(data, 'the aggregate');
    if (issue !== null) {
      ctx.fail(issue, NONE, inputs);
      return;
    }
    const out = ctx.mergeTokens(g.tokens, data);
    ctx.record(OP.TOKEN_AGGREGATED, NONE, out, 0, inputs, this.triggerDetails[trigger]);
    this.emitted++;
    ctx.emit(out);
  }

  /**
   * The method's result over `g`. A formula error is recorded as NODE_ERROR: with `inputs` (a
   * flush) the consumed tokens are dropped; without (a threshold check) the whole buffer is.
   */
  private result(g: Group, inputs = 0): unknown {
    switch (this.method) {
      case 'sum':
        return g.sum;
      case 'average':
        return g.numbers === 0 ? null : g.sum / g.numbers;
      case 'count':
        return g.tokens.length;
      case 'min':
        return g.numbers === 0 ? null : g.min;
      case 'max':
        return g.numbers === 0 ? null : g.max;
      case 'first':
        return g.values.length === 0 ? null : (g.values[0] ?? null);
      case 'last':
        return g.values.length === 0 ? null : (g.values[g.values.length - 1] ?? null);
      case 'collect':
        return g.values.map((v) => (v === undefined ? null : v));
      case 'formula': {
        if (this.formula === null) return null;
        const ctx = this.ctx;
        const scope = {
          values: g.values.map((v) => (v === undefined ? null : v)),
          tokens: g.tokens.map((t) => ctx.tokens.get(t)),
          key: this.groupBy === null ? null : g.key,
          step: ctx.step,
          time: ctx.time,
        };
        const r = ctx.evaluate(this.formula, scope);
        if (r.ok) return r.value;
        if (inputs === 0) {
          this.groups.delete(g.key);
          this.held -= g.tokens.length;
          inputs = ctx.ledger.tokenList(g.tokens);
        }
        ctx.fail(r.error, NONE, inputs);
        return FAILED;
      }
      default: {
        const never: never = this.method;
        throw new Error(`unknown method ${String(never)}`);
      }
    }
  }

  /**
   * Drops the oldest held token of the node (the group whose first arrival is earliest). `shift()`
   * is fine here: the buffers are bounded by `capacity`.
   */
  private dropOldest(): void {
    let oldest: Group | undefined;
    for (const g of this.groups.values()) if (oldest === undefined || g.arrivals[0]! < oldest.arrivals[0]!) oldest = g;
    if (oldest === undefined) return;
    const tok = oldest.tokens.shift()!;
    oldest.values.shift();
    oldest.arrivals.shift();
    this.held--;
    this.dropped++;
    if (oldest.tokens.length === 0) this.groups.delete(oldest.key);
    else this.recount(oldest);
    this.ctx.record(OP.TOKEN_DROPPED, tok, NONE, 0, 0, this.overflowDetails);
  }

  private recount(g: Group): void {
    g.sum = 0;
    g.numbers = 0;
    g.min = Infinity;
    g.max = -Infinity;
    for (const v of g.values) if (typeof v === 'number') this.addNumber(g, v);
  }
}
