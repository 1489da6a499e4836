/**
 * FSM (DSL.md §5.3): one machine for the node, or one per correlation id (the token's first
 * correlation id; a token without one uses the machine of key ""). On a token, the first
 * transition out of the instance's state, in array order, whose trigger matches and whose
 * condition holds, fires: `onExit` of the old state, then `onEntry` of the new one.
 *
 * - Conditions hold when their value is truthy; a condition or action that fails at run time
 *   records `NODE_ERROR` and drops the token; the failed firing changes nothing (variables are
 *   restored, the state stays).
 * - Scope: `value, data, token, step, time`, `state` (the instance's state; the new state while
 *   `onEntry` runs), `variables`, and each variable by name unless the name is one of those.
 * - `increment`/`decrement` treat a missing or non-numeric variable as 0.
 * - Output: without `emit` actions in the machine, every input token leaves with `data.state`
 *   (and `data.previousState` when the state changed) to every output, also when no transition
 *   fired; with `emit` actions, only emitted tokens leave. An emitted token's data is the input
 *   token's (or `{}` for a timer) with `state`/`previousState`, and the emit formula's result
 *   merged over it. The transition event carries the first token that leaves; each further
 *   emitted token gets a `TOKEN_TRANSFORMED` event (`details.emit` = the output).
 * - Timers: on entering a state, its `timer` transitions are armed for `after` steps later; at
 *   that step, after the node's deliveries, the first (array order) due timer transition whose
 *   condition holds fires. A transition fired by a token re-arms from the new state. The initial
 *   state's timers start at step 0 (node mode) or when the instance is created (per correlation
 *   id). Creating an instance does not run the initial state's `onEntry`. A per-correlation-id
 *   instance's timer transition is posted to the ledger's correlation index under the instance's
 *   key (index only; the event is unchanged), so its lineage shows it.
 * - Sampled timers and weighted choices (docs/dsl.md, "Sampled delays"): a state whose timer
 *   transitions have a `delay` or a `weight` draws, on entry, from the node's stream: with weights,
 *   one weighted timer transition (in proportion to its weight) and its wait; without, each timer's
 *   wait, the earliest winning (array order on ties). Only the drawn transition is armed; if its
 *   condition fails when due, nothing is re-armed. A drawn wait of 0 steps fires at once, in the
 *   same step right after the firing that entered the state (a chain of such firings longer than
 *   the machine's states, or 100, waits one step); at instance creation a 0-step wait counts as one step.
 *   A token transition with a `weight`, when it is the first that matches, fires one transition
 *   drawn by weight among the state's weighted token transitions that match and hold then.
 * - Node state: `currentState` in node mode; `aggregates` counts visits per state (node mode,
 *   the initial state counting once) or instances per current state (per correlation id).
 * - Kept for the state diagram (query/fsmView.ts), in the snapshot: per transition (declaration
 *   order) how often it fired, and per state how often a machine entered it (a machine created
 *   in the initial state counts as entering it).
 */
import type { CompiledExpr } from '../expr';
import { NONE } from '../ledger/ledger';
import type { NodeContext } from './nodeContext';
import { OP } from '../ledger/operations';
import type { FsmSpec } from '../types';
import type { Behavior, NodeRuntime } from './behavior';
import { compileFsm, type CompiledAction, type CompiledTransition, type FsmProgram } from './fsmProgram';
import { setOwn } from '../jsonValues';
import { stateOf, type BehaviorState } from './state';
import { EMPTY, freshScope, RESERVED, withState } from './fsmScope';
import { applyResult, cloneData } from './tokenData';
import { drawDelayMs, msToSteps } from './delay';

/** Most chained 0-step firings in one step (and at most the machine's states); past it a 0-step wait is one step. */
const ZERO_CHAIN_LIMIT = 100;

/** Creates an FSM runtime. */
export const fsm: Behavior<FsmSpec> = (spec, ctx) => new FsmRuntime(spec, ctx);

interface Instance {
  index: number;
  key: string;
  state: number;
  /** Frozen; replaced on every assignment (see `setVariable`). */
  vars: Record<string, unknown>;
  enteredAt: number;
  /** Step of the armed timer, or -1. */
  timerDue: number;
  /** Sampled timers: the drawn transition's place in its state's list, or -1. */
  chosen: number;
}

