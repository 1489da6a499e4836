import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { visualizer } from 'rollup-plugin-visualizer';
import { appShell } from './scripts/vite-app-shell.mjs';

// The built page runs under a Content-Security-Policy without 'unsafe-eval': formulas go through our
// own evaluator, and no bundled dependency may compile code at run time. Only the build gets the
// policy; the dev server needs inline module scripts and a websocket for hot reload.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'flowledger-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  plugins: [
    svelte(),
    contentSecurityPolicy(),
    appShell({ csp: CSP, copy: [{ from: 'examples', to: 'examples', ext: '.json' }] }),
    // `ANALYZE=1 npx vite build`: a treemap of every chunk's modules, gzipped sizes included, in
    // .scratch/bundle-stats.html (outside dist/, so never published). scripts/check-budget.mjs is the
    // check; this is for finding what to split.
    ...(process.env.ANALYZE === '1'
      ? [visualizer({ filename: '.scratch/bundle-stats.html', gzipSize: true, template: 'treemap' }) as Plugin]
      : []),
  ],
  // Relative asset URLs so the static build works from any sub-path (docs sites, demos).
  base: './',
  worker: { format: 'es' },
  // The dependencies the page and the engine worker import, pre-bundled when the dev server starts:
  // otherwise Vite finds them on the first visit and reloads the page once it has bundled them.
  optimizeDeps: {
    include: [
      'comlink',
      'dexie',
      'msw',
      'msw/browser',
      'valibot',
      'pure-rand/generator/xoroshiro128plus',
      'pure-rand/distribution/uniformInt',
      'pure-rand/distribution/uniformFloat64',
      '@noble/hashes/sha2.js',
      '@noble/hashes/utils.js',
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each page loads first (scripts/check-budget.mjs reads it).
    manifest: true,
    // Two pages: the app, and the embeddable player for docs sites (embed.html).
    rolldownOptions: { input: { index: 'index.html', embed: 'embed.html' } },
  },
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true, headers: { 'Content-Security-Policy': CSP } },
});
