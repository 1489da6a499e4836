/**
 * The embeddable player's client (embed.html). The player needs no service worker: its client runs
 * the API's request handlers in the page (the in-page transport), over an engine worker of its own
 * that keeps its data in the player's store, apart from the app's. The handlers' code loads beside
 * the player's first render, not in front of it.
 */
import { EMBED_DB_NAME } from '../contract/databases';
import { engineBridge } from './engineBridge';
import { startEngineWorker } from './engineWorker';
import type { EngineAPIService } from './EngineAPIService';
import { PageClient } from './runClient';
import { deferredInPageTransport } from './transport';

/** Not pure: the player's client at `api` under the page's base; its engine worker starts on the first call. */
export function createEmbedClient(): EngineAPIService {
  const baseUrl = new URL('api', document.baseURI).href;
  const engine = engineBridge(() => startEngineWorker(EMBED_DB_NAME));
  const handlers = import('../api/handlers').then(({ buildHandlers }) => buildHandlers(engine, baseUrl));
  // The player's run gestures go straight to its worker (`runs`), one call each.
  return new PageClient({ baseUrl, transport: deferredInPageTransport(handlers) }, engine);
}