interface Emission {
  edges: readonly number[];
  data: Record<string, unknown>;
}

class FsmRuntime implements NodeRuntime {
  private readonly ctx: NodeContext;
  private readonly p: FsmProgram;
  private readonly perCorrelation: boolean;
  private readonly eventField: string;
  private readonly initialVars: Record<string, unknown>;
  private readonly instances: Instance[] = [];
  private readonly byKey = new Map<string, Instance>();
  private readonly counts: number[];
  /** Per transition, in declaration order: firings. */
  private readonly fired: number[];
  /** Per state: entries (transitions into it, and machines created in it). */
  private readonly entered: number[];
  /** Variable names bound at top level of the scope (grows when an action creates a variable). */
  private readonly varNames: string[] = [];
  private scope: Record<string, unknown> = freshScope();
  /** The token data `bind` last put in the scope (built from the token table once per binding), and the token's index. */
  private boundTok = -1;
  private boundData: Record<string, unknown> | null = null;
  private readonly timersAt = new Map<number, number[]>();
  private armed = 0;
  private readonly reasonNoMatch: number;
  private readonly reasonFinal: number;
  private readonly timerDetails: number;
  private readonly emitDetails: Map<readonly number[], number> = new Map();
  /** Scratch lists of one firing (reused: a firing never nests). */
  private readonly emissions: Emission[] = [];
  private readonly logs: string[] = [];
  /** Chained 0-step firings of the current firing (bounded by the machine's states). */
  private zeroChain = 0;
  private readonly rand = (): number => this.ctx.rand();

  constructor(spec: FsmSpec, ctx: NodeContext) {
    this.ctx = ctx;
    this.p = compileFsm(spec, ctx);
    this.perCorrelation = spec.fsm.instancePer === 'correlationId';
    this.eventField = spec.fsm.eventField;
    this.initialVars = Object.freeze(cloneData(spec.fsm.variables));
    for (const name of Object.keys(this.initialVars)) this.noteVariable(name);
    this.counts = this.p.names.map(() => 0);
    this.entered = this.p.names.map(() => 0);
    this.fired = spec.fsm.transitions.map(() => 0);
    this.reasonNoMatch = ctx.ledger.internDetails({ reason: 'no transition matched' });
    this.reasonFinal = ctx.ledger.internDetails({ reason: 'final state: no transition matched' });
    this.timerDetails = ctx.ledger.internDetails({ trigger: 'timer' });
    if (!this.perCorrelation && this.p.initial >= 0) this.createInstance('', 0);
  }

  receive(tok: number, _edge: number): void {
    const ctx = this.ctx;
    ctx.processed++;
    if (this.p.initial < 0) {
      ctx.record(OP.TOKEN_PROCESSED, tok, NONE, 0, 0, this.reasonNoMatch);
      return;
    }
    const key = this.perCorrelation ? (ctx.tokens.firstCorrelationId(tok) ?? '') : '';
    const inst = this.byKey.get(key) ?? this.createInstance(key, ctx.step);
    this.bind(inst, tok);
    const tokenData = this.boundData!;
    const list = this.p.from[inst.state]!;
    for (let i = 0; i < list.length; i++) {
      const tr = list[i]!;
      if (tr.trigger === 2) continue;
      if (tr.trigger === 1) {
        // Own fields only: `constructor` or `__proto__` of plain data would read Object's.
        const data = tokenData;
        const ev = Object.prototype.hasOwnProperty.call(data, this.eventField) ? data[this.eventField] : undefined;
        if (ev === undefined || ev === null || String(ev) !== tr.event) continue;
      }
      const holds = this.holds(tr.condition, tok, inst, tr);
      if (holds === null) return;
      if (holds) {
        const pick = tr.weight === null ? tr : this.drawWeighted(list, i, inst, tok);
        if (pick === null) return;
        this.fire(inst, pick, tok);
        return;
      }
    }
    const reason = this.p.isFinal[inst.state] ? this.reasonFinal : this.reasonNoMatch;
    if (this.p.emitMode) {
      ctx.record(OP.TOKEN_PROCESSED, tok, NONE, 0, 0, reason);
      return;
    }
    const data = withState(tokenData, inst.state, inst.state, this.p.names);
    const issue = ctx.builtIssue(data);
    if (issue !== null) {
      ctx.fail(issue, tok);
      return;
    }
    const out = ctx.deriveToken(tok, data);
    ctx.record(OP.TOKEN_PROCESSED, tok, out, 0, 0, reason);
    ctx.emit(out);
  }

