// Lighthouse 12 on a built app's first screen and on its embeddable player (issue 22), in Debian's
// Chromium (chrome-launcher, with the end-to-end tests' flags): performance, accessibility and best
// practices scores, first contentful paint, largest contentful paint, total blocking time and the
// bytes transferred. Lighthouse's defaults: a mid-range phone, simulated throttling, storage cleared
// before the run (a first visit). Each page is measured `runs` times; the median performance run is
// reported.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BROWSER_ARGS } from './bench-first-load.mjs';

/** Not pure: one Lighthouse run of `url` on a fresh Chromium; the figures this bench keeps. */
async function audit(url, chromePath) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...BROWSER_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const lhr = result.lhr;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const num = (id) => lhr.audits[id]?.numericValue ?? null;
    const failing = (id) =>
      lhr.categories[id]?.auditRefs
        .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id) ?? [];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(num('first-contentful-paint')),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      transferredBytes: Math.round(num('total-byte-weight')),
      lighthouse: lhr.lighthouseVersion,
      failingAudits: [...failing('accessibility'), ...failing('best-practices')],
    };
  } finally {
    chrome.kill();
  }
}

/** Not pure: `runs` Lighthouse runs of `url`; the run with the median performance score. */
export async function lighthouseOf(url, chromePath, { runs = 3, log = () => undefined } = {}) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const r = await audit(url, chromePath);
    log(
      `  ${url}: performance ${r.performance}, accessibility ${r.accessibility}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms`,
    );
    all.push(r);
  }
  all.sort((a, b) => a.performance - b.performance);
  return { ...all[Math.floor(all.length / 2)], performanceRuns: all.map((r) => r.performance) };
}
