/**
 * The ingestion screens' own worker: previews, preset detection, line counts and streamed parses of
 * whole files, away from both the page and the engine worker. A regular expression that backtracks
 * without end can only stall this worker; the page notices (no answer, no progress) and terminates it.
 */
import { countLines, detectPresets, parseStream, preview } from './parsing/ingestOps';
import type { IngestRequest, IngestReply } from './parsing/ingestMessages';

const scope = self as unknown as {
  postMessage(m: IngestReply): void;
  onmessage: ((e: MessageEvent<IngestRequest>) => void) | null;
};
const cancelled = new Set<number>();

function peakHeap(): number | null {
  const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return m ? m.usedJSHeapSize : null;
}

/** Resolves on a later task (a message to itself: no timer clamping), so Cancel messages get in. */
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

scope.onmessage = (e) => {
  const req = e.data;
  switch (req.type) {
    case 'preview':
      scope.postMessage({ type: 'preview', id: req.id, answer: preview(req.text, req.config) });
      return;
    case 'detect':
      scope.postMessage({ type: 'detect', id: req.id, matches: detectPresets(req.text) });
      return;
    case 'count':
      void countLines(req.blob.stream()).then(
        (lines) => scope.postMessage({ type: 'count', id: req.id, lines }),
        (err: unknown) => scope.postMessage({ type: 'error', id: req.id, message: String(err) }),
      );
      return;
    case 'cancel':
      cancelled.add(req.target);
      return;
    case 'parse': {
      let peak = peakHeap() ?? 0;
      let last = 0;
      void parseStream(req.blob.stream(), req.blob.size, req.config, {
        onProgress: (p) => {
          const heap = peakHeap();
          if (heap !== null && heap > peak) peak = heap;
          // At most ~20 progress messages a second: the page redraws on each.
          const now = performance.now();
          if (now - last < 50 && p.bytes < p.total) return;
          last = now;
          scope.postMessage({ type: 'progress', id: req.id, ...p });
        },
        cancelled: () => cancelled.has(req.id),
        yieldTask,
      }).then(
        (summary) => {
          cancelled.delete(req.id);
          scope.postMessage({ type: 'parsed', id: req.id, summary, peakHeap: peak || null });
        },
        (err: unknown) => scope.postMessage({ type: 'error', id: req.id, message: String(err) }),
      );
      return;
    }
  }
};
