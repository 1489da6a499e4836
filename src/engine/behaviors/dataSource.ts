/**
 * DataSource (DSL.md §5.1): emits tokens on its schedule — every `max(1, round(interval·1000/tickMs))`
 * steps from `startAt` — either generated values (until `count` tokens) or, once any external event
 * has been addressed to it, those events in queue order, `batchSize` per due step.
 *
 * Ledger: `TOKEN_GENERATED` (outputToken). An event's token records `details.externalEvent`, the
 * event's position in the external queue, so a token can be traced back to its log line. A masked
 * event (a shard run's event of another shard) takes its batch slot and makes nothing.
 *
 * With `arrivals` (docs/dsl.md, "Sampled delays") generated tokens arrive on a simulated clock in
 * ms: the first at step `startAt`, each next one a gap drawn from the node's stream later, at step
 * `startAt + round(clock / tickMs)` — the clock keeps the exact sum, so rounding never accumulates;
 * gaps shorter than half a step put several tokens in one step. `horizonMs` ends the arrivals.
 */
import { stepsOf } from '../dsl/finiteNumbers';
import type { NodeContext } from './nodeContext';
import { NONE } from '../ledger/ledger';
import { OP } from '../ledger/operations';
import type { DataSourceSpec, Generation } from '../types';
import type { Behavior, NodeRuntime } from './behavior';
import { stateOf, type BehaviorState } from './state';
import { drawDelayMs, msToSteps } from './delay';

/** Creates a DataSource runtime. Not pure: it draws from the node's random stream. */
export const dataSource: Behavior<DataSourceSpec> = (spec, ctx) => new DataSourceRuntime(spec, ctx);

class DataSourceRuntime implements NodeRuntime {
  private readonly ctx: NodeContext;
  private readonly spec: DataSourceSpec;
  private readonly period: number;
  private generated = 0;
  /** With `arrivals`: the simulated ms after `startAt` of the next arrival. */
  private nextMs = 0;

  constructor(spec: DataSourceSpec, ctx: NodeContext) {
    this.spec = spec;
    this.ctx = ctx;
    const tickMs = ctx.ledger.tickMs;
    this.period = stepsOf(spec.interval, tickMs);
  }

  receive(): void {
    // The loader rejects edges into a DataSource; a delivery here is a scheduler bug.
    throw new Error(`DataSource "${this.spec.nodeId}" received a token; DataSources have no inputs`);
  }

  emitDue(step: number): void {
    const { startAt } = this.spec;
    if (step < startAt || (step - startAt) % this.period !== 0) return;
    const ctx = this.ctx;
    if (ctx.feed.targets(ctx.index)) {
      for (let k = 0; k < this.spec.batchSize; k++) {
        const ev = ctx.feed.take(ctx.index);
        if (ev < 0) break;
        // Another shard's event: it takes its batch slot, so every step is numbered as in the whole run.
        if (ctx.feed.isMasked?.(ev) === true) continue;
        const ids = ctx.feed.correlationIdsOf(ev);
        const tok =
          ids === null ? ctx.createSourceToken(ctx.feed.dataOf(ev)) : ctx.createToken(ids, ctx.feed.dataOf(ev));
        ctx.record(OP.TOKEN_GENERATED, NONE, tok, 0, 0, ctx.ledger.addDetails({ externalEvent: ev }));
        ctx.processed++;
        ctx.emit(tok);
      }
      return;
    }
    // *(compat)* An execution-events source only ever emits its events.
    if (this.generated >= this.spec.count || this.spec.generation.type === 'execution-events') return;
    if (this.spec.arrivals !== undefined) {
      this.arrive(step, this.spec.arrivals);
      return;
    }
    const value = this.nextValue(this.spec.generation);
    this.generated++;
    const tok = ctx.createSourceToken({ value });
    ctx.record(OP.TOKEN_GENERATED, NONE, tok);
    ctx.processed++;
    ctx.emit(tok);
  }

