// Sharded runs (issue 28, docs/scale.md), called by scripts/bench.mjs or alone:
//   node scripts/bench-shard.mjs [--events N] [--json]
// S1: `run --workers 2` against `run --workers 1` (the same program with one shard thread: the main
//     thread merges while that thread runs) and against the plain unsharded `run`, on N events
//     (default 1,000,000) of the log-driven SSH example — the bundled OpenSSH sample's 2,000 parsed
//     events repeated with fresh correlation ids — median wall time of 3 alternating rounds, each
//     command's CPU time (user + system, all threads) and the load average beside it (the machine
//     may be shared: CPU times say what the work costs whatever the load). Each thread's CPU time is
//     sampled from /proc (Linux) too, and from it the least wall time each command could take on an
//     idle machine of this many cores — max(its busiest thread, its CPU / cores) — and their ratios:
//     what to expect when the wall times are bent by other people's processes.
// S2: `merge` of 4 shard files of the same run: events/s and the merge process's peak RSS.
// Every timed command runs in a process of its own; the merged hashes must equal the single run's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, cliThreads, median, n, root } from './benchCli.mjs';

const argAfter = (name) => process.argv[process.argv.indexOf(name) + 1];
const total = process.argv.includes('--events') ? Number(argAfter('--events')) : 1_000_000;
const rounds = 3;
const dir = mkdtempSync(join(tmpdir(), 'flowledger-bench-shard-'));

