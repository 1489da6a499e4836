/**
 * The `<flowledger-player>` element's client (src/ui/player): embed.html's client (embedClient.ts)
 * with a worker of its own per element, whose store is in memory (src/worker/player.worker.ts). No
 * service worker, no IndexedDB: the element works on any page that can start a module worker.
 */
import { PLAYER_DB_NAME } from '../contract/databases';
import { engineBridge } from './engineBridge';
import type { EngineAPIService } from './EngineAPIService';
import { PageClient } from './runClient';
import { deferredInPageTransport } from './transport';

/** Not pure: a client whose engine worker starts on the first call. */
export function createPlayerClient(): EngineAPIService {
  const baseUrl = new URL('api', document.baseURI).href;
  const bridge = engineBridge(
    () => new Worker(new URL('../worker/player.worker.ts', import.meta.url), { type: 'module', name: PLAYER_DB_NAME }),
  );
  const handlers = import('../api/handlers').then(({ buildHandlers }) => buildHandlers(bridge, baseUrl));
  // The player's run gestures go straight to its worker (`runs`), one call each.
  return new PageClient({ baseUrl, transport: deferredInPageTransport(handlers) }, bridge);
}
