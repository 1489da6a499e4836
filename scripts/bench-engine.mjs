// `node scripts/bench-engine.mjs [--before <dir>] [--rounds N] [--quick] [--json] [--cpu]`: the engine rows
// E1, E2 and E3 alone, and — with `--before <dir>`, a checkout of an earlier build (its own
// node_modules) — the same rows of that build, measured side by side: each round runs the earlier
// build and this one in processes of their own, one after the other (order alternating), so a slow
// minute on a shared machine weighs on both. Each side is bundled from its own `src/bench` with
// esbuild (never through tsx, see TOOLCHAIN.md) and runs under `--expose-gc` (E3 reads retained
// memory between forced collections). Prints per-round figures, medians and the ratios new/old; the
// ledger hash of E1 must be the same on both sides, or the script fails.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const before = value('--before');
const rounds = Number(value('--rounds') ?? 3);
const quick = args.includes('--quick');
const json = args.includes('--json');
// `--cpu`: E1 and E2 timed in CPU time of the process (all its threads, the collector's included)
// rather than wall time — on a machine loaded past its cores, wall time mostly measures the wait.
const cpuClock = args.includes('--cpu');

/** The runner of one side: E3 first (on a clean heap), then E1 and E2, as `flowledger bench` runs them. */
const RUNNER = (dir) => `
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { runEngineBench } from ${JSON.stringify(join(dir, 'src/bench/engine.ts'))};
import { runMemoryBench, runScaleBench } from ${JSON.stringify(join(dir, 'src/bench/scale.ts'))};
const quick = process.argv.includes('--quick');
const cpu = process.argv.includes('--cpu');
const now = cpu ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();
const gc = () => globalThis.gc();
const memory = () => { const m = process.memoryUsage(); return { heap: m.heapUsed, external: m.external }; };
const nodeSha256 = () => { const h = createHash('sha256'); return { update(t) { h.update(t, 'utf8'); }, digestHex() { return h.copy().digest('hex'); } }; };
const E3 = runMemoryBench({ now, gc, memory, quick });
const E1 = runEngineBench({ now, quick, hasher: nodeSha256 });
const E2 = runScaleBench({ now, gc, memory, quick });
process.stdout.write(JSON.stringify({ E1, E2, E3 }));
`;

const work = mkdtempSync(join(tmpdir(), 'bench-engine-'));

async function bundle(dir, name) {
  const entry = join(work, `${name}-entry.mjs`);
  writeFileSync(entry, RUNNER(resolve(dir)));
  const outfile = join(work, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    nodePaths: [join(resolve(dir), 'node_modules')],
  });
  return outfile;
}

function runSide(file) {
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', file, ...(quick ? ['--quick'] : []), ...(cpuClock ? ['--cpu'] : [])],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (r.status !== 0) throw new Error(`${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pick = (r) => ({
  e1: r.E1.eventsPerSecond,
  e2: r.E2.perEventRatio,
  e3: r.E3.bytesPerEvent,
  e3heap: r.E3.heapBytesPerEvent,
  e3buffers: r.E3.externalBytesPerEvent,
  large: r.E2.large.nsPerEvent ?? null,
  hash: r.E1.ledgerHash,
});

try {
  const sides = [{ name: 'new', file: await bundle(root, 'new'), results: [] }];
  if (before) sides.unshift({ name: 'old', file: await bundle(before, 'old'), results: [] });
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const res = pick(runSide(side.file));
      side.results.push(res);
      process.stderr.write(`round ${r + 1} ${side.name}: ${JSON.stringify(res)} (load ${loadAvg()})\n`);
    }
  }
  const summary = {};
  for (const side of sides) {
    summary[side.name] = {
      e1: med(side.results.map((x) => x.e1)),
      e2: med(side.results.map((x) => x.e2)),
      e3: med(side.results.map((x) => x.e3)),
      e3heap: med(side.results.map((x) => x.e3heap)),
      e3buffers: med(side.results.map((x) => x.e3buffers)),
      hash: side.results[0].hash,
      rounds: side.results,
    };
  }
  if (summary.old) {
    if (summary.old.hash !== summary.new.hash)
      throw new Error(`E1 ledger hash differs: before ${summary.old.hash}, now ${summary.new.hash}`);
    summary.ratio = {
      e1: summary.new.e1 / summary.old.e1,
      e2: summary.new.e2 / summary.old.e2,
      e3: summary.new.e3 / summary.old.e3,
    };
  }
  if (json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    for (const side of sides) {
      const s = summary[side.name];
      process.stdout.write(
        `${side.name}: E1 ${Math.round(s.e1).toLocaleString('en')} events/s, E2 ${s.e2}×, E3 ${s.e3} bytes/event (heap ${s.e3heap}, array buffers ${s.e3buffers}) — medians of ${rounds}\n`,
      );
    }
    if (summary.ratio)
      process.stdout.write(
        `new/old: E1 ${summary.ratio.e1.toFixed(2)}, E2 ${summary.ratio.e2.toFixed(2)}, E3 ${summary.ratio.e3.toFixed(2)}; E1 ledger hash the same (${summary.new.hash})\n`,
      );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

function loadAvg() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
}
