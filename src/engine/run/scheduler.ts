/**
 * The scheduler (DSL.md §4): breadth-first token flow, one edge per step.
 *
 * `stepSync()` executes step t+1:
 *   1. every DataSource that is due emits (node order);
 *   2. every task queued by step t runs — each node, in scenario order, processes the tokens
 *      delivered to it in arrival order, then its wake-up if it asked for one at this step
 *      (FSM timers, timed aggregator flushes);
 *   3. in a step that began with nothing pending but partial buffers, those buffers flush
 *      (`flushOnEnd`) instead.
 * Everything emitted is delivered into per-node inboxes for step t+2, so a token advances one edge
 * per step. Inboxes are double-buffered typed arrays of (token, edge) pairs: no object per
 * delivery, no `shift()`.
 *
 * The queue size counts every pending task: queued deliveries, tokens DataSources still have to
 * generate, external events still waiting, armed FSM timers, buffers awaiting a timed flush, and
 * partial buffers that will flush at the end. The run is closed as truncated when work is still
 * pending at the end of step `maxSteps`, or as soon as the ledger holds `maxEvents` events while
 * work remains, in the middle of a step if need be, or when more than `maxEvents` deliveries would
 * wait for the next step (`truncatedBy` says which bound).
 *
 * The simulation writes through a `Recorder` and reads external events from an `EventFeed`: the
 * ledger and the external queue for a live run, a replay recorder and a replay feed for a scratch
 * simulation that re-executes part of the run (`replay.ts`). `capture`/`restore` move its whole
 * state in and out as plain data (checkpoints).
 */
import { createRuntime, type NodeRuntime } from '../behaviors';
import type { BehaviorState } from '../behaviors/state';
import { IntList } from '../ledger/columns';
import type { EventFeed } from './externalQueue';
import { EventLimitReached, NodeContext, WorkLimitReached, type Kernel } from '../behaviors/nodeContext';
import { PendingWork } from './pendingWork';
import { NodeRandom } from '../behaviors/random';
import type { Recorder } from '../ledger/recorder';
import type { SimSnapshot } from './simSnapshot';
import type { NodeState, RunStatus, Scenario, TruncationBound } from '../types';
import { WakeHeap } from './wakeHeap';

/** Where a simulation writes and what it reads. */
export interface SimulationIo {
  recorder: Recorder;
  feed: EventFeed;
}

/** Not pure: one run of a scenario. */
export class Simulation implements Kernel {
  step = 0;
  time: number;
  readonly scenario: Scenario;
  readonly seed: number;
  readonly recorder: Recorder;
  readonly feed: EventFeed;
  /** The bound that closed the run as truncated; null while it is open. */
  truncatedBy: TruncationBound | null = null;
  private readonly runtimes: NodeRuntime[] = [];
  private readonly contexts: NodeContext[] = [];
  private readonly edgeTo: Int32Array;
  /** Pending work per node and the DataSources' due steps, updated by the nodes that act. */
  private readonly work: PendingWork;
  /** The feed's `revision()` when the DataSources were last re-read; NaN: re-read everything. */
  private feedSeen = Number.NaN;
  private readonly dueSources: number[] = [];
  private nextBox: IntList[];
  private curBox: IntList[];
  private readonly activeNext = new IntList(64);
  private readonly inNext: Uint8Array;
  private readonly inOrder: Uint8Array;
  private readonly wakeFlag: Uint8Array;
  private readonly order = new IntList(64);
  private heap = new WakeHeap();
  private deliveries = 0;
  private processing = -1;
  /** Work units spent: one per task a node ran, plus every formula evaluation's steps. */
  private spent = 0;

  /** Builds the run of `scenario` with random streams seeded from `seed`, writing to `io.recorder`. */
  constructor(scenario: Scenario, seed: number, io: SimulationIo) {
    this.scenario = scenario;
    this.seed = seed;
    this.time = scenario.startTime;
    this.recorder = io.recorder;
    this.feed = io.feed;
    const nodes = scenario.nodes;
    const indexById = new Map(nodes.map((n) => [n.nodeId, n.index] as const));
    this.edgeTo = Int32Array.from(scenario.edges, (e) => indexById.get(e.to)!);
    const outEdges: number[][] = nodes.map(() => []);
    scenario.edges.forEach((e, i) => outEdges[indexById.get(e.from)!]!.push(i));
    this.nextBox = nodes.map(() => new IntList(16));
    this.curBox = nodes.map(() => new IntList(16));
    this.inNext = new Uint8Array(nodes.length);
    this.inOrder = new Uint8Array(nodes.length);
    this.wakeFlag = new Uint8Array(nodes.length);
    nodes.forEach((spec, i) => {
      if (spec.index !== i) throw new Error(`node "${spec.nodeId}" has index ${spec.index} at position ${i}`);
      const ctx = new NodeContext(
        this,
        this.recorder,
        this.feed,
        spec,
        scenario.edges,
        outEdges[i]!,
        new NodeRandom(seed, spec.nodeId),
      );
      this.contexts.push(ctx);
      this.runtimes.push(createRuntime(spec, ctx));
    });
    this.work = new PendingWork(this.runtimes, scenario.maxSteps);
  }

