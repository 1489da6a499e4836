/**
 * THE owner of an open execution: its engine and its storage cursor — the stored record it
 * reproduces, the input batches applied, the ledger segments sealed — and every way the pair moves:
 * create (a new or imported run), restore and catch-up (`open`), advance, add events, commit.
 *
 * Restore and catch-up: the engine is deterministic, so the stored inputs — scenario copy, seed,
 * and the input log of external events with the step at which each batch was added — reproduce the
 * run exactly (`reexecute`, the engine's one re-execution loop, which run import uses too). The
 * re-run is then VERIFIED: its step, ledger size and status must equal the record's, and every
 * re-encoded ledger segment's checksum must equal the stored checkpoint's. A difference (an engine
 * change, damaged storage) is a REPLAY_MISMATCH naming the first segment, seq range and step that
 * differ.
 *
 * Commit: the ledger segments written since the last commit (the open segment is rewritten whole),
 * their checkpoints, an optional input batch and the new execution record go to storage in one
 * transaction (store/executions.ts `commitRun`). Only after it commits does the run count as level
 * with storage; if anything throws, the caller releases the run so the next request restores it
 * from what was really stored. Segments are cut by the store's one sealing rule
 * (`encodeSegmentsFrom`), for writing and for verifying alike.
 */
import { Engine, reexecute } from '../../engine';
import { isEnded, type ExternalEvent } from '../../contract/vocabulary';
import type { ExecutionRecord, StepTarget } from '../../contract/wire';
import type { AppDB, CheckpointRow, ExecutionRow, InputBatchRow, LedgerSegmentRow } from '../../store/AppDB';
import { commitRun as storeCommit, insertExecution, readRunState } from '../../store/executions';
import { inputRows } from '../../store/inputLog';
import { executionToRow } from '../../store/mappers';
import { SEGMENT_SIZE, encodeFrom, encodeSegmentsFrom, type SealMark } from '../../store/segmentCodec';
import type { RunChange } from './runChange';
import { addEvents } from './eventInput';
import { Failure } from '../result';

/** What a stored run needs of the service: the database, the clocks, and where to announce a commit. */
export interface RunStorage {
  readonly db: AppDB;
  now(): string;
  clock(): number;
  announce(change: RunChange): void;
}

/** How a cancellable advance paces itself: it yields every `sliceMs()` so an abort can arrive. */
export interface AdvancePacing {
  signal: AbortSignal;
  clock(): number;
  /** Milliseconds to run before yielding (read after every slice). */
  sliceMs(): number;
  nextTask(): Promise<void>;
}

export interface CommitTimings {
  /** Encoding new ledger segments. */
  encode: number;
  /** Hashing the ledger (only when the run has ended). */
  hash: number;
  /** The storage transaction. */
  persist: number;
}

/** A new execution: its wire record and the scenario copy it runs (`StoredRun.create` adds the bookkeeping). */
export type NewRecord = ExecutionRecord & { scenario: unknown };

/** Not pure: one open execution, level with its stored record. */
export class StoredRun {
  readonly executionId: string;
  readonly templateId: string;
  readonly engine: Engine;
  private stored: ExecutionRow;
  private batches: number;
  private mark: SealMark;

  private constructor(engine: Engine, record: ExecutionRow, batches: number, mark: SealMark) {
    this.executionId = record.id;
    this.templateId = record.templateId;
    this.engine = engine;
    this.stored = record;
    this.batches = batches;
    this.mark = mark;
  }

  /** The stored record this run reproduces (its revision, step and ledger size). */
  get record(): ExecutionRow {
    return this.stored;
  }

  /** Input batches applied to the engine. */
  get inputBatches(): number {
    return this.batches;
  }

  /** Ledger segments verified (or written) and complete, and the tokens they cover; the next segment is open. */
  get sealed(): SealMark {
    return this.mark;
  }

  /**
   * Not pure: stores a new execution — `engine` as it stands (created at step 0, or an imported run
   * re-executed), its input `batches` and ledger segments — as revision 0, announces it, and
   * returns it open. Fails (StoreError NOT_FOUND) when the template is gone.
   */
  static async create(
    storage: RunStorage,
    engine: Engine,
    fields: NewRecord,
    batches: InputBatchRow[],
  ): Promise<StoredRun> {
    const { segments, mark } = encodeFrom(engine.ledger, fields.id, { sealedSegments: 0, sealedTokens: 0 });
    const { scenario, ...wire } = fields;
    const record = executionToRow(wire, { scenario, revision: 0, inputBatches: batches.length, ...mark });
    await insertExecution(storage.db, record, {
      batches,
      segments: segments.map((s) => s.row),
      checkpoints: segments.map((s) => s.checkpoint),
    });
    storage.announce({ executionId: record.id, revision: 0 });
    return new StoredRun(engine, record, batches.length, mark);
  }

