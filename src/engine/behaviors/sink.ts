/**
 * Sink (DSL.md §5.6): collects every token it receives and sends nothing on.
 *
 * Ledger: `TOKEN_COLLECTED` (inputToken). Node state `aggregates`: tokens collected per
 * `data.state` (tokens without a state are counted only in `tokensProcessed`). Sink aggregations
 * over collected values (sum, average, …) read the ledger's per-node index.
 */
import { NONE } from '../ledger/ledger';
import type { NodeContext } from './nodeContext';
import { OP } from '../ledger/operations';
import type { SinkSpec } from '../types';
import type { Behavior, NodeRuntime } from './behavior';
import { setOwn } from '../jsonValues';
import { stateOf, type BehaviorState } from './state';
import { groupKey } from './tokenData';

/** Creates a Sink runtime. */
export const sink: Behavior<SinkSpec> = (_spec, ctx) => new SinkRuntime(ctx);

class SinkRuntime implements NodeRuntime {
  private readonly ctx: NodeContext;
  private perState = new Map<string, number>();

  constructor(ctx: NodeContext) {
    this.ctx = ctx;
  }

  receive(tok: number, _edge: number): void {
    const ctx = this.ctx;
    ctx.processed++;
    ctx.record(OP.TOKEN_COLLECTED, tok, NONE);
    const state = ctx.tokens.field(tok, 'state');
    if (state !== undefined && state !== null) {
      const key = groupKey(state);
      this.perState.set(key, (this.perState.get(key) ?? 0) + 1);
    }
  }

  currentState(): string | null {
    return null;
  }

  aggregates(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [state, n] of this.perState) setOwn(out, state, n);
    return out;
  }

  snapshot(): BehaviorState {
    return { kind: 'Sink', perState: [...this.perState] };
  }

  restore(state: BehaviorState): void {
    this.perState = new Map(stateOf(state, 'Sink').perState);
  }
}
