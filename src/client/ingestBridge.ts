/**
 * The page's side of the ingestion worker: its one `Comlink.wrap`, typed by the worker's own
 * implementation (`IngestWorkerApi`, src/worker/ingest.worker.ts). The worker starts on first use.
 * Every request has a watchdog: a preview or a detection that does not answer in time, or a
 * streamed parse that stops making progress, means a regular expression is backtracking without end
 * on some line — the worker is terminated (nothing else can stop a running regular expression) and
 * a fresh one started, and the caller gets a clear message. Cancel asks the worker to stop between
 * two chunks and terminates it if it does not within 800 ms.
 */
import * as Comlink from 'comlink';
import type { ParserConfigBody } from '../contract/wire';
import type { PresetMatch, PreviewAnswer, PreviewTemplate, StreamProgress, StreamSummary } from '../contract/ingest';
import type { IngestWorkerApi, ParseReply } from '../worker/ingest.worker';
import { settleWithin } from './settle';

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

/** One started worker: its proxy, and a promise that rejects when it is terminated. */
interface Live {
  worker: Worker;
  remote: Comlink.Remote<IngestWorkerApi>;
  stopped: Promise<never>;
  stop: (error: Error) => void;
}

/** Not pure: starts the ingestion worker (a Vite module worker). */
function startIngestWorker(): Worker {
  return new Worker(new URL('../worker/ingest.worker.ts', import.meta.url), { type: 'module', name: 'ingest' });
}

export class IngestBridge {
  private current: Live | null = null;
  private next = 1;

  /** `create` starts a worker (default: the ingestion worker). */
  constructor(private readonly create: () => Worker = startIngestWorker) {}

  private get live(): Live {
    if (!this.current) {
      const worker = this.create();
      let stop!: (error: Error) => void;
      const stopped = new Promise<never>((_, reject) => (stop = reject));
      stopped.catch(() => undefined);
      worker.addEventListener('error', (e) =>
        this.restart(`The ingestion worker failed: ${e.message || 'it could not be loaded'}`),
      );
      this.current = { worker, remote: Comlink.wrap<IngestWorkerApi>(worker), stopped, stop };
    }
    return this.current;
  }

  /** Terminates the worker; every pending request fails with `message`. */
  private restart(message: string): void {
    const live = this.current;
    this.current = null;
    if (!live) return;
    live.worker.terminate();
    live.stop(new IngestStopped(message));
  }

  /** A call to the live worker that also fails when that worker is terminated. */
  private call<T>(run: (remote: Comlink.Remote<IngestWorkerApi>) => Promise<T>): Promise<T> {
    const live = this.live;
    return Promise.race([run(live.remote), live.stopped]);
  }

  private async timed<T>(run: (remote: Comlink.Remote<IngestWorkerApi>) => Promise<T>, what: string): Promise<T> {
    const timer = setTimeout(
      () =>
        this.restart(
          `The ${what} was stopped after ${PREVIEW_LIMIT_MS / 1000} s without an answer: a mask or format regular expression ` +
            'is probably backtracking catastrophically on some line (nested quantifiers such as (a+)+). Simplify it.',
        ),
      PREVIEW_LIMIT_MS,
    );
    try {
      return await this.call(run);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Not pure (worker): the preview of `text` (a source's first lines) parsed with `config`, its
   * events checked against `template` when one is given.
   */
  preview(text: string, config: ParserConfigBody, template: PreviewTemplate | null = null): Promise<PreviewAnswer> {
    return this.timed<PreviewAnswer>((r) => r.preview(text, config, template), 'preview');
  }

  /** Not pure (worker): every built-in preset tried on `text`, best first. */
  detect(text: string): Promise<PresetMatch[]> {
    return this.timed((r) => r.detect(text), 'preset detection');
  }

  /** Not pure (worker): the number of lines in `blob`; a worker that does not answer in time is ended. */
  countLines(blob: Blob): Promise<number> {
    return settleWithin(
      'line count',
      COUNT_LIMIT_MS,
      () => this.call((r) => r.countLines(blob)),
      () => this.restart(`The line count was stopped after ${COUNT_LIMIT_MS / 1000} s without an answer.`),
    );
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
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    let settled = false;
    const arm = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(
        () =>
          this.restart(
            `Parsing was stopped: no progress for ${STALL_LIMIT_MS / 1000} s. A mask or format regular expression is ` +
              'probably backtracking catastrophically on some line (nested quantifiers such as (a+)+). Simplify it.',
          ),
        STALL_LIMIT_MS,
      );
    };
    arm();
    const progress = Comlink.proxy((p: StreamProgress) => {
      arm();
      onProgress(p);
    });
    const sent = this.call<ParseReply>((r) => r.parse(id, blob, config, progress));
    const done = sent.then(outcomeOf, (err: Error): StreamOutcome =>
      cancelled
        ? { summary: null, error: null, cancelled: true, peakHeap: null }
        : { summary: null, error: err.message, cancelled: false, peakHeap: null },
    );
    void done.finally(() => {
      settled = true;
      clearTimeout(stallTimer);
    });
    const cancel = () => {
      if (cancelled) return;
      cancelled = true;
      const live = this.current;
      if (live) void live.remote.cancel(id).catch(() => undefined);
      const grace = setTimeout(() => {
        if (!settled) this.restart('Parsing was cancelled.');
      }, CANCEL_GRACE_MS);
      void done.finally(() => clearTimeout(grace));
    };
    return { done, cancel };
  }

  /** Not pure: terminates the worker; pending calls fail. */
  dispose(): void {
    this.restart('closed');
  }
}

/** Pure: the outcome of a streamed parse from the worker's reply. */
function outcomeOf(r: ParseReply): StreamOutcome {
  if ('error' in r) return { summary: null, error: r.error, cancelled: false, peakHeap: null };
  if ('ok' in r.summary) return { summary: null, error: r.summary.message, cancelled: false, peakHeap: r.peakHeap };
  return { summary: r.summary, error: null, cancelled: r.summary.cancelled, peakHeap: r.peakHeap };
}
