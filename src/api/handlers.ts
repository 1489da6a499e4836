/**
 * The one set of MSW request handlers: every route of the API (templates, executions, engine
 * paths, parser) and the `/api` catch-all, over a service getter. The browser serves them with
 * `setupWorker` (browser.ts), Node tests with `setupServer` (node.ts).
 *
 * Paths are matched as `*\/api/…` — any origin and any prefix — so the app works from a sub-path
 * (docs sites) and Node tests can use an absolute base URL.
 */
import { http, type HttpHandler } from 'msw';
import { errorResponse, RequestError } from './errors';
import { engineRoutes } from './handlers/engine';
import { executionRoutes } from './handlers/executions';
import { fallbackHandlers } from './handlers/fallback';
import { parserRoutes } from './handlers/parser';
import { templateRoutes } from './handlers/templates';
import type { Route } from './route';
import type { ServiceGetter } from './servicePort';

const PREFIX = '*/api';

/** Every route of the API. */
export const apiRoutes: readonly Route[] = [...templateRoutes, ...executionRoutes, ...engineRoutes, ...parserRoutes];

/** Pure: the MSW path of a route (`{name}` → `:name`, under the `/api` prefix). */
export function mswPath(route: Route): string {
  return PREFIX + route.path.replace(/\{(\w+)\}/g, ':$1');
}

/** Not pure: MSW handlers for every route, then the catch-all; `getService` is called per request. */
export function buildHandlers(getService: ServiceGetter): HttpHandler[] {
  const handlers = apiRoutes.map((route) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    return http[method](mswPath(route), async ({ request, params }) => {
      try {
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v;
        return await route.handle({ request, params: flat, query: new URL(request.url).searchParams, service: getService() });
      } catch (err) {
        if (err instanceof RequestError) return errorResponse(err.code, err.message, err.details);
        // A bug or a dead worker: answer it, never hang or fall through to the page's HTML.
        const message = err instanceof Error ? err.message : String(err);
        return errorResponse('INTERNAL', `${route.method} ${route.path} failed inside the service: ${message}`, {});
      }
    });
  });
  return [...handlers, ...fallbackHandlers(PREFIX, apiRoutes, mswPath)];
}