try {
  // The events: the sample parsed once, then repeated with fresh ids (and only the fields the
  // template reads) up to `total` events, 1,000 a step.
  const parsed = join(dir, 'sample.ndjson');
  cli([
    'parse',
    'public/parser/sources/openssh-2k.log',
    '--config',
    'public/parser/configs/openssh-sessions.json',
    '--out',
    parsed,
  ]);
  const sample = readFileSync(parsed, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const lines = [];
  for (let i = 0; i < total; i++) {
    const e = sample[i % sample.length];
    const copy = Math.floor(i / sample.length);
    lines.push(
      JSON.stringify({
        targetDataSourceId: e.targetDataSourceId,
        correlationId: `${e.correlationId}-${copy}`,
        event: e.event,
        params: e.params,
      }),
    );
  }
  const events = join(dir, 'events.ndjson');
  writeFileSync(events, `${lines.join('\n')}\n`);
  lines.length = 0;
  const doc = JSON.parse(readFileSync(join(root, 'examples/ssh-log-sessions-sharded.json'), 'utf8'));
  doc.scenario.maxSteps = 10_000_000;
  doc.scenario.nodes[0].batchSize = 1000;
  const template = join(dir, 'template.json');
  writeFileSync(template, JSON.stringify(doc));

  const single = JSON.parse(cli(['run', template, '--events', events]).stdout);
  const kinds = { plain: [], 1: [], 2: [] };
  const cpu = { plain: [], 1: [], 2: [] };
  const threads = { plain: [], 1: [], 2: [] };
  const loads = [];
  for (let r = 0; r < rounds; r++) {
    for (const k of ['plain', 1, 2]) {
      loads.push(loadavg()[0]);
      const args = ['run', template, '--events', events, ...(k === 'plain' ? [] : ['--workers', String(k)])];
      const run = cli(args);
      if (JSON.parse(run.stdout).ledgerHash !== single.ledgerHash) throw new Error(`${k}: another hash`);
      kinds[k].push(run.ms);
      cpu[k].push(run.cpuMs);
      // Once more with the threads sampled (a process of its own; its wall time is not used).
      if (r === 0) threads[k] = (await cliThreads(args)).threads;
    }
  }
  const m = (k) => median(kinds[k]);
  const vsOne = m(1) / m(2);
  const vsPlain = m('plain') / m(2);
  const cores = cpus().length;
  const s = (ms) => (ms / 1000).toFixed(2);
  const bound = (t) => Math.max(t[0] ?? 0, ...t.slice(1), t.reduce((a, b) => a + b, 0) / cores);
  const perThread = (k) => {
    const t = threads[k];
    return `main ${s(t[0])} s, others ${t
      .slice(1)
      .filter((v) => v >= 50)
      .map(s)
      .join(', ')} s`;
  };
  const idle =
    threads[2].length > 0
      ? `; CPU per thread (/proc, one more run each): plain ${perThread('plain')}; 1 worker ${perThread(1)}; 2 workers ${perThread(2)}; least wall time on an idle ${cores}-core machine, max(busiest thread, CPU / ${cores}): plain ${s(bound(threads.plain))} s, 1 worker ${s(bound(threads[1]))} s, 2 workers ${s(bound(threads[2]))} s, so about ${(bound(threads[1]) / bound(threads[2])).toFixed(2)}× over --workers 1 and ${(bound(threads.plain) / bound(threads[2])).toFixed(2)}× over the plain run to expect there`
      : '';
  const s1 = {
    id: 'S1',
    workload: `run --workers 2 vs --workers 1 and vs the plain run, ${n(total)} events of the log-driven SSH example (${n(single.ledgerEvents)} ledger events), median of ${rounds} alternating rounds`,
    result: `**${vsOne.toFixed(2)}× over --workers 1**, **${vsPlain.toFixed(2)}× over the plain run** (wall: plain ${n(m('plain'))} ms, 1 worker ${n(m(1))} ms, 2 workers ${n(m(2))} ms; runs plain ${kinds.plain.map(n).join(', ')}, 1 worker ${kinds[1].map(n).join(', ')}, 2 workers ${kinds[2].map(n).join(', ')} ms; CPU (user + system, median) plain ${n(median(cpu.plain))} ms, 1 worker ${n(median(cpu[1]))} ms, 2 workers ${n(median(cpu[2]))} ms; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cores} cores${idle}; merged hash = single run's)`,
    target: '≥ 1.7× (over --workers 1) on 2 cores',
    pass: vsOne >= 1.7,
  };

  const shards = [0, 1, 2, 3].map((i) => join(dir, `shard-${i}.ndjson`));
  shards.forEach((file, i) => cli(['run', template, '--events', events, '--shard', `${i}/4`, '--ledger', file]));
  const merges = [];
  for (let r = 0; r < rounds; r++) {
    const m = cli(['merge', ...shards, '--out', join(dir, 'merged.ndjson')]);
    if (JSON.parse(m.stdout).ledgerHash !== single.ledgerHash) throw new Error('merge: another hash');
    merges.push(m);
  }
  const mergeMs = median(merges.map((m) => m.ms));
  const rate = single.ledgerEvents / (mergeMs / 1000);
  const rss = Math.max(...merges.map((m) => m.rssKiB)) / 1024;
  // Once more with the threads sampled: the merge checks the events' JSON on a thread of its own.
  const mergeThreads = (await cliThreads(['merge', ...shards, '--out', join(dir, 'merged.ndjson')])).threads;
  const mergeIdle =
    mergeThreads.length > 0
      ? `; CPU per thread (/proc, one more run): main ${s(mergeThreads[0])} s, others ${mergeThreads
          .slice(1)
          .filter((v) => v >= 50)
          .map(s)
          .join(
            ', ',
          )} s; least wall time on an idle ${cores}-core machine ${s(bound(mergeThreads))} s, so about ${n(single.ledgerEvents / (bound(mergeThreads) / 1000))} events/s there`
      : '';
  const s2 = {
    id: 'S2',
    workload: `merge of 4 shard files into the ledger file, ${n(single.ledgerEvents)} ledger events, median of ${rounds}`,
    result: `**${n(rate)} events/s** (${n(mergeMs)} ms; peak RSS ${n(rss)} MiB; load average ${loadavg()[0].toFixed(1)}${mergeIdle}; merged hash = single run's)`,
    target: 'streams: memory independent of the ledger (no target)',
    pass: true,
  };
  const out = { rows: [s1, s2] };
  process.stdout.write(
    process.argv.includes('--json') ? `${JSON.stringify(out)}\n` : `${JSON.stringify(out, null, 2)}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
