/**
 * ProcessNode (DSL.md §5.2): transforms each token with its formula and `transform` map, gives an
 * output with its own formula its own result, and joins several required inputs.
 *
 * - One token at a time (fewer than two required inputs): scope `value, data, token, step, time`,
 *   plus *(compat)* `input` and `input1` bound to the token's data.
 * - Join (two or more required inputs): each arrival is recorded as `TOKEN_BUFFERED`; when every
 *   required input holds a token, the oldest of each is taken, bound to the input's alias (else
 *   name, else source node id), to `input1`, `input2`… in input order (`input` = the first) and, by
 *   name, in *(compat)* `inputs`, and
 *   one token is emitted: its data is the inputs' data merged (the first input winning on a field
 *   they share) with the formula's result over it, its correlation ids the ordered union, and the event lists the consumed tokens (`inputTokens`). A token arriving
 *   on an optional input, or on an edge that feeds no required input, is processed on its own.
 * - `transform` fields are evaluated over the same scope as the formula and set on its result.
 * - No formula and no transform: the token passes unchanged (`TOKEN_PROCESSED`); a join with no
 *   formula still makes one merged token (`TOKEN_TRANSFORMED`).
 * - Emission order: the node's main token first (to every output without its own formula), then
 *   each per-output token on its edge, in edge order.
 */
import type { CompiledExpr } from '../expr';
import { IntList } from '../ledger/columns';
import { NONE } from '../ledger/ledger';
import type { NodeContext } from './nodeContext';
import { OP } from '../ledger/operations';
import type { ProcessNodeSpec, Token } from '../types';
import type { Behavior, NodeRuntime } from './behavior';
import { setOwn } from '../jsonValues';
import { stateOf, type BehaviorState } from './state';
import { applyResult, cloneData } from './tokenData';

/** Creates a ProcessNode runtime. */
export const processNode: Behavior<ProcessNodeSpec> = (spec, ctx) => new ProcessNodeRuntime(spec, ctx);

interface JoinSlot {
  /** Name the input's data is bound to. */
  name: string;
  queue: IntList;
  head: number;
  /** Interned `{input: name}` details of the TOKEN_BUFFERED events of this input. */
  details: number;
}

class ProcessNodeRuntime implements NodeRuntime {
  private readonly ctx: NodeContext;
  private readonly main: CompiledExpr | null;
  private readonly transform: Array<[string, CompiledExpr]>;
  private readonly changes: boolean;
  /** Outgoing edges that take the node's main token. */
  private readonly plainEdges: number[] = [];
  private readonly formulaEdges: Array<{ edge: number; expr: CompiledExpr; output: string }> = [];
  /** Join slots, or null when the node processes tokens one at a time. */
  private readonly slots: JoinSlot[] | null;
  /** Edge index → join slot position; edges feeding no required input are absent. */
  private readonly slotOfEdge = new Map<number, number>();
  private readonly scope: Record<string, unknown> = {
    value: null,
    data: null,
    token: null,
    step: 0,
    time: 0,
    input: null,
    input1: null,
  };
  private transformed = 0;
  private passed = 0;
  private errors = 0;

  constructor(spec: ProcessNodeSpec, ctx: NodeContext) {
    this.ctx = ctx;
    this.main = spec.formula !== undefined && spec.formula.trim() !== '' ? ctx.compile(spec.formula) : null;
    this.transform = Object.entries(spec.transform ?? {}).map(([field, source]) => [field, ctx.compile(source)]);
    this.changes = this.main !== null || this.transform.length > 0;
    for (const e of ctx.outEdges) {
      const edge = ctx.edges[e]!;
      if (edge.formula !== undefined && edge.formula.trim() !== '') {
        this.formulaEdges.push({ edge: e, expr: ctx.compile(edge.formula), output: edge.outputName ?? edge.to });
      } else this.plainEdges.push(e);
    }
    const required = spec.inputs.map((input, k) => ({ input, k })).filter(({ input }) => input.required);
    if (required.length < 2) {
      this.slots = null;
      return;
    }
    this.slots = required.map(({ input }) => {
      const name = input.alias ?? input.name ?? input.nodeId ?? '';
      return { name, queue: new IntList(16), head: 0, details: ctx.ledger.internDetails({ input: name }) };
    });
    ctx.edges.forEach((edge, e) => {
      if (edge.to !== spec.nodeId || edge.inputIndex === undefined) return;
      const pos = required.findIndex(({ k }) => k === edge.inputIndex);
      if (pos >= 0) this.slotOfEdge.set(e, pos);
    });
  }

