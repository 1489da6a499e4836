/**
 * The ingestion screens' own worker: previews, preset detection, line counts and streamed parses of
 * whole files, away from both the page and the engine worker. A regular expression that backtracks
 * without end can only stall this worker; the page's bridge (src/client/ingestBridge.ts, its one
 * `wrap`) notices (no answer, no progress) and terminates it. Its API type is `IngestWorkerApi`.
 */
import * as Comlink from 'comlink';
import type { ParserConfig } from '../parser';
import type { StreamProgress, StreamSummary } from '../contract/ingest';
import { countLines, detectPresets, parseStream, preview } from './parsing/ingestOps';

/** Parses asked to stop, by the id the page gave them. */
const cancelled = new Set<number>();

function peakHeap(): number | null {
  const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return m ? m.usedJSHeapSize : null;
}

/** Resolves on a later task (a message to itself: no timer clamping), so Cancel calls get in. */
function yieldTask(): Promise<void> {
  return new Promise((resolve) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => {
      c.port1.close();
      resolve();
    };
    c.port2.postMessage(null);
  });
}

/** The outcome of a streamed parse: its summary, or the reason it could not run. */
export type ParseReply =
  { summary: StreamSummary | { ok: false; message: string }; peakHeap: number | null } | { error: string };

const api = {
  preview,
  detect: detectPresets,
  /** The number of lines in `blob`. */
  countLines: (blob: Blob) => countLines(blob.stream()),
  /** Asks the parse `id` to stop at its next chunk. */
  cancel(id: number): void {
    cancelled.add(id);
  },
  /** Parses `blob` as a stream; `onProgress` (a Comlink proxy) hears at most ~20 times a second. */
  async parse(
    id: number,
    blob: Blob,
    config: ParserConfig,
    onProgress: (p: StreamProgress) => void,
  ): Promise<ParseReply> {
    let peak = peakHeap() ?? 0;
    let last = 0;
    try {
      const summary = await parseStream(blob.stream(), blob.size, config, {
        onProgress: (p) => {
          const heap = peakHeap();
          if (heap !== null && heap > peak) peak = heap;
          // At most ~20 progress calls a second: the page redraws on each.
          const now = performance.now();
          if (now - last < 50 && p.bytes < p.total) return;
          last = now;
          void onProgress(p);
        },
        cancelled: () => cancelled.has(id),
        yieldTask,
      });
      return { summary, peakHeap: peak || null };
    } catch (err) {
      return { error: String(err) };
    } finally {
      cancelled.delete(id);
      // The callback arrived as a Comlink proxy: free its port.
      (onProgress as unknown as Partial<Record<typeof Comlink.releaseProxy, () => void>>)[Comlink.releaseProxy]?.();
    }
  },
};

/** The worker's API as the page's bridge sees it: derived from the implementation, never written twice. */
export type IngestWorkerApi = typeof api;

Comlink.expose(api);