  /**
   * Not pure: a run that reproduces the stored execution `executionId` — `cached` itself when it is
   * current or can catch up with what another tab committed, else a fresh restore. Throws Failure
   * EXECUTION_NOT_FOUND or REPLAY_MISMATCH.
   */
  static async open(db: AppDB, executionId: string, cached: StoredRun | undefined): Promise<StoredRun> {
    const state = await readRunState(
      db,
      executionId,
      cached?.batches ?? 0,
      cached?.mark.sealedSegments ?? 0,
      cached?.stored.revision,
    );
    if (!state) throw new Failure('EXECUTION_NOT_FOUND', `Execution "${executionId}" not found`, { executionId });
    const { record } = state;
    if (cached && record.revision === cached.stored.revision) return cached;
    if (cached && !cached.isExtendedBy(record)) return StoredRun.open(db, executionId, undefined);
    const run = cached ?? StoredRun.fresh(record);
    run.replay(record, state.batches);
    run.verify(record, state.checkpoints);
    run.stored = record;
    run.batches = record.inputBatches;
    return run;
  }

  /** Pure: whether the engine differs from the stored record (nothing to commit otherwise). */
  hasChanged(): boolean {
    const { engine, stored } = this;
    return (
      engine.getCurrentTick() !== stored.currentStep ||
      engine.ledger.size !== stored.ledgerSize ||
      engine.status !== stored.status
    );
  }

  /**
   * Not pure: advances the engine to step `target` (or to the end, or until the run ends). With
   * `pacing` the run yields every slice so an abort can arrive; once aborted it stops and throws
   * Failure ABORTED (nothing is committed; the caller releases the run, and the next call restores
   * it from storage).
   */
  async advance(target: StepTarget, pacing?: AdvancePacing): Promise<void> {
    const { engine } = this;
    if (!pacing) {
      engine.advance(target);
      return;
    }
    const to = target === 'end' ? Number.POSITIVE_INFINITY : target;
    const stop = () => {
      if (!pacing.signal.aborted) return;
      throw new Failure(
        'ABORTED',
        `The run of execution "${this.executionId}" was aborted by the caller at step ${engine.getCurrentTick()}; nothing was saved`,
        { executionId: this.executionId },
      );
    };
    stop();
    let slice = pacing.clock();
    // One executed step at a time (idle stretches skipped in one go), so the clock is read between
    // steps; a step that does not move the tick means nothing is left to do.
    for (let tick = engine.getCurrentTick(); tick < to;) {
      engine.advance(target, { steps: 1 });
      if (engine.getCurrentTick() === tick) break;
      tick = engine.getCurrentTick();
      if (pacing.clock() - slice < pacing.sliceMs()) continue;
      await pacing.nextTask();
      stop();
      slice = pacing.clock();
    }
  }

  /**
   * Not pure: adds the events of `value` (an array at `path` in the request body) at the current
   * step, all or none, and commits them with the run as one input batch. A truncated run takes no
   * more events (CONFLICT). `beforeCommit` runs once the events are in the queue and before the
   * commit: when it throws, nothing is committed (the caller's `withRun` drops the changed run).
   */
  async addEvents(
    storage: RunStorage,
    value: unknown,
    path: string,
    beforeCommit?: () => Promise<void>,
  ): Promise<{ events: ExternalEvent[]; timings: CommitTimings }> {
    const { engine } = this;
    // A truncated run is over (maxSteps or maxEvents was reached): events added now could never be emitted.
    if (engine.status === 'truncated') {
      throw new Failure(
        'CONFLICT',
        `Execution "${this.executionId}" is truncated (${engine.truncatedBy ?? 'maxSteps'} was reached): it takes no more events; start a new execution`,
        { executionId: this.executionId, status: engine.status },
      );
    }
    const events = addEvents(engine, value, path);
    await beforeCommit?.();
    return { events, timings: await this.commit(storage, events) };
  }

