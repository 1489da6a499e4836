/**
 * Progress records of the parses running in this worker — how a UI shows a progress bar (TARGETS
 * P4). A parse updates its record after every chunk and yields to the worker's event loop, so a
 * `GET /api/parser/progress` poll is answered while it runs. Records live in memory only; the most
 * recent finished ones are kept a while so a late poll still sees the end.
 */
import type { ParseJob } from '../../contract/wire';
import { Failure } from '../result';

const KEEP_FINISHED = 8;

/** What a running parse reports through. */
export interface JobHandle {
  /** After a chunk: phase, characters read in this phase, lines read in this phase. */
  progress(phase: 'templates' | 'events', processed: number, lines: number): void;
  /** The job ended (normally, with the input's line count, or not); a second call changes nothing. */
  finish(lines?: number): void;
}

/** Not pure: the progress records of one worker. `clock` measures, `now` stamps ISO times. */
export class ParseJobs {
  private readonly running = new Map<string, { job: ParseJob; started: number; passes: number }>();
  private readonly finished: ParseJob[] = [];

  constructor(
    private readonly clock: () => number,
    private readonly now: () => string,
  ) {}

  /**
   * Starts the record `id` for parsing `total` characters in `passes` passes (1 or 2). A running job
   * with the same id is a CONFLICT (409): two parses would report into one bar.
   */
  start(id: string, kind: ParseJob['kind'], config: string, total: number, passes: number): JobHandle {
    if (this.running.has(id))
      throw new Failure('CONFLICT', `A parse with progressId "${id}" is already running; choose another id`, {
        progressId: id,
      });
    const job: ParseJob = {
      id,
      kind,
      config,
      phase: 'templates',
      processed: 0,
      total,
      fraction: 0,
      lines: 0,
      startedAt: this.now(),
    };
    const entry = { job, started: this.clock(), passes };
    this.running.set(id, entry);
    return {
      progress: (phase, processed, lines) => {
        const pass = phase === 'templates' ? 0 : 1;
        job.phase = phase;
        job.processed = processed;
        job.lines = lines;
        job.fraction = total === 0 ? 1 : Math.min(1, (pass * total + processed) / (passes * total));
      },
      finish: (lines) => {
        if (this.running.get(id) !== entry) return;
        this.running.delete(id);
        job.phase = 'done';
        if (lines !== undefined) {
          job.lines = lines;
          job.processed = total;
        }
        job.fraction = 1;
        job.ms = round(this.clock() - entry.started);
        this.finished.push(job);
        if (this.finished.length > KEEP_FINISHED) this.finished.shift();
      },
    };
  }

  /** Copies of the running records, then the recent finished ones (oldest first). */
  list(): ParseJob[] {
    return [...[...this.running.values()].map((e) => e.job), ...this.finished].map((j) => ({ ...j }));
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
