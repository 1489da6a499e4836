import { mount } from 'svelte';
import { apiBaseUrl, applyUpdate, startApi, watchForUpdate } from './api/browser';
import { EngineAPIService } from './client/EngineAPIService';
import AppShell from './ui/components/AppShell/AppShell.svelte';
import { UpdatePrompt } from './ui/components/UpdatePrompt';
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

// The service worker this page was loaded under, if any: a different one later means a new deploy.
const initialWorker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;

// The API (service worker + engine worker) must answer before the app asks it anything.
let startupError: string | null = null;
try {
  await startApi();
} catch (err) {
  startupError = `The in-browser API could not start: ${err instanceof Error ? err.message : String(err)}`;
  console.error(startupError);
}

const api = new EngineAPIService({ baseUrl: apiBaseUrl() });
if (startupError === null) window.flowledger = { api };

mount(AppShell, { target, props: { api, startupError } });

// A new deploy taking over this page: offer a reload (the page runs the old build until then).
if (startupError === null) {
  watchForUpdate(initialWorker, () => {
    const host = document.body.appendChild(document.createElement('div'));
    mount(UpdatePrompt, { target: host, props: { onReload: () => void applyUpdate() } });
  });
}
