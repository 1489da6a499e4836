/**
 * The page's side of the layout worker: its one `Comlink.wrap`, typed by the worker's own
 * implementation (`LayoutWorkerApi`, src/ui/controllers/graph/layout.worker.ts). The worker starts on
 * first use, one per page; a call rejects when the worker cannot start or fails, so the caller can
 * lay out on the page instead.
 *
 * The worker runs the graph controller's own layout code (dagre over the page's stylesheet), which
 * lives in the UI layer, so the controller hands this bridge the function that starts it: the
 * bridge owns the start, the failure handling and the wrap, and never imports the UI.
 */
import * as Comlink from 'comlink';

/** What the layout worker serves: the automatic layout of a graph. */
export interface LayoutApi {
  computeLayout(model: never): unknown;
}

/** The graph to lay out, and the positions answered, as the worker's implementation types them. */
type ModelOf<Api extends LayoutApi> = Parameters<Api['computeLayout']>[0];
type PositionsOf<Api extends LayoutApi> = ReturnType<Api['computeLayout']>;

interface Live<Api> {
  worker: Worker;
  remote: Comlink.Remote<Api>;
  failed: Promise<never>;
}

/**
 * Not pure: a function answering the layout of a graph in the worker `start` starts (on the first
 * call; again after a failure). The graph must be plain data (no reactive proxies).
 */
export function layoutBridge<Api extends LayoutApi>(
  start: () => Worker,
): (model: ModelOf<Api>) => Promise<PositionsOf<Api>> {
  let live: Live<Api> | null = null;
  const begin = (): Live<Api> => {
    const worker = start();
    const failed = new Promise<never>((_, reject) => {
      const fail = (message: string) => {
        reject(new Error(message));
        worker.terminate();
        if (live?.worker === worker) live = null;
      };
      worker.addEventListener('error', (e) =>
        fail(`the layout worker failed: ${e.message || 'it could not be loaded'}`),
      );
      worker.addEventListener('messageerror', () => fail('the layout worker sent a message that could not be read'));
    });
    failed.catch(() => undefined);
    return { worker, remote: Comlink.wrap<Api>(worker), failed };
  };
  return async (model) => {
    if (typeof Worker === 'undefined') throw new Error('this browser has no Web Workers');
    live ??= begin();
    const remote = live.remote as unknown as { computeLayout(model: ModelOf<Api>): Promise<PositionsOf<Api>> };
    try {
      return await Promise.race([remote.computeLayout(model), live.failed]);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(message.startsWith('the layout worker') ? message : `the layout worker failed: ${message}`);
    }
  };
}
