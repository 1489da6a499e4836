// `npm run bench -- --before <dir> [--only e1,e2,e3,e7] [--rounds N] [--quick]`: the engine rows E1,
// E2, E3 and E7 of this build and of an older one, side by side in one run (issue 46).
//
// <dir> holds the older build's source tree — `git worktree add <dir> <commit>`, or
// `git archive <commit> | tar -x -C <dir>` (no node_modules needed: packages resolve from this
// checkout's). The measuring code is this build's (src/cli/benchEngineRow.ts and the src/bench
// modules it runs, unchanged: E1–E3 measure exactly as in `npm run bench`); esbuild bundles it twice,
// once with this tree's src/engine and once with every import of src/engine resolved in <dir>
// instead, so the two bundles differ in the engine only. Each row then runs in a process of its own
// (`node --expose-gc`, so E3's collections and E7's peak RSS are that process's), the two builds
// interleaved — in each round the order alternates (before, after; then after, before) so a slow
// minute on a shared machine weighs on both — and the table gives both figures and after / before
// (the median of the rounds' ratios). The load average is printed before each run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROWS = ['e1', 'e2', 'e3', 'e7'];

/** The headline figure of each row, how to print it, and whether more is better. */
const HEADLINE = {
  E1: { label: 'events/s (median run)', get: (r) => r.eventsPerSecond, fmt: int, higher: true },
  E2: {
    label: 'per-event time, 1 M over 10 k events',
    get: (r) => r.perEventRatio,
    fmt: (x) => `${x}×`,
    higher: false,
  },
  E3: { label: 'bytes retained per event', get: (r) => r.bytesPerEvent, fmt: (x) => `${x} B`, higher: false },
  E7: {
    label: 'run to the end (10 M events; quick: 200,000)',
    get: (r) => r.runMs,
    fmt: (x) => `${int(x)} ms`,
    higher: false,
  },
  E7rss: {
    label: 'E7 peak RSS',
    get: (r) => r.peakRssBytes,
    fmt: (x) => `${(x / 1048576).toFixed(1)} MiB`,
    higher: false,
  },
};

/**
 * Not pure (builds, runs processes for minutes): the side-by-side table as Markdown. `args` are the
 * command-line arguments of scripts/bench.mjs.
 */
export async function beforeAfter(root, args, log) {
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const before = resolve(option('--before'));
  if (!existsSync(join(before, 'src', 'engine', 'index.ts'))) {
    throw new Error(
      `--before ${before}: expected an older checkout there (its src/engine/index.ts); make one with \`git worktree add ${before} <commit>\` or \`git archive <commit> | tar -x -C ${before}\``,
    );
  }
  const rows = option('--only', ROWS.join(','))
    .toLowerCase()
    .split(',')
    .filter((r) => r !== '');
  const unknown = rows.filter((r) => !ROWS.includes(r));
  if (unknown.length > 0)
    throw new Error(`--before runs the engine rows ${ROWS.join(', ')}; not ${unknown.join(', ')}`);
  const rounds = Number(option('--rounds', '1'));
  const quick = args.includes('--quick');

  const dir = mkdtempSync(join(tmpdir(), 'flowledger-before-'));
  const after = join(dir, 'after.mjs');
  const old = join(dir, 'before.mjs');
  log('bundling the engine rows with this build’s engine and with the older one…');
  await bundle(root, after, null);
  await bundle(root, old, before);

  const results = { before: {}, after: {} };
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, row] of rows.entries()) {
      // Alternate who goes first, row by row and round by round.
      const order = (i + round) % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      for (const side of order) {
        const load = loadavg()[0].toFixed(1);
        loads.push(Number(load));
        log(`${row.toUpperCase()} ${side} (round ${round + 1} of ${rounds}; load average ${load})…`);
        const r = spawnSync(
          process.execPath,
          ['--expose-gc', side === 'after' ? after : old, row.toUpperCase(), ...(quick ? ['--quick'] : [])],
          { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
        );
        const out = r.status === 0 ? JSON.parse(r.stdout).result : { failed: failure(r) };
        (results[side][row.toUpperCase()] ??= []).push(out);
      }
    }
  }

  const lines = [
    `Side by side, ${new Date().toISOString()}: this build (after) and ${before} (before), ${rounds} round(s)${quick ? ', quick sizes' : ''}; load average ${Math.min(...loads)}–${Math.max(...loads)} on the 1-minute average before each run.`,
    '',
    '| row | measure | before | after | after / before |',
    '|---|---|---|---|---|',
  ];
  for (const row of rows.map((r) => r.toUpperCase())) {
    const keys = row === 'E7' ? ['E7', 'E7rss'] : [row];
    for (const key of keys) {
      const h = HEADLINE[key];
      const b = results.before[row];
      const a = results.after[row];
      const cell = (runs) => runs.map((r) => (r.failed ? `failed: ${r.failed}` : h.fmt(h.get(r)))).join(', ');
      const ratios = b
        .map((rb, k) => (rb.failed || a[k].failed ? null : h.get(a[k]) / h.get(rb)))
        .filter((x) => x !== null);
      const ratio =
        ratios.length === 0
          ? '—'
          : `**${median(ratios).toFixed(2)}×**${h.higher ? ' (more is better)' : ' (less is better)'}`;
      lines.push(`| ${row} | ${h.label} | ${cell(b)} | ${cell(a)} | ${ratio} |`);
    }
  }
  lines.push('');
  rmSync(dir, { recursive: true, force: true });
  return { table: lines.join('\n'), results };
}

/** Not pure (writes `outfile`): src/cli/benchEngineRow.ts bundled, with src/engine taken from `engineRoot` when given. */
async function bundle(root, outfile, engineRoot) {
  const ours = join(root, 'src', 'engine');
  const redirect = {
    name: 'engine-of-another-build',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.redirected || args.kind === 'entry-point') return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { redirected: true },
        });
        if (r.errors.length > 0 || !r.path.startsWith(`${ours}/`)) return r.errors.length > 0 ? undefined : r;
        return { path: join(engineRoot, 'src', 'engine', r.path.slice(ours.length + 1)) };
      });
    },
  };
  await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/benchEngineRow.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
    // The older tree may have no node_modules of its own.
    nodePaths: [join(root, 'node_modules')],
    plugins: engineRoot === null ? [] : [redirect],
  });
}

/** What went wrong in a child process, in one line (the last line of its stderr; a signal; the status). */
function failure(r) {
  const last = (r.stderr ?? '').trim().split('\n').filter(Boolean).slice(-2).join(' / ');
  return `${r.signal ? `killed by ${r.signal}` : `exit ${r.status}`}${last ? `: ${last.slice(0, 300)}` : ''}`;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function int(x) {
  return Math.round(x).toLocaleString('en-US');
}
