/* Flowledger's service worker (the built app's only one per scope).
 *
 * The build (scripts/vite-app-shell.mjs) prepends three constants to this file and writes it as
 * `sw.js`: VERSION (a hash of every file of the build), PRECACHE (every file of the build, relative
 * to this script) and CSP (the page's Content-Security-Policy). It then does three things:
 *  1. keeps the app shell for offline use: every file of the build goes into a cache named after
 *     the build (the pages when it installs, the rest when the page asks), so after one visit the
 *     app, its workers and its bundled samples load with no network; a new deploy has a new VERSION, so the browser installs the new worker and the page
 *     offers a reload (src/ui/components/UpdatePrompt) instead of mixing old and new assets;
 *  2. serves what it answers with the app's Content-Security-Policy as a header, so the policy also
 *     reaches the Web Workers (a <meta> policy applies to the page only);
 *  3. hands everything else — the `/api/…` requests above all — to Mock Service Worker, imported
 *     below, whose handlers answer the API in the page.
 * Listeners run in the order they were added: ours come first, and a request we answer is not
 * seen by Mock Service Worker's listener (stopImmediatePropagation).
 */
/* global VERSION, PRECACHE, CSP, activeClientIds */
// Everything in scope but the API is answered here (stopImmediatePropagation keeps Mock Service
// Worker's listener out of it); `/api/…` is left to Mock Service Worker.
const CACHE_PREFIX = 'flowledger-shell-';
const CACHE = CACHE_PREFIX + VERSION;
const scopeUrl = new URL('./', self.location.href);
const shellUrls = new Set(PRECACHE.map((path) => new URL(path, scopeUrl).href));
const indexUrl = new URL('index.html', scopeUrl).href;
const apiUrl = new URL('api', scopeUrl).href;

// The install caches the build's pages only, so on a first visit this worker takes control at once
// (the page paints and runs without it meanwhile); the rest of the build follows when the page asks
// ('PRECACHE', below), which it does as soon as this worker controls it.
const coreUrls = [...shellUrls].filter((url) => /\.(html|webmanifest|svg)$/.test(url));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(coreUrls.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

/** Caches every file of the build not cached yet (all or none, as an install would). */
async function precacheRest() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const url of shellUrls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing.map((url) => new Request(url, { cache: 'reload' })));
}

self.addEventListener('activate', (event) => {
  // Keep the caches of this build and the one before it: a page opened before the update may still
  // load a lazy chunk of its own build until it reloads.
  event.waitUntil(
    (async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE);
      const keep = names.length > 0 ? names[names.length - 1] : null;
      await Promise.all(names.filter((n) => n !== keep).map((n) => caches.delete(n)));
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!url.href.startsWith(scopeUrl.href)) return;
  const path = url.origin + url.pathname;
  if (path === apiUrl || path.startsWith(`${apiUrl}/`)) return; // the API: Mock Service Worker's
  event.stopImmediatePropagation();
  // A page of the build (index.html, embed.html) is itself; any other address in scope is the app.
  const isPage = request.mode === 'navigate' || path === indexUrl;
  const pageUrl = shellUrls.has(path) ? path : indexUrl;
  event.respondWith(isPage ? page(request, pageUrl) : asset(request, path));
});

/**
 * The page: this build's cached copy first, so the page and the assets it names always come from
 * one build; the network when the cache has none (a first visit, or a cleared cache).
 */
async function page(request, pageUrl) {
  const cached = await caches.match(pageUrl, { cacheName: CACHE });
  if (cached) return withPolicy(cached);
  try {
    return withPolicy(await fetch(request));
  } catch {
    return new Response('Flowledger is offline and was never loaded here.', { status: 503 });
  }
}

/**
 * Any other file in scope: from a cache when one holds it — this build's, or the one before it,
 * which a page opened before an update still asks for — else from the network.
 */
async function asset(request, path) {
  const cached = await caches.match(path);
  return withPolicy(cached ?? (await fetch(request)));
}

/** The same response with the app's Content-Security-Policy header (scripts, workers and pages). */
async function withPolicy(response) {
  const type = response.headers.get('content-type') ?? '';
  if (!/javascript|html/.test(type)) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', CSP);
  // The body is read whole (a page or a script, small) rather than re-streamed: a streamed body the
  // page never finishes reading keeps this worker busy, and a busy worker holds up the next build's.
  const body = await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

// Mock Service Worker unregisters itself when its last page closes ('CLIENT_CLOSED'), which would
// throw the app shell away with it: the next visit, offline, would find nothing. Forget the page as
// Mock Service Worker would (its `activeClientIds`, a global of the script imported below), and keep
// the registration.
self.addEventListener('message', (event) => {
  if (event.data === 'PRECACHE') {
    // The page asks for the whole build to be kept for offline use (src/client/browserApi.ts); the
    // answer, on the port it sent, says when that is done.
    event.stopImmediatePropagation();
    const port = event.ports[0];
    event.waitUntil(
      precacheRest().then(
        () => port && port.postMessage('PRECACHED'),
        (err) => port && port.postMessage(`PRECACHE_FAILED ${err && err.message}`),
      ),
    );
    return;
  }
  if (event.data === 'SKIP_WAITING') {
    // The person chose to reload into this build (src/client/browserApi.ts applyUpdate).
    event.stopImmediatePropagation();
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (event.data !== 'CLIENT_CLOSED') return;
  event.stopImmediatePropagation();
  const clientId = event.source && event.source.id;
  if (clientId) activeClientIds.delete(clientId);
});

importScripts('./mockServiceWorker.js');