  receive(tok: number, edge: number): void {
    this.ctx.processed++;
    const slot = this.slots === null ? undefined : this.slotOfEdge.get(edge);
    if (slot === undefined) this.processOne(tok);
    else this.arrive(tok, slot);
  }

  currentState(): string | null {
    return null;
  }

  aggregates(): Record<string, unknown> {
    const out: Record<string, unknown> = { transformed: this.transformed, passed: this.passed, errors: this.errors };
    if (this.slots) {
      const waiting: Record<string, number> = {};
      for (const s of this.slots) setOwn(waiting, s.name, s.queue.length - s.head);
      out['waiting'] = waiting;
    }
    return out;
  }

  snapshot(): BehaviorState {
    const waiting =
      this.slots === null ? null : this.slots.map((s) => Array.from(s.queue.data.subarray(s.head, s.queue.length)));
    return { kind: 'ProcessNode', transformed: this.transformed, passed: this.passed, errors: this.errors, waiting };
  }

  restore(state: BehaviorState): void {
    const s = stateOf(state, 'ProcessNode');
    this.transformed = s.transformed;
    this.passed = s.passed;
    this.errors = s.errors;
    this.slots?.forEach((slot, i) => {
      slot.queue.clear();
      slot.head = 0;
      for (const tok of s.waiting?.[i] ?? []) slot.queue.push(tok);
    });
  }

  private processOne(tok: number): void {
    const ctx = this.ctx;
    const token = ctx.namesToken ? ctx.tokens.get(tok) : null;
    const data = token !== null ? token.data : ctx.tokens.data(tok);
    const scope = this.scope;
    scope['value'] = data['value'] ?? null;
    scope['data'] = data;
    scope['token'] = token;
    scope['step'] = ctx.step;
    scope['time'] = ctx.time;
    scope['input'] = data;
    scope['input1'] = data;
    if (this.plainEdges.length > 0 || this.formulaEdges.length === 0) {
      if (!this.changes) {
        ctx.record(OP.TOKEN_PROCESSED, tok, tok);
        this.passed++;
        for (let i = 0; i < this.plainEdges.length; i++) ctx.emitOn(this.plainEdges[i]!, tok);
      } else {
        const out = this.compute(data, scope, tok, 0);
        if (out !== null) {
          const made = ctx.deriveToken(tok, out);
          ctx.record(OP.TOKEN_TRANSFORMED, tok, made);
          this.transformed++;
          for (let i = 0; i < this.plainEdges.length; i++) ctx.emitOn(this.plainEdges[i]!, made);
        }
      }
    }
    for (const f of this.formulaEdges) {
      const r = ctx.evaluate(f.expr, scope);
      if (!r.ok) {
        this.fail(r.error, tok, 0, f.output);
        continue;
      }
      const out = applyResult(data, r.value);
      const issue = ctx.builtIssue(out);
      if (issue !== null) {
        this.fail(issue, tok, 0, f.output);
        continue;
      }
      const made = ctx.deriveToken(tok, out);
      ctx.record(OP.TOKEN_TRANSFORMED, tok, made);
      this.transformed++;
      ctx.emitOn(f.edge, made);
    }
  }

