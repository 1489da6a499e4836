/**
 * The engine object (API.md "Engine object", seed 4.5): load a template, feed external events, step
 * or run to the end, read node states and the ledger. The seed's names are kept exactly:
 * `initialize`, `getExternalEventQueue().addEvent`, `getQueue().size()`, `async step()`,
 * `getNodeState`, `getCurrentTick`.
 *
 * Stepping is `advance(to | 'end')`, synchronous (the worker, the CLI and the benchmarks move a run
 * with it, without a promise per step), beside the seed's `async step()` and `runToEnd()`
 * (`advance('end')`). The ledger and the external queue are handed out as read-only facades
 * (run/views.ts): no caller can append an event or take one.
 *
 * The read side (DSL.md §6) answers for the current step or any earlier one without changing the
 * run: step results, state at a step (checkpoints + replay), node events and activity, Sink
 * aggregates, lineage, provenance, export/import. A caller's mistake is an error value
 * (`QueryResult`), never a throw; the one-concept modules behind each method say how it works.
 *
 * The facade stands above the engine's parts (docs/architecture.md, "The engine's floors"): it
 * imports query/, replay/ (the live run), run/ and the base; none of them imports it.
 */
import { nodeActivity, nodeEvents } from './query/activity';
import { loadScenario } from './dsl';
import type { InputBatch } from './run/externalQueue';
import type { HasherFactory } from './ledger/hashing';
import { lineage } from './query/lineage';
import { LiveRun } from './replay/liveRun';
import { descendants, provenance } from './query/provenance';
import type {
  ActivityEntry,
  ActivityHistogram,
  FsmView,
  LedgerPage,
  Lineage,
  Provenance,
  QueryResult,
  RunResult,
  RunSnapshot,
  ScenarioGraph,
  SinkAggregateValue,
  StepResult,
  StepView,
} from '../contract/queries';
import { checkStep, ok } from './query/queryErrors';
import { scenarioGraph } from './query/graph';
import { activityHistogram } from './query/histogram';
import { ledgerPage, type LedgerPageQuery } from './query/ledgerPage';
import { exportRun, exportRunChunks, readRunExport, rebuildRun } from './query/runExport';
import { stepView } from './query/stepView';
import { fsmView, type FsmViewQuery } from './query/fsmView';
import { runActivity, runResult, type RunActivity } from './query/runResult';
import { sinkAggregate } from './query/sinkAggregate';
import { stepResult } from './query/stepResult';
import { externalQueueView, ledgerView, type ExternalQueueView, type LedgerView } from './run/views';
import type { LedgerEvent, LoadResult, NodeState, RunStatus, Scenario, TruncationBound, WaitingSource } from './types';
import { waitingSources } from './run/waiting';

export type { ExternalQueueView, LedgerView } from './run/views';

export interface EngineOptions {
  /** Overrides the scenario's seed (an execution's own seed). */
  seed?: number;
}

/** How an engine computes what it keeps; given once to the constructor, used by every run it holds. */
export interface EngineSettings {
  /** SHA-256 of the ledger hash (default: JavaScript `@noble/hashes`; the CLI passes Node's native one). Same bytes, same hash. */
  hasher?: HasherFactory;
  /** A fixed checkpoint spacing K in work units (ledger events + steps); default: adaptive from `CHECKPOINT_SPACING`. */
  checkpointSpacing?: number;
}

/** The queue view of `getQueue()`. */
export interface RunQueue {
  /** Every pending task (deliveries, tokens to generate, waiting events, timers, flushes); 0 once closed. */
  size(): number;
  /** Token deliveries queued for the next step. */
  deliveries(): number;
  /** The next deliveries in execution order, at most `limit`. */
  peek(limit?: number): Array<{ nodeId: string; tokenId: string }>;
}

/** What one step did. */
export interface StepReport {
  /** The step executed (the current tick when nothing was left to do). */
  step: number;
  /** Whether a step was executed. */
  executed: boolean;
  /** Seqs of the step's events: `[firstSeq, lastSeq]`, empty when `firstSeq > lastSeq`. */
  firstSeq: number;
  lastSeq: number;
  queueSize: number;
  status: RunStatus;
}

/** Not pure: a simulation engine holding at most one run. */
export class Engine {
  private live: LiveRun | null = null;
  private views: { queue: RunQueue; ledger: LedgerView; external: ExternalQueueView } | null = null;
  private readonly settings: EngineSettings;

  constructor(settings: EngineSettings = {}) {
    this.settings = settings;
  }

  /**
   * Loads `dslTemplate` (template, compat template or bare scenario) and starts a fresh run at step
   * 0. Returns the loader's result; with errors (or an invalid seed) the engine is left
   * uninitialised.
   */
  initialize(dslTemplate: unknown, options: EngineOptions = {}): LoadResult {
    this.live = null;
    this.views = null;
    const result = loadScenario(dslTemplate);
    if (result.scenario === null) return result;
    if (options.seed !== undefined && !Number.isFinite(options.seed)) {
      return {
        scenario: null,
        warnings: result.warnings,
        errors: [{ path: '', message: `the seed must be a finite number; got ${String(options.seed)}` }],
      };
    }
    // The document as given, kept as text: what `exportRun` writes and `importRun` loads again.
    this.begin(result.scenario, options.seed ?? result.scenario.seed, JSON.stringify(dslTemplate));
    return result;
  }

