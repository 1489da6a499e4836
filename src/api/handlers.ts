/**
 * The one set of MSW request handlers: every route of the API (templates, executions, engine
 * paths, parser) and the `/api` catch-all, over a service getter. The browser serves them with
 * `setupWorker` (browser.ts), Node tests with `setupServer` (node.ts).
 *
 * Paths are matched under the app's own API base URL (`<page base>/api` in the browser, so the app
 * works from any sub-path of a static host; any absolute base in Node tests). Never a wildcard
 * prefix: in development the page also loads modules such as `/src/api/wire.ts`, which a `*\/api/*`
 * pattern would swallow.
 */
import { http, type HttpHandler } from 'msw';
import { errorResponse, RequestError } from './errors';
import { engineRoutes } from './handlers/engine';
import { executionRoutes } from './handlers/executions';
import { fallbackHandlers } from './handlers/fallback';
import { parserRoutes } from './handlers/parser';
import { templateRoutes } from './handlers/templates';
import { workspaceRoutes } from './handlers/workspace';
import type { Route } from './route';
import type { ServiceGetter } from './servicePort';

/** Every route of the API. */
export const apiRoutes: readonly Route[] = [
  ...templateRoutes,
  ...workspaceRoutes,
  ...executionRoutes,
  ...engineRoutes,
  ...parserRoutes,
];

/** Pure: the MSW path of a route under `apiBase` (`{name}` → `:name`). */
export function mswPath(apiBase: string, route: Route): string {
  return apiBase + route.path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Not pure: MSW handlers for every route under `apiBase` (an absolute URL such as
 * `https://example.org/docs/flowledger/api`), then the catch-all; `getService` is called per request.
 */
export function buildHandlers(getService: ServiceGetter, apiBase: string): HttpHandler[] {
  const prefix = apiBase.replace(/\/+$/, '');
  const pathOf = (route: Route) => mswPath(prefix, route);
  const handlers = apiRoutes.map((route) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    return http[method](pathOf(route), async ({ request, params }) => {
      try {
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v;
        return await route.handle({
          request,
          params: flat,
          query: new URL(request.url).searchParams,
          service: getService(),
        });
      } catch (err) {
        if (err instanceof RequestError) return errorResponse(err.code, err.message, err.details);
        // A bug or a dead worker: answer it, never hang or fall through to the page's HTML.
        const message = err instanceof Error ? err.message : String(err);
        return errorResponse('INTERNAL', `${route.method} ${route.path} failed inside the service: ${message}`, {});
      }
    });
  });
  return [...handlers, ...fallbackHandlers(prefix, apiRoutes, pathOf)];
}