  nextDue(step: number): number {
    if (this.pending() <= 0) return Number.POSITIVE_INFINITY;
    const { startAt } = this.spec;
    if (this.spec.arrivals !== undefined && !this.ctx.feed.targets(this.ctx.index)) {
      const due = this.arrivalStep();
      return due >= step ? due : step;
    }
    if (step <= startAt) return startAt;
    // A period that overflowed (refused at load) emits at `startAt` only.
    if (!Number.isFinite(this.period)) return Number.POSITIVE_INFINITY;
    return startAt + Math.ceil((step - startAt) / this.period) * this.period;
  }

  pending(): number {
    const ctx = this.ctx;
    if (ctx.feed.targets(ctx.index)) return ctx.feed.pendingFor(ctx.index);
    // *(compat)* An execution-events source generates nothing: without events it has no work, so a
    // run waiting only for events ends at once (run/waiting.ts names it) instead of idling to maxSteps.
    if (this.spec.generation.type === 'execution-events') return 0;
    const horizon = this.spec.horizonMs;
    // Past the horizon, or a gap too large to be a time (1e308 ms × a scale of 10): no arrival is left.
    if (
      this.spec.arrivals !== undefined &&
      (!Number.isFinite(this.nextMs) || (horizon !== undefined && this.nextMs > horizon))
    )
      return 0;
    return this.spec.count - this.generated;
  }

  currentState(): string | null {
    return null;
  }

  aggregates(): Record<string, unknown> {
    const ctx = this.ctx;
    const external = ctx.feed.targets(ctx.index);
    return {
      mode: external ? 'external' : 'generated',
      emitted: ctx.processed,
      remaining: this.pending(),
    };
  }

  snapshot(): BehaviorState {
    if (this.spec.arrivals === undefined) return { kind: 'DataSource', generated: this.generated };
    return { kind: 'DataSource', generated: this.generated, nextMs: this.nextMs };
  }

  restore(state: BehaviorState): void {
    const s = stateOf(state, 'DataSource');
    this.generated = s.generated;
    this.nextMs = s.nextMs ?? 0;
  }

  /** The step of the next arrival (`arrivals` only). */
  private arrivalStep(): number {
    return this.spec.startAt + msToSteps(this.nextMs, this.ctx.ledger.tickMs);
  }

  /** Emits every arrival due at `step` (`arrivals` only), drawing the gap after each. */
  private arrive(step: number, arrivals: NonNullable<DataSourceSpec['arrivals']>): void {
    const ctx = this.ctx;
    const horizon = this.spec.horizonMs ?? Number.POSITIVE_INFINITY;
    const rand = () => ctx.rand();
    while (this.generated < this.spec.count && this.nextMs <= horizon && this.arrivalStep() <= step) {
      const value = this.nextValue(this.spec.generation);
      this.generated++;
      const tok = ctx.createSourceToken({ value });
      ctx.record(OP.TOKEN_GENERATED, NONE, tok);
      ctx.processed++;
      ctx.emit(tok);
      this.nextMs += drawDelayMs(arrivals, rand);
    }
  }

  /** The value of the next generated token (`generated` tokens made so far). */
  private nextValue(g: Generation): unknown {
    const k = this.generated;
    switch (g.type) {
      case 'random': {
        const lo = Math.min(g.valueMin, g.valueMax);
        const hi = Math.max(g.valueMin, g.valueMax);
        if (Number.isInteger(lo) && Number.isInteger(hi)) return this.ctx.randInt(lo, hi);
        return lo + this.ctx.rand() * (hi - lo);
      }
      case 'sequence':
        return g.start + k * g.step;
      case 'constant':
        return g.value === undefined ? null : g.value;
      case 'values':
        return g.values.length === 0 ? null : (g.values[k % g.values.length] ?? null);
      case 'execution-events':
        return null; // never reached: emitDue generates nothing for these
      default: {
        const never: never = g;
        throw new Error(`unknown generation ${JSON.stringify(never)}`);
      }
    }
  }
}
