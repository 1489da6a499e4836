import { mount } from 'svelte';
import { apiBaseUrl, applyUpdate, pageProfiles, startApi, watchForUpdate } from './client/browserApi';
import { EngineAPIService } from './client/EngineAPIService';
import { isCompatProfile, type CompatProfile, type SettingsAnswer } from './contract/settings';
import { inPageTransport } from './client/transport';
import App from './ui/app/App.svelte';
import { UpdatePrompt } from './ui/components/UpdatePrompt';
import { explainStartup } from './ui/state/shell/explain';
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

// The API (service worker + engine worker) must answer before the app asks it anything.
let startupError: string | null = null;
let handlers: Awaited<ReturnType<typeof startApi>> = [];
// The compatibility profile this page chose in its address (`?compat=pled`), over the stored setting.
const profiles = pageProfiles(location.search);
try {
  handlers = await startApi({ profiles });
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
if (startupError === null) {
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
}

mount(App, { target, props: { api, startupError } });

// A new deploy taking over this page: offer a reload (the page runs the old build until then).
if (startupError === null) {
  watchForUpdate(initialWorker, () => {
    const host = document.body.appendChild(document.createElement('div'));
    mount(UpdatePrompt, { target: host, props: { onReload: () => void applyUpdate() } });
  });
}
