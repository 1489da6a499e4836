import type { Plugin } from 'vite';
/** The built app's service worker file name, beside index.html. */
export const SERVICE_WORKER_FILE: string;
/** Vite plugin writing `sw.js` (offline app shell + CSP header + Mock Service Worker) after the build. */
export function appShell(options: { csp: string; copy?: { from: string; to: string; ext: string }[] }): Plugin;
