/**
 * The API in Node (tests): the same handlers as the browser, served by MSW's `setupServer` over a
 * plain service object — no Worker, no service worker.
 */
import { setupServer, type SetupServer } from 'msw/node';
import { buildHandlers, type BuildOptions } from './handlers';
import type { ServiceGetter } from './servicePort';

/**
 * Not pure: an MSW server answering every path under `apiBase` (e.g. `http://flowledger.test/api`)
 * with the service `getService` returns (call `listen()` to start); `options.profiles` shares the
 * profile choice with other handler lists of the same page.
 */
export function createApiServer(getService: ServiceGetter, apiBase: string, options: BuildOptions = {}): SetupServer {
  return setupServer(...buildHandlers(getService, apiBase, options));
}
