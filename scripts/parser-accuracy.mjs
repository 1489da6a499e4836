// Parser accuracy (P3: GA, FGA, PA on the ten Loghub-2k sets) and throughput (P1) from the command line, on a bundle (never tsx: see
// TOOLCHAIN.md). Usage: node scripts/parser-accuracy.mjs <loghub-data-dir> [--throughput] [--dataset HDFS] [--lines N] [--runs N]
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
    entryPoints: ['src/bench/parser.ts'],
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
} finally {
  rmSync(dir, { recursive: true, force: true });
}
