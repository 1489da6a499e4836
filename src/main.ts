import { mount } from 'svelte';
import { apiBaseUrl, applyUpdate, startApi, watchForUpdate } from './api/browser';
import { EngineAPIService } from './client/EngineAPIService';
import { inPageTransport } from './client/transport';
import App from './ui/app/App.svelte';
import { UpdatePrompt } from './ui/components/UpdatePrompt';
import { explainStartup } from './ui/state/explain';
import './ui/styles/global.css';

/**
 * The page's automation handle, `window.flowledger`: the app's own API client, for pages that embed
 * Flowledger and for scripts driving it (e.g. `await flowledger.api.listTemplates()`). Set once the
 * in-browser API answers. `api` answers in the page (the UI's fast path); `fetchApi` is the same
 * client over real `fetch`, through the service worker, as any outside client reaches the API.
 */
export interface FlowledgerHandle {
  api: EngineAPIService;
  fetchApi: EngineAPIService;
}

declare global {
  interface Window {
    flowledger?: FlowledgerHandle;
  }
}

const target = document.getElementById('app');
if (!target) throw new Error('Flowledger: the page has no #app element to mount into');

// The service worker this page was loaded under, if any: a different one later means a new deploy.
const initialWorker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;

// The API (service worker + engine worker) must answer before the app asks it anything.
let startupError: string | null = null;
let handlers: Awaited<ReturnType<typeof startApi>> = [];
try {
  handlers = await startApi();
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  startupError = explainStartup({
    hasServiceWorker: 'serviceWorker' in navigator,
    secureContext: window.isSecureContext,
    message,
  });
  console.error(`The in-browser API could not start: ${message}`);
}

// The page's own UI runs the very same handlers in-page; outside clients go through the service worker.
const fetchApi = new EngineAPIService({ baseUrl: apiBaseUrl() });
const api =
  startupError === null
    ? new EngineAPIService({ baseUrl: apiBaseUrl(), transport: inPageTransport(handlers) })
    : fetchApi;
if (startupError === null) window.flowledger = { api, fetchApi };

mount(App, { target, props: { api, startupError } });

// A new deploy taking over this page: offer a reload (the page runs the old build until then).
if (startupError === null) {
  watchForUpdate(initialWorker, () => {
    const host = document.body.appendChild(document.createElement('div'));
    mount(UpdatePrompt, { target: host, props: { onReload: () => void applyUpdate() } });
  });
}