  /** Starts a fresh run of an already loaded `scenario` (e.g. a stored execution's copy). */
  start(scenario: Scenario, seed: number = scenario.seed): void {
    this.begin(scenario, seed, null);
  }

  /** True once a scenario is loaded. */
  get initialized(): boolean {
    return this.live !== null;
  }

  get scenario(): Scenario {
    return this.run().scenario;
  }

  /** The run's seed. */
  get seed(): number {
    return this.run().seed;
  }

  get status(): RunStatus {
    return this.run().sim.status;
  }

  /**
   * The DataSources waiting for external events that have received none, when the run has nothing
   * left to do (`completed`); empty otherwise. Adding events to them lets the run go on.
   */
  get waitingFor(): WaitingSource[] {
    const live = this.run();
    return waitingSources(live.scenario, live.queue, live.sim.status);
  }

  /** The bound that closed the run as truncated (`maxSteps`, `maxEvents`, `maxWork` or `deadline`); null unless truncated. */
  get truncatedBy(): TruncationBound | null {
    return this.run().sim.truncatedBy;
  }

  /** The ledger, read-only (`LedgerView`). */
  get ledger(): LedgerView {
    this.run();
    return this.views!.ledger;
  }

  /** The external event queue; `addEvent` refuses (as a value) an event not addressed to a DataSource. */
  getExternalEventQueue(): ExternalQueueView {
    this.run();
    return this.views!.external;
  }

  /** The input log: every batch of external events added, with the step the run was at (what a re-run needs). */
  inputLog(): InputBatch[] {
    return this.run().queue.inputLog();
  }

  getQueue(): RunQueue {
    this.run();
    return this.views!.queue;
  }

  /** Executes the next step (seed API; the work is synchronous). */
  async step(): Promise<StepReport> {
    return this.stepReport();
  }

  /** Executes the next step synchronously and reports it. */
  private stepReport(): StepReport {
    const live = this.run();
    const firstSeq = live.ledger.size + 1;
    const executed = live.stepSync();
    return {
      step: live.step,
      executed,
      firstSeq,
      lastSeq: live.ledger.size,
      queueSize: live.sim.size(),
      status: live.sim.status,
    };
  }

  /**
   * THE way a run moves forward: runs until step `to` has executed, or with `'end'` until nothing is
   * pending or `maxSteps`/`maxEvents` closes the run (whichever comes first); returns the status.
   * A target at or below the current step does nothing.
   */
  advance(to: number | 'end', options: { steps?: number; deadline?: () => boolean } = {}): RunStatus {
    const live = this.run();
    const limit = to === 'end' ? Number.POSITIVE_INFINITY : to;
    // `steps` bounds the steps executed in this call (a caller that paces itself between steps);
    // steps in which nothing can happen are skipped in one go and not counted. `deadline` is the
    // caller's clock (the engine reads none): asked between steps, true closes the run as
    // truncated by "deadline" — where that happens depends on the machine, so such a run is not
    // reproducible, unlike every other bound.
    const deadline = options.deadline;
    for (let left = options.steps ?? Number.POSITIVE_INFINITY; left > 0 && live.step < limit; left--) {
      if (deadline !== undefined && deadline()) {
        live.sim.close('deadline');
        break;
      }
      if (!live.stepSync(limit)) break;
    }
    return live.sim.status;
  }

  /** `advance('end')` (seed 4.5). */
  runToEnd(): RunStatus {
    return this.advance('end');
  }

  /** State of node `nodeId`, or undefined for an unknown id. */
  getNodeState(nodeId: string): NodeState | undefined {
    const live = this.run();
    const index = live.ledger.nodeIndex(nodeId);
    return index === undefined ? undefined : live.sim.nodeState(index);
  }

  /** State of every node, by node id, in scenario order. */
  getNodeStates(): Record<string, NodeState> {
    const live = this.run();
    const out: Record<string, NodeState> = {};
    for (const node of live.scenario.nodes) out[node.nodeId] = live.sim.nodeState(node.index);
    return out;
  }

  /** Number of the last executed step (0 before the first). */
  getCurrentTick(): number {
    return this.run().step;
  }

  /** SHA-256 hex of the canonical NDJSON of the ledger so far. */
  ledgerHash(): string {
    return this.run().ledger.hash();
  }

  /** What the run holds besides its ledger, for benchmarks and the docs: checkpoints (count, size in units, spacing). */
  diagnostics(): { checkpoints: { count: number; units: number; spacing: number } } {
    const c = this.run().checkpoints;
    return { checkpoints: { count: c.count, units: c.units, spacing: c.currentSpacing } };
  }

  // ——— read side: any step from 0 to the current one; never changes the run ———

