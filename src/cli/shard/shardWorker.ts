/**
 * One thread of `run --workers K`: shard I of K run exactly as `run --shard I/K` runs it (the same
 * loading and engine; its events routed by the main thread, eventRouting.ts, or read from the file
 * as shardEvents.ts reads them), but a step at a time, its new ledger lines handed to
 * the main thread in batches (lineBatch.ts) while the run goes on, so the merge overlaps the runs.
 * Back-pressure: the thread waits (Atomics.wait on a shared counter the main thread bumps for every
 * batch it has merged) while `MAX_QUEUED` of its batches are not merged yet, so memory stays bounded
 * whatever the speeds of the threads.
 */
import { once } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import { routedShardEvents, type RoutedEvents } from './eventRouting';
import { EXIT_FAILURE, EXIT_USAGE, type CliIO } from '../command';
import { FileAccessError } from '../terminalText';
import { LineBatcher, type LineBatch } from './lineBatch';
import { loadShardRun } from './loadShard';
import { shardEnd } from './shardWriter';
import type { ShardEnd } from '../../engine/shard';

/** Lines of a batch (about 2 MB of ledger text on the SSH example). */
const BATCH_LINES = 1 << 13;
/** Batches of one thread queued at most on the main thread. */
export const MAX_QUEUED = 8;

/** What the main thread gives a shard thread. */
export interface ShardTask {
  flowledgerShardWorker: true;
  file: string;
  eventsFile: string;
  seed: number | undefined;
  index: number;
  count: number;
  /** Per shard: the batches the main thread has merged (Int32Array over a SharedArrayBuffer). */
  merged: SharedArrayBuffer;
}

/** What the main thread posts a shard thread once it has read the events file: its events, or null (read the file). */
export interface ShardEventsMessage {
  routed: Omit<RoutedEvents, 'own'> | null;
  own: string;
}

/** What a shard thread posts. */
export type ShardMessage =
  | { kind: 'batch'; batch: LineBatch }
  | { kind: 'end'; end: ShardEnd; maxEvents: number }
  | { kind: 'failed'; code: number; stderr: string };

/** Pure: whether a worker's data is a shard task. */
export function isShardTask(data: unknown): data is ShardTask {
  return typeof data === 'object' && data !== null && (data as ShardTask).flowledgerShardWorker === true;
}

/** Not pure (reads files, posts to `port`): runs the shard of `task`, posting its lines and its trailer. */
export async function runShardTask(task: ShardTask, port: MessagePort, io: CliIO): Promise<void> {
  let stderr = '';
  const quiet: CliIO = { ...io, stdout: () => undefined, stderr: (t) => void (stderr += t) };
  try {
    const spec = { index: task.index, count: task.count };
    const [given] = (await once(port, 'message')) as [ShardEventsMessage];
    const routed = given.routed === null ? null : routedShardEvents(given.routed, given.own, task.index);
    const loaded = await loadShardRun(task.file, task.eventsFile, task.seed, spec, quiet, false, routed ?? undefined);
    if (!loaded.ok) {
      port.postMessage({ kind: 'failed', code: EXIT_USAGE, stderr } satisfies ShardMessage);
      return;
    }
    const engine = loaded.engine;
    const merged = new Int32Array(task.merged);
    const batcher = new LineBatcher(engine);
    let posted = 0;
    const post = (): void => {
      for (;;) {
        const seen = Atomics.load(merged, task.index);
        if (posted - seen < MAX_QUEUED) break;
        Atomics.wait(merged, task.index, seen);
      }
      const batch = batcher.take();
      port.postMessage({ kind: 'batch', batch } satisfies ShardMessage, [batch.meta.buffer, batch.bytes.buffer]);
      posted++;
    };
    for (;;) {
      const step = engine.getCurrentTick();
      const status = engine.advance('end', { steps: 1 });
      batcher.gather();
      if (batcher.pending >= BATCH_LINES) post();
      if ((status !== 'running' && status !== 'ready') || engine.getCurrentTick() === step) break;
    }
    if (batcher.pending > 0) post();
    port.postMessage({
      kind: 'end',
      end: shardEnd(engine),
      maxEvents: engine.scenario.maxEvents,
    } satisfies ShardMessage);
  } catch (err) {
    const usage = err instanceof FileAccessError;
    const text = usage
      ? err.message
      : `internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
    port.postMessage({
      kind: 'failed',
      code: usage ? EXIT_USAGE : EXIT_FAILURE,
      stderr: `${stderr}flowledger run: ${text}\n`,
    } satisfies ShardMessage);
  }
}
