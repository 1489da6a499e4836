/**
 * Time travel (DSL.md §6): the state of a live run right after an earlier step k, rebuilt from the
 * nearest checkpoint at or before k plus a deterministic re-execution of the steps in between, in a
 * scratch simulation of the same scenario and seed.
 *
 * The scratch simulation writes through a `ReplayRecorder` (it walks the live ledger and checks each
 * event instead of writing one) and reads external events through a `ReplayFeed` (the live queue as
 * it stood at each step). So the live run — its ledger, hash, token table, random streams and
 * queue — is never touched. The scratch simulation is kept between queries: a later step of the
 * same checkpoint interval continues from where the last query stopped (scrubbing forward is
 * cheap), anything else restores a checkpoint. The last few answers are cached; an answer for a
 * step before the current one can never change, as later inputs only act on later steps.
 */
import type { Checkpoint, Checkpoints } from './checkpoints';
import type { ExternalEventQueue } from '../run/externalQueue';
import type { Ledger } from '../ledger/ledger';
import type { RunSnapshot } from '../../contract/queries';
import { ReplayFeed } from './replayFeed';
import { ReplayRecorder } from './replayRecorder';
import { runSnapshot } from '../run/runSnapshot';
import { Simulation } from '../run/scheduler';
import type { SinkIndexes } from '../run/sinkIndex';
import type { Scenario } from '../types';

/** Answers kept (least recently used first out). */
const CACHE_SIZE = 8;

/** What a replayer reads of the live run. */
export interface ReplaySource {
  scenario: Scenario;
  seed: number;
  ledger: Ledger;
  queue: ExternalEventQueue;
  checkpoints: Checkpoints;
  sinks: SinkIndexes;
}

/** The scratch simulation and what it writes through and reads from. */
interface Scratch {
  sim: Simulation;
  recorder: ReplayRecorder;
  feed: ReplayFeed;
}

/** Not pure: rebuilds earlier states of one live run. */
export class Replayer {
  private readonly src: ReplaySource;
  private scratch: Scratch | null = null;
  /** Whether the scratch simulation holds a state of the run (false before use and after a failure). */
  private valid = false;
  private readonly cache = new Map<number, RunSnapshot>();

  constructor(src: ReplaySource) {
    this.src = src;
  }

  /**
   * The snapshot right after step `step`, which must be before the live run's current step (the
   * caller answers the current step from the live simulation). Treat the answer as read-only: it
   * is cached.
   */
  snapshotAt(step: number): RunSnapshot {
    const cached = this.cache.get(step);
    if (cached !== undefined) {
      this.cache.delete(step);
      this.cache.set(step, cached);
      return cached;
    }
    const { sim, feed } = this.positionAt(step);
    const snapshot = runSnapshot(sim, feed, this.src.ledger, this.src.sinks, step);
    this.cache.set(step, snapshot);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return snapshot;
  }

  /**
   * `read` of the scratch simulation standing right after step `step` (before the live run's
   * current step); `read` must only read, and not keep the simulation.
   */
  readAt<T>(step: number, read: (sim: Simulation) => T): T {
    return read(this.positionAt(step).sim);
  }

  /** The scratch simulation standing right after step `step`, its feed showing that step's queue. */
  private positionAt(step: number): { sim: Simulation; feed: ReplayFeed } {
    const scratch = (this.scratch ??= this.makeScratch());
    const { sim, feed } = scratch;
    const cp = this.src.checkpoints.nearest(step);
    // Continuing is cheaper than restoring when the scratch run stands between the checkpoint and the target.
    if (!(this.valid && sim.step >= cp.step && sim.step <= step)) restoreCheckpoint(scratch, cp);
    this.valid = false;
    while (sim.step < step) {
      feed.horizon = sim.step;
      // Idle steps are skipped up to the target, and never past a step at which the live run added
      // events: the feed shows them from the step after it (`Simulation.skipIdle`).
      if (!sim.stepSync(Math.min(step, this.src.queue.nextAddedAfter(sim.step))))
        throw new Error(`replay stopped at step ${sim.step}, before step ${step} which the run executed`);
    }
    this.valid = true;
    feed.horizon = step;
    return { sim, feed };
  }

  private makeScratch(): Scratch {
    const { scenario, seed, ledger, queue } = this.src;
    const recorder = new ReplayRecorder(ledger);
    const feed = new ReplayFeed(queue, scenario.nodes.length);
    return { sim: new Simulation(scenario, seed, { recorder, feed }), recorder, feed };
  }
}

/** Not pure: puts the scratch simulation, its recorder and its feed at checkpoint `cp`. */
function restoreCheckpoint(scratch: Scratch, cp: Checkpoint): void {
  scratch.sim.restore(cp.sim);
  scratch.recorder.reset(cp.ledgerSize, cp.tokenCount, cp.step);
  scratch.feed.restore(cp.cursors);
}