  /** The step result (seed 2.3) of step `step`; `activityLimit` caps `allActivities` (default 1,000). */
  stepResult(step: number, options: { activityLimit?: number } = {}): QueryResult<StepResult> {
    return stepResult(this.run(), step, options.activityLimit);
  }

  /** The run right after step `step`: node states, queue, Sink totals, ledger prefix size (checkpoint + replay). */
  stateAt(step: number): QueryResult<RunSnapshot> {
    const live = this.run();
    const checked = checkStep(step, live.step);
    return checked.ok ? ok(live.snapshotAt(checked.value)) : checked;
  }

  /** The normalised graph of the run's scenario: nodes with their ports, resolved edges. */
  graph(): ScenarioGraph {
    return scenarioGraph(this.run().scenario);
  }

  /** A compact view of step `step` (default: current): node states and counts, tokens waiting per edge, Sink totals. */
  stepView(step?: number): QueryResult<StepView> {
    return stepView(this.run(), step);
  }

  /** What the run amounts to at `step` (default: current): Sink totals and main values, FSM states, problems, hash. */
  runResult(step?: number): QueryResult<RunResult> {
    return runResult(this.run(), step);
  }

  /** The state diagram of FSM `nodeId` at `query.step` (default: current): counts per state and per transition, and a page of the machines in `query.state`. */
  fsmView(nodeId: string, query: FsmViewQuery = {}): QueryResult<FsmView> {
    return fsmView(this.run(), nodeId, query);
  }

  /** What the run did so far (events consumed, transitions fired, FSMs that never moved, problems): `runResult`'s counts without its hash or Sink figures. */
  runActivity(): RunActivity {
    return runActivity(this.run());
  }

  /** Ledger events per step over the whole run, in at most `buckets` buckets (default 1,000). */
  histogram(buckets?: number): ActivityHistogram {
    return activityHistogram(this.run(), buckets);
  }

  /** A page of the ledger filtered by node, operation, correlation id and step range. */
  ledgerPage(query: LedgerPageQuery = {}): QueryResult<LedgerPage> {
    return ledgerPage(this.run(), query);
  }

  /** Events of node `nodeId` up to `step` (default: current), in seq order. */
  nodeEvents(nodeId: string, step?: number): QueryResult<LedgerEvent[]> {
    return nodeEvents(this.run(), nodeId, step);
  }

  /** Activity of node `nodeId` up to `step` (default: current), newest first, at most `limit` (default 1,000). */
  nodeActivity(nodeId: string, options: { limit?: number; step?: number } = {}): QueryResult<ActivityEntry[]> {
    return nodeActivity(this.run(), nodeId, options);
  }

  /** `formula` (latest, earliest, sum, count, average, min, max, list, distinct) over what Sink `sinkId` collected up to `step`, at `field` (default `value`). */
  sinkAggregate(
    sinkId: string,
    formula: string,
    options: { field?: string; step?: number } = {},
  ): QueryResult<SinkAggregateValue> {
    return sinkAggregate(this.run(), sinkId, formula, options);
  }

  /** Every event up to `step` (default: current) that touched a token carrying `correlationId`, by step then seq. */
  lineage(correlationId: string, step?: number): QueryResult<Lineage> {
    return lineage(this.run(), correlationId, step);
  }

  /** The ancestor DAG of token `tokenId` through `inputToken`/`inputTokens`. */
  provenance(tokenId: string): QueryResult<Provenance> {
    return provenance(this.run(), tokenId);
  }

  /** The descendant DAG of token `tokenId` (the inverse of `provenance`). */
  descendants(tokenId: string): QueryResult<Provenance> {
    return descendants(this.run(), tokenId);
  }

  /** The run as NDJSON: a header line (format, scenario, seed, input log, step, status, hash), then the canonical ledger lines. */
  exportRun(): string {
    return exportRun(this.run());
  }

  /** `exportRun` in chunks that are never joined, for runs too long for one string. */
  exportRunChunks(): string[] {
    return exportRunChunks(this.run());
  }

  /**
   * Rebuilds an exported run by re-executing it, and verifies it: HASH_MISMATCH when the ledger lines
   * or the re-execution do not match the recorded hash, INVALID_LEDGER when the text is not an export.
   */
  static importRun(text: string, settings: EngineSettings = {}): QueryResult<Engine> {
    const header = readRunExport(text, settings.hasher);
    return header.ok ? rebuildRun(new Engine(settings), header.value) : header;
  }

  private begin(scenario: Scenario, seed: number, document: string | null): void {
    const live = new LiveRun(scenario, seed, { ...this.settings, document });
    this.live = live;
    this.views = {
      queue: Object.freeze({
        size: () => live.sim.size(),
        deliveries: () => live.sim.queuedDeliveries(),
        peek: (limit = 20) => live.sim.peek(limit),
      }),
      ledger: ledgerView(live.ledger),
      external: externalQueueView(live.queue),
    };
  }

  private run(): LiveRun {
    if (this.live === null)
      throw new Error('the engine is not initialised: call initialize() with a valid scenario first');
    return this.live;
  }
}
