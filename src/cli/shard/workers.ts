/**
 * `run --workers K`: the K shards of a run on K worker threads of one machine, merged on the main
 * thread while they run. Each thread runs its shard as `run --shard I/K` would (shardWorker.ts) and
 * hands over its ledger lines in batches of bytes with integer keys (lineBatch.ts); the main thread
 * merges them as they come (batchMerge.ts), hashing and writing the single run's ledger, so no shard
 * file is written or read and the merge overlaps the runs. The summary is the one `merge` prints
 * (mergeFiles.ts), hence the single run's.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIO } from '../command';
import { PendingFiles } from '../atomicFiles';
import { checkOutputPaths } from '../samePaths';
import { accessReason, FileAccessError } from '../terminalText';
import type { ShardEnd } from '../../engine/shard';
import { SINK_VALUES_LIMIT } from '../commands/runSummary';
import { BatchMerge } from './batchMerge';
import { summaryOf } from './mergeFiles';
import { workerScriptUrl } from './workerScript';
import type { ShardEventsMessage, ShardMessage, ShardTask } from './shardWorker';
import { routeEvents } from './eventRouting';

export interface WorkersRun {
  file: string;
  eventsFile: string;
  seed: number | undefined;
  /** Where the merged ledger goes, if anywhere. */
  ledger: string | undefined;
  workers: number;
}

/** Not pure (threads, files): runs every shard on a worker thread, merging as they go; prints the single run's summary. */
export async function runWithWorkers(r: WorkersRun, io: CliIO): Promise<number> {
  const workerScript = workerScriptUrl();
  if (workerScript === undefined) {
    io.stderr('flowledger run: --workers needs the built command line (bin/flowledger.mjs)\n');
    return EXIT_FAILURE;
  }
  await checkOutputPaths(
    [
      { role: 'the scenario', path: r.file },
      { role: '--events', path: r.eventsFile },
    ],
    [{ role: '--ledger', path: r.ledger }],
  );
  const pending = new PendingFiles();
  let fd: number | undefined;
  try {
    if (r.ledger !== undefined) {
      const path = await pending.add(r.ledger);
      try {
        fd = openSync(path, 'w');
      } catch (err) {
        throw new FileAccessError('write', r.ledger, accessReason(err, 'write'));
      }
    }
    const out = fd;
    const hash = createHash('sha256');
    const write = (chunk: Buffer): void => {
      hash.update(chunk);
      if (out === undefined) return;
      try {
        for (let at = 0; at < chunk.length;) at += writeSync(out, chunk, at);
      } catch (err) {
        throw new FileAccessError('write', r.ledger!, accessReason(err, 'write'));
      }
    };
    const ran = await runShards(workerScript, r, write, io);
    if (!ran.ok) {
      io.stderr(ran.stderr);
      return ran.code;
    }
    const summary = summaryOf({
      header: { maxEvents: ran.maxEvents },
      events: ran.merge.events,
      hash: hash.digest('hex'),
      sinks: ran.merge.sinks,
      sinkStates: ran.merge.sinkStates,
      ends: ran.ends,
      files: ran.ends.map((_, i) => `shard ${i}/${r.workers}`),
    });
    if (!summary.ok) {
      io.stderr(`flowledger run: ${summary.file}: ${summary.message}\n`);
      return EXIT_USAGE;
    }
    if (fd !== undefined) {
      closeSync(fd);
      fd = undefined;
      await pending.commit();
    }
    io.stdout(`${JSON.stringify(summary.summary, null, 2)}\n`);
    return EXIT_OK;
  } finally {
    if (fd !== undefined) closeSync(fd);
    await pending.discard();
  }
}

type Ran =
  { ok: true; merge: BatchMerge; ends: ShardEnd[]; maxEvents: number } | { ok: false; code: number; stderr: string };

/** Not pure: starts the threads and merges their batches until every shard has ended, or one failed. */
function runShards(script: URL, r: WorkersRun, write: (chunk: Buffer) => void, io: CliIO): Promise<Ran> {
  const count = r.workers;
  const mergedBatches = new SharedArrayBuffer(4 * count);
  const counters = new Int32Array(mergedBatches);
  const merge = new BatchMerge(count, write, SINK_VALUES_LIMIT, (i) => {
    Atomics.add(counters, i, 1);
    Atomics.notify(counters, i);
  });
  const ends = new Array<ShardEnd>(count);
  let maxEvents = 0;
  const workers: Worker[] = [];
  return new Promise<Ran>((resolve, reject) => {
    let settled = false;
    const settle = (ran: Ran | Error): void => {
      if (settled) return;
      settled = true;
      if (!(ran instanceof Error) && ran.ok) {
        resolve(ran);
        return;
      }
      for (const w of workers) void w.terminate();
      if (ran instanceof Error) reject(ran);
      else resolve(ran);
    };
    for (let i = 0; i < count; i++) {
      const task: ShardTask = {
        flowledgerShardWorker: true,
        file: r.file,
        eventsFile: r.eventsFile,
        seed: r.seed,
        index: i,
        count,
        merged: mergedBatches,
      };
      const worker = new Worker(script, { workerData: task });
      workers.push(worker);
      let ended = false;
      worker.on('message', (m: ShardMessage) => {
        try {
          if (m.kind === 'batch') merge.add(i, m.batch);
          else if (m.kind === 'end') {
            ended = true;
            ends[i] = m.end;
            maxEvents = m.maxEvents;
            merge.end(i);
            if (merge.done) {
              merge.finish();
              settle({ ok: true, merge, ends, maxEvents });
            }
          } else settle({ ok: false, code: m.code, stderr: m.stderr });
        } catch (err) {
          settle(err instanceof Error ? err : new Error(String(err)));
        }
      });
      worker.once('error', (err) => settle(err));
      worker.once('exit', (code) => {
        if (!ended) settle(new Error(`the thread of shard ${i}/${count} exited (code ${code}) before its end`));
      });
    }
    // The threads start (load the bundle, the template) while the events file is read and routed here.
    io.readFile(r.eventsFile).then(
      (text) => {
        const routed = routeEvents(text, count);
        workers.forEach((w, i) => {
          const message: ShardEventsMessage =
            routed === null
              ? { routed: null, own: '' }
              : {
                  routed: { shards: routed.shards, targets: routed.targets, targetNames: routed.targetNames },
                  own: routed.own[i]!,
                };
          w.postMessage(message);
        });
      },
      (err: unknown) => settle(err instanceof Error ? err : new Error(String(err))),
    );
  });
}
