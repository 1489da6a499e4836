/**
 * The graph's automatic layout, computed off the main thread: the layout worker beside this file,
 * started and reached by its bridge in the client (src/client/layoutBridge.ts), which starts it on
 * first use and answers failures, so the controller can lay out on the page instead.
 */
import { layoutBridge } from '../../../client/layoutBridge';
import type { LayoutWorkerApi } from './layout.worker';
import type { LaidOut } from './layout';
import type { GraphModel } from './model';

const computeOffThread = layoutBridge<LayoutWorkerApi>();

/** Not pure: the automatic layout of `model`, computed in the layout worker (dagre's, or the layered placement). */
export function layoutOffThread(model: GraphModel): Promise<LaidOut> {
  return computeOffThread(plain(model));
}

/** Pure. A structured-clone-safe copy of `model` (reactive proxies cannot be posted). */
function plain(model: GraphModel): GraphModel {
  return {
    nodes: model.nodes.map((n) => ({ ...n, position: n.position ? { ...n.position } : null })),
    edges: model.edges.map((e) => ({ ...e })),
  };
}
