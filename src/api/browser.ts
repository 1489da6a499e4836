/**
 * The API in the browser: the one `setupWorker` of the app. Requests to `/api/…` go to the Mock
 * Service Worker (public/mockServiceWorker.js), which hands them to these handlers in the page; the
 * handlers call the engine service in its Web Worker through the Comlink bridge.
 */
import type { HttpHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { getEngineService } from '../client/serviceBridge';
import { buildHandlers } from './handlers';

const CONTROL_TIMEOUT_MS = 10_000;

/**
 * Not pure: registers and starts the service worker, then waits until it controls this page.
 * Resolves with the handler list (the page's own client answers with it in-page, without the
 * service-worker hop) when `/api` requests are answered; rejects (with the reason) when they cannot be.
 */
export async function startApi(): Promise<HttpHandler[]> {
  if (!('serviceWorker' in navigator)) {
    throw new Error(
      'this browser has no service workers (or the page is not served from a secure origin), so the in-browser API cannot run',
    );
  }
  const handlers = buildHandlers(getEngineService, apiBaseUrl());
  const worker = setupWorker(...handlers);
  await worker.start({
    // Relative to the page, so the app works from any sub-path of a static host.
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).href },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  await controlled();
  return handlers;
}

/** The API's base URL: `api` under the page's base, as the app's client uses it (src/main.ts). */
export function apiBaseUrl(): string {
  return new URL('api', document.baseURI).href;
}

/**
 * On the first visit the service worker activates and claims the page (`clients.claim()` in
 * mockServiceWorker.js), which sets `navigator.serviceWorker.controller` and fires
 * `controllerchange` — possibly just after `start()` resolves. Until then the page's requests would
 * bypass it, so wait for that event (documented service worker behaviour; no reload needed).
 */
function controlled(): Promise<void> {
  const sw = navigator.serviceWorker;
  if (sw.controller) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the API service worker did not take control of the page')),
      CONTROL_TIMEOUT_MS,
    );
    sw.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
