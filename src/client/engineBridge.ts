/**
 * The page's side of the engine worker, over the page's one worker bridge (workerBridge.ts, which
 * wraps it with Comlink). The worker starts on the first call.
 * The worker's API type is its implementation's (`EngineWorkerApi`, src/worker/engine.worker.ts).
 *
 * Every call settles — the settle rule (docs/browser-service.md "Every call settles"):
 *   - with the worker's answer;
 *   - with an error when the worker cannot start, dies, or is ended while the call waits (the next
 *     call starts a fresh worker, which restores open runs from the store);
 *   - or with an error naming the operation once it has waited `callLimitMs` without an answer. A
 *     call that carries a `callId` (a run to its end, a parse, a comparison: the person can abort it,
 *     and it stops at its next slice) may take as long as its work does, so it has no limit.
 * A call goes to the worker that is current when it is made, not when its method was looked up: a
 * handler writes `service.createExecution(id, await jsonBody(request))`, which looks the method up
 * before the body is read and calls it after.
 */
import type { PortOf } from '../contract/port';
import type { EngineWorkerApi } from '../worker/engine.worker';
import { workerBridge } from './workerBridge';

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

/** How long a call without a `callId` may wait for its answer before it fails, naming its operation. */
export const CALL_LIMIT_MS = 120_000;

export interface EngineBridgeOptions {
  /** Milliseconds a call without a `callId` waits for its answer (default `CALL_LIMIT_MS`). */
  callLimitMs?: number;
}

/**
 * Not pure: a bridge to the engine worker `startWorker` starts (engineWorker.ts, named for its store,
 * which is how the embeddable player keeps its state apart from the app's; or the player element's
 * in playerClient.ts). Nothing starts until the first call.
 */
export function engineBridge(startWorker: () => Worker, options: EngineBridgeOptions = {}): RenewableEngine {
  const limitMs = options.callLimitMs ?? CALL_LIMIT_MS;
  let renewed: (() => void)[] = [];

  const renewIfIdle = () => {
    if (renewed.length === 0 || bridge.busy > 0) return;
    bridge.restart(new Error('the engine worker was replaced'));
    const done = renewed;
    renewed = [];
    for (const resolve of done) resolve();
  };

  const bridge = workerBridge<EngineWorkerApi>({
    start: startWorker,
    // Calls in flight fail (500); the next call starts a fresh worker, which restores open runs from
    // the store — one error must not leave the API failing for the rest of the session.
    failure: (why) => new Error(`the engine worker ${why}`),
    // The worker fetches the bundled parser files relative to the app's base URL, which only the page
    // knows (the worker script lives elsewhere in a build, and elsewhere again in dev). Sent first, so
    // it arrives before any other call.
    onStart: (remote, ended) => void Promise.race([remote.setAppBase(document.baseURI), ended]).catch(() => undefined),
    onIdle: renewIfIdle,
  });

  const call = (member: keyof EngineWorkerApi & string, args: unknown[]): Promise<unknown> =>
    bridge.call(
      member,
      args,
      carriesCallId(args)
        ? {}
        : {
            limit: {
              ms: limitMs,
              error: () =>
                new Error(
                  `the engine worker did not answer ${member} within ${limitMs / 1000} s (it may still be working on it)`,
                ),
            },
          },
    );

  // One port for the bridge's life: its methods reach whichever worker is current when called.
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const port = new Proxy({} as PortOf<EngineWorkerApi>, {
    get(_target, member) {
      // Not a thenable: awaiting the port itself must not turn into a call to the worker.
      if (member === 'then' || typeof member !== 'string') return undefined;
      let method = methods.get(member);
      if (!method) {
        method = (...args: unknown[]) => call(member as keyof EngineWorkerApi & string, args);
        methods.set(member, method);
      }
      return method;
    },
  });

  const getter = () => port;
  return Object.assign(getter, {
    renew: () =>
      new Promise<void>((resolve) => {
        if (!bridge.running) return resolve();
        renewed.push(resolve);
        renewIfIdle();
      }),
  });
}

/** Pure: whether a call's last argument is options carrying a `callId` (a call the person can abort). */
function carriesCallId(args: readonly unknown[]): boolean {
  const last = args[args.length - 1];
  return typeof last === 'object' && last !== null && (last as { callId?: unknown }).callId !== undefined;
}