  wake(step: number): void {
    const due = this.timersAt.get(step);
    if (due === undefined) return;
    this.timersAt.delete(step);
    due.sort((a, b) => a - b);
    for (const i of due) {
      const inst = this.instances[i]!;
      if (inst.timerDue !== step) continue;
      this.disarm(inst);
      this.bind(inst, NONE);
      if (inst.chosen >= 0) {
        const tr = this.p.from[inst.state]![inst.chosen]!;
        inst.chosen = -1;
        if (this.holds(tr.condition, NONE, inst, tr) === true) this.fire(inst, tr, NONE);
        continue;
      }
      let fired = false;
      for (const tr of this.p.from[inst.state]!) {
        if (tr.trigger !== 2 || inst.enteredAt + tr.after !== step) continue;
        const holds = this.holds(tr.condition, NONE, inst, tr);
        if (holds === null) break;
        if (holds) {
          this.fire(inst, tr, NONE);
          fired = true;
          break;
        }
      }
      if (!fired) this.arm(inst, step);
    }
  }

  pending(): number {
    return this.armed;
  }

  currentState(): string | null {
    if (this.perCorrelation || this.instances.length === 0) return null;
    return this.p.names[this.instances[0]!.state] ?? null;
  }

  aggregates(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.p.names.forEach((name, i) => setOwn(out, name, this.counts[i]!));
    return out;
  }

  snapshot(): BehaviorState {
    return {
      kind: 'FSM',
      instances: this.instances.map((i) => ({
        key: i.key,
        state: i.state,
        vars: i.vars,
        enteredAt: i.enteredAt,
        timerDue: i.timerDue,
        ...(i.chosen >= 0 ? { chosen: i.chosen } : {}),
      })),
      counts: this.counts.slice(),
      fired: this.fired.slice(),
      entered: this.entered.slice(),
      varNames: this.varNames.slice(),
      timers: [...this.timersAt].map(([step, list]) => [step, list.slice()]),
      armed: this.armed,
    };
  }

  restore(state: BehaviorState): void {
    const s = stateOf(state, 'FSM');
    this.instances.length = 0;
    this.byKey.clear();
    for (const i of s.instances) {
      const inst: Instance = {
        index: this.instances.length,
        key: i.key,
        state: i.state,
        vars: i.vars,
        enteredAt: i.enteredAt,
        timerDue: i.timerDue,
        chosen: i.chosen ?? -1,
      };
      this.instances.push(inst);
      this.byKey.set(inst.key, inst);
    }
    s.counts.forEach((n, i) => (this.counts[i] = n));
    s.fired.forEach((n, i) => (this.fired[i] = n));
    s.entered.forEach((n, i) => (this.entered[i] = n));
    this.varNames.length = 0;
    this.varNames.push(...s.varNames);
    // The scope holds exactly the base names and the known variables' names, as in the run.
    this.scope = freshScope();
    for (const name of this.varNames) setOwn(this.scope, name, null);
    this.timersAt.clear();
    for (const [step, list] of s.timers) this.timersAt.set(step, list.slice());
    this.armed = s.armed;
  }

  private createInstance(key: string, step: number): Instance {
    const inst: Instance = {
      index: this.instances.length,
      key,
      state: this.p.initial,
      vars: this.initialVars,
      enteredAt: step,
      timerDue: -1,
      chosen: -1,
    };
    this.instances.push(inst);
    this.byKey.set(key, inst);
    this.counts[inst.state]!++;
    this.entered[inst.state]!++;
    this.arm(inst, step);
    return inst;
  }

