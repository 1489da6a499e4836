/**
 * The one set of MSW request handlers: every route of the API (templates, executions, engine
 * paths, parser) and the `/api` catch-all, over a service getter. The browser serves them with
 * `setupWorker` (src/client/browserApi.ts), Node tests with `setupServer` (node.ts); the caller gives
 * them the service (`getService`), so the adapter never starts a worker itself.
 *
 * Paths are matched under the app's own API base URL (`<page base>/api` in the browser, so the app
 * works from any sub-path of a static host; any absolute base in Node tests). Never a wildcard
 * prefix: in development the page also loads modules such as `/src/api/errors.ts`, which a `*\/api/*`
 * pattern would swallow.
 */
import { http, type HttpHandler } from 'msw';
import { errorResponse, pledError, RequestError } from './errors';
import { adminExecutionRoutes } from './handlers/adminExecutions';
import { diffRoutes } from './handlers/diff';
import { engineRoutes } from './handlers/engine';
import { executionRoutes } from './handlers/executions';
import { fallbackHandlers } from './handlers/fallback';
import { discoveryRoutes } from './handlers/discovery';
import { parserRoutes } from './handlers/parser';
import { settingsRoutes } from './handlers/settings';
import { templateRoutes } from './handlers/templates';
import { workspaceRoutes } from './handlers/workspace';
import { CompatProfiles } from './profile';
import { pledHandlers } from './pled/routes';
import type { Route } from './route';
import type { ServiceGetter } from './servicePort';

/** Every route of the API. */
export const apiRoutes: readonly Route[] = [
  ...templateRoutes,
  ...workspaceRoutes,
  ...executionRoutes,
  ...engineRoutes,
  ...diffRoutes,
  ...parserRoutes,
  ...adminExecutionRoutes,
  ...settingsRoutes,
  ...discoveryRoutes,
];

export interface BuildOptions {
  /** The page's profile choice and the stored setting as kept (default: no page choice). */
  profiles?: CompatProfiles;
}

/** Pure: the MSW path of a route under `apiBase` (`{name}` → `:name`). */
export function mswPath(apiBase: string, route: Route): string {
  return apiBase + route.path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Not pure: MSW handlers for every route under `apiBase` (an absolute URL such as
 * `https://example.org/docs/flowledger/api`), then the catch-all; `getService` is called per request.
 */
export function buildHandlers(getService: ServiceGetter, apiBase: string, options: BuildOptions = {}): HttpHandler[] {
  const profiles = options.profiles ?? new CompatProfiles();
  const prefix = apiBase.replace(/\/+$/, '');
  const pathOf = (route: Route) => mswPath(prefix, route);
  let calls = 0;
  const handlers = apiRoutes.map((route) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    return http[method](pathOf(route), async ({ request, params }) => {
      const callId = `call-${++calls}`;
      let onAbort: (() => void) | null = null;
      let pled = false;
      try {
        if (request.signal.aborted) return errorResponse('ABORTED', `${route.method} ${route.path} was aborted`);
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v;
        const service = getService();
        // An aborted request tells the worker, which stops a long run or parse at its next slice.
        onAbort = () => void service.abort(callId).catch(() => undefined);
        request.signal.addEventListener('abort', onAbort, { once: true });
        const { profile } = await profiles.effective(service, request);
        const pledHandler = profile === 'pled' ? pledHandlers[`${route.method} ${route.path}`] : undefined;
        pled = pledHandler !== undefined;
        return await (pledHandler ?? route.handle)({
          request,
          params: flat,
          query: new URL(request.url).searchParams,
          service,
          callId,
          profile,
          profiles,
        });
      } catch (err) {
        if (err instanceof RequestError)
          return pled
            ? pledError(err.code, err.message, err.details)
            : errorResponse(err.code, err.message, err.details);
        // A bug or a dead worker: answer it, never hang or fall through to the page's HTML.
        const message = err instanceof Error ? err.message : String(err);
        const text = `${route.method} ${route.path} failed inside the service: ${message}`;
        return pled ? pledError('INTERNAL', text) : errorResponse('INTERNAL', text, {});
      } finally {
        if (onAbort) request.signal.removeEventListener('abort', onAbort);
      }
    });
  });
  return [malformedPathHandler(prefix), ...handlers, ...fallbackHandlers(prefix, apiRoutes, pathOf)];
}

/**
 * Not pure: answers a path under `prefix` holding a malformed percent-escape (`%E0%A4%A`) with 400
 * BAD_REQUEST in the API's error shape; other requests fall through to the routes. It must come
 * first: matching a route's `{param}` decodes the escape and throws, which MSW would answer as a
 * 500 with the exception's stack. A pattern without parameters decodes nothing.
 */
function malformedPathHandler(prefix: string): HttpHandler {
  const under = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/.*)?$`);
  return http.all(under, ({ request }) => {
    const path = new URL(request.url).pathname;
    if (!hasMalformedEscape(path)) return undefined;
    return errorResponse('BAD_REQUEST', `The path ${path} holds a malformed percent-escape`, { path });
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Pure. Whether `path` holds a percent-escape `decodeURIComponent` rejects: a `%` not followed by two
 * hex digits, or a run of escapes whose bytes are not UTF-8. Checked without calling
 * `decodeURIComponent` for its exception: the production build drops a call of that built-in whose
 * result is unused (it counts it as pure), which let such paths reach MSW's own decoding (a 500 with
 * a stack through the service worker) while Node tests, unminified, passed.
 */
export function hasMalformedEscape(path: string): boolean {
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return true;
  for (const run of path.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []) {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
    try {
      strictUtf8.decode(bytes);
    } catch {
      return true;
    }
  }
  return false;
}
