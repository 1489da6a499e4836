/**
 * A run as one NDJSON text, and back. The first line is a header — format and version, the
 * scenario (the document as given to `initialize`, or the loaded scenario when the run was started
 * from one), the seed, the input log (external events with the step each batch was added at), the
 * step reached, the status, the event count and the ledger hash — and every further line is a
 * ledger event in canonical form, exactly the bytes the hash covers.
 *
 * Importing re-executes the run deterministically from the header and VERIFIES it twice: the
 * event lines must hash to the header's hash, and the re-executed ledger must hash to it too (and
 * reach the same step, size and status). A file that does not read is INVALID_LEDGER; a file that
 * reads but does not match is HASH_MISMATCH. Nothing is trusted from the event lines themselves:
 * the rebuilt run is the engine's own.
 */
import type { InputBatch } from '../run/externalQueue';
import { defaultHasher, type HasherFactory } from '../ledger/hashing';
import type { LiveRun } from '../replay/liveRun';
import type { QueryResult } from '../../contract/queries';
import { failure, ok } from './queryErrors';
import { reexecute, type Rerunnable } from '../run/reexecute';
import { RUN_STATUSES, type LoadResult, type RunStatus, type Scenario } from '../types';

/** What a run import rebuilds into: a fresh `Engine` (declared here so the two need not import each other). */
export interface RebuildTarget extends Rerunnable {
  initialize(document: unknown, options: { seed: number }): LoadResult;
  start(scenario: Scenario, seed: number): void;
  readonly status: RunStatus;
  readonly ledger: { readonly size: number };
  ledgerHash(): string;
}

/** The header's `format`, and the version this engine writes and reads. */
export const RUN_FORMAT = 'flowledger-run';
export const RUN_FORMAT_VERSION = 1;

/** The header line of an exported run. */
export interface RunHeader {
  format: typeof RUN_FORMAT;
  formatVersion: number;
  /** `document`: as given to `initialize` (loaded again on import); `scenario`: an already loaded scenario. */
  scenarioForm: 'document' | 'scenario';
  scenario: unknown;
  seed: number;
  inputLog: InputBatch[];
  step: number;
  status: RunStatus;
  ledgerEvents: number;
  ledgerHash: string;
}

/** Reads only (the ledger hash is computed incrementally): the export text of `run`. */
export function exportRun(run: LiveRun): string {
  return exportRunChunks(run).join('');
}

/** The export text of `run` in chunks (header line, then the ledger's chunks), never joined. */
export function exportRunChunks(run: LiveRun): string[] {
  const head = [
    `{"format":${JSON.stringify(RUN_FORMAT)}`,
    `"formatVersion":${RUN_FORMAT_VERSION}`,
    `"scenarioForm":${JSON.stringify(run.document === null ? 'scenario' : 'document')}`,
    `"scenario":${run.document ?? JSON.stringify(run.scenario)}`,
    `"seed":${JSON.stringify(run.seed)}`,
    `"inputLog":${JSON.stringify(run.queue.inputLog())}`,
    `"step":${run.step}`,
    `"status":${JSON.stringify(run.sim.status)}`,
    `"ledgerEvents":${run.ledger.size}`,
    `"ledgerHash":${JSON.stringify(run.ledger.hash())}}`,
  ].join(',');
  return [`${head}\n`, ...run.ledger.ndjsonChunks()];
}

/** Pure apart from hashing: the header of an export, checked, after checking its event lines hash to the header's hash. */
export function readRunExport(text: string, hasher: HasherFactory = defaultHasher): QueryResult<RunHeader> {
  if (typeof text !== 'string') return invalid('an exported run is text');
  const end = text.indexOf('\n');
  const headText = end < 0 ? text : text.slice(0, end);
  let head: unknown;
  try {
    head = JSON.parse(headText);
  } catch {
    return invalid('its first line is not JSON: an exported run starts with a header line');
  }
  const problem = headerProblem(head);
  if (problem !== null) return invalid(problem);
  const header = head as RunHeader;
  const hash = hasher();
  hash.update(end < 0 ? '' : text.slice(end + 1));
  const linesHash = hash.digestHex();
  if (linesHash !== header.ledgerHash) {
    return failure(
      'HASH_MISMATCH',
      `the ledger lines hash to ${linesHash}, but the header records ${header.ledgerHash}: the file was changed`,
      {
        expected: header.ledgerHash,
        actual: linesHash,
      },
    );
  }
  return ok(header);
}

