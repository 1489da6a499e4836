/**
 * The page's side of the engine worker: the one `Comlink.wrap` of the app. The worker starts on
 * first use. Every call also races the worker's failure: if the worker cannot start or dies, calls
 * reject (and the API answers 500) instead of hanging forever, and the next call starts a new worker.
 */
import * as Comlink from 'comlink';
import type { ServicePort } from './servicePort';
import type { EngineService } from '../worker/api';

let port: ServicePort | null = null;
let workerName = 'flowledger';

/**
 * Not pure: names the engine worker before its first start. The worker keeps its data in the store
 * of that name (src/worker/engine.worker.ts), which is how the embeddable player keeps its state
 * apart from the app's.
 */
export function configureEngineWorker(options: { name: string }): void {
  if (port !== null) throw new Error('configureEngineWorker: the engine worker has already started');
  workerName = options.name;
}

/** Not pure: the engine service in its worker, started on the first call. */
export function getEngineService(): ServicePort {
  port ??= start();
  return port;
}

function start(): ServicePort {
  const worker = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: workerName,
  });
  const remote = Comlink.wrap<EngineService>(worker);
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
  const proxy: ServicePort = new Proxy({} as ServicePort, {
    get(_target, name) {
      // Not a thenable: awaiting the port itself must not turn into a call to the worker.
      if (name === 'then') return undefined;
      const method = (remote as unknown as Record<string | symbol, (...args: unknown[]) => Promise<unknown>>)[name]!;
      return (...args: unknown[]) => Promise.race([method(...args), failed]);
    },
  });
  return proxy;
}
