// `npm run bench -- --first-screen [--before <dist>] [--runs N] [--no-build]`: the first-screen rows
// of docs/benchmarks.md (issue 22), between the `bench:first-screen` markers — F1–F3 on a first
// visit (scripts/bench-first-load.mjs) and Lighthouse 12 on the app and the embeddable player
// (scripts/bench-lighthouse.mjs). `--before` names the dist/ of an earlier build, measured in the
// same run beside this one (e.g. the build before issue 22:
//   git archive 0420674 | tar -x -C /tmp/old-fl && ln -s "$PWD/node_modules" /tmp/old-fl/ &&
//   (cd /tmp/old-fl && npx vite build)   → --before /tmp/old-fl/dist).
// A full `npm run bench` runs these rows too.
import { spawnSync } from 'node:child_process';
import { cpus, platform, release } from 'node:os';
import { join } from 'node:path';
import { firstLoad } from './check-budget.mjs';
import { measureFirstLoad, preview } from './bench-first-load.mjs';
import { lighthouseOf } from './bench-lighthouse.mjs';
import { chromiumVersion, ensureChromium } from './chromium.mjs';

export const START = '<!-- bench:first-screen:start -->';
export const END = '<!-- bench:first-screen:end -->';

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/** Not pure: measures the rows; answers the markdown block (markers included). */
export async function firstScreenBlock(root, args, log) {
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const runs = Number(option('--runs', '5'));
  const before = option('--before', null);
  if (!args.includes('--no-build')) {
    log('building the app…');
    const r = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const chromePath = ensureChromium(log);
  const dist = join(root, 'dist');
  const builds = [{ label: 'this build', dist }, ...(before ? [{ label: 'before', dist: before }] : [])];
  log(`F1/F2: ${runs} first visits of each build…`);
  const visits = await measureFirstLoad(root, builds, { runs, executablePath: chromePath, log });
  const budget = firstLoad(dist, 'index.html');
  const embedBudget = firstLoad(dist, 'embed.html');

  log('Lighthouse 12: the app and the embeddable player…');
  const pages = [
    { id: 'L1', what: "the app's first screen", path: '' },
    { id: 'L2', what: 'the embeddable player (order pipeline)', path: 'embed.html?src=examples/order-pipeline.json' },
  ];
  const lh = {};
  for (const b of builds) {
    const server = await preview(root, b.dist);
    try {
      for (const p of pages)
        lh[`${p.id}/${b.label}`] = await lighthouseOf(`${server.url}${p.path}`, chromePath, {
          runs: b.label === 'this build' ? 3 : 1,
          log,
        });
    } finally {
      server.stop();
    }
  }

  const now = visits['this build'];
  const old = visits.before;
  const beside = (mine, theirs, unit = ' ms') =>
    `**${mine.toLocaleString('en-US')}${unit}**${theirs === undefined ? '' : ` (before: ${theirs.toLocaleString('en-US')}${unit})`}`;
  const pass = (ok) => (ok ? 'pass' : 'FAIL');
  const rows = [
    `| F1 | first contentful paint, first visit (fresh context), median of ${runs} | ${beside(now.fcp, old?.fcp)}; runs ${now.fcpRuns.join(', ')} ms${old ? ` (before: ${old.fcpRuns.join(', ')} ms)` : ''} | ≤ 1,000 ms | ${pass(now.fcp <= 1000)} |`,
    `| F2 | template list usable, first visit: its first link drawn, median of ${runs} | ${beside(now.list, old?.list)}; a template opened from it (Step button shown) at ${now.opened.toLocaleString('en-US')} ms${old ? ` (before: ${old.opened.toLocaleString('en-US')} ms)` : ''} | ≤ 1,500 ms | ${pass(now.list <= 1500)} |`,
    `| F3 | gzipped JavaScript before the first screen (the page's module script and its static imports; scripts/check-budget.mjs) | **${kb(budget.gzip)}**, the embed ${kb(embedBudget.gzip)}${old ? ` (before: ${kb(old.jsGzip)} + the engine worker ${kb(old.engineWorkerGzip)}, started before the list)` : ''} | ≤ 250 KB | ${pass(budget.gzip <= 250_000)} |`,
  ];
  for (const p of pages) {
    const r = lh[`${p.id}/this build`];
    const o = lh[`${p.id}/before`];
    const ok = r.performance >= 90 && r.accessibility === 100;
    rows.push(
      `| ${p.id} | Lighthouse ${r.lighthouse}, ${p.what}, mobile defaults (simulated throttling) | **performance ${r.performance}** (runs ${r.performanceRuns.join(', ')}), **accessibility ${r.accessibility}**, best practices ${r.bestPractices}; FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms; ${kb(r.transferredBytes)} transferred${r.failingAudits.length ? `; not passed: ${r.failingAudits.join(', ')}` : ''}${o ? ` (before: performance ${o.performance}, accessibility ${o.accessibility}, best practices ${o.bestPractices}; FCP ${o.fcpMs} ms, LCP ${o.lcpMs} ms, TBT ${o.tbtMs} ms; ${kb(o.transferredBytes)})` : ''} | performance ≥ 90, accessibility 100 | ${pass(ok)} |`,
    );
  }
  const cpu =
    cpus()[0]
      ?.model.replace(/\s+\d+-Core Processor$/, '')
      .trim() ?? 'unknown CPU';
  return [
    START,
    `Measured ${new Date().toISOString()} on ${cpu} (${cpus().length} cores), ${platform()} ${release()}, Node ${process.version}, ${chromiumVersion(chromePath)}, headless${old ? '; "before" is the build of commit 0420674, measured in the same run, visits alternating' : ''}.`,
    '',
    '| id | measure | result | target | |',
    '|---|---|---|---|---|',
    ...rows,
    END,
  ].join('\n');
}
