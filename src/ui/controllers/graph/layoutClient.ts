/**
 * The page's side of the layout worker: `layoutOffThread(model)` answers the automatic layout of
 * `model`, computed in a worker of its own (started on first use, one per page). Rejects when the
 * worker cannot start or fails, so the caller can lay out on the page instead.
 */
import type { GraphModel } from './model';
import type { Positions } from './layout';

type Answer = { id: number; positions: Positions } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (p: Positions) => void; reject: (e: Error) => void }>();

function failAll(message: string): void {
  for (const w of waiting.values()) w.reject(new Error(message));
  waiting.clear();
  worker?.terminate();
  worker = null;
}

function start(): Worker {
  const w = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'layout' });
  w.onmessage = (e: MessageEvent<Answer>) => {
    const a = e.data;
    const pending = waiting.get(a.id);
    if (!pending) return;
    waiting.delete(a.id);
    if ('error' in a) pending.reject(new Error(`the layout worker failed: ${a.error}`));
    else pending.resolve(a.positions);
  };
  w.onerror = (e) => failAll(`the layout worker failed: ${e.message || 'it could not be loaded'}`);
  w.onmessageerror = () => failAll('the layout worker sent a message that could not be read');
  return w;
}

/** Not pure: the automatic layout of `model`, computed off the main thread. */
export function layoutOffThread(model: GraphModel): Promise<Positions> {
  if (typeof Worker === 'undefined') return Promise.reject(new Error('this browser has no Web Workers'));
  worker ??= start();
  const id = nextId++;
  return new Promise<Positions>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Plain data only: the model is nodes and edges of strings, numbers and booleans.
    worker!.postMessage({ id, model: plain(model) });
  });
}

/** Pure. A structured-clone-safe copy of `model` (reactive proxies cannot be posted). */
function plain(model: GraphModel): GraphModel {
  return {
    nodes: model.nodes.map((n) => ({ ...n, position: n.position ? { ...n.position } : null })),
    edges: model.edges.map((e) => ({ ...e })),
  };
}
