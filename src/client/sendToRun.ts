/**
 * The page's side of the engine worker's `ingestIntoRun` (src/worker/parsing/ingestIntoRun.ts):
 * "Send to run" as one call. The log goes over as the File/Blob it is — a handle, never its text:
 * the page never reads it — and progress comes back through a Comlink proxy. The call always
 * settles: with the answer, with the worker's error, as cancelled, or with an OperationTimeout
 * naming `ingestIntoRun` when the worker neither answers nor reports progress for
 * `INGEST_STALL_MS`. Cancel aborts the call in the worker (by its call id); when the worker does
 * not confirm within `CANCEL_CONFIRM_MS`, the page stops waiting and says so.
 */
import * as Comlink from 'comlink';
import type { IngestParserConfig, IngestProgress, IngestSource, IngestTarget, Ingested } from '../contract/ingest';
import type { PortOf } from '../contract/port';
import type { EngineWorkerApi } from '../worker/engine.worker';
import { settleWithin } from './settle';

/** How long `ingestIntoRun` may go with neither an answer nor progress (adding a million events to a run is one long step). */
export const INGEST_STALL_MS = 120_000;
/** How long the page waits for the worker to confirm a Cancel. */
export const CANCEL_CONFIRM_MS = 5_000;

/** What the page needs of the engine worker for a send. */
export type IngestPort = Pick<PortOf<EngineWorkerApi>, 'ingestIntoRun' | 'abort'>;

export type SendOutcome =
  { kind: 'sent'; ingested: Ingested } | { kind: 'cancelled'; message: string } | { kind: 'error'; message: string };

let calls = 0;

/**
 * Not pure (worker): sends `source` to the run `target` with `config` over `port`. `done` settles
 * with the outcome (never rejects); `cancel()` asks the worker to stop.
 */
export function sendToRun(
  port: IngestPort,
  source: IngestSource,
  config: IngestParserConfig,
  target: IngestTarget,
  onProgress: (progress: IngestProgress) => void,
): { done: Promise<SendOutcome>; cancel: () => void } {
  const callId = `ingest-${Date.now().toString(36)}-${++calls}`;
  let cancelled = false;
  let giveUp: ((outcome: SendOutcome) => void) | null = null;
  const stopped = new Promise<SendOutcome>((resolve) => (giveUp = resolve));
  const answered = settleWithin('ingestIntoRun', INGEST_STALL_MS, (alive) =>
    port.ingestIntoRun(
      source,
      config,
      target,
      Comlink.proxy((p: IngestProgress) => {
        alive();
        if (!cancelled) onProgress(p);
      }),
      { callId },
    ),
  ).then(
    (r): SendOutcome => {
      if (r.ok) return { kind: 'sent', ingested: r.value };
      if (r.error.code === 'ABORTED') return { kind: 'cancelled', message: r.error.message };
      return { kind: 'error', message: r.error.message };
    },
    (err: unknown): SendOutcome => ({ kind: 'error', message: (err as Error).message }),
  );
  const done = Promise.race([answered, stopped]);
  const cancel = () => {
    if (cancelled) return;
    cancelled = true;
    void settleWithin('abort', CANCEL_CONFIRM_MS, () => port.abort(callId)).catch(() => undefined);
    const timer = setTimeout(
      () =>
        giveUp?.({
          kind: 'cancelled',
          message: `Cancel was asked, but the engine worker did not confirm it within ${CANCEL_CONFIRM_MS / 1000} s; the page stopped waiting`,
        }),
      CANCEL_CONFIRM_MS,
    );
    void done.finally(() => clearTimeout(timer));
  };
  return { done, cancel };
}