  /**
   * Not pure: commits the current state of the engine (and `events`, added at the current step,
   * when given) as the next revision, then announces it.
   */
  async commit(storage: RunStorage, events?: ExternalEvent[]): Promise<CommitTimings> {
    const { db, clock } = storage;
    const now = storage.now();
    const { engine, stored } = this;
    const ledger = engine.ledger;
    const t0 = clock();
    const encoded =
      ledger.size > stored.ledgerSize
        ? encodeFrom(ledger, this.executionId, this.mark)
        : { segments: [], mark: this.mark };
    const segments: LedgerSegmentRow[] = encoded.segments.map((e) => e.row);
    const checkpoints: CheckpointRow[] = encoded.segments.map((e) => e.checkpoint);
    const t1 = clock();
    const status = engine.status;
    const ledgerHash = isEnded(status) ? engine.ledgerHash() : null;
    const t2 = clock();
    const batch: InputBatchRow[] | undefined =
      events && inputRows(this.executionId, this.batches, engine.getCurrentTick(), events);
    const record: ExecutionRow = {
      ...stored,
      status,
      currentStep: engine.getCurrentTick(),
      ledgerSize: ledger.size,
      externalEventCount: stored.externalEventCount + (events?.length ?? 0),
      queueSize: engine.getQueue().size(),
      ledgerHash,
      waitingFor: engine.waitingFor,
      updatedAt: now,
      revision: stored.revision + 1,
      inputBatches: this.batches + (batch?.length ?? 0),
      ...encoded.mark,
    };
    await storeCommit(db, { record, segments, checkpoints, ...(batch ? { batch } : {}) });
    const t3 = clock();
    this.stored = record;
    this.batches = record.inputBatches;
    this.mark = encoded.mark;
    storage.announce({ executionId: this.executionId, revision: record.revision });
    return { encode: t1 - t0, hash: t2 - t1, persist: t3 - t2 };
  }

  /** Not pure: a new engine at step 0 for the record's scenario copy and seed. */
  private static fresh(record: ExecutionRow): StoredRun {
    const engine = new Engine();
    const loaded = engine.initialize(record.scenario, { seed: record.seed });
    if (!loaded.scenario) {
      const first = loaded.errors[0];
      throw new Failure(
        'REPLAY_MISMATCH',
        `Execution "${record.id}" cannot be restored: its stored scenario no longer loads (${first ? `${first.path || '/'}: ${first.message}` : 'unknown error'})`,
        { executionId: record.id, issues: loaded.errors },
      );
    }
    return new StoredRun(engine, record, 0, { sealedSegments: 0, sealedTokens: 0 });
  }

  /** Pure: whether `record` is this run's state plus later changes (the only way a stored run moves). */
  private isExtendedBy(record: ExecutionRow): boolean {
    return (
      record.revision > this.stored.revision &&
      record.inputBatches >= this.batches &&
      record.currentStep >= this.engine.getCurrentTick() &&
      record.ledgerSize >= this.engine.ledger.size
    );
  }

  /** Not pure: re-executes `batches` (the ones this run has not seen) and runs to the record's step. */
  private replay(record: ExecutionRow, batches: InputBatchRow[]): void {
    const { engine } = this;
    const problem = reexecute(engine, batches, record.currentStep);
    if (problem) {
      const batch = batches[problem.batch]!.batch;
      this.batches = batch;
      mismatch(
        record,
        problem.kind === 'stopped'
          ? `the re-run ended at step ${problem.reached}, before step ${problem.batchStep} where input batch ${batch} was added`
          : `input batch ${batch} is refused on re-run: event ${problem.index}: ${problem.error}`,
      );
    }
    if (batches.length > 0) this.batches = batches[batches.length - 1]!.batch + 1;
    if (this.batches !== record.inputBatches)
      mismatch(record, `${this.batches} input batches were re-applied, the record has ${record.inputBatches}`);
    const tick = engine.getCurrentTick();
    const size = engine.ledger.size;
    if (tick !== record.currentStep || size !== record.ledgerSize || engine.status !== record.status) {
      mismatch(
        record,
        `the re-run reached step ${tick} with ${size} ledger events (${engine.status}); the stored run is at step ${record.currentStep} with ${record.ledgerSize} (${record.status})`,
      );
    }
  }

  /** Not pure: re-encodes the segments from the sealed mark on and checks them against the stored checkpoints. */
  private verify(record: ExecutionRow, checkpoints: CheckpointRow[]): void {
    const from = this.mark.sealedSegments;
    for (const { segment, encoded, mark } of encodeSegmentsFrom(this.engine.ledger, record.id, this.mark)) {
      const { checkpoint } = encoded;
      const stored = checkpoints[segment - from];
      if (!stored || stored.segment !== segment || stored.checksum !== checkpoint.checksum) {
        const firstSeq = segment * SEGMENT_SIZE + 1;
        mismatch(
          record,
          stored
            ? `ledger segment ${segment} (events ${firstSeq}–${checkpoint.lastSeq}, up to step ${checkpoint.lastStep}) differs from the stored one (checksum ${checkpoint.checksum}, stored ${stored.checksum})`
            : `ledger segment ${segment} (events ${firstSeq}–${checkpoint.lastSeq}) has no stored checkpoint`,
        );
      }
      this.mark = mark;
    }
  }
}

function mismatch(record: ExecutionRow, why: string): never {
  throw new Failure(
    'REPLAY_MISMATCH',
    `Execution "${record.id}" could not be restored: ${why}. Its stored ledger is kept unchanged.`,
    {
      executionId: record.id,
      currentStep: record.currentStep,
      ledgerSize: record.ledgerSize,
    },
  );
}
