/**
 * The runs held in memory: one `Engine` per open execution, least recently used first out. A run is
 * cheap to drop — it is restored on demand by re-running its stored inputs — and expensive to keep
 * (~200 bytes per ledger event), so the cache is bounded by a count and by total ledger events.
 */
import type { StoredRun } from './storedRun';

export interface RunCacheLimits {
  /** Most executions held at once (default 4). */
  maxRuns?: number;
  /** Most ledger events held across them (default 4,000,000); the most recent run is always kept. */
  maxEvents?: number;
}

/** Not pure: an LRU set of open runs. */
export class RunCache {
  private readonly runs = new Map<string, StoredRun>();
  private readonly maxRuns: number;
  private readonly maxEvents: number;

  constructor(limits: RunCacheLimits = {}) {
    this.maxRuns = Math.max(1, limits.maxRuns ?? 4);
    this.maxEvents = limits.maxEvents ?? 4_000_000;
  }

  /** The open run of `executionId`, now the most recently used; undefined when not open. */
  get(executionId: string): StoredRun | undefined {
    const run = this.runs.get(executionId);
    if (run) {
      this.runs.delete(executionId);
      this.runs.set(executionId, run);
    }
    return run;
  }

  /** Holds `run` as the most recently used, releasing the least recently used ones beyond the limits. */
  set(run: StoredRun): void {
    this.runs.delete(run.executionId);
    this.runs.set(run.executionId, run);
    this.trim();
  }

  /** Releases the run of `executionId` (deleted, or its engine no longer matches storage). */
  drop(executionId: string): void {
    this.runs.delete(executionId);
  }

  /** Re-applies the limits (a run grows as it advances). */
  trim(): void {
    let events = 0;
    for (const run of this.runs.values()) events += run.engine.ledger.size;
    for (const [id, run] of this.runs) {
      if (this.runs.size <= 1 || (this.runs.size <= this.maxRuns && events <= this.maxEvents)) break;
      this.runs.delete(id);
      events -= run.engine.ledger.size;
    }
  }
}