  /** The main result's data, or null after recording the error. */
  private compute(
    base: Record<string, unknown>,
    scope: Record<string, unknown>,
    inTok: number,
    inputs: number,
  ): Record<string, unknown> | null {
    let data = base;
    if (this.main !== null) {
      const r = this.ctx.evaluate(this.main, scope);
      if (!r.ok) {
        this.fail(r.error, inTok, inputs);
        return null;
      }
      data = applyResult(base, r.value);
    }
    if (this.transform.length > 0) {
      if (data === base) data = cloneData(base);
      for (const [field, expr] of this.transform) {
        const r = this.ctx.evaluate(expr, scope);
        if (!r.ok) {
          this.fail(`transform of "${field}": ${r.error}`, inTok, inputs);
          return null;
        }
        setOwn(data, field, r.value);
      }
    }
    // The result merged over the input (or a join's merged inputs) is bounded as a whole: each part
    // within the bound could still add up past it, lap after lap.
    if (data !== base || inputs !== 0) {
      const issue = this.ctx.builtIssue(data);
      if (issue !== null) {
        this.fail(issue, inTok, inputs);
        return null;
      }
    }
    return data;
  }

  private fail(message: string, inTok: number, inputs: number, output?: string): void {
    this.errors++;
    this.ctx.fail(message, inTok, inputs, output === undefined ? undefined : { output });
  }

  private arrive(tok: number, slot: number): void {
    const slots = this.slots!;
    const s = slots[slot]!;
    s.queue.push(tok);
    this.ctx.record(OP.TOKEN_BUFFERED, tok, NONE, 0, 0, s.details);
    for (const other of slots) if (other.queue.length === other.head) return;
    this.join(slots);
  }

  private join(slots: JoinSlot[]): void {
    const ctx = this.ctx;
    const taken: number[] = [];
    const tokens: Token[] = [];
    for (const s of slots) {
      const tok = s.queue.data[s.head++]!;
      // Reset a drained queue so a join that keeps up never grows its buffer.
      if (s.head === s.queue.length) {
        s.queue.clear();
        s.head = 0;
      }
      taken.push(tok);
      tokens.push(ctx.tokens.get(tok));
    }
    // The first input is the primary one: on a field several inputs share, its value wins.
    const merged = cloneData(tokens[tokens.length - 1]!.data);
    for (let i = tokens.length - 2; i >= 0; i--) {
      const data = tokens[i]!.data;
      for (const key of Object.keys(data)) setOwn(merged, key, data[key]);
    }
    const scope: Record<string, unknown> = {
      value: merged['value'] ?? null,
      data: merged,
      token: tokens[0],
      step: ctx.step,
      time: ctx.time,
      input: tokens[0]!.data,
    };
    tokens.forEach((t, i) => setOwn(scope, `input${i + 1}`, t.data));
    // *(compat)* `inputs`: the original tool's formulas read each input's data by name from it.
    const byName: Record<string, unknown> = {};
    slots.forEach((s, i) => setOwn(byName, s.name, tokens[i]!.data));
    scope['inputs'] = byName;
    slots.forEach((s, i) => setOwn(scope, s.name, tokens[i]!.data));
    const inputs = ctx.ledger.tokenList(taken);
    if (this.plainEdges.length > 0 || this.formulaEdges.length === 0) {
      const out = this.compute(merged, scope, NONE, inputs);
      if (out !== null) {
        const made = ctx.mergeTokens(taken, out);
        ctx.record(OP.TOKEN_TRANSFORMED, NONE, made, 0, inputs);
        this.transformed++;
        for (const e of this.plainEdges) ctx.emitOn(e, made);
      }
    }
    for (const f of this.formulaEdges) {
      const r = ctx.evaluate(f.expr, scope);
      if (!r.ok) {
        this.fail(r.error, NONE, inputs, f.output);
        continue;
      }
      const out = applyResult(merged, r.value);
      const issue = ctx.builtIssue(out);
      if (issue !== null) {
        this.fail(issue, NONE, inputs, f.output);
        continue;
      }
      const made = ctx.mergeTokens(taken, out);
      ctx.record(OP.TOKEN_TRANSFORMED, NONE, made, 0, inputs);
      this.transformed++;
      ctx.emitOn(f.edge, made);
    }
  }
}
