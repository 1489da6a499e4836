/**
 * The API in the browser: the one `setupWorker` of the app. Requests to `/api/…` go to the Mock
 * Service Worker (public/mockServiceWorker.js), which hands them to the API's handlers in the page;
 * the handlers are given the engine service of the app's engine worker (appEngine.ts) — they
 * never start a worker themselves. Also the page's side of a new deploy's service worker.
 * The handlers and Mock Service Worker load on demand (dynamic imports), so none of this is in the
 * first screen's download; the service worker starts after the page has painted.
 */
import type { HttpHandler } from 'msw';
import { CompatProfiles, pageProfileOf } from '../api/profile';
import { appEngine } from './appEngine';

const CONTROL_TIMEOUT_MS = 10_000;
const UPDATE_SWITCH_WAIT_MS = 2_000;
const PRECACHE_TIMEOUT_MS = 60_000;

/**
 * Not pure: the API's request handlers for this page, over the app's engine service. Their code
 * (the API, Mock Service Worker's request matching) loads here, after the page has painted — the
 * page's own client answers with them in-page (transport.ts), with no service worker.
 * `options.profiles` is the page's compatibility-profile choice (main.ts reads `?compat=` into it).
 */
export async function apiHandlers(options: { profiles?: CompatProfiles } = {}): Promise<HttpHandler[]> {
  const { buildHandlers } = await import('../api/handlers');
  return buildHandlers(appEngine, apiBaseUrl(), options.profiles ? { profiles: options.profiles } : {});
}

/**
 * Not pure: registers and starts the service worker over `handlers`, then waits until it controls
 * this page. It serves outside clients (`fetch('/api/…')`, `window.flowledger.fetchApi`) and offline
 * use; the page's own UI does not wait for it. Rejects (with the reason) when it cannot start.
 */
export async function startServiceWorker(handlers: HttpHandler[]): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    throw new Error(
      'this browser has no service workers (or the page is not served from a secure origin), so the in-browser API cannot run',
    );
  }
  expectOfflineUpdateChecks();
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker(...handlers);
  await worker.start({
    // Relative to the page, so the app works from any sub-path of a static host. The build's own
    // worker (sw.js: offline app shell + CSP header, then Mock Service Worker) in production; the
    // plain Mock Service Worker under the development server, which has no build to cache.
    serviceWorker: { url: serviceWorkerUrl() },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  await controlled();
}

/**
 * Not pure: asks the build's service worker, once it controls the page, to keep every file of the
 * build for offline use (its install keeps only the pages, so it can take control of a first visit
 * at once); resolves when it is done, or failed (then the next start asks again). The development
 * server's plain Mock Service Worker keeps nothing: nothing to ask there.
 */
export function precacheBuild(timeoutMs = PRECACHE_TIMEOUT_MS): Promise<void> {
  const controller = navigator.serviceWorker?.controller;
  if (import.meta.env.DEV || !controller) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, timeoutMs);
    channel.port1.onmessage = (e: MessageEvent) => {
      clearTimeout(timer);
      if (e.data !== 'PRECACHED') console.warn(`Offline copy of the app not complete: ${String(e.data)}`);
      resolve();
    };
    controller.postMessage('PRECACHE', [channel.port2]);
  });
}

/**
 * Not pure: the compatibility-profile choice of a page whose address query is `search`
 * (`?compat=pled` chooses for this page only, over the stored setting); `startApi` takes it.
 */
export function pageProfiles(search: string): CompatProfiles {
  return new CompatProfiles(pageProfileOf(search));
}

/** The service worker script of this build, beside the page. */
export function serviceWorkerUrl(): string {
  return new URL(import.meta.env.DEV ? 'mockServiceWorker.js' : 'sw.js', document.baseURI).href;
}

/**
 * Not pure: calls `onUpdate` once when a new deploy's service worker is found for a page loaded
 * under an earlier one (`initial`: the controller when the page started) — either already in
 * control (the worker may activate at once) or installed and waiting. The page runs the old build
 * until it reloads, so the person is offered a reload rather than a mix of two builds; `applyUpdate`
 * then lets a waiting worker take over and reloads.
 */
export function watchForUpdate(initial: ServiceWorker | null, onUpdate: () => void): void {
  const sw = navigator.serviceWorker;
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    onUpdate();
  };
  if (initial !== null && sw.controller !== initial) tell();
  sw.addEventListener('controllerchange', tell, { once: true });
  void sw.getRegistration(serviceWorkerUrl()).then((registration) => {
    if (!registration) return;
    if (registration.waiting && sw.controller) tell();
    registration.addEventListener('updatefound', () => {
      const incoming = registration.installing;
      incoming?.addEventListener('statechange', () => {
        if (incoming.state === 'installed' && sw.controller) tell();
      });
    });
  });
}

/** Not pure: lets a new build's waiting service worker take over, then reloads the page on it. */
export async function applyUpdate(): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.getRegistration(serviceWorkerUrl());
  if (registration?.waiting) {
    const switched = new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
    registration.waiting.postMessage('SKIP_WAITING');
    // Chromium holds the switch while the old worker still has requests in flight; the reload then
    // lets it happen as this page's requests end.
    await Promise.race([switched, new Promise((resolve) => setTimeout(resolve, UPDATE_SWITCH_WAIT_MS))]);
  }
  location.reload();
}

/**
 * Not pure: Mock Service Worker asks the registration for an update on every start (which is how a
 * new deploy is found) and leaves the promise unhandled. Offline, or with the host gone, that check
 * fails by design — the cached build runs on — so its failure is marked handled here instead of
 * surfacing as an uncaught error. Callers that await `update()` still see the rejection.
 */
function expectOfflineUpdateChecks(): void {
  const proto = ServiceWorkerRegistration.prototype;
  const update = proto.update;
  proto.update = function (this: ServiceWorkerRegistration) {
    const checked = update.call(this);
    checked.catch(() => undefined);
    return checked;
  };
}

/** The API's base URL: `api` under the page's base, as the page's clients use it (src/main.ts, the player). */
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