  /**
   * Brings the pending-work book up to date with what changed outside the steps: external events
   * that arrived (or a replay's feed that moved) re-read the DataSources; a restore re-reads every
   * node. Between those, the nodes that act keep it up to date, so this costs nothing.
   */
  private sync(): void {
    const revision = this.feed.revision();
    if (revision === this.feedSeen) return;
    if (Number.isNaN(this.feedSeen)) this.work.recountAll(this.step + 1);
    else this.work.recountSources(this.step + 1);
    this.feedSeen = revision;
  }

  /** Pending tasks (0 once the run is closed as truncated). */
  size(): number {
    if (this.truncatedBy !== null) return 0;
    this.sync();
    return this.deliveries + this.work.active + this.work.atEnd;
  }

  /** Token deliveries queued for the next step. */
  queuedDeliveries(): number {
    return this.deliveries;
  }

  get status(): RunStatus {
    if (this.truncatedBy !== null) return 'truncated';
    if (this.size() === 0) return 'completed';
    return this.step === 0 ? 'ready' : 'running';
  }

  /**
   * Executes the next step; false (nothing done) when nothing is pending or the run is closed.
   * With `limit` above the next step, steps in which nothing can happen are skipped in one go, up to
   * `limit` at most: see `skipIdle`.
   */
  stepSync(limit = this.step + 1): boolean {
    if (this.truncatedBy !== null) return false;
    this.sync();
    const active = this.deliveries + this.work.active;
    if (active === 0 && this.work.atEnd === 0) return false;
    // Work that arrived after a run completed at step `maxSteps` (external events added then) can
    // never run: the run closes as truncated at that step, as it would had the work been pending at
    // its end, and never executes a step past `maxSteps`.
    if (this.step >= this.scenario.maxSteps) {
      this.truncatedBy = 'maxSteps';
      return true;
    }
    if (active > 0 && this.deliveries === 0 && limit > this.step + 1 && this.skipIdle(limit)) return true;
    const t = this.step + 1;
    this.step = t;
    this.time = this.scenario.startTime + t * this.scenario.tickMs;
    this.recorder.beginStep(t);
    const order = this.collectOrder(t);
    try {
      this.execute(t, order, active);
    } catch (e) {
      if (!(e instanceof EventLimitReached) && !(e instanceof WorkLimitReached)) throw e;
      // The ledger is full, or the run has done its work, in the middle of the step: the run ends
      // here. A replay of this step stops at the same point, as it counts the same events and work.
      this.processing = -1;
      this.feedSeen = Number.NaN;
      this.truncatedBy = e instanceof EventLimitReached ? 'maxEvents' : 'maxWork';
      return true;
    }
    this.closeIfBounded(t);
    return true;
  }

  /**
   * Skips the idle steps from the next one on, when there are any, and answers whether it did.
   * A step does only four things (DSL.md §4): DataSources that are due emit, queued deliveries are
   * processed, nodes woken at that step run their wake-up, and — when nothing else is pending —
   * partial buffers flush at the end. With no delivery queued and work still pending (so no end
   * flush), the next step in which anything can happen is the earliest of the wake-up heap's first
   * step and each DataSource's next due step while it has tokens or events to emit (Infinity when
   * neither exists: every step up to `maxSteps` is idle). Every step before it writes nothing and
   * changes no node: it only moves the step and time on and may close the run at `maxSteps`. So
   * jumping to the step before it (or to `limit`, or to `maxSteps`, whichever comes first) leaves
   * exactly the state, ledger, status and truncation of executing those steps one by one, in O(1):
   * both first steps are the tops of heaps.
   * External events cannot arrive during the jump: they are added between calls, and a replay
   * passes a `limit` that stops at the next step its feed shows new events (`Replayer`).
   */
  private skipIdle(limit: number): boolean {
    const t = this.step + 1;
    const busy = Math.min(this.heap.peekStep(), this.work.nextSourceStep());
    if (busy <= t) return false;
    const last = Math.min(busy - 1, limit, this.scenario.maxSteps);
    if (last < t) return false;
    this.step = last;
    this.time = this.scenario.startTime + last * this.scenario.tickMs;
    this.recorder.beginStep(last);
    this.closeIfBounded(last);
    return true;
  }

