/**
 * The catch-all of `/api`: a path no route has is 404 NOT_FOUND, a known path with another method
 * is 405 METHOD_NOT_ALLOWED (with `Allow`), both in the API's error shape — never the app's HTML.
 */
import { http, matchRequestUrl, type HttpHandler } from 'msw';
import { errorResponse } from '../errors';
import type { Route } from '../route';

/** Pure: the catch-all handlers under `prefix` (the API's absolute base URL), given every route (for 405). */
export function fallbackHandlers(
  prefix: string,
  routes: readonly Route[],
  mswPath: (route: Route) => string,
): HttpHandler[] {
  const answer = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const allowed = routes.filter((r) => matchRequestUrl(url, mswPath(r)).matches).map((r) => r.method);
    const what = `${request.method} ${url.pathname}`;
    if (allowed.length > 0) {
      const allow = [...new Set(allowed)].join(', ');
      return errorResponse(
        'METHOD_NOT_ALLOWED',
        `${what} is not allowed; this path accepts ${allow}`,
        { method: request.method, path: url.pathname, allowed: [...new Set(allowed)] },
        { allow },
      );
    }
    return errorResponse('NOT_FOUND', `No API path ${what}`, { method: request.method, path: url.pathname });
  };
  return [http.all(prefix, answer), http.all(`${prefix}/*`, answer)];
}