/**
 * Not pure: re-executes the run `header` describes into the fresh `engine` — load the scenario,
 * then `reexecute` its input log to the header's step — and checks the result. Returns
 * the engine, or the reason it does not match.
 */
export function rebuildRun<E extends RebuildTarget>(engine: E, header: RunHeader): QueryResult<E> {
  try {
    if (header.scenarioForm === 'document') {
      const loaded = engine.initialize(header.scenario, { seed: header.seed });
      if (loaded.scenario === null)
        return invalid(
          `its scenario does not load: ${loaded.errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; ')}`,
        );
    } else {
      engine.start(header.scenario as Scenario, header.seed);
    }
    const problem = reexecute(engine, header.inputLog, header.step);
    if (problem?.kind === 'stopped')
      return mismatch(
        `the re-run stopped at step ${problem.reached}, before step ${problem.batchStep} where input batch ${problem.batch} was added`,
      );
    if (problem?.kind === 'refused')
      return invalid(`input batch ${problem.batch}, event ${problem.index}: ${problem.error}`);
  } catch (err) {
    return invalid(`its scenario cannot be run: ${err instanceof Error ? err.message : String(err)}`);
  }
  const got = {
    step: engine.getCurrentTick(),
    ledgerEvents: engine.ledger.size,
    status: engine.status,
    ledgerHash: engine.ledgerHash(),
  };
  const want = {
    step: header.step,
    ledgerEvents: header.ledgerEvents,
    status: header.status,
    ledgerHash: header.ledgerHash,
  };
  if (
    got.ledgerHash !== want.ledgerHash ||
    got.step !== want.step ||
    got.ledgerEvents !== want.ledgerEvents ||
    got.status !== want.status
  ) {
    return mismatch(
      `re-executing it gives step ${got.step}, ${got.ledgerEvents} events, ${got.status}, hash ${got.ledgerHash}; the file records step ${want.step}, ${want.ledgerEvents} events, ${want.status}, hash ${want.ledgerHash}`,
      { expected: want, actual: got },
    );
  }
  return ok(engine);
}

/** Pure: why `head` is not a valid header, or null. */
function headerProblem(head: unknown): string | null {
  if (typeof head !== 'object' || head === null || Array.isArray(head)) return 'its header is not a JSON object';
  const h = head as Record<string, unknown>;
  if (h['format'] !== RUN_FORMAT) return `its header's "format" is not "${RUN_FORMAT}"`;
  if (h['formatVersion'] !== RUN_FORMAT_VERSION)
    return `its format version ${JSON.stringify(h['formatVersion'])} is not supported (this engine reads version ${RUN_FORMAT_VERSION})`;
  if (h['scenarioForm'] !== 'document' && h['scenarioForm'] !== 'scenario')
    return 'its header\'s "scenarioForm" must be "document" or "scenario"';
  if (typeof h['scenario'] !== 'object' || h['scenario'] === null) return 'its header has no scenario';
  if (typeof h['seed'] !== 'number' || !Number.isFinite(h['seed']))
    return 'its header\'s "seed" is not a finite number';
  if (!isStep(h['step'])) return 'its header\'s "step" is not a whole number';
  if (!isStep(h['ledgerEvents'])) return 'its header\'s "ledgerEvents" is not a whole number';
  if (!(RUN_STATUSES as readonly string[]).includes(h['status'] as string))
    return 'its header\'s "status" is not a run status';
  if (typeof h['ledgerHash'] !== 'string' || !/^[0-9a-f]{64}$/.test(h['ledgerHash']))
    return 'its header\'s "ledgerHash" is not a SHA-256 hex digest';
  const log = h['inputLog'];
  if (!Array.isArray(log)) return 'its header\'s "inputLog" is not a list';
  let last = 0;
  for (const [i, batch] of log.entries()) {
    const b = batch as Record<string, unknown> | null;
    if (typeof b !== 'object' || b === null || !isStep(b['step']) || !Array.isArray(b['events']))
      return `input batch ${i} is not {step, events}`;
    if ((b['step'] as number) < last || (b['step'] as number) > (h['step'] as number))
      return `input batch ${i} is at step ${b['step'] as number}, out of order or after the run's step`;
    last = b['step'] as number;
  }
  return null;
}

function isStep(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function invalid<T>(why: string): QueryResult<T> {
  return failure('INVALID_LEDGER', `not a valid exported run: ${why}`);
}

function mismatch<T>(why: string, details?: Record<string, unknown>): QueryResult<T> {
  return failure('HASH_MISMATCH', `the exported run does not match its re-execution: ${why}`, details);
}
