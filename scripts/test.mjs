// `npm test`: everything that proves the project works, in one command.
//   1. the command-line bundle (CLI tests run it as users do)
//   2. type checks of every layer, the layer rules (dependency-cruiser, scripts/lint-deps.mjs), the
//      format check (Prettier) and the production build, two at a time
//   3. unit and contract tests (vitest, Node; GNU parallel, installed via apt when missing, drives
//      the sharded-run test); among them the npm package's test (tests/unit/package/pack.test.ts:
//      `npm pack`, installed into a fresh project, publint, attw and the size budgets)
//   4. the production build's first-screen download budget (scripts/check-budget.mjs), then
//      end-to-end tests (Playwright in Debian's Chromium, installed via apt when missing)
// It ends with one line summing every runner: `tests: N passed, N failed`.
// Options: --only types|unit|e2e (repeatable) runs a subset.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumVersion, ensureChromium } from './chromium.mjs';
import { ensureParallel } from './parallel.mjs';
import { freePort } from './ports.mjs';
import { PROJECTS } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = `${root}.test-results`;
const only = process.argv.flatMap((a, i, all) => (all[i - 1] === '--only' ? [a] : []));
const wants = (part) => only.length === 0 || only.includes(part);

const tally = { passed: 0, failed: 0 };
const failures = [];

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...extraEnv },
  });
  return r.status ?? 1;
}

/** How many of the independent checks run at once. */
const CHECKS_AT_ONCE = 2;

/**
 * Not pure: runs `jobs` ({cmd}) with at most `atOnce` processes at a time; resolves, in the jobs'
 * order, to {ok, output, ms} for each (output: its stdout and stderr, interleaved as written).
 */
function runAll(jobs, atOnce) {
  const results = new Array(jobs.length);
  let next = 0;
  const one = (job) =>
    new Promise((resolve) => {
      const started = performance.now();
      const chunks = [];
      const child = spawn(job.cmd[0], job.cmd.slice(1), {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
      child.on('close', (code) =>
        resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
      );
    });
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await one(jobs[i]);
    }
  };
  return Promise.all(Array.from({ length: Math.min(atOnce, jobs.length) }, lane)).then(() => results);
}

