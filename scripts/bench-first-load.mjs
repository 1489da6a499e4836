// The first second of a first visit (issue 22), measured in Debian's Chromium on built apps: for
// each build (this one, and optionally the one before, to show both side by side in one run), a
// fresh browser context per visit (nothing cached, no service worker), and on the page's own clock:
//   F1  first contentful paint;
//   F2  the template list usable: the first template's link in the list, and the list answering a
//       click on it with the workspace (the graph's Step button);
//   F3  the gzipped JavaScript the page's HTML loads before its first screen (its module script and
//       the modulepreloads Vite writes for every static import), with the engine worker when the
//       build starts it before the list (the build before this issue did).
// Visits alternate between the builds, so load from elsewhere on the machine falls on both.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './ports.mjs';

export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Not pure: serves the built app in `dist` with `vite preview` (the project's policy headers); resolves with its URL and a stop. */
export async function preview(root, dist) {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--outDir',
      dist,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => server.kill('SIGTERM') };
}

/** Pure over the files it reads: the gzipped bytes of the JavaScript `dist/index.html` loads first. */
export function firstScreenJs(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script type="module"[^>]*src="\.\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/([^"]+)"/g),
  ].map((m) => m[1]);
  return files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
}

/** Not pure: one first visit of `url` in a fresh context; the page's timings in ms. */
async function visit(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const marks = {};
    window.__firstLoad = marks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    navigator.serviceWorker?.addEventListener('controllerchange', () => (marks.controller ??= performance.now()));
    const watcher = new MutationObserver(() => {
      if (document.querySelector('nav[aria-label="Templates"] a[href]')) {
        marks.list = performance.now();
        watcher.disconnect();
      }
    });
    watcher.observe(document, { childList: true, subtree: true });
  });
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(url);
  const link = page.getByRole('navigation', { name: 'Templates' }).getByRole('link').first();
  await link.waitFor({ timeout: 60_000 });
  const engineBeforeList = workers.some((w) => /engine\.worker/.test(w));
  await link.click();
  await page.getByRole('button', { name: 'Step', exact: true }).waitFor({ timeout: 60_000 });
  const usable = await page.evaluate(() => performance.now());
  const marks = await page.evaluate(() => window.__firstLoad);
  await context.close();
  return { fcp: marks.fcp, list: marks.list, opened: usable, controller: marks.controller ?? null, engineBeforeList };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Not pure: measures F1–F3 for each build of `builds` ({label, dist}), `runs` first visits each,
 * alternating. Answers {label: {fcp, list, opened, runs, jsGzip, engineWorkerGzip}} (medians, ms).
 */
export async function measureFirstLoad(root, builds, { runs = 5, executablePath, log = () => undefined } = {}) {
  const servers = [];
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    for (const b of builds) servers.push({ ...b, ...(await preview(root, b.dist)), visits: [] });
    // One visit each first, not counted: the server's own first answers.
    for (const s of servers) await visit(browser, s.url);
    for (let i = 0; i < runs; i++)
      for (const s of servers) {
        const v = await visit(browser, s.url);
        log(
          `  ${s.label}: FCP ${Math.round(v.fcp)} ms, list ${Math.round(v.list)} ms, opened ${Math.round(v.opened)} ms`,
        );
        s.visits.push(v);
      }
  } finally {
    await browser.close();
    for (const s of servers) s.stop();
  }
  const out = {};
  for (const s of servers) {
    const worker = engineWorkerGzip(s.dist);
    const engineBeforeList = s.visits.every((v) => v.engineBeforeList);
    out[s.label] = {
      fcp: Math.round(median(s.visits.map((v) => v.fcp))),
      list: Math.round(median(s.visits.map((v) => v.list))),
      opened: Math.round(median(s.visits.map((v) => v.opened))),
      fcpRuns: s.visits.map((v) => Math.round(v.fcp)),
      listRuns: s.visits.map((v) => Math.round(v.list)),
      jsGzip: firstScreenJs(s.dist),
      engineBeforeList,
      engineWorkerGzip: worker,
    };
  }
  return out;
}

/** Pure over the files it reads: the gzipped size of the build's engine worker script. */
function engineWorkerGzip(dist) {
  const assets = join(dist, 'assets');
  const name = readFileSync(join(dist, 'sw.js'), 'utf8').match(/assets\/(engine\.worker-[^"]+\.js)/)?.[1];
  return name ? gzipSync(readFileSync(join(assets, name)), { level: 9 }).length : 0;
}
