import { mount } from 'svelte';
import { apiBaseUrl, startApi } from './api/browser';
import { EngineAPIService } from './client/EngineAPIService';
import App from './ui/app/App.svelte';
import { explainStartup } from './ui/state/explain';
import './ui/styles/global.css';

/**
 * The page's automation handle, `window.flowledger`: the app's own API client, for pages that embed
 * Flowledger and for scripts driving it (e.g. `await flowledger.api.listTemplates()`). Set once the
 * in-browser API answers.
 */
export interface FlowledgerHandle {
  api: EngineAPIService;
}

declare global {
  interface Window {
    flowledger?: FlowledgerHandle;
  }
}

const target = document.getElementById('app');
if (!target) throw new Error('Flowledger: the page has no #app element to mount into');

// The API (service worker + engine worker) must answer before the app asks it anything.
let startupError: string | null = null;
try {
  await startApi();
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  startupError = explainStartup({
    hasServiceWorker: 'serviceWorker' in navigator,
    secureContext: window.isSecureContext,
    message,
  });
  console.error(`The in-browser API could not start: ${message}`);
}

const api = new EngineAPIService({ baseUrl: apiBaseUrl() });
if (startupError === null) window.flowledger = { api };

mount(App, { target, props: { api, startupError } });
