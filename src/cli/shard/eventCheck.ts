/**
 * `flowledger merge` checks every event's JSON on a thread of its own while the main thread merges.
 * The scan of every character (shardLine.ts `eventJsonProblem`) is the costliest of the merge's
 * checks, and it needs nothing from the merge: each line of each file stands alone. So the thread
 * reads the shard files a second time (from the page cache, in practice) and scans their keyed
 * lines, while the merge (told `eventJsonCheckedElsewhere`) does the rest: the merged ledger goes to
 * a temporary file that is renamed into place only when both are done and neither found a fault.
 *
 * When the files hold faults of both kinds, the refusal names the first event that is not JSON (in
 * the order the files were given, then by line) — the same answer whatever the threads' speeds.
 * Where no thread can be started (the sources run by tests, not the bundle), the merge scans inline.
 */
import type { MessagePort } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import { eventJsonProblem, keyedLine } from '../../engine/shard';
import { fileLineBatches } from '../lineFiles';

/** An event of a shard file that is not JSON: the file, its line (1-based, empty lines counted) and what is wrong. */
export interface EventFault {
  file: string;
  line: number;
  message: string;
}

/** What the main thread gives the checking thread. */
export interface EventCheckTask {
  flowledgerEventCheck: true;
  files: string[];
}

/** Pure: whether a thread's workerData is an event check. */
export function isEventCheckTask(data: unknown): data is EventCheckTask {
  return typeof data === 'object' && data !== null && (data as EventCheckTask).flowledgerEventCheck === true;
}

/**
 * Not pure (reads the files): the first keyed line whose event is not JSON, file by file, or null.
 * Lines that are not keyed events (header, trailer, anything else) are the merge's to judge, and so
 * is a file that cannot be read: the merge meets the same failure.
 */
export async function firstEventFault(
  files: readonly string[],
  batches: (path: string) => AsyncIterable<string[]> = fileLineBatches,
): Promise<EventFault | null> {
  for (const file of files) {
    let line = 0;
    try {
      for await (const batch of batches(file)) {
        for (const text of batch) {
          line++;
          if (text === '') continue;
          const head = keyedLine(text);
          if (head === null) continue;
          const message = eventJsonProblem(head.line);
          if (message !== null) return { file, line, message };
        }
      }
    } catch {
      // Unreadable or a line over the bound: the merge refuses it with its own message.
    }
  }
  return null;
}

/** Not pure (the thread's side): runs the check and posts its answer. */
export async function runEventCheckTask(task: EventCheckTask, port: MessagePort | null): Promise<void> {
  port?.postMessage(await firstEventFault(task.files));
}

/** A check running on another thread: its answer, and a way to stop it when the merge fails anyway. */
export interface EventCheck {
  fault: Promise<EventFault | null>;
  stop(): void;
}

/**
 * Not pure (starts a thread running `script`): the check of `files` on another thread; when the
 * thread cannot give an answer, the check runs here instead, so a merge is never left unchecked.
 */
export function eventCheckOnThread(script: URL, files: readonly string[]): EventCheck {
  let worker: Worker | undefined;
  let stopped = false;
  const fault = new Promise<EventFault | null>((resolve) => {
    const task: EventCheckTask = { flowledgerEventCheck: true, files: [...files] };
    let settled = false;
    const inline = (): void => {
      if (settled) return;
      settled = true;
      if (stopped) resolve(null);
      else void firstEventFault(files).then(resolve);
    };
    try {
      worker = new Worker(script, { workerData: task });
    } catch {
      inline();
      return;
    }
    worker.once('message', (answer: EventFault | null) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    });
    worker.once('error', inline);
    worker.once('exit', inline);
  });
  return {
    fault,
    stop: () => {
      stopped = true;
      void worker?.terminate();
    },
  };
}
