/**
 * The page's side of the engine worker: its one `Comlink.wrap`. The worker starts on first use.
 * Every call also races the worker's failure: if the worker cannot start or dies, calls reject (and
 * the API answers 500) instead of hanging forever, and the next call starts a new worker. A call
 * that stores a user's log also settles within `STORE_SOURCE_MS` (an OperationTimeout naming it,
 * which the API answers as a 500 naming the operation) if the worker never answers it. The
 * worker's API type is its implementation's (`EngineWorkerApi`, src/worker/engine.worker.ts).
 */
import * as Comlink from 'comlink';
import type { PortOf } from '../contract/port';
import type { EngineWorkerApi } from '../worker/engine.worker';
import { settleWithin } from './settle';

/**
 * How long a call that stores a user's log may go without an answer before it is given up with an
 * OperationTimeout naming it. Storing a 256 MiB log takes seconds; a store write the browser
 * refuses without ever answering (a value over its size bound) must not leave the request pending.
 */
export const STORE_SOURCE_MS = 120_000;

/** The calls that settle within a bound, by name, and the bound (other calls, e.g. a long run, have none). */
const SETTLE_WITHIN: Partial<Record<string, number>> = {
  addSource: STORE_SOURCE_MS,
  addSourceBlob: STORE_SOURCE_MS,
};

/** How the HTTP handlers reach the engine service: called per request, it starts the worker lazily. */
export type EngineServiceGetter = () => PortOf<EngineWorkerApi>;

/** A getter whose worker can be replaced (see `renew`). */
export interface RenewableEngine extends EngineServiceGetter {
  /**
   * Not pure: once no call is in flight, ends the running worker; the next call starts a fresh one
   * (which restores open runs from the store). The app page does this when its service worker takes
   * control on a first visit: a worker started before then was fetched past the service worker, so
   * without the Content-Security-Policy header it serves. Resolves when the worker is gone.
   */
  renew(): Promise<void>;
}

/**
 * Not pure: a bridge to the engine worker `startWorker` starts (engineWorker.ts, named for its store,
 * which is how the embeddable player keeps its state apart from the app's; or the player element's
 * in playerClient.ts). Nothing starts until the getter is first called.
 */
export function engineBridge(startWorker: () => Worker): RenewableEngine {
  let port: PortOf<EngineWorkerApi> | null = null;
  let stop: (() => void) | null = null;
  let inFlight = 0;
  let renewing: (() => void) | null = null;
  const renewIfIdle = () => {
    if (!renewing || inFlight > 0) return;
    stop?.();
    port = null;
    stop = null;
    const done = renewing;
    renewing = null;
    done();
  };
  const start = (): PortOf<EngineWorkerApi> => {
    const worker = startWorker();
    const remote = Comlink.wrap<EngineWorkerApi>(worker);
    const failed = new Promise<never>((_, reject) => {
      const fail = (what: string) => {
        reject(new Error(`the engine worker ${what}`));
        // Calls in flight fail (500); the next call starts a fresh worker, which restores open runs
        // from the store — one error must not leave the API failing for the rest of the session.
        worker.terminate();
        if (port === proxy) port = null;
      };
      worker.addEventListener('error', (e) => fail(`failed: ${e.message || 'it could not be loaded'}`));
      worker.addEventListener('messageerror', () => fail('sent a message that could not be read'));
    });
    // Keep an unobserved rejection from being reported before any call awaits it.
    failed.catch(() => undefined);
    // The worker fetches the bundled parser files relative to the app's base URL, which only the page
    // knows (the worker script lives elsewhere in a build, and elsewhere again in dev). Sent first, so
    // it arrives before any other call.
    void Promise.race([remote.setAppBase(document.baseURI), failed]).catch(() => undefined);
    let retired = false;
    const proxy: PortOf<EngineWorkerApi> = new Proxy({} as PortOf<EngineWorkerApi>, {
      get(_target, member) {
        // Not a thenable: awaiting the port itself must not turn into a call to the worker.
        if (member === 'then') return undefined;
        // A caller may hold this port across awaits (a handler making several calls). Once `renew`
        // has ended this worker, a call on it would never be answered (a terminated worker sends no
        // error), so it goes to the current worker instead.
        if (retired) return (getter() as unknown as Record<string | symbol, unknown>)[member];
        const method = (remote as unknown as Record<string | symbol, (...args: unknown[]) => Promise<unknown>>)[
          member
        ]!;
        const limit = typeof member === 'string' ? SETTLE_WITHIN[member] : undefined;
        return async (...args: unknown[]) => {
          inFlight++;
          try {
            const call = () => Promise.race([method(...args), failed]);
            return await (limit === undefined ? call() : settleWithin(String(member), limit, call));
          } finally {
            inFlight--;
            renewIfIdle();
          }
        };
      },
    });
    stop = () => {
      retired = true;
      worker.terminate();
    };
    return proxy;
  };
  const getter = () => (port ??= start());
  return Object.assign(getter, {
    renew: () =>
      new Promise<void>((resolve) => {
        if (port === null) return resolve();
        const before = renewing;
        renewing = () => {
          before?.();
          resolve();
        };
        renewIfIdle();
      }),
  });
}
