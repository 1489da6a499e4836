/**
 * The page's side of the layout worker, over the page's one worker bridge (workerBridge.ts, which
 * wraps it with Comlink), typed by the worker's own implementation (`LayoutWorkerApi`,
 * src/ui/controllers/graph/layout.worker.ts). The worker starts on first use, one per page; a call
 * rejects when the worker cannot start or fails, so the caller can lay out on the page instead.
 *
 * The worker runs the graph controller's own layout code (dagre over the page's stylesheet), which
 * lives in the UI layer, so its entry stays beside that code; the client starts it
 * (`startLayoutWorker`: the UI starts no worker itself, the rule `workers-started-by-the-client`) and
 * never imports it — the UI names the worker's API type when it asks for the bridge.
 */
import { workerBridge } from './workerBridge';

/** What the layout worker serves: the automatic layout of a graph. */
export interface LayoutApi {
  computeLayout(model: never): unknown;
}

/** The graph to lay out, and the positions answered, as the worker's implementation types them. */
type ModelOf<Api extends LayoutApi> = Parameters<Api['computeLayout']>[0];
type PositionsOf<Api extends LayoutApi> = ReturnType<Api['computeLayout']>;

/** Not pure: starts the layout worker (a Vite module worker; its entry is the UI's layout code). */
export function startLayoutWorker(): Worker {
  return new Worker(new URL('../ui/controllers/graph/layout.worker.ts', import.meta.url), {
    type: 'module',
    name: 'layout',
  });
}

/**
 * Not pure: a function answering the layout of a graph in the worker `start` starts (on the first
 * call; again after a failure). The graph must be plain data (no reactive proxies).
 */
export function layoutBridge<Api extends LayoutApi>(
  start: () => Worker = startLayoutWorker,
): (model: ModelOf<Api>) => Promise<PositionsOf<Api>> {
  const bridge = workerBridge<Api>({ start, failure: (why) => new Error(`the layout worker ${why}`) });
  return async (model) => {
    if (typeof Worker === 'undefined') throw new Error('this browser has no Web Workers');
    try {
      return await bridge.call<PositionsOf<Api>>('computeLayout' as keyof Api & string, [model]);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new Error(message.startsWith('the layout worker') ? message : `the layout worker failed: ${message}`);
    }
  };
}
