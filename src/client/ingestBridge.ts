/**
 * The page's side of the ingestion worker, over the page's one worker bridge (workerBridge.ts, which
 * wraps it with Comlink), typed by the worker's own implementation (`IngestWorkerApi`,
 * src/worker/ingest.worker.ts). The worker starts on first use.
 * Every request has a watchdog: a preview or a detection that does not answer in time, or a
 * streamed parse that stops making progress, means a regular expression is backtracking without end
 * on some line — the worker is terminated (nothing else can stop a running regular expression) and
 * a fresh one started, and the caller gets a clear message. Cancel asks the worker to stop between
 * two chunks and terminates it if it does not within 800 ms.
 */
import type { ParserConfigBody } from '../contract/wire';
import type { PresetMatch, PreviewAnswer, PreviewTemplate, StreamProgress, StreamSummary } from '../contract/ingest';
import type { IngestWorkerApi, ParseReply } from '../worker/ingest.worker';
import { OperationTimeout } from './settle';
import { workerBridge, type CallOptions, type WorkerBridge } from './workerBridge';

/** How long a preview (a few thousand lines) may take before it is stopped. */
export const PREVIEW_LIMIT_MS = 4000;
/** How long a streamed parse may go without progress before it is stopped. */
export const STALL_LIMIT_MS = 8000;
export const CANCEL_GRACE_MS = 800;
/** How long counting the lines of a log may take (a 256 MiB log takes a second or two). */
export const COUNT_LIMIT_MS = 30_000;

/** Why a call failed when its worker was terminated (watchdog, Cancel, or the bridge closed). */
export class IngestStopped extends Error {}

export interface StreamOutcome {
  summary: StreamSummary | null;
  error: string | null;
  cancelled: boolean;
  peakHeap: number | null;
}

/** Not pure: starts the ingestion worker (a Vite module worker). */
function startIngestWorker(): Worker {
  return new Worker(new URL('../worker/ingest.worker.ts', import.meta.url), { type: 'module', name: 'ingest' });
}

/** A limit of `ms` that stops the worker, the call failing with `message` (one error, made once, for both). */
function stoppingLimit(ms: number, message: string): NonNullable<CallOptions['limit']> {
  let error: IngestStopped | undefined;
  const stop = () => (error ??= new IngestStopped(message));
  return { ms, error: stop, restart: stop };
}

/** Why a worker gets stuck, and what to do (after "a " or "A "). */
const BACKTRACKING =
  'mask or format regular expression is probably backtracking catastrophically on some line (nested quantifiers such as (a+)+). Simplify it.';

export class IngestBridge {
  private readonly bridge: WorkerBridge<IngestWorkerApi>;
  private next = 1;

  /** `create` starts a worker (default: the ingestion worker). */
  constructor(create: () => Worker = startIngestWorker) {
    this.bridge = workerBridge<IngestWorkerApi>({
      start: create,
      failure: (why) => new IngestStopped(`The ingestion worker ${why}`),
    });
  }

  private timed<T>(member: 'preview' | 'detect', args: unknown[], what: string): Promise<T> {
    return this.bridge.call<T>(member, args, {
      limit: stoppingLimit(
        PREVIEW_LIMIT_MS,
        `The ${what} was stopped after ${PREVIEW_LIMIT_MS / 1000} s without an answer: a ${BACKTRACKING}`,
      ),
    });
  }

  /**
   * Not pure (worker): the preview of `text` (a source's first lines) parsed with `config`, its
   * events checked against `template` when one is given.
   */
  preview(text: string, config: ParserConfigBody, template: PreviewTemplate | null = null): Promise<PreviewAnswer> {
    return this.timed<PreviewAnswer>('preview', [text, config, template], 'preview');
  }

  /** Not pure (worker): every built-in preset tried on `text`, best first. */
  detect(text: string): Promise<PresetMatch[]> {
    return this.timed('detect', [text], 'preset detection');
  }

  /** Not pure (worker): the number of lines in `blob`; a worker that does not answer in time is ended. */
  countLines(blob: Blob): Promise<number> {
    return this.bridge.call<number>('countLines', [blob], {
      limit: {
        ms: COUNT_LIMIT_MS,
        error: () => new OperationTimeout('line count', COUNT_LIMIT_MS),
        restart: () =>
          new IngestStopped(`The line count was stopped after ${COUNT_LIMIT_MS / 1000} s without an answer.`),
      },
    });
  }

  /**
   * Not pure (worker): parses a whole source in the worker as a stream. Returns a handle: `done`
   * settles with the outcome (never rejects), `cancel()` stops it.
   */
  parse(
    blob: Blob,
    config: ParserConfigBody,
    onProgress: (p: StreamProgress) => void,
  ): { done: Promise<StreamOutcome>; cancel: () => void } {
    const id = this.next++;
    let cancelled = false;
    let settled = false;
    const sent = this.bridge.call<ParseReply>('parse', [id, blob, config], {
      // A parse that makes no progress for the stall limit is stuck: the worker is ended.
      limit: stoppingLimit(
        STALL_LIMIT_MS,
        `Parsing was stopped: no progress for ${STALL_LIMIT_MS / 1000} s. A ${BACKTRACKING}`,
      ),
      onProgress: onProgress as (report: never) => void,
    });
    const done = sent.then(outcomeOf, (err: Error): StreamOutcome =>
      cancelled
        ? { summary: null, error: null, cancelled: true, peakHeap: null }
        : { summary: null, error: err.message, cancelled: false, peakHeap: null },
    );
    void done.finally(() => {
      settled = true;
    });
    const cancel = () => {
      if (cancelled) return;
      cancelled = true;
      if (this.bridge.running)
        void this.bridge
          .remote()
          .cancel(id)
          .catch(() => undefined);
      const grace = setTimeout(() => {
        if (!settled) this.bridge.restart(new IngestStopped('Parsing was cancelled.'));
      }, CANCEL_GRACE_MS);
      void done.finally(() => clearTimeout(grace));
    };
    return { done, cancel };
  }

  /** Not pure: terminates the worker; pending calls fail. */
  dispose(): void {
    this.bridge.restart(new IngestStopped('closed'));
  }
}

/** Pure: the outcome of a streamed parse from the worker's reply. */
function outcomeOf(r: ParseReply): StreamOutcome {
  if ('error' in r) return { summary: null, error: r.error, cancelled: false, peakHeap: null };
  if ('ok' in r.summary) return { summary: null, error: r.summary.message, cancelled: false, peakHeap: r.peakHeap };
  return { summary: r.summary, error: null, cancelled: r.summary.cancelled, peakHeap: r.peakHeap };
}