  /** Fills the scope for `inst` and token `tok` (NONE for a timer). */
  private bind(inst: Instance, tok: number): void {
    const s = this.scope;
    const token = tok >= 0 && this.ctx.namesToken ? this.ctx.tokens.get(tok) : null;
    const data = tok < 0 ? null : token !== null ? token.data : this.ctx.tokens.data(tok);
    this.boundTok = tok;
    this.boundData = data;
    s['value'] = data ? (data['value'] ?? null) : null;
    s['data'] = data;
    s['token'] = token;
    s['step'] = this.ctx.step;
    s['time'] = this.ctx.time;
    s['state'] = this.p.names[inst.state];
    s['variables'] = inst.vars;
    for (const name of this.varNames) setOwn(s, name, inst.vars[name] ?? null);
  }

  /** The condition's truth, or null after recording its runtime error. */
  private holds(cond: CompiledExpr | null, tok: number, inst: Instance, tr: CompiledTransition): boolean | null {
    if (cond === null) return true;
    const r = this.ctx.evaluate(cond, this.scope);
    if (r.ok) return Boolean(r.value);
    this.ctx.fail(r.error, tok, 0, { transition: `${this.p.names[inst.state]} -> ${this.p.names[tr.to]}` });
    return null;
  }

  private fire(inst: Instance, tr: CompiledTransition, tok: number): void {
    const ctx = this.ctx;
    const p = this.p;
    const from = inst.state;
    const fromName = p.names[from]!;
    const toName = p.names[tr.to]!;
    const base = tok < 0 ? EMPTY : tok === this.boundTok ? this.boundData! : ctx.tokens.data(tok);
    const emissions = this.emissions;
    const logs = this.logs;
    if (emissions.length > 0) emissions.length = 0;
    if (logs.length > 0) logs.length = 0;
    const exit = p.onExit[from]!;
    const entry = p.onEntry[tr.to]!;
    const backup = inst.vars; // never changed in place (copy on write), so restoring it undoes the firing
    let error: string | null = null;
    if (exit.length > 0 || entry.length > 0) {
      error = this.run(exit, inst, base, from, tr.to, emissions, logs);
      if (error === null) {
        this.scope['state'] = toName;
        error = this.run(entry, inst, base, from, tr.to, emissions, logs);
      }
    }
    // Without emit actions the token leaves with its state added: bounded like any built data.
    const passed = !p.emitMode && tok >= 0 && error === null ? withState(base, from, tr.to, p.names) : null;
    if (passed !== null) error = ctx.builtIssue(passed);
    if (error !== null) {
      inst.vars = backup;
      ctx.fail(error, tok, 0, { transition: `${fromName} -> ${toName}` });
      return;
    }
    this.counts[tr.to]!++;
    this.entered[tr.to]!++;
    this.fired[tr.index]!++;
    if (this.perCorrelation) this.counts[from]!--;
    inst.state = tr.to;
    inst.enteredAt = ctx.step;
    this.disarm(inst);
    inst.chosen = -1;
    const now = this.arm(inst, ctx.step, this.zeroChain < Math.min(p.names.length, ZERO_CHAIN_LIMIT));

    let first = NONE;
    let made: number[] | null = null;
    if (p.emitMode) {
      made = emissions.map((e) => this.newToken(inst, tok, e.data));
      if (made.length > 0) first = made[0]!;
    } else if (passed !== null) {
      first = ctx.deriveToken(tok, passed);
    }
    let details = 0;
    if (logs.length > 0)
      details = ctx.ledger.addDetails(tok >= 0 ? { log: logs.slice() } : { trigger: 'timer', log: logs.slice() });
    else if (tok < 0) details = this.timerDetails;
    const seq = ctx.record(OP.STATE_TRANSITION, tok, first, ctx.ledger.transitionStates(fromName, toName), 0, details);
    // A timer firing has no input token (and none out unless it emits): index it under the
    // instance's correlation id so the id's lineage shows it. Node mode (key "") has no id.
    if (tok < 0 && this.perCorrelation && inst.key !== '') ctx.ledger.postCorrelation(seq, inst.key);
    if (made === null) {
      if (first !== NONE) ctx.emit(first);
    } else {
      for (let i = 1; i < made.length; i++)
        ctx.record(OP.TOKEN_TRANSFORMED, tok, made[i]!, 0, 0, this.emitDetail(emissions[i]!.edges));
      for (let i = 0; i < made.length; i++) for (const e of emissions[i]!.edges) ctx.emitOn(e, made[i]!);
    }
    if (now !== null) this.fireNow(inst, now);
  }