  /** The body of step `t`: sources, then the nodes of `order` with their deliveries and wake-ups, then end flushes. */
  private execute(t: number, order: IntList, active: number): void {
    const runtimes = this.runtimes;
    const work = this.work;
    const due = this.dueSources;
    work.takeDue(t, due);
    for (let i = 0; i < due.length; i++) {
      const node = due[i]!;
      this.addWork(1);
      runtimes[node]!.emitDue!(t);
      work.update(node);
      work.schedule(node, t + 1);
    }
    for (let k = 0; k < order.length; k++) {
      const node = order.data[k]!;
      this.processing = node;
      const rt = runtimes[node]!;
      const box = this.curBox[node]!;
      const data = box.data;
      this.addWork(box.length / 2 + this.wakeFlag[node]!);
      for (let i = 0; i < box.length; i += 2) rt.receive(data[i]!, data[i + 1]!);
      box.clear();
      if (this.wakeFlag[node] === 1) {
        this.wakeFlag[node] = 0;
        rt.wake?.(t);
      }
      this.inOrder[node] = 0;
      work.update(node);
    }
    this.processing = -1;
    if (active === 0)
      for (const n of work.takeHolders()) {
        runtimes[n]!.flushAtEnd!();
        work.update(n);
      }
  }

  /**
   * Closes the run as truncated at the end of step `t` when work is still pending and a bound is
   * reached: step `maxSteps` (checked first, so an existing run reports what it always did), or a
   * ledger holding `maxEvents` events. The ledger never holds more: `NodeContext.record` refuses
   * the event beyond it, and `stepSync` closes the run in the middle of that step (a broadcast
   * cycle with a large fan-out grows within one step, so a check between steps alone would not
   * bound it). A replay of the same steps stops at the same point, as it counts the same events.
   */
  private closeIfBounded(t: number): void {
    if (this.size() === 0) return;
    if (t >= this.scenario.maxSteps) this.truncatedBy = 'maxSteps';
    else if (this.recorder.size >= this.scenario.maxEvents) this.truncatedBy = 'maxEvents';
  }

  /** `Kernel.addWork`: counts `units` of work; past `maxWork` the step stops (`WorkLimitReached`). */
  addWork(units: number): void {
    this.spent += units;
    if (this.spent > this.scenario.maxWork) throw new WorkLimitReached();
  }

  /**
   * Closes the run as truncated by `bound` when work is still pending; between steps only (a
   * caller's deadline). Answers whether it did.
   */
  close(bound: TruncationBound): boolean {
    if (this.truncatedBy !== null || this.size() === 0) return false;
    this.truncatedBy = bound;
    return true;
  }

  /** The most events the ledger may hold (`Kernel.eventLimit`). */
  get eventLimit(): number {
    return this.scenario.maxEvents;
  }

  /**
   * Queues a delivery for the next step. Every delivery writes at least one event when it is
   * processed, so a queue longer than `maxEvents` could never be processed within the bound: it
   * closes the run as the ledger's bound does (a broadcast of fan-out 1,000 would otherwise queue
   * a thousand deliveries per event, and run out of memory before the ledger filled).
   */
  deliver(edge: number, tok: number): void {
    if (this.deliveries >= this.scenario.maxEvents) throw new EventLimitReached();
    const node = this.edgeTo[edge]!;
    this.nextBox[node]!.push2(tok, edge);
    if (this.inNext[node] === 0) {
      this.inNext[node] = 1;
      this.activeNext.push(node);
    }
    this.deliveries++;
  }

  wakeAt(node: number, step: number): void {
    // A node may ask to run its wake-up later in the step it is processing (a timed flush due now).
    if (step <= this.step && node === this.processing) this.wakeFlag[node] = 1;
    // A wake-up after `maxSteps` never runs: the run is closed at `maxSteps` while it is pending.
    // Keeping it at `maxSteps + 1` keeps the heap's keys exact and finite, whatever a node asked
    // for (a timer of 1e300 steps; NaN from a period that overflowed).
    else if (!(step <= this.scenario.maxSteps))
      this.heap.push(Math.max(this.scenario.maxSteps + 1, this.step + 1), node);
    else this.heap.push(Math.max(step, this.step + 1), node);
  }

  /** The behaviour state of node `index` as plain data (its snapshot; reads only). */
  behaviorState(index: number): BehaviorState {
    return this.runtimes[index]!.snapshot();
  }

