/**
 * How `EngineAPIService` reaches the API. Two transports over the very same request handlers:
 *   - `fetchTransport` — real `fetch`: in the browser the Mock Service Worker hands the request to
 *     the handlers (what outside clients and scripts use); against a server, the server answers;
 *   - `inPageTransport` — the page's own UI, for the reads that are not a run gesture (those go
 *     straight to the worker: runClient.ts): MSW's `getResponse` runs the handler list in the page,
 *     with no service-worker hop (about 6 ms of the ~7 ms a call cost).
 * Both take a `Request` (with its `signal`) and answer a `Response`, so the client cannot tell them
 * apart and the contract tests run unchanged over each.
 * Mock Service Worker's matcher is imported on the first in-page request, not with the page: the
 * app's first screen paints before any of the API's code has loaded.
 */
import type { RequestHandler } from 'msw';

/** Answers one request. */
export type ApiTransport = (request: Request) => Promise<Response>;

/** Not pure: the transport over `fetcher` (default: the global fetch). */
export function fetchTransport(fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init)): ApiTransport {
  return (request) => fetcher(request);
}

/** Not pure: the transport that answers with `handlers` in this realm (no service worker, no network). */
export function inPageTransport(handlers: readonly RequestHandler[]): ApiTransport {
  const list = [...handlers];
  return async (request) => {
    const { getResponse, matchRequestUrl } = await import('msw');
    // Only the handlers whose method and path match go to MSW, which otherwise runs every handler
    // of the list in turn; handlers matched otherwise (the catch-alls) always go, in their order.
    const url = new URL(request.url);
    const candidates = list.filter((h) => {
      const { method, path } = (h as { info?: { method?: unknown; path?: unknown } }).info ?? {};
      if (typeof method !== 'string' || typeof path !== 'string') return true;
      return method === request.method && matchRequestUrl(url, path).matches;
    });
    const response = await getResponse(candidates, request);
    if (!response) throw new TypeError(`no API handler answers ${request.method} ${request.url}`);
    return response;
  };
}

/**
 * Not pure: the in-page transport over handlers that are still loading (`handlers` resolves once
 * their code is in): requests made before then wait for it; a failed load fails each request with its
 * reason.
 */
export function deferredInPageTransport(handlers: Promise<readonly RequestHandler[]>): ApiTransport {
  const transport = handlers.then((list) => inPageTransport(list));
  transport.catch(() => undefined);
  return async (request) => (await transport)(request);
}