  /** Fires `tr`, drawn with a wait of 0 steps, at once (the step's chain of such firings grows by one). */
  private fireNow(inst: Instance, tr: CompiledTransition): void {
    const outer = this.zeroChain === 0;
    this.zeroChain++;
    this.bind(inst, NONE);
    if (this.holds(tr.condition, NONE, inst, tr) === true) this.fire(inst, tr, NONE);
    if (outer) this.zeroChain = 0;
  }

  /**
   * A weighted choice among the token transitions of `list` from `first` on that are weighted,
   * match the bound token and hold (`list[first]` does); null after a condition's runtime error.
   */
  private drawWeighted(
    list: readonly CompiledTransition[],
    first: number,
    inst: Instance,
    tok: number,
  ): CompiledTransition | null {
    const data = this.ctx.tokens.data(tok);
    const ev = Object.prototype.hasOwnProperty.call(data, this.eventField) ? data[this.eventField] : undefined;
    const candidates: CompiledTransition[] = [list[first]!];
    for (let j = first + 1; j < list.length; j++) {
      const tr = list[j]!;
      if (tr.trigger === 2 || tr.weight === null) continue;
      if (tr.trigger === 1 && (ev === undefined || ev === null || String(ev) !== tr.event)) continue;
      const holds = this.holds(tr.condition, tok, inst, tr);
      if (holds === null) return null;
      if (holds) candidates.push(tr);
    }
    return pickByWeight(candidates, this.rand) ?? list[first]!;
  }

  /** Runs `actions`; returns an error message, or null when they all succeeded. */
  private run(
    actions: readonly CompiledAction[],
    inst: Instance,
    base: Record<string, unknown>,
    from: number,
    to: number,
    emissions: Emission[],
    logs: string[],
  ): string | null {
    for (const a of actions) {
      switch (a.kind) {
        case 'set_variable': {
          let value = a.value;
          if (a.expr !== null) {
            const r = this.ctx.evaluate(a.expr, this.scope);
            if (!r.ok) return `set_variable "${a.target}": ${r.error}`;
            value = r.value;
          }
          this.setVariable(inst, a.target, value);
          // Each result is bounded, but several variables could add up past the bound together;
          // a literal or an increment cannot grow them beyond what the template holds.
          if (a.expr !== null) {
            const issue = this.ctx.builtIssue(inst.vars, 'the set of variables');
            if (issue !== null) return `set_variable "${a.target}": ${issue}`;
          }
          break;
        }
        case 'add': {
          const current = inst.vars[a.target];
          this.setVariable(inst, a.target, (typeof current === 'number' ? current : 0) + a.by);
          break;
        }
        case 'log': {
          if (a.expr === null) {
            logs.push(a.message);
            break;
          }
          const r = this.ctx.evaluate(a.expr, this.scope);
          if (!r.ok) return `log: ${r.error}`;
          logs.push(typeof r.value === 'string' ? r.value : (JSON.stringify(r.value) ?? 'null'));
          break;
        }
        case 'emit': {
          let data = withState(base, from, to, this.p.names);
          if (a.expr !== null) {
            const r = this.ctx.evaluate(a.expr, this.scope);
            if (!r.ok) return `emit: ${r.error}`;
            data = applyResult(data, r.value);
          }
          const issue = this.ctx.builtIssue(data);
          if (issue !== null) return `emit: ${issue}`;
          emissions.push({ edges: a.edges, data });
          break;
        }
        default: {
          const never: never = a;
          throw new Error(`unknown action ${JSON.stringify(never)}`);
        }
      }
    }
    return null;
  }

  /**
   * Copy on write: the instance's variables object is replaced, never changed, so a token or a
   * variable that holds an earlier one (`{v: variables}`, `set_variable x = variables`) keeps the
   * value it was written with, and a variable can never hold itself.
   */
  private setVariable(inst: Instance, name: string, value: unknown): void {
    if (!Object.prototype.hasOwnProperty.call(inst.vars, name)) this.noteVariable(name);
    const vars = cloneData(inst.vars);
    setOwn(vars, name, value);
    inst.vars = Object.freeze(vars);
    this.scope['variables'] = inst.vars;
    if (!RESERVED.has(name)) setOwn(this.scope, name, value);
  }

