/**
 * `parse … --out events.ndjson --workers K`: K worker threads each run `parse … --shard I/K` (the
 * very command a cluster node runs, eventShardFilter.ts) into a temporary file, and the main
 * thread merges the K files back into the single parse's events file, byte for byte.
 *
 * Why every thread parses every line: template mining is global — a line's template, and so its
 * event name and parameters, depends on every line before it — so a thread that parsed only its
 * shard's lines would mine other templates. Each shard file therefore comes from a full parse and
 * differs only in what it writes; its `{"flowledgerSkip":k}` lines say where the other shards'
 * events stand, which is exactly what the merge needs to put the events back in order. The merged
 * text is checked against the SHA-256 of the whole file each shard's trailer names. This gives no
 * speed-up on the parse itself (docs/scale.md says so); what parallelises is the run that follows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { EXIT_FAILURE, EXIT_OK, type CliIO } from '../command';
import type { ParsedArgs } from '../args';
import { PendingFiles } from '../atomicFiles';
import { fileLineBatches } from '../lineFiles';
import { accessReason, FileAccessError } from '../terminalText';
import { workerScriptUrl } from './workerScript';
import { ShardedEventsMerge } from './shardedEventsMerge';

/** What a command-line worker thread answers (main.ts, `runWorkerTask`). */
interface Done {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ParseWorkers {
  args: ParsedArgs;
  out: string;
  /** The --structured and --templates files (written by the thread of shard 0, whose parse sees every line). */
  structured: string | undefined;
  templates: string | undefined;
  workers: number;
}

/** Not pure (threads, files): the parse on K threads, merged into `out`; prints the single parse's counts. */
export async function parseWithWorkers(p: ParseWorkers, io: CliIO): Promise<number> {
  const script = workerScriptUrl();
  if (script === undefined) {
    io.stderr('flowledger parse: --workers needs the built command line (bin/flowledger.mjs)\n');
    return EXIT_FAILURE;
  }
  const dir = await mkdtemp(join(tmpdir(), 'flowledger-parse-'));
  const pending = new PendingFiles();
  try {
    const extra: Record<string, string> = {};
    if (p.structured !== undefined) extra['structured'] = await pending.add(p.structured);
    if (p.templates !== undefined) extra['templates'] = await pending.add(p.templates);
    const files = Array.from({ length: p.workers }, (_, i) => join(dir, `events-${i}.ndjson`));
    const done = await Promise.all(
      files.map((file, i) =>
        runThread(script, [
          'parse',
          ...argvOf(p.args, ['out', 'structured', 'templates', 'workers'], {
            out: file,
            shard: `${i}/${p.workers}`,
            ...(i === 0 ? extra : {}),
          }),
        ]),
      ),
    );
    const failed = done.find((d) => d.code !== EXIT_OK);
    if (failed) {
      io.stderr(failed.stderr);
      return failed.code;
    }
    const merged = await mergeEventFiles(files, await pending.add(p.out), p.out);
    if (merged !== null) {
      io.stderr(`flowledger parse: ${merged}\n`);
      return EXIT_FAILURE;
    }
    await pending.commit();
    io.stdout(done[0]!.stdout);
    if (done[0]!.stderr !== '') io.stderr(done[0]!.stderr);
    return EXIT_OK;
  } finally {
    await pending.discard();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Pure: `args` as a command line again, without the options `drop`, with `add` (each `--name=value`). */
export function argvOf(args: ParsedArgs, drop: readonly string[], add: Record<string, string>): string[] {
  const out = [...args.positionals];
  for (const [name, values] of Object.entries(args.values))
    if (!drop.includes(name)) for (const v of values) out.push(`--${name}=${v}`);
  for (const name of args.switches) if (!drop.includes(name)) out.push(`--${name}`);
  for (const [name, v] of Object.entries(add)) out.push(`--${name}=${v}`);
  return out;
}

/** Not pure (reads `files`, writes `file`): the shards' events back in the whole file's order; null, or what went wrong. */
async function mergeEventFiles(files: readonly string[], file: string, shown: string): Promise<string | null> {
  let fd: number;
  try {
    fd = openSync(file, 'w');
  } catch (err) {
    throw new FileAccessError('write', shown, accessReason(err, 'write'));
  }
  try {
    const hash = createHash('sha256');
    // The shards' lines are events this parse wrote, as long as its limits let them be: no bound here.
    const merge = new ShardedEventsMerge(files.map((f) => fileLineBatches(f, Infinity)[Symbol.asyncIterator]()));
    for (;;) {
      const chunk = await merge.next();
      if (chunk === null) break;
      hash.update(chunk, 'utf8');
      const bytes = Buffer.from(chunk, 'utf8');
      try {
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      } catch (err) {
        throw new FileAccessError('write', shown, accessReason(err, 'write'));
      }
    }
    return merge.check(hash.digest('hex'));
  } finally {
    closeSync(fd);
  }
}

function runThread(script: URL, argv: string[]): Promise<Done> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { flowledgerWorker: true, argv } });
    worker.once('message', (done: Done) => resolve(done));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`a worker thread exited with code ${code}`));
    });
  });
}
