/**
 * `run --workers K`: the shards of a run on K worker threads of one machine, then the merge — the
 * same shard runs and merge as on a cluster (docs/scale.md), with the shard files in a temporary
 * folder. Each worker runs the command line's own `run --shard i/K` (the bundle is the worker's
 * script: see entry.ts), so the two paths cannot drift apart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIO } from '../command';
import { mergeShardFiles } from './mergeFiles';

export interface WorkersRun {
  file: string;
  eventsFile: string;
  seed: number | undefined;
  /** Where the merged ledger goes, if anywhere. */
  ledger: string | undefined;
  workers: number;
}

/** What a worker thread is given: the command line to run. */
export interface WorkerTask {
  flowledgerWorker: true;
  argv: string[];
}

/** What a worker thread answers. */
export interface WorkerDone {
  code: number;
  stderr: string;
}

/** The script worker threads load: the bundle that is running (set by entry.ts); absent in tests of the sources. */
let workerScript: URL | undefined;

/** Not pure: names the script worker threads run (the command line bundle). */
export function setWorkerScript(url: URL): void {
  workerScript = url;
}

/** Not pure (threads, temporary files): runs every shard on a worker thread and merges them; prints the single run's summary. */
export async function runWithWorkers(r: WorkersRun, io: CliIO): Promise<number> {
  if (workerScript === undefined) {
    io.stderr('flowledger run: --workers needs the built command line (bin/flowledger.mjs)\n');
    return EXIT_FAILURE;
  }
  const dir = await mkdtemp(join(tmpdir(), 'flowledger-shards-'));
  try {
    const files = Array.from({ length: r.workers }, (_, i) => join(dir, `shard-${i}.ndjson`));
    const results = await Promise.all(
      files.map((ledger, i) =>
        runWorker(workerScript!, [
          'run',
          r.file,
          '--events',
          r.eventsFile,
          '--shard',
          `${i}/${r.workers}`,
          '--ledger',
          ledger,
          ...(r.seed === undefined ? [] : ['--seed', String(r.seed)]),
        ]),
      ),
    );
    const failed = results.find((d) => d.code !== EXIT_OK);
    if (failed) {
      io.stderr(failed.stderr);
      return failed.code;
    }
    const merged = await mergeShardFiles(files, r.ledger, io);
    if (!merged.ok) {
      io.stderr(`flowledger run: ${merged.message}\n`);
      return EXIT_USAGE;
    }
    io.stdout(`${JSON.stringify(merged.summary, null, 2)}\n`);
    return EXIT_OK;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runWorker(script: URL, argv: string[]): Promise<WorkerDone> {
  return new Promise((resolve, reject) => {
    const task: WorkerTask = { flowledgerWorker: true, argv };
    const worker = new Worker(script, { workerData: task });
    worker.once('message', (done: WorkerDone) => resolve(done));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a worker thread exited with code ${code}`));
    });
  });
}