  private noteVariable(name: string): void {
    if (!RESERVED.has(name) && !this.varNames.includes(name)) this.varNames.push(name);
  }

  private newToken(inst: Instance, tok: number, data: Record<string, unknown>): number {
    if (tok >= 0) return this.ctx.deriveToken(tok, data);
    return this.ctx.createToken(inst.key === '' ? [] : [inst.key], data);
  }

  private emitDetail(edges: readonly number[]): number {
    let ref = this.emitDetails.get(edges);
    if (ref === undefined) {
      const names = edges.map((e) => this.ctx.edges[e]!.outputName ?? this.ctx.edges[e]!.to);
      ref = this.ctx.ledger.internDetails({ emit: names.length === 1 ? names[0] : names });
      this.emitDetails.set(edges, ref);
    }
    return ref;
  }

  /**
   * Arms the earliest timer of `inst`'s state due after `after`. A sampled state draws its timer
   * (on entry only); a drawn wait of 0 steps is returned, to fire at once, when `zeroNow` (else it
   * waits one step). Returns null otherwise.
   */
  private arm(inst: Instance, after: number, zeroNow = false): CompiledTransition | null {
    if (!this.p.hasTimer[inst.state]) return null;
    if (this.p.sampled[inst.state]) {
      if (after !== inst.enteredAt) return null;
      return this.armSampled(inst, zeroNow);
    }
    let due = -1;
    for (const tr of this.p.from[inst.state]!) {
      if (tr.trigger !== 2) continue;
      const at = inst.enteredAt + tr.after;
      if (at > after && (due < 0 || at < due)) due = at;
    }
    if (due < 0) return null;
    this.schedule(inst, due);
    return null;
  }

  /** Draws the timer of a sampled state just entered (see the file's comment) and arms it. */
  private armSampled(inst: Instance, zeroNow: boolean): CompiledTransition | null {
    const list = this.p.from[inst.state]!;
    const tickMs = this.ctx.ledger.tickMs;
    const waitOf = (tr: CompiledTransition): number =>
      tr.delay === null ? tr.after : msToSteps(drawDelayMs(tr.delay, this.rand), tickMs);
    let pick = -1;
    let wait = 0;
    const weighted: CompiledTransition[] = [];
    for (const tr of list) if (tr.trigger === 2 && tr.weight !== null) weighted.push(tr);
    if (weighted.length > 0) {
      const tr = pickByWeight(weighted, this.rand);
      if (tr === null) return null;
      pick = list.indexOf(tr);
      wait = waitOf(tr);
    } else {
      for (let i = 0; i < list.length; i++) {
        const tr = list[i]!;
        if (tr.trigger !== 2) continue;
        const w = waitOf(tr);
        if (pick < 0 || w < wait) {
          pick = i;
          wait = w;
        }
      }
    }
    if (pick < 0) return null;
    if (wait === 0) {
      if (zeroNow) return list[pick]!;
      wait = 1;
    }
    if (!Number.isFinite(wait)) return null;
    inst.chosen = pick;
    this.schedule(inst, inst.enteredAt + wait);
    return null;
  }

  private schedule(inst: Instance, due: number): void {
    inst.timerDue = due;
    this.armed++;
    let list = this.timersAt.get(due);
    if (!list) {
      this.timersAt.set(due, (list = []));
      this.ctx.wakeAt(due);
    }
    list.push(inst.index);
  }

  private disarm(inst: Instance): void {
    if (inst.timerDue < 0) return;
    inst.timerDue = -1;
    this.armed--;
  }
}

/** One of `list` drawn in proportion to its weight (one draw of `rand`); null when no weight is positive. */
function pickByWeight(list: readonly CompiledTransition[], rand: () => number): CompiledTransition | null {
  let total = 0;
  for (const tr of list) total += Math.max(0, tr.weight ?? 0);
  if (!(total > 0)) return null;
  const u = rand() * total;
  let acc = 0;
  let pick: CompiledTransition | null = null;
  for (const tr of list) {
    const w = Math.max(0, tr.weight ?? 0);
    if (w <= 0) continue;
    acc += w;
    pick = tr;
    if (u < acc) break;
  }
  return pick;
}
