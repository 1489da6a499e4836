/**
 * Multiplexer (DSL.md §5.5): routes each token, unchanged, to one output (or to every output with
 * `broadcast`). Output i is `outputs[i]`; edges declared only by a destination's `inputs` (without
 * a source output name) count as further outputs after them, named by their destination.
 *
 * - `round_robin` cycles through the outputs; `random` picks uniformly and `weighted` in proportion
 *   to the (non-negative) weights, both from the node's own seeded stream; `conditional` takes the
 *   first output whose condition is truthy, else `defaultOutput`, else drops the token.
 * - A token that cannot be routed (no condition held and no default, all weights zero, no outputs,
 *   or the chosen output is not connected) is recorded as `TOKEN_DROPPED` with `details.reason`.
 *
 * Ledger: `TOKEN_ROUTED` (inputToken = outputToken, `details.output`), one per output reached.
 * Node state `aggregates`: tokens routed per output name.
 */
import type { CompiledExpr } from '../expr';
import { NONE } from '../ledger/ledger';
import type { NodeContext } from './nodeContext';
import { OP } from '../ledger/operations';
import type { MultiplexerSpec } from '../types';
import type { Behavior, NodeRuntime } from './behavior';
import { setOwn } from '../jsonValues';
import { stateOf, type BehaviorState } from './state';

/** Creates a Multiplexer runtime. */
export const multiplexer: Behavior<MultiplexerSpec> = (spec, ctx) => new MultiplexerRuntime(spec, ctx);

class MultiplexerRuntime implements NodeRuntime {
  private readonly ctx: NodeContext;
  private readonly spec: MultiplexerSpec;
  /** Per output: its edges, in edge order (empty when the output is not connected). */
  private readonly outputs: number[][] = [];
  private readonly names: string[] = [];
  private readonly routed: number[] = [];
  private readonly details: number[] = [];
  private readonly unconnected: number[] = [];
  private readonly conditions: (CompiledExpr | null)[];
  private readonly weights: number[];
  private readonly totalWeight: number;
  private readonly dropNoCondition: number;
  private readonly dropNoWeight: number;
  private readonly dropNoOutput: number;
  private readonly scope: Record<string, unknown> = { value: null, data: null, token: null, step: 0, time: 0 };
  private next = 0;

  constructor(spec: MultiplexerSpec, ctx: NodeContext) {
    this.ctx = ctx;
    this.spec = spec;
    spec.outputs.forEach((o, i) => {
      this.outputs.push([]);
      this.names.push(o.name ?? (o.destinationNodeId !== '' ? o.destinationNodeId : `output ${i}`));
    });
    for (const e of ctx.outEdges) {
      const edge = ctx.edges[e]!;
      if (edge.outputIndex !== undefined && edge.outputIndex < spec.outputs.length)
        this.outputs[edge.outputIndex]!.push(e);
      else {
        this.outputs.push([e]);
        this.names.push(edge.outputName ?? edge.to);
      }
    }
    const ledger = ctx.ledger;
    for (const name of this.names) {
      this.routed.push(0);
      this.details.push(ledger.internDetails({ output: name }));
      this.unconnected.push(ledger.internDetails({ reason: 'output not connected', output: name }));
    }
    const m = spec.multiplexing;
    this.conditions = this.names.map((_, i) => {
      const c = m.conditions?.[i];
      return c !== undefined && c.trim() !== '' ? ctx.compile(c) : null;
    });
    this.weights = this.names.map((_, i) => Math.max(0, m.weights?.[i] ?? 0));
    this.totalWeight = this.weights.reduce((a, b) => a + b, 0);
    this.dropNoCondition = ledger.internDetails({ reason: 'no condition held and no default output' });
    this.dropNoWeight = ledger.internDetails({ reason: 'no output has a positive weight' });
    this.dropNoOutput = ledger.internDetails({ reason: 'no outputs' });
  }

  receive(tok: number, _edge: number): void {
    const ctx = this.ctx;
    ctx.processed++;
    const n = this.outputs.length;
    if (n === 0) {
      ctx.record(OP.TOKEN_DROPPED, tok, NONE, 0, 0, this.dropNoOutput);
      return;
    }
    const strategy = this.spec.multiplexing.strategy;
    switch (strategy) {
      case 'round_robin': {
        const i = this.next;
        this.next = i + 1 === n ? 0 : i + 1;
        this.route(tok, i);
        return;
      }
      case 'random':
        this.route(tok, Math.min(n - 1, Math.floor(ctx.rand() * n)));
        return;
      case 'weighted': {
        if (this.totalWeight <= 0) {
          ctx.record(OP.TOKEN_DROPPED, tok, NONE, 0, 0, this.dropNoWeight);
          return;
        }
        const u = ctx.rand() * this.totalWeight;
        let acc = 0;
        let pick = -1;
        for (let i = 0; i < n; i++) {
          if (this.weights[i]! <= 0) continue;
          acc += this.weights[i]!;
          pick = i;
          if (u < acc) break;
        }
        this.route(tok, pick);
        return;
      }
      case 'conditional':
        this.conditional(tok);
        return;
      case 'broadcast':
        for (let i = 0; i < n; i++) this.route(tok, i);
        return;
      default: {
        const never: never = strategy;
        throw new Error(`unknown strategy ${String(never)}`);
      }
    }
  }

  currentState(): string | null {
    return null;
  }

  aggregates(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.names.forEach((name, i) =>
      setOwn(out, name, (Object.hasOwn(out, name) ? (out[name] as number) : 0) + this.routed[i]!),
    );
    return out;
  }

  snapshot(): BehaviorState {
    return { kind: 'Multiplexer', routed: this.routed.slice(), next: this.next };
  }

  restore(state: BehaviorState): void {
    const s = stateOf(state, 'Multiplexer');
    for (let i = 0; i < this.routed.length; i++) this.routed[i] = s.routed[i] ?? 0;
    this.next = s.next;
  }

  private conditional(tok: number): void {
    const ctx = this.ctx;
    const token = ctx.namesToken ? ctx.tokens.get(tok) : null;
    const data = token !== null ? token.data : ctx.tokens.data(tok);
    const scope = this.scope;
    scope['value'] = data['value'] ?? null;
    scope['data'] = data;
    scope['token'] = token;
    scope['step'] = ctx.step;
    scope['time'] = ctx.time;
    for (let i = 0; i < this.conditions.length; i++) {
      const c = this.conditions[i];
      if (c === null || c === undefined) continue;
      const r = ctx.evaluate(c, scope);
      if (!r.ok) {
        ctx.fail(r.error, tok, 0, { output: this.names[i] });
        return;
      }
      if (r.value) {
        this.route(tok, i);
        return;
      }
    }
    const fallback = this.spec.multiplexing.defaultOutput;
    if (fallback !== undefined && fallback < this.outputs.length) this.route(tok, fallback);
    else ctx.record(OP.TOKEN_DROPPED, tok, NONE, 0, 0, this.dropNoCondition);
  }

  private route(tok: number, i: number): void {
    const edges = this.outputs[i]!;
    if (edges.length === 0) {
      this.ctx.record(OP.TOKEN_DROPPED, tok, NONE, 0, 0, this.unconnected[i]!);
      return;
    }
    this.ctx.record(OP.TOKEN_ROUTED, tok, tok, 0, 0, this.details[i]!);
    this.routed[i]!++;
    for (let k = 0; k < edges.length; k++) this.ctx.emitOn(edges[k]!, tok);
  }
}
