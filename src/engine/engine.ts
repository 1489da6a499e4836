/**
 * The engine object (API.md "Engine object", seed 4.5): load a template, feed external events, step
 * or run to the end, read node states and the ledger. The seed's names are kept exactly:
 * `initialize`, `getExternalEventQueue().addEvent`, `getQueue().size()`, `async step()`,
 * `getNodeState`, `getCurrentTick`.
 *
 * `stepSync()`/`runToEnd()` are the synchronous core (benchmarks and the CLI use them without a
 * promise per step); `step()` wraps one synchronous step in a promise, as the seed's API is async.
 */
import { loadScenario } from './dsl';
import type { ExternalEventQueue } from './externalQueue';
import type { Ledger } from './ledger';
import { Simulation } from './scheduler';
import type { LoadResult, NodeState, RunStatus, Scenario } from './types';

export interface EngineOptions {
  /** Overrides the scenario's seed (an execution's own seed). */
  seed?: number;
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
  private sim: Simulation | null = null;
  private queueView: RunQueue | null = null;

  /**
   * Loads `dslTemplate` (template, compat template or bare scenario) and starts a fresh run at step
   * 0. Returns the loader's result; with errors (or an invalid seed) the engine is left
   * uninitialised.
   */
  initialize(dslTemplate: unknown, options: EngineOptions = {}): LoadResult {
    this.sim = null;
    this.queueView = null;
    const result = loadScenario(dslTemplate);
    if (result.scenario === null) return result;
    if (options.seed !== undefined && !Number.isFinite(options.seed)) {
      return { scenario: null, warnings: result.warnings, errors: [{ path: '', message: `the seed must be a finite number; got ${String(options.seed)}` }] };
    }
    this.start(result.scenario, options.seed ?? result.scenario.seed);
    return result;
  }

  /** Starts a fresh run of an already loaded `scenario` (e.g. a stored execution's copy). */
  start(scenario: Scenario, seed: number = scenario.seed): void {
    const sim = new Simulation(scenario, seed);
    this.sim = sim;
    this.queueView = {
      size: () => sim.size(),
      deliveries: () => sim.queuedDeliveries(),
      peek: (limit = 20) => sim.peek(limit),
    };
  }

  /** True once a scenario is loaded. */
  get initialized(): boolean {
    return this.sim !== null;
  }

  get scenario(): Scenario {
    return this.run().scenario;
  }

  /** The run's seed. */
  get seed(): number {
    return this.run().seed;
  }

  get status(): RunStatus {
    return this.run().status;
  }

  get ledger(): Ledger {
    return this.run().ledger;
  }

  /** The external event queue; `addEvent` refuses (as a value) an event not addressed to a DataSource. */
  getExternalEventQueue(): ExternalEventQueue {
    return this.run().external;
  }

  getQueue(): RunQueue {
    this.run();
    return this.queueView!;
  }

  /** Executes the next step (seed API; the work is synchronous). */
  async step(): Promise<StepReport> {
    return this.stepReport();
  }

  /** Executes the next step synchronously; false when there was nothing to do. */
  stepSync(): boolean {
    return this.run().stepSync();
  }

  /** Executes the next step synchronously and reports it. */
  stepReport(): StepReport {
    const sim = this.run();
    const firstSeq = sim.ledger.size + 1;
    const executed = sim.stepSync();
    return { step: sim.step, executed, firstSeq, lastSeq: sim.ledger.size, queueSize: sim.size(), status: sim.status };
  }

  /** Runs until nothing is pending or `maxSteps` closes the run; returns the final status. */
  runToEnd(): RunStatus {
    const sim = this.run();
    while (sim.stepSync());
    return sim.status;
  }

  /** Runs until step `step` has executed (or the run ends first); returns the status. */
  runUntil(step: number): RunStatus {
    const sim = this.run();
    while (sim.step < step && sim.stepSync());
    return sim.status;
  }

  /** State of node `nodeId`, or undefined for an unknown id. */
  getNodeState(nodeId: string): NodeState | undefined {
    const sim = this.run();
    const index = sim.ledger.nodeIndex(nodeId);
    return index === undefined ? undefined : sim.nodeState(index);
  }

  /** State of every node, by node id, in scenario order. */
  getNodeStates(): Record<string, NodeState> {
    const sim = this.run();
    const out: Record<string, NodeState> = {};
    for (const node of sim.scenario.nodes) out[node.nodeId] = sim.nodeState(node.index);
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

  private run(): Simulation {
    if (this.sim === null) throw new Error('the engine is not initialised: call initialize() with a valid scenario first');
    return this.sim;
  }
}
