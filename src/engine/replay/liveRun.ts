/**
 * One live run as the engine holds it: the scenario and seed, the ledger, the external queue, the
 * simulation, its checkpoints, the Sink indexes and the replayer that answers for earlier steps.
 * Every step goes through `stepSync` here so checkpoints are taken as the run advances.
 */
import { Checkpoints } from './checkpoints';
import { eventTypesOf, ExternalEventQueue } from '../run/externalQueue';
import type { HasherFactory } from '../ledger/hashing';
import { Ledger } from '../ledger/ledger';
import type { RunSnapshot } from '../../contract/queries';
import { Replayer } from './replay';
import { runSnapshot } from '../run/runSnapshot';
import { Simulation } from '../run/scheduler';
import { SinkIndexes } from '../run/sinkIndex';
import type { Scenario } from '../types';

export interface LiveRunOptions {
  /** SHA-256 of the ledger hash (default: JavaScript). */
  hasher?: HasherFactory;
  /** Checkpoint spacing K in work units (default `CHECKPOINT_SPACING`). */
  checkpointSpacing?: number;
  /** The scenario document as given to `initialize` (JSON text), for `exportRun`; null when started from a loaded scenario. */
  document?: string | null;
}

/** Not pure: a run of `scenario` with `seed`. */
export class LiveRun {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly ledger: Ledger;
  readonly queue: ExternalEventQueue;
  readonly sim: Simulation;
  readonly checkpoints: Checkpoints;
  readonly sinks: SinkIndexes;
  readonly document: string | null;
  private replayer: Replayer | null = null;

  constructor(scenario: Scenario, seed: number, options: LiveRunOptions = {}) {
    this.scenario = scenario;
    this.seed = seed;
    this.document = options.document ?? null;
    const nodes = scenario.nodes;
    this.ledger = new Ledger(
      nodes.map((n) => ({ nodeId: n.nodeId, nodeType: n.type })),
      scenario.startTime,
      scenario.tickMs,
      options.hasher,
    );
    const sources = new Map(nodes.filter((n) => n.type === 'DataSource').map((n) => [n.nodeId, n.index] as const));
    this.queue = new ExternalEventQueue(sources, () => this.sim.step, eventTypesOf(nodes));
    this.sim = new Simulation(scenario, seed, { recorder: this.ledger, feed: this.queue });
    this.checkpoints = new Checkpoints(options.checkpointSpacing);
    this.checkpoints.afterStep(this.sim, this.ledger, this.queue);
    this.sinks = new SinkIndexes(this.ledger);
  }

  /** The last executed step. */
  get step(): number {
    return this.sim.step;
  }

  /**
   * Executes the next step (false when there was nothing to do) and takes a checkpoint when due.
   * With `limit`, idle steps up to `limit` are skipped in one go (`Simulation.stepSync`).
   */
  stepSync(limit?: number): boolean {
    if (!this.sim.stepSync(limit)) return false;
    this.checkpoints.afterStep(this.sim, this.ledger, this.queue);
    return true;
  }

  /**
   * The run as it was right after step `step` (0 … current; the caller checks the range): the
   * current step is read from the live simulation, an earlier one is replayed.
   */
  snapshotAt(step: number): RunSnapshot {
    if (step === this.sim.step) return runSnapshot(this.sim, this.queue, this.ledger, this.sinks, step);
    this.replayer ??= new Replayer(this);
    return this.replayer.snapshotAt(step);
  }

  /**
   * `read` of the simulation as it stood right after step `step` (0 … current; the caller checks
   * the range): the live one for the current step, else the replayed scratch one. `read` must only
   * read, and not keep the simulation.
   */
  readAt<T>(step: number, read: (sim: Simulation) => T): T {
    if (step === this.sim.step) return read(this.sim);
    this.replayer ??= new Replayer(this);
    return this.replayer.readAt(step, read);
  }
}
