// Experiments (issue 43, item 4; docs/scale.md, "Experiments on many machines"), called by
// scripts/bench.mjs or alone:
//   node scripts/bench-experiment.mjs [--replications N] [--json]
// X2: `flowledger experiment` on the sshd model — calibrated by `discover --simulation` from the
//     bundled OpenSSH sample (public/parser/sources/openssh-2k.log parsed with
//     public/parser/configs/openssh-sessions.json) — N replications (default 1,000) three ways,
//     alternating, three rounds: on the main thread, `--workers 1` and `--workers 2`. Reports
//     replications/s (N over the median wall time of the plain command, process start included) and
//     the CPU per replication, the ratio of `--workers 2` over `--workers 1` (median wall times),
//     every command's CPU time (user + system, all threads, /usr/bin/time) and the load average —
//     the machine may be shared: CPU times say what the work costs whatever the load — and, sampled
//     from /proc (Linux), each thread's CPU time and the least wall time each command could take on
//     an idle machine of this many cores: max(its busiest thread, its CPU / cores).
// Every timed command runs in a process of its own, on the bundle (bin/flowledger.mjs, never tsx);
// the three must print the same summary, byte for byte.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, cliThreads, median, n, root } from './benchCli.mjs';

const argAfter = (name) => process.argv[process.argv.indexOf(name) + 1];
const replications = process.argv.includes('--replications') ? Number(argAfter('--replications')) : 1000;
const rounds = 3;
const dir = mkdtempSync(join(tmpdir(), 'flowledger-bench-experiment-'));

const s = (ms) => (ms / 1000).toFixed(2);

try {
  const events = join(dir, 'sshd.ndjson');
  const model = join(dir, 'model.json');
  cli([
    'parse',
    'public/parser/sources/openssh-2k.log',
    '--config',
    'public/parser/configs/openssh-sessions.json',
    '--out',
    events,
  ]);
  cli(['discover', events, '--simulation', model]);
  const base = ['experiment', model, '--replications', String(replications), '--json'];
  const kinds = { plain: [], 1: [], 2: [] };
  const cpu = { plain: [], 1: [], 2: [] };
  const threads = {};
  const loads = [];
  let summary = null;
  for (let r = 0; r < rounds; r++) {
    for (const k of ['plain', 1, 2]) {
      loads.push(loadavg()[0]);
      const args = [...base, ...(k === 'plain' ? [] : ['--workers', String(k)])];
      const run = cli(args);
      summary ??= run.stdout;
      if (run.stdout !== summary) throw new Error(`${k}: another summary than the plain command's`);
      kinds[k].push(run.ms);
      cpu[k].push(run.cpuMs);
      if (r === 0) threads[k] = (await cliThreads(args)).threads;
    }
  }
  const cores = cpus().length;
  const m = (k) => median(kinds[k]);
  const rate = replications / (m('plain') / 1000);
  const vsOne = m(1) / m(2);
  const bound = (t) => Math.max(t[0] ?? 0, ...t.slice(1), t.reduce((a, b) => a + b, 0) / cores);
  const perThread = (k) =>
    `main ${s(threads[k][0])} s, others ${threads[k]
      .slice(1)
      .filter((v) => v >= 50)
      .map(s)
      .join(', ')} s`;
  const idle =
    threads[2].length > 0
      ? `; CPU per thread (/proc, one more run each): plain ${perThread('plain')}; 1 worker ${perThread(1)}; 2 workers ${perThread(2)}; least wall time on an idle ${cores}-core machine, max(busiest thread, CPU / ${cores}): plain ${s(bound(threads.plain))} s, 1 worker ${s(bound(threads[1]))} s, 2 workers ${s(bound(threads[2]))} s, so about ${(bound(threads[1]) / bound(threads[2])).toFixed(2)}× over --workers 1 to expect there`
      : '';
  const x2 = {
    id: 'X2',
    workload: `experiment of the sshd model (discover --simulation of the bundled OpenSSH sample: 519 cases a replication), ${n(replications)} replications, --json, plain vs --workers 1 vs --workers 2, median of ${rounds} alternating rounds, whole command lines (process start included)`,
    result: `**${rate.toFixed(1)} replications/s** on one thread (${(median(cpu.plain) / replications).toFixed(1)} ms CPU a replication), **--workers 2 ${vsOne.toFixed(2)}× over --workers 1** (wall: plain ${n(m('plain'))} ms, 1 worker ${n(m(1))} ms, 2 workers ${n(m(2))} ms; runs plain ${kinds.plain.map(n).join(', ')}, 1 worker ${kinds[1].map(n).join(', ')}, 2 workers ${kinds[2].map(n).join(', ')} ms; CPU (user + system, median) plain ${n(median(cpu.plain))} ms, 1 worker ${n(median(cpu[1]))} ms, 2 workers ${n(median(cpu[2]))} ms; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cores} cores${idle}; the three summaries identical)`,
    target: 'replications/s and --workers 2 over 1 reported, with per-thread CPU (no threshold)',
    pass: true,
  };
  const out = { rows: [x2] };
  process.stdout.write(
    process.argv.includes('--json') ? `${JSON.stringify(out)}\n` : `${JSON.stringify(out, null, 2)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
