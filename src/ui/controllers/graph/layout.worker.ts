/**
 * The layout worker: lays out a graph that has no DSL positions (dagre on a headless Cytoscape, the
 * same code and stylesheet the page would use), so a large graph's first layout never blocks the
 * page. One request is `{ id, model }`; the answer is `{ id, positions }` or `{ id, error }`.
 */
import { computeLayout } from './layout';
import type { GraphModel } from './model';

interface Request {
  id: number;
  model: GraphModel;
}

self.onmessage = (e: MessageEvent<Request>) => {
  const { id, model } = e.data;
  try {
    self.postMessage({ id, positions: computeLayout(model) });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
