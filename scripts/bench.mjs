// `npm run bench`: builds the command line, runs `flowledger bench --json` on the bundle (never
// through tsx: see TOOLCHAIN.md) under `--expose-gc` (E3 measures retained memory between forced
// collections), with the ten Loghub-2k sets for P1/P3 when they are there (../shared/data/loghub),
// prints the results, and rewrites the results table in docs/benchmarks.md
// between the `bench:results` marker comments, with the machine and the date.
// S1/S2 (sharded runs) come from scripts/bench-shard.mjs, X2 (experiment replications) from
// scripts/bench-experiment.mjs. Then, unless --no-browser, the browser suite (scripts/bench-browser.mjs: B1–B3 and P2 in Debian's
// Chromium against the built app) adds its rows to the same table.
// Last, the first-screen rows (scripts/bench-first-screen.mjs: first visit and Lighthouse 12) go in
// their own table; `npm run bench -- --first-screen [--before <dist>]` runs only those.
// `npm run bench -- --quick` runs the smoke-sized benchmark and leaves docs/benchmarks.md alone;
// `npm run bench -- --parser` runs only the parser's rows (P1, P1u, P3, P3w) and prints them.
// E7 (a 10 M-event run to its end) runs in a process of its own after C1, so its peak RSS is its own;
// `npm run bench -- --only e7` runs it alone and `--only b8 [--no-build] [--b8-events N]` the
// browser's 5 M-event row B8 alone (both print their row and leave docs/benchmarks.md alone).
// `npm run bench -- --before <dir> [--only e1,e2,e3,e7] [--rounds N]` runs the engine rows of this
// build and of the older checkout in <dir> interleaved and prints both with their ratio
// (scripts/bench-before.mjs); nothing else runs and docs/benchmarks.md is left alone.
// `npm run bench -- --engine [--before <dir>] [--rounds N] [--cpu]` runs only E1–E3, side by side with an
// earlier build, optionally timed in process CPU time (scripts/bench-engine.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAfter } from './bench-before.mjs';
import { END as FS_END, START as FS_START, firstScreenBlock } from './bench-first-screen.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
const docPath = join(root, 'docs', 'benchmarks.md');
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Not pure: puts `block` (its own markers included) in place of the text between `start` and `end` in the doc. */
function writeBlock(start, end, block, after) {
  const doc = readFileSync(docPath, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  let next;
  if (from >= 0 && to > from) next = `${doc.slice(0, from)}${block}${doc.slice(to + end.length)}`;
  else {
    const at = doc.indexOf(after);
    next =
      at >= 0
        ? `${doc.slice(0, at + after.length)}\n\n${block}${doc.slice(at + after.length)}`
        : `${doc.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(docPath, next);
}

if (process.argv.includes('--first-screen')) {
  const block = await firstScreenBlock(root, process.argv.slice(2), (m) => process.stderr.write(`${m}\n`));
  process.stdout.write(`${block}\n`);
  writeBlock(FS_START, FS_END, block, END);
  process.stdout.write(`wrote ${docPath}\n`);
  process.exit(0);
}

// `npm run bench -- --engine [--before <dir>] [--rounds N] [--cpu]`: the engine rows E1–E3 alone, side by
// side with an earlier build's checkout (scripts/bench-engine.mjs); printed, docs/benchmarks.md left alone.
if (process.argv.includes('--engine')) {
  const args = process.argv.slice(2).filter((a) => a !== '--engine');
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'bench-engine.mjs'), ...args], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

if (process.argv.includes('--before')) {
  const { table } = await beforeAfter(root, process.argv.slice(2), (m) => process.stderr.write(`${m}\n`)).catch(
    (err) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    },
  );
  process.stdout.write(`${table}\n`);
  process.exit(0);
}

function run(args) {
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

// The ten Loghub-2k sets (P1, P3); without them P1 and P3 are reported as not run.
const loghub = [join(root, '..', 'shared', 'data', 'loghub')].find((dir) => existsSync(join(dir, 'Android')));

run(['scripts/build-cli.mjs']);

const onlyAlone = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]?.toLowerCase()
  : undefined;
if (onlyAlone !== undefined && onlyAlone !== 'e7' && onlyAlone !== 'b8') {
  process.stderr.write(`--only takes e7 or b8 (or, with --before, e1,e2,e3,e7), got "${onlyAlone}"\n`);
  process.exit(2);
}
// `npm run bench -- --only e7`: E7 alone, in a process of its own, its row printed.
if (onlyAlone === 'e7') {
  const e7 = e7Row();
  process.stdout.write(`| ${e7.id} | ${e7.workload} | ${e7.result} | ${e7.target} | ${e7.pass ? 'pass' : 'FAIL'} |\n`);
  process.exit(0);
}
// `npm run bench -- --only b8`: the browser's B8 alone (scripts/bench-browser.mjs builds the app first).
if (onlyAlone === 'b8') {
  // --no-build and --b8-events N (a smaller run, for a smoke test) go through to the browser suite.
  const through = process.argv.includes('--no-build') ? ['--no-build'] : [];
  if (process.argv.includes('--b8-events'))
    through.push('--b8-events', process.argv[process.argv.indexOf('--b8-events') + 1]);
  const browser = JSON.parse(run(['scripts/bench-browser.mjs', '--only', 'B8', ...through]));
  for (const r of browser.results)
    process.stdout.write(
      `| ${r.id} | ${r.measure} | ${browserResult(r)} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |\n`,
    );
  process.exit(0);
}

/**
 * Not pure (runs for minutes): E7 in a process of its own, with the load average before and after.
 * A run that dies (of memory, most likely) is a result too: the row says how and how far it got.
 */
function e7Row() {
  const load = () => loadavg()[0].toFixed(1);
  const from = load();
  process.stderr.write(`E7: 10 M events in a process of its own (load average ${from})…\n`);
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', 'bin/flowledger.mjs', 'bench', '--json', '--only', 'E7', ...(quick ? ['--quick'] : [])],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const loads = `load average ${from} before, ${load()} after`;
  if (r.status === 0) {
    const row = JSON.parse(r.stdout).rows[0];
    return { ...row, result: `${row.result}; ${loads}` };
  }
  const progress = (r.stderr ?? '').split('\n').filter((l) => l.startsWith('E7 {'));
  const last = progress.length > 0 ? JSON.parse(progress.at(-1).slice(3)) : null;
  const mib = (b) => (b / 1048576).toFixed(1);
  // V8's own words when it gives up ("FATAL ERROR: … JavaScript heap out of memory"), else the last line.
  const lines = (r.stderr ?? '').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('E7 {'));
  const why = (lines.find((l) => /FATAL ERROR|out of memory/i.test(l)) ?? lines.at(-1) ?? '').trim().slice(0, 200);
  return {
    id: 'E7',
    workload: 'run to end in Node, 6-node pipeline (E1) at 10 M ledger events: wall time, peak RSS, bytes per event',
    result: `**did not finish**: ${r.signal ? `killed by ${r.signal}` : `exit ${r.status}`}${last ? ` after ${last.events.toLocaleString('en-US')} events at step ${last.step.toLocaleString('en-US')} (${Math.round(last.ms).toLocaleString('en-US')} ms, RSS ${mib(last.rss)} MiB)` : ' before its first progress line'}${why ? ` (${why})` : ''}; ${loads}`,
    target: '10,000,000 events, peak RSS ≤ 2 GB',
    pass: false,
  };
}

// `npm run bench -- --parser [--quick]`: the parser's rows alone (P1 repeated and not, P1u, P3, P3w)
// from one run, printed as table rows; docs/benchmarks.md is left alone.
if (process.argv.includes('--parser')) {
  if (!loghub) {
    process.stderr.write('--parser needs the Loghub-2k sets in ../shared/data/loghub\n');
    process.exit(2);
  }
  const parser = JSON.parse(
    run([
      'bin/flowledger.mjs',
      'bench',
      '--json',
      '--only',
      'parser',
      '--loghub',
      loghub,
      ...(quick ? ['--quick'] : []),
    ]),
  );
  process.stdout.write(
    [
      `Measured ${parser.date} on ${parser.machine.cpu} (${parser.machine.cores} cores), Node ${parser.machine.node}${quick ? ' (quick sizes)' : ''}.`,
      '',
      '| id | workload | result | target | |',
      '|---|---|---|---|---|',
      ...parser.rows.map(
        (r) => `| ${r.id} | ${r.workload} | ${r.result} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`,
      ),
      '',
    ].join('\n'),
  );
  process.exit(0);
}

const report = JSON.parse(
  run([
    '--expose-gc',
    'bin/flowledger.mjs',
    'bench',
    '--json',
    ...(quick ? ['--quick'] : []),
    ...(loghub ? ['--loghub', loghub] : []),
  ]),
);

// C1 (comparing two 1 M-event runs) holds three runs at once: it runs in a process of its own.
const c1 = JSON.parse(
  run(['--expose-gc', 'bin/flowledger.mjs', 'bench', '--json', '--only', 'C1', ...(quick ? ['--quick'] : [])]),
);
report.rows.push(...c1.rows);

// E7 (10 M events to the end) likewise: its peak RSS must be its own process's.
report.rows.push(e7Row());

// S1, S2 (sharded runs: worker threads and the merge) time whole command lines, each in a process of its own.
const shard = JSON.parse(run(['scripts/bench-shard.mjs', '--json', ...(quick ? ['--events', '20000'] : [])]));
report.rows.push(...shard.rows);

// X2 (experiment replications of the sshd model, plain and on 1 and 2 threads): whole command lines too.
const experiment = JSON.parse(
  run(['scripts/bench-experiment.mjs', '--json', ...(quick ? ['--replications', '20'] : [])]),
);
report.rows.push(...experiment.rows);

const rows = [...report.rows, ...(report.miningRows ?? [])].map(
  (r) => `| ${r.id} | ${r.workload} | ${r.result} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`,
);
let browserLine = null;
if (!quick && !process.argv.includes('--no-browser')) {
  process.stderr.write(
    'browser benchmarks (B1, B1p, B1d, B13, B2, B3, W1, W2, P2, B6, B4, B5, B7, P4, P5, P6, B8) in Chromium…\n',
  );
  const browser = JSON.parse(run(['scripts/bench-browser.mjs']));
  browserLine = `Browser rows: ${browser.machine.chromium}, headless, against the built app with the service worker in control.`;
  for (const r of browser.results)
    rows.push(`| ${r.id} | ${r.measure} | ${browserResult(r)} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`);
}

/** The result cell of a browser benchmark row. */
function browserResult(r) {
  const n = (x) => Number(x).toLocaleString('en-US');
  const mib = (bytes) => (bytes / 1048576).toFixed(1);
  switch (r.id) {
    case 'B1':
      return `**${r.medianMs} ms** median of ${n(r.calls)} calls (p95 ${r.p95Ms} ms; the service-worker hop alone ${r.transportOnlyMedianMs} ms)`;
    case 'B1p':
      return `**${r.medianMs} ms** median of ${n(r.calls)} calls (p95 ${r.p95Ms} ms)`;
    case 'B1d':
      return `**${r.medianMs} ms** median of ${n(r.calls)} calls (p95 ${r.p95Ms} ms; the same read over the in-page transport ${r.inPageMedianMs} ms)`;
    case 'B13':
      return `**${r.maxMs} ms** the slowest of ${r.calls} calls; with both under way median ${r.duringMedianMs} ms, p95 ${r.duringP95Ms} ms, max ${r.duringMaxMs} ms (${r.duringCalls} calls); after the abort median ${r.afterMedianMs} ms, max ${r.afterMaxMs} ms; run ${r.outcomes.run}, parse ${r.outcomes.parse}`;
    case 'W1':
      return `**${r.medianMs} ms** median of ${r.calls} pages (by node: ${r.nodeFilterMedianMs} ms; ${n(r.ledgerEvents)}-event execution)`;
    case 'W2':
      return `**${r.medianMs} ms** median of ${r.calls} steps (p95 ${r.p95Ms} ms; ${n(r.ledgerEvents)}-event execution)`;
    case 'B2':
      return `**${n(r.eventsPerSecond)} events/s** (${n(r.ledgerEvents)} events in ${n(r.segments)} segments: encode ${r.encodeMs} ms + IndexedDB ${r.persistMs} ms)`;
    case 'B3':
      return `**${n(r.medianMs)} ms** median of ${r.runs.length} reloads (${n(r.ledgerEvents)}-event execution; restore ${r.runs.map((x) => x.restoreMs).join(', ')} ms)`;
    case 'B6':
      return `**${r.middleMs} ms** to the middle of ${n(r.ledgerEvents)} events (median of ${r.runs.length} far scrolls ${r.medianMs} ms, worst ${r.maxMs} ms)`;
    case 'B4':
      return `**${r.longTasksOver50ms} tasks over 50 ms, ${r.fps} FPS** (slowest second ${r.slowestSecondFps} frames, longest frame gap ${r.longestFrameGapMs} ms, longest task ${r.longestTaskMs} ms; ${n(r.steps)} steps played in ${n(r.ms)} ms)`;
    case 'B5':
      return `**${n(r.medianMs)} ms** median of ${r.runs.length} navigations (${r.runs.join(', ')} ms)`;
    case 'B7':
      return `**${r.longTasksOver50ms} tasks over 50 ms** while typing ${r.characters} characters in ${n(r.typingMs)} ms and 2 s after (longest task ${r.longestTaskMs} ms)`;
    case 'P4':
      return `**${n(r.ms)} ms** for ${n(r.bytes)} bytes, ${n(r.lines)} lines (${n(Math.round(r.bytesPerSecond / 1e6))} MB/s; progress advanced ${r.progressAdvances} times; worker heap peak ${r.workerHeapPeak}; ${r.longTasksOver50ms} main-thread tasks over 50 ms, longest ${r.longestMainThreadTaskMs} ms; Cancel took ${n(r.cancelMs)} ms)`;
    case 'P5':
      return `**${n(r.ms)} ms** for ${n(r.bytes)} bytes; ${n(r.eventsReceived)} of ${n(r.lines)} lines in the run; page heap peak **${r.pageHeapPeakMiB} MiB** (at the start ${r.pageHeapBaselineMiB} MiB); ${n(r.overBoundBytes)} bytes refused in ${n(r.overBoundRefusedMs)} ms`;
    case 'P6':
      return `**${n(r.ms)} ms** for ${n(r.bytes)} bytes (${r.answer}; listed at ${n(r.listedBytes)} bytes); page heap peak **${r.pageHeapPeakMiB} MiB** (at the start ${r.pageHeapBaselineMiB} MiB); ${n(r.overBoundBytes)} bytes answered 413 in ${n(r.overBoundRefusedMs)} ms`;
    case 'B8':
      return r.outcome === 'completed'
        ? `**${n(r.ledgerEvents)} events** run in ${n(r.runMs)} ms (hash ${n(r.hashMs)} ms), persisted at ${n(r.persistEventsPerSecond)} events/s (encode ${n(r.encodeMs)} ms + IndexedDB ${n(r.persistMs)} ms), reopened in **${n(r.reopenMedianMs)} ms** median of ${r.reopen.length} reloads (restore ${r.reopen.map((x) => n(x.restoreMs)).join(', ')} ms); browser processes' RSS peak ${mib(r.peakRssBytes)} MiB (${mib(r.baseRssBytes)} MiB at the start; largest process ${mib(r.largestProcessPeakRssBytes)} MiB)`
        : `**${r.outcome}** (${n(r.tokens)} tokens; browser processes' RSS peak ${mib(r.peakRssBytes)} MiB, ${mib(r.baseRssBytes)} MiB at the start; largest process ${mib(r.largestProcessPeakRssBytes)} MiB)`;
    case 'P2':
      return `**${n(r.linesPerSecond)} lines/s** (${n(r.lines)} lines, median ${r.medianMs} ms)`;
    default:
      return JSON.stringify(r);
  }
}
const block = [
  START,
  `Measured ${report.date} on ${report.machine.cpu} (${report.machine.cores} cores), ${report.machine.os}, Node ${report.machine.node}${report.quick ? ' (quick sizes)' : ''}.`,
  '',
  '| id | workload | result | target | |',
  '|---|---|---|---|---|',
  ...rows,
  '',
  ...report.notes.map((t) => `- ${t}`),
  ...(browserLine ? [`- ${browserLine}`] : []),
  END,
].join('\n');

process.stdout.write(`${block}\n`);
if (quick) process.exit(0);

const header =
  '# Benchmarks\n\nResults of `npm run bench` (TARGETS.md). The table between the markers is rewritten by\n`scripts/bench.mjs`; everything else is written by hand.\n\n';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : `${header}${START}\n${END}\n`;
const from = doc.indexOf(START);
const to = doc.indexOf(END);
const next =
  from >= 0 && to > from
    ? `${doc.slice(0, from)}${block}${doc.slice(to + END.length)}`
    : `${doc.trimEnd()}\n\n${block}\n`;
writeFileSync(docPath, next);
process.stdout.write(`wrote ${docPath}\n`);

if (!process.argv.includes('--no-browser')) {
  process.stderr.write('first-screen rows (first visit, Lighthouse 12)…\n');
  const fs = await firstScreenBlock(root, [...process.argv.slice(2), '--no-build'], (m) =>
    process.stderr.write(`${m}\n`),
  );
  writeBlock(FS_START, FS_END, fs, END);
  process.stdout.write(`${fs}\nwrote ${docPath}\n`);
}
