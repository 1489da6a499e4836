/**
 * The page's side of the ingestion worker. Every request has a watchdog: a preview or a detection
 * that does not answer in time, or a streamed parse that stops making progress, means a regular
 * expression is backtracking without end on some line — the worker is terminated (nothing else can
 * stop a running regular expression) and a fresh one started, and the caller gets a clear message.
 * Cancel asks the worker to stop between two chunks and terminates it if it does not within 800 ms.
 */
import type { ParserConfig } from '../../parser';
import type { IngestReply, IngestRequest } from '../../worker/parsing/ingestMessages';
import type { PresetMatch, PreviewAnswer, StreamProgress, StreamSummary } from '../../worker/parsing/ingestOps';

/** How long a preview (a few thousand lines) may take before it is stopped. */
export const PREVIEW_LIMIT_MS = 4000;
/** How long a streamed parse may go without progress before it is stopped. */
export const STALL_LIMIT_MS = 8000;
export const CANCEL_GRACE_MS = 800;

export class IngestStopped extends Error {}

type Pending = {
  resolve: (r: IngestReply) => void;
  reject: (e: Error) => void;
  onProgress?: (p: StreamProgress) => void;
};

export interface StreamOutcome {
  summary: StreamSummary | null;
  error: string | null;
  cancelled: boolean;
  peakHeap: number | null;
}

export class IngestClient {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly create: () => Worker) {}

  private get live(): Worker {
    if (!this.worker) {
      const w = this.create();
      w.onmessage = (e: MessageEvent<IngestReply>) => this.reply(e.data);
      this.worker = w;
    }
    return this.worker;
  }

  private reply(r: IngestReply): void {
    const p = this.pending.get(r.id);
    if (!p) return;
    if (r.type === 'progress') {
      p.onProgress?.(r);
      return;
    }
    this.pending.delete(r.id);
    p.resolve(r);
  }

  /** Terminates the worker; every pending request fails with `message`. */
  private restart(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(new IngestStopped(message));
  }

  private send(req: IngestRequest, pending: Omit<Pending, 'resolve' | 'reject'> = {}): Promise<IngestReply> {
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject, ...pending });
      this.live.postMessage(req);
    });
  }

  private async timed(req: IngestRequest, limitMs: number, what: string): Promise<IngestReply> {
    const timer = setTimeout(
      () =>
        this.restart(
          `The ${what} was stopped after ${limitMs / 1000} s without an answer: a mask or format regular expression ` +
            'is probably backtracking catastrophically on some line (nested quantifiers such as (a+)+). Simplify it.',
        ),
      limitMs,
    );
    try {
      return await this.send(req);
    } finally {
      clearTimeout(timer);
    }
  }

  async preview(text: string, config: ParserConfig): Promise<PreviewAnswer> {
    const r = await this.timed({ type: 'preview', id: this.next++, text, config }, PREVIEW_LIMIT_MS, 'preview');
    if (r.type !== 'preview') throw new Error(r.type === 'error' ? r.message : 'unexpected answer');
    return r.answer;
  }

  async detect(text: string): Promise<PresetMatch[]> {
    const r = await this.timed({ type: 'detect', id: this.next++, text }, PREVIEW_LIMIT_MS, 'preset detection');
    if (r.type !== 'detect') throw new Error(r.type === 'error' ? r.message : 'unexpected answer');
    return r.matches;
  }

  async countLines(blob: Blob): Promise<number> {
    const r = await this.send({ type: 'count', id: this.next++, blob });
    if (r.type !== 'count') throw new Error(r.type === 'error' ? r.message : 'unexpected answer');
    return r.lines;
  }

  /**
   * Parses a whole source in the worker as a stream. Returns a handle: `done` settles with the
   * outcome (never rejects), `cancel()` stops it.
   */
  parse(
    blob: Blob,
    config: ParserConfig,
    onProgress: (p: StreamProgress) => void,
  ): { done: Promise<StreamOutcome>; cancel: () => void } {
    const id = this.next++;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
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
    const sent = this.send(
      { type: 'parse', id, blob, config },
      {
        onProgress: (p) => {
          arm();
          onProgress(p);
        },
      },
    );
    const done = sent.then(
      (r): StreamOutcome => {
        if (r.type === 'parsed') {
          if ('ok' in r.summary)
            return { summary: null, error: r.summary.message, cancelled: false, peakHeap: r.peakHeap };
          return { summary: r.summary, error: null, cancelled: r.summary.cancelled, peakHeap: r.peakHeap };
        }
        return {
          summary: null,
          error: r.type === 'error' ? r.message : 'unexpected answer',
          cancelled: false,
          peakHeap: null,
        };
      },
      (err: Error): StreamOutcome =>
        cancelled
          ? { summary: null, error: null, cancelled: true, peakHeap: null }
          : { summary: null, error: err.message, cancelled: false, peakHeap: null },
    );
    void done.finally(() => clearTimeout(stallTimer));
    const cancel = () => {
      if (cancelled) return;
      cancelled = true;
      this.worker?.postMessage({ type: 'cancel', id: this.next++, target: id } satisfies IngestRequest);
      const grace = setTimeout(() => {
        if (this.pending.has(id)) this.restart('Parsing was cancelled.');
      }, CANCEL_GRACE_MS);
      void done.finally(() => clearTimeout(grace));
    };
    return { done, cancel };
  }

  dispose(): void {
    this.restart('closed');
  }
}

/** Not pure (reads the blob): the first `n` lines of a blob as text, reading no more than needed. */
export async function blobFirstLines(blob: Blob, n: number): Promise<string> {
  const step = 64 * 1024;
  let text = '';
  let end = 0;
  while (end < blob.size) {
    end = Math.min(blob.size, end + step * Math.max(1, Math.ceil(n / 500)));
    // Reading from the start each time keeps multi-byte characters whole.
    text = await blob.slice(0, end).text();
    let lines = 0;
    for (let at = text.indexOf('\n'); at >= 0 && lines < n; at = text.indexOf('\n', at + 1)) {
      lines++;
      if (lines === n) return text.slice(0, at + 1);
    }
  }
  return text;
}