  /** State of node `index`. */
  nodeState(index: number): NodeState {
    const ctx = this.contexts[index]!;
    const rt = this.runtimes[index]!;
    return {
      nodeId: ctx.nodeId,
      currentState: rt.currentState(),
      tokensProcessed: ctx.processed,
      aggregates: rt.aggregates(),
      lastUpdate: ctx.lastStep < 0 ? null : this.scenario.startTime + ctx.lastStep * this.scenario.tickMs,
    };
  }

  /** Token deliveries queued for the next step, per edge (indexed like `scenario.edges`). Reads only. */
  waitingPerEdge(): number[] {
    const out = new Array<number>(this.edgeTo.length).fill(0);
    for (const box of this.nextBox) for (let i = 1; i < box.length; i += 2) out[box.data[i]!]!++;
    return out;
  }

  /** The next deliveries in execution order (at most `limit`), as node and token ids. */
  peek(limit: number): Array<{ nodeId: string; tokenId: string }> {
    const nodes = this.activeNext.toArray().sort((a, b) => a - b);
    const out: Array<{ nodeId: string; tokenId: string }> = [];
    for (const node of nodes) {
      const box = this.nextBox[node]!;
      for (let i = 0; i < box.length && out.length < limit; i += 2) {
        out.push({ nodeId: this.contexts[node]!.nodeId, tokenId: this.recorder.tokens.id(box.data[i]!) });
      }
    }
    return out;
  }

  /** The whole state between two steps, as plain data (a checkpoint). Reads only. */
  capture(): SimSnapshot {
    const n = this.runtimes.length;
    return {
      step: this.step,
      truncatedBy: this.truncatedBy,
      activeNext: this.activeNext.toArray(),
      inboxes: this.nextBox.map((box) => box.toArray()),
      deliveries: this.deliveries,
      spent: this.spent,
      wakeKeys: this.heap.keysArray(),
      processed: this.contexts.map((c) => c.processed),
      lastStep: this.contexts.map((c) => c.lastStep),
      random: this.contexts.map((c) => c.random.getState()),
      behaviors: Array.from({ length: n }, (_, i) => this.runtimes[i]!.snapshot()),
    };
  }

  /** Replaces the whole state with `s` (from `capture` of a simulation of the same scenario and seed). */
  restore(s: SimSnapshot): void {
    this.step = s.step;
    this.time = this.scenario.startTime + s.step * this.scenario.tickMs;
    this.truncatedBy = s.truncatedBy;
    this.deliveries = s.deliveries;
    this.spent = s.spent;
    this.activeNext.clear();
    this.inNext.fill(0);
    for (const node of s.activeNext) {
      this.activeNext.push(node);
      this.inNext[node] = 1;
    }
    s.inboxes.forEach((pairs, node) => {
      const box = this.nextBox[node]!;
      box.clear();
      for (const v of pairs) box.push(v);
      this.curBox[node]!.clear();
    });
    this.heap = WakeHeap.fromKeys(s.wakeKeys);
    this.inOrder.fill(0);
    this.wakeFlag.fill(0);
    this.contexts.forEach((ctx, i) => {
      ctx.processed = s.processed[i]!;
      ctx.lastStep = s.lastStep[i]!;
      ctx.random.setState(s.random[i]!);
      this.runtimes[i]!.restore(s.behaviors[i]!);
    });
    this.feedSeen = Number.NaN;
  }

  /** Nodes to run in step `t`, in scenario order: those with deliveries and those woken now. */
  private collectOrder(t: number): IntList {
    const order = this.order;
    order.clear();
    const active = this.activeNext;
    for (let i = 0; i < active.length; i++) {
      const node = active.data[i]!;
      this.inNext[node] = 0;
      const box = this.curBox[node]!;
      this.curBox[node] = this.nextBox[node]!;
      this.nextBox[node] = box;
      this.inOrder[node] = 1;
      order.push(node);
    }
    active.clear();
    this.deliveries = 0;
    while (this.heap.peekStep() <= t) {
      const node = this.heap.popNode();
      this.wakeFlag[node] = 1;
      if (this.inOrder[node] === 0) {
        this.inOrder[node] = 1;
        order.push(node);
      }
    }
    sortPrefix(order.data, order.length);
    return order;
  }
}

/** Sorts `data[0, length)` ascending in place: insertion sort, as a step rarely has many active nodes. */
function sortPrefix(data: Int32Array, length: number): void {
  if (length > 32) {
    data.subarray(0, length).sort();
    return;
  }
  for (let i = 1; i < length; i++) {
    const v = data[i]!;
    let j = i - 1;
    while (j >= 0 && data[j]! > v) {
      data[j + 1] = data[j]!;
      j--;
    }
    data[j + 1] = v;
  }
}
