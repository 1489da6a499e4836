/**
 * The layout worker: lays out a graph that has no DSL positions (dagre on a headless Cytoscape, the
 * same code and stylesheet the page would use), so a large graph's first layout never blocks the
 * page. Its one `expose`; its one `wrap` is the client's worker bridge (src/client/workerBridge.ts),
 * used by src/client/layoutBridge.ts, typed by `LayoutWorkerApi`
 * (which also starts it). The entry stays beside the layout code it runs.
 */
import * as Comlink from 'comlink';
import { autoLayout } from './layout';

/** `computeLayout` answers the positions and whether they are the layered placement (see autoLayout). */
const api = { computeLayout: autoLayout };

/** The worker's API as the page's bridge sees it: derived from the implementation, never written twice. */
export type LayoutWorkerApi = typeof api;

Comlink.expose(api);
