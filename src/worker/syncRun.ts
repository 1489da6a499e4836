/**
 * Bringing an in-memory run level with the stored execution: restoring it from scratch (after a
 * reload, or once the cache released it) or catching up with changes another tab committed.
 *
 * The engine is deterministic, so the stored inputs — scenario copy, seed, and the input log of
 * external events with the step at which each batch was added — reproduce the run exactly: re-run
 * to each batch's step, add the batch, and finally run to the stored `currentStep`. The re-run is
 * then VERIFIED: its step, ledger size and status must equal the record's, and every re-encoded
 * ledger segment's checksum must equal the stored checkpoint's. A difference (an engine change,
 * damaged storage) is a REPLAY_MISMATCH naming the first segment, seq range and step that differ.
 */
import { Engine } from '../engine';
import type { CheckpointRow, ExecutionRow, InputBatchRow } from '../store/AppDB';
import { readRunState } from '../store/executions';
import type { AppDB } from '../store/AppDB';
import { SEGMENT_SIZE, encodeSegment, segmentCount } from '../store/segmentCodec';
import { Failure } from './result';
import type { OpenRun } from './runCache';

/**
 * Not pure: returns a run that reproduces the stored execution `executionId` — `run` itself when it
 * is current or can catch up, else a fresh restore. Throws Failure EXECUTION_NOT_FOUND or
 * REPLAY_MISMATCH.
 */
export async function syncRun(db: AppDB, executionId: string, run: OpenRun | undefined): Promise<OpenRun> {
  const state = await readRunState(
    db,
    executionId,
    run?.inputBatches ?? 0,
    run?.sealedSegments ?? 0,
    run?.record.revision,
  );
  if (!state) throw new Failure('EXECUTION_NOT_FOUND', `Execution "${executionId}" not found`, { executionId });
  const { record } = state;
  if (run && record.revision === run.record.revision) return run;
  if (run && !extendsRun(record, run)) return syncRun(db, executionId, undefined);
  const target = run ?? freshRun(record);
  replay(target, record, state.batches);
  verify(target, record, state.checkpoints, run?.sealedSegments ?? 0);
  target.record = record;
  target.inputBatches = record.inputBatches;
  return target;
}

/** Pure: whether `record` is `run`'s state plus later changes (the only way a stored run moves). */
function extendsRun(record: ExecutionRow, run: OpenRun): boolean {
  return (
    record.revision > run.record.revision &&
    record.inputBatches >= run.inputBatches &&
    record.currentStep >= run.engine.getCurrentTick() &&
    record.ledgerSize >= run.engine.ledger.size
  );
}

/** Not pure: a new engine at step 0 for the record's scenario copy and seed. */
function freshRun(record: ExecutionRow): OpenRun {
  const engine = new Engine();
  const loaded = engine.initialize(record.scenario, { seed: record.seed });
  if (!loaded.scenario) {
    const first = loaded.errors[0];
    throw new Failure(
      'REPLAY_MISMATCH',
      `Execution "${record.id}" cannot be restored: its stored scenario no longer loads (${first ? `${first.path || '/'}: ${first.message}` : 'unknown error'})`,
      {
        executionId: record.id,
        issues: loaded.errors,
      },
    );
  }
  return {
    executionId: record.id,
    templateId: record.templateId,
    engine,
    record,
    inputBatches: 0,
    sealedSegments: 0,
    sealedTokens: 0,
  };
}

/** Not pure: applies `batches` (the ones `run` has not seen) and runs to the record's step. */
function replay(run: OpenRun, record: ExecutionRow, batches: InputBatchRow[]): void {
  const { engine } = run;
  for (const batch of batches) {
    engine.advance(batch.step);
    if (engine.getCurrentTick() !== batch.step) {
      mismatch(
        record,
        `the re-run ended at step ${engine.getCurrentTick()}, before step ${batch.step} where input batch ${batch.batch} was added`,
      );
    }
    const added = engine.getExternalEventQueue().addEvents(batch.events);
    if (!added.ok)
      mismatch(record, `input batch ${batch.batch} is refused on re-run: event ${added.index}: ${added.error}`);
    run.inputBatches = batch.batch + 1;
  }
  if (run.inputBatches !== record.inputBatches)
    mismatch(record, `${run.inputBatches} input batches were re-applied, the record has ${record.inputBatches}`);
  engine.advance(record.currentStep);
  const tick = engine.getCurrentTick();
  const size = engine.ledger.size;
  if (tick !== record.currentStep || size !== record.ledgerSize || engine.status !== record.status) {
    mismatch(
      record,
      `the re-run reached step ${tick} with ${size} ledger events (${engine.status}); the stored run is at step ${record.currentStep} with ${record.ledgerSize} (${record.status})`,
    );
  }
}

/** Not pure: re-encodes the segments from `fromSegment` on and checks them against the stored checkpoints. */
function verify(run: OpenRun, record: ExecutionRow, checkpoints: CheckpointRow[], fromSegment: number): void {
  const ledger = run.engine.ledger;
  const last = segmentCount(ledger.size);
  let tokenStart = run.sealedTokens;
  for (let segment = fromSegment; segment < last; segment++) {
    const { checkpoint } = encodeSegment(ledger, record.id, segment, tokenStart);
    const stored = checkpoints[segment - fromSegment];
    if (!stored || stored.segment !== segment || stored.checksum !== checkpoint.checksum) {
      const firstSeq = segment * SEGMENT_SIZE + 1;
      mismatch(
        record,
        stored
          ? `ledger segment ${segment} (events ${firstSeq}–${checkpoint.lastSeq}, up to step ${checkpoint.lastStep}) differs from the stored one (checksum ${checkpoint.checksum}, stored ${stored.checksum})`
          : `ledger segment ${segment} (events ${firstSeq}–${checkpoint.lastSeq}) has no stored checkpoint`,
      );
    }
    tokenStart = checkpoint.tokenEnd;
    if (checkpoint.lastSeq - segment * SEGMENT_SIZE === SEGMENT_SIZE) {
      run.sealedSegments = segment + 1;
      run.sealedTokens = checkpoint.tokenEnd;
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
