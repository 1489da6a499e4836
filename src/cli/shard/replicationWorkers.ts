/**
 * `experiment … --workers K`: the replications on K worker threads of one machine. Replications are
 * independent whole runs, so each thread loads the bundle and the variants' templates once, then
 * runs the replications the main thread hands it, one at a time (two in hand, so a thread never
 * waits for the next), and posts back each one's figures. The main thread files every answer under
 * its replication number, so the summary, made afterwards in seed order, is the one the command
 * prints on one thread — whatever the threads' speeds.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { runReplication, replicationAt, type Replication } from '../../engine/simulation';
import { nodeSha256 } from '../nodeHasher';

/** What the main thread gives a replication thread. */
export interface ReplicationTask {
  flowledgerReplications: true;
  /** The variants' templates, in variant order. */
  docs: unknown[];
  seed: number;
  horizon: number | undefined;
}

/** What the main thread posts a thread: a replication number to run, or null (no more). */
type Ask = { j: number } | null;
/** What a thread posts back. */
type Answer = { j: number; replication: Replication } | { j: number; failed: string };

/** Pure: whether a worker's data is a replication task. */
export function isReplicationTask(data: unknown): data is ReplicationTask {
  return typeof data === 'object' && data !== null && (data as ReplicationTask).flowledgerReplications === true;
}

/** Not pure (runs the engine): replication `j` of the experiment `task` describes. */
export function runOne(task: Omit<ReplicationTask, 'flowledgerReplications'>, j: number): Replication {
  const at = replicationAt(j, task.docs.length);
  const r = runReplication(task.docs[at.variant], task.seed + at.k, {
    ...(task.horizon !== undefined ? { horizon: task.horizon } : {}),
    settings: { hasher: nodeSha256 },
  });
  if (!r.ok) throw new Error(`variant ${at.variant + 1} did not load`);
  return r.replication;
}

/** Not pure (the thread's side): runs each replication asked for and posts its figures. */
export function runReplicationTask(task: ReplicationTask, port: MessagePort): void {
  port.on('message', (ask: Ask) => {
    if (ask === null) {
      port.close();
      return;
    }
    let answer: Answer;
    try {
      answer = { j: ask.j, replication: runOne(task, ask.j) };
    } catch (err) {
      answer = { j: ask.j, failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    port.postMessage(answer);
  });
}

/** Replications a thread holds at once: the one it runs and the next. */
const IN_HAND = 2;

/**
 * Not pure (starts threads running `script`): replications `from` … `to` − 1 on `workers` threads
 * (no more threads than replications), in replication order.
 */
export function runReplicationsOnThreads(
  script: URL,
  task: Omit<ReplicationTask, 'flowledgerReplications'>,
  from: number,
  to: number,
  workers: number,
): Promise<Replication[]> {
  const out = new Array<Replication>(to - from);
  const count = Math.min(workers, to - from);
  if (count <= 0) return Promise.resolve(out);
  let next = from;
  let done = 0;
  const threads: Worker[] = [];
  return new Promise<Replication[]>((resolve, reject) => {
    let settled = false;
    const finish = (err?: Error): void => {
      if (settled) return;
      settled = true;
      for (const w of threads) void w.terminate();
      if (err) reject(err);
      else resolve(out);
    };
    const give = (w: Worker): void => {
      if (next < to) w.postMessage({ j: next++ } satisfies Ask);
    };
    for (let i = 0; i < count; i++) {
      const data: ReplicationTask = { flowledgerReplications: true, ...task };
      const w = new Worker(script, { workerData: data });
      threads.push(w);
      w.on('message', (a: Answer) => {
        if ('failed' in a) {
          finish(new Error(`replication ${a.j} failed on its thread: ${a.failed}`));
          return;
        }
        out[a.j - from] = a.replication;
        done++;
        if (done === to - from) finish();
        else give(w);
      });
      w.once('error', (err) => finish(err));
      w.once('exit', (code) => {
        if (!settled) finish(new Error(`a replication thread exited (code ${code}) before the replications were done`));
      });
      for (let k = 0; k < IN_HAND; k++) give(w);
    }
  });
}
