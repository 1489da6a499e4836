// The app page's entry. It paints first: the frame (top bar, template list area) is already on
// screen from index.html's own markup and inline styles, the app mounts at once on the in-page
// transport (whose handlers load in the background), and the service worker — which serves outside
// clients and offline use, not the UI — is registered only after the first paint.
import { mount } from 'svelte';
import {
  apiBaseUrl,
  apiHandlers,
  applyUpdate,
  pageProfiles,
  precacheBuild,
  startServiceWorker,
  watchForUpdate,
} from './client/browserApi';
import { appEngine } from './client/appEngine';
import { EngineAPIService } from './client/EngineAPIService';
import { PageClient } from './client/runClient';
import { isCompatProfile, type CompatProfile, type SettingsAnswer } from './contract/settings';
import { deferredInPageTransport, fetchTransport } from './client/transport';
import App from './ui/app/App.svelte';
import { explainStartup } from './ui/state/shell/explain';
import './ui/styles/global.css';

/**
 * The page's automation handle, `window.flowledger`: the app's own API client, for pages that embed
 * Flowledger and for scripts driving it (e.g. `await flowledger.api.listTemplates()`). Set once the
 * service worker controls the page and keeps the build for offline use. `api` answers in the page
 * (the UI's fast path); `fetchApi` is the same client over real `fetch`, through the service worker,
 * as any outside client reaches the API.
 */
export interface FlowledgerHandle {
  api: EngineAPIService;
  fetchApi: EngineAPIService;
  /** The profile `/api` answers outside clients in on this page, and where it comes from (`page` or `store`). */
  getCompat(): Promise<SettingsAnswer>;
  /**
   * Chooses the profile: stored for every page of the site (default), or with `{page: true}` for
   * this page only, as `?compat=pled` does. `pled` serves the original tool's client unchanged.
   */
  setCompat(profile: CompatProfile, options?: { page?: boolean }): Promise<SettingsAnswer>;
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

// The compatibility profile this page chose in its address (`?compat=pled`), over the stored setting.
const profiles = pageProfiles(location.search);
// The API's handlers load now, beside the app's first render; the page's client waits for them.
// The run view's gestures (open, New run, Step, a seek, Run to end) go straight to the engine
// worker, one Comlink call each (`api.runs`); the other reads answer in the page over the handlers.
const handlers = apiHandlers({ profiles });
const api = new PageClient({ baseUrl: apiBaseUrl(), transport: deferredInPageTransport(handlers) }, appEngine);

// Outside clients go through the service worker: requests made on `fetchApi` wait until it is in
// control, and fail with what to do when it cannot start.
const serviceWorker = afterFirstPaint().then(async () => {
  await startServiceWorker(await handlers);
  // On a first visit the engine worker started before the service worker, so past the
  // Content-Security-Policy header it serves: it is replaced at its first idle moment. Meanwhile the
  // service worker keeps the whole build for offline use.
  await Promise.all([initialWorker === null ? appEngine.renew() : undefined, precacheBuild()]);
});
serviceWorker.catch(() => undefined);
const fetchApi = new EngineAPIService({
  baseUrl: apiBaseUrl(),
  transport: async (request) => {
    await serviceWorker.catch((err: unknown) => {
      throw new Error(explainServiceWorker(err));
    });
    return fetchTransport()(request);
  },
});

// Svelte replaces the skeleton index.html painted.
target.replaceChildren();
mount(App, { target, props: { api, startupError: null } });

serviceWorker.then(
  () => {
    window.flowledger = {
      api,
      fetchApi,
      getCompat: () => api.getSettings(),
      async setCompat(profile, options = {}) {
        if (!isCompatProfile(profile))
          throw new TypeError(`setCompat: "${String(profile)}" is not a profile (default, pled)`);
        if (!options.page) return api.updateSettings({ compat: profile });
        profiles.setPage(profile);
        return api.getSettings();
      },
    };
    // A new deploy taking over this page: offer a reload (the page runs the old build until then).
    watchForUpdate(initialWorker, () => {
      void import('./ui/components/UpdatePrompt').then(({ UpdatePrompt }) => {
        const host = document.body.appendChild(document.createElement('div'));
        mount(UpdatePrompt, { target: host, props: { onReload: () => void applyUpdate() } });
      });
    });
  },
  // The page's own UI runs without it; only outside clients and offline use need it.
  (err: unknown) => console.warn(`The service worker could not start: ${explainServiceWorker(err)}`),
);

/** Not pure: why the service worker could not start, in words, with what to do. */
function explainServiceWorker(err: unknown): string {
  return explainStartup({
    hasServiceWorker: 'serviceWorker' in navigator,
    secureContext: window.isSecureContext,
    message: err instanceof Error ? err.message : String(err),
  });
}

/**
 * Not pure: resolves once the browser has painted a frame after this point (two animation frames),
 * or after a second in a tab that is not drawn (a background tab gets no animation frames).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 1000);
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}