function heading(text) {
  process.stdout.write(`\n── ${text} ${'─'.repeat(Math.max(0, 70 - text.length))}\n`);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** `git status --porcelain`, or null outside a git checkout (an unpacked release, say). */
function treeStatus() {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout : null;
}
// The suite must leave the checkout as it found it (a clean clone stays clean): compared at the end.
const treeBefore = treeStatus();

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

heading('command-line bundle');
if (run('node', ['scripts/build-cli.mjs']) !== 0) {
  tally.failed++;
  failures.push('building the command line (scripts/build-cli.mjs)');
}

// The checks that need no test runner — each type-check project, the layer rules, the format check
// and, when the end-to-end tests are wanted, the production build — are independent processes, each
// mostly on one core: they run two at a time (the machines have two cores or more), their output held
// and printed whole, in this order, as each finishes.
const checks = [];
if (wants('types')) {
  for (const { name, cmd } of PROJECTS)
    checks.push({ title: `typecheck ${name}`, cmd: ['npx', '--no-install', ...cmd], failure: `typecheck ${name}` });
  checks.push({
    title: 'layer rules (dependency-cruiser)',
    cmd: ['node', 'scripts/lint-deps.mjs'],
    failure: 'layer rules: see `npm run lint:deps`',
  });
  checks.push({
    title: 'format (prettier --check)',
    cmd: ['npx', '--no-install', 'prettier', '--check', '--log-level', 'warn', '.'],
    failure: 'format: run `npm run format`',
  });
}
// The build is not a counted test; its failure fails the run and skips the end-to-end tests.
const build = wants('e2e')
  ? { title: 'production build', cmd: ['npx', '--no-install', 'vite', 'build', '--logLevel', 'warn'], counted: false }
  : null;
if (build) checks.push(build);
if (checks.length > 0) {
  heading(
    `checks, ${CHECKS_AT_ONCE} at a time: ${checks.length - (build ? 1 : 0)} counted${build ? ' and the production build' : ''}`,
  );
  // The longest first (svelte-check, the tests' project, the build), so the two lanes end together.
  const longest = ['typecheck app (svelte-check)', 'typecheck tests', 'production build'];
  const order = checks.map((_, i) => i).sort((a, b) => rank(checks[a]) - rank(checks[b]));
  function rank(check) {
    const at = longest.indexOf(check.title);
    return at === -1 ? longest.length : at;
  }
  const ran = await runAll(
    order.map((i) => checks[i]),
    CHECKS_AT_ONCE,
  );
  const results = checks.map((_, i) => ran[order.indexOf(i)]);
  results.forEach((r, i) => {
    const check = checks[i];
    process.stdout.write(`${r.ok ? '✓' : '✗'} ${check.title} (${(r.ms / 1000).toFixed(1)} s)\n`);
    if (!r.ok || r.output.trim() !== '') process.stdout.write(`${r.output.trimEnd()}\n`);
    if (check.counted === false) return;
    if (r.ok) tally.passed++;
    else {
      tally.failed++;
      failures.push(check.failure);
    }
  });
  if (build) build.ok = results[checks.indexOf(build)].ok;
}

if (wants('unit')) {
  heading('unit and contract tests (vitest)');
  try {
    process.stdout.write(`GNU parallel: ${ensureParallel()}\n`);
  } catch (err) {
    // The sharding test that needs it then fails and says so; the rest of the suite still runs.
    process.stdout.write(`${err.message}\n`);
  }
  const out = `${resultsDir}/vitest.json`;
  const code = run('npx', [
    '--no-install',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests;
    if (report.numFailedTests > 0) failures.push(`${report.numFailedTests} vitest test(s)`);
    // A suite that fails to load has no failed tests but fails the run.
    if (code !== 0 && report.numFailedTests === 0) {
      tally.failed++;
      failures.push('vitest (a test file failed to load)');
    }
  } else {
    tally.failed++;
    failures.push('vitest (no report written)');
  }
}

if (wants('e2e')) {
  if (!build.ok) {
    tally.failed++;
    failures.push('vite build');
  } else {
    heading('first-screen download budget (scripts/check-budget.mjs)');
    if (run('node', ['scripts/check-budget.mjs']) === 0) tally.passed++;
    else {
      tally.failed++;
      failures.push('the first screen is over its download budget (scripts/check-budget.mjs)');
    }
    heading('end-to-end tests (Playwright, Debian Chromium)');
    let chromium = null;
    try {
      chromium = ensureChromium();
      process.stdout.write(`Chromium: ${chromium} — ${chromiumVersion(chromium)}\n`);
    } catch (err) {
      process.stderr.write(`\n${err.message}\n`);
      tally.failed++;
      failures.push('end-to-end tests: no Chromium');
    }
    if (chromium) {
      const out = `${resultsDir}/playwright.json`;
      // The tests' own servers listen on free ports, so `npm test` passes while `npm start` (4173)
      // or `npm run dev` (5173) is running, and two checkouts can test side by side.
      const ports = { E2E_PORT: String(await freePort()), E2E_DEV_PORT: String(await freePort()) };
      const code = run('npx', ['--no-install', 'playwright', 'test'], { CHROMIUM_PATH: chromium, ...ports });
      const report = readJson(out);
      if (report?.stats) {
        const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
        tally.passed += expected + flaky;
        tally.failed += unexpected;
        if (unexpected > 0) failures.push(`${unexpected} end-to-end test(s)`);
        if (code !== 0 && unexpected === 0) {
          tally.failed++;
          failures.push('playwright (run failed outside a test)');
        }
      } else {
        tally.failed++;
        failures.push('playwright (no report written)');
      }
    }
  }
}

if (treeBefore !== null) {
  heading('the checkout is as the suite found it (git status)');
  const treeAfter = treeStatus();
  if (treeAfter === treeBefore) {
    tally.passed++;
    process.stdout.write(treeAfter === '' ? 'clean\n' : 'unchanged (it was not clean before the run)\n');
  } else {
    tally.failed++;
    failures.push('the suite changed files of the checkout (git status differs; see above)');
    process.stdout.write(`before:\n${treeBefore || '(clean)\n'}after:\n${treeAfter}`);
  }
}

if (existsSync(resultsDir)) {
  heading('summary');
  if (failures.length) process.stdout.write(`failed: ${failures.join('; ')}\n`);
}
process.stdout.write(`tests: ${tally.passed} passed, ${tally.failed} failed\n`);
process.exitCode = tally.failed === 0 ? 0 : 1;
