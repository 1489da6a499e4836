// Parser accuracy (P3: GA, FGA, PA on the ten Loghub-2k sets) and throughput (P1) from the command line, on a bundle (never tsx: see
// TOOLCHAIN.md). Usage: node scripts/parser-accuracy.mjs <loghub-data-dir> [--throughput] [--dataset HDFS] [--lines N] [--runs N]
// [--words] [--user] [--varied]: GA on the generated word-variable logs (P3w), a user's configuration
// against the HDFS preset in alternating runs (P1u), P1 on input that never repeats.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const dataDir = args.find(
  (a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--') && args[i - 1] !== '--throughput'),
);
if (!dataDir) {
  process.stderr.write(
    'usage: node scripts/parser-accuracy.mjs <loghub-data-dir> [--throughput] [--dataset NAME] [--lines N] [--runs N]\n',
  );
  process.exit(2);
}
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'flowledger-bench-'));
const outfile = join(dir, 'parser-bench.mjs');
try {
  await build({
    absWorkingDir: root,
    stdin: {
      contents: [
        "export * from './src/bench/parser.ts';",
        "export { userVersusPreset } from './src/bench/parserUser.ts';",
        "export { wordLogAccuracy } from './src/bench/wordLog.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const bench = await import(pathToFileURL(outfile).href);
  const acc = bench.loghubAccuracy(dataDir);
  for (const d of acc.datasets) {
    process.stdout.write(
      `${d.dataset.padEnd(12)} GA ${d.ga.toFixed(4)}  FGA ${d.fga.toFixed(4)}  PA ${d.pa.toFixed(4)}  templates ${d.templates} (truth ${d.truthTemplates})  unparsed ${d.unparsed}\n`,
    );
  }
  process.stdout.write(
    `average GA ${acc.average.toFixed(4)}, min ${acc.min.toFixed(4)}; average FGA ${acc.averageFga.toFixed(4)}, PA ${acc.averagePa.toFixed(4)}\n`,
  );
  if (args.includes('--throughput')) {
    const datasets = opt('dataset', 'HDFS,Apache,OpenSSH,Proxifier').split(',');
    for (const ds of datasets) {
      const t = bench.loghubThroughput(dataDir, ds, Number(opt('lines', 1_000_000)), Number(opt('runs', 5)));
      process.stdout.write(
        `P1 ${ds.padEnd(10)} ${t.lines} lines in ${t.ms.toFixed(0)} ms (median of ${t.runs.length}): ${t.linesPerSecond.toLocaleString('en')} lines/s, ${t.templates} templates\n`,
      );
    }
  }
  if (args.includes('--words')) {
    const w = bench.wordLogAccuracy([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    process.stdout.write(
      `P3w GA mean ${w.mean.toFixed(4)}, min ${w.min.toFixed(4)} (${w.seeds.map((x) => `${x.seed}: ${x.ga.toFixed(4)}`).join(', ')}); by kind, mean/min: ${w.kinds.map((k) => `${k.kind} ${k.mean.toFixed(4)}/${k.min.toFixed(4)}`).join(', ')}\n`,
    );
  }
  if (args.includes('--user')) {
    const u = bench.userVersusPreset(dataDir, 'HDFS', Number(opt('lines', 500_000)), Number(opt('runs', 7)));
    process.stdout.write(
      `P1u HDFS preset ${u.presetLinesPerSecond.toLocaleString('en')} lines/s, user ${u.userLinesPerSecond.toLocaleString('en')} lines/s: ${u.ratio.toFixed(3)} (medians of ${u.runs}); per CPU second ${u.presetCpuLinesPerSecond.toLocaleString('en')} vs ${u.userCpuLinesPerSecond.toLocaleString('en')}: ${u.cpuRatio.toFixed(3)}\n`,
    );
  }
  if (args.includes('--varied')) {
    const v = bench.variedThroughput(dataDir, Number(opt('varied-lines', 100_000)));
    process.stdout.write(
      `P1 non-repeated ${v.lines.toLocaleString('en')} lines: ${v.linesPerSecond.toLocaleString('en')} lines/s, ${v.cpuLinesPerSecond.toLocaleString('en')} per CPU second (per CPU second: ${v.datasets.map((d) => `${d.dataset} ${d.cpuLinesPerSecond.toLocaleString('en')}`).join(', ')})\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
