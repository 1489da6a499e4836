// `npm run bench`: builds the command line, runs `flowledger bench --json` on the bundle (never
// through tsx: see TOOLCHAIN.md) under `--expose-gc` (E3 measures retained memory between forced
// collections), with the Loghub-2k data for P1/P3 when it is there (../shared/data/loghub, else
// tests/fixtures/logs), prints the results, and rewrites the results table in docs/benchmarks.md
// between the `bench:results` marker comments, with the machine and the date.
// `npm run bench -- --quick` runs the smoke-sized benchmark and leaves docs/benchmarks.md alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
const docPath = join(root, 'docs', 'benchmarks.md');
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

function run(args) {
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

const loghub = [join(root, '..', 'shared', 'data', 'loghub'), join(root, 'tests', 'fixtures', 'logs')].find((dir) => existsSync(join(dir, 'HDFS')));

run(['scripts/build-cli.mjs']);
const report = JSON.parse(
  run(['--expose-gc', 'bin/flowledger.mjs', 'bench', '--json', ...(quick ? ['--quick'] : []), ...(loghub ? ['--loghub', loghub] : [])]),
);

const rows = report.rows.map((r) => `| ${r.id} | ${r.workload} | ${r.result} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`);
const block = [
  START,
  `Measured ${report.date} on ${report.machine.cpu} (${report.machine.cores} cores), ${report.machine.os}, Node ${report.machine.node}${report.quick ? ' (quick sizes)' : ''}.`,
  '',
  '| id | workload | result | target | |',
  '|---|---|---|---|---|',
  ...rows,
  '',
  ...report.notes.map((t) => `- ${t}`),
  END,
].join('\n');

process.stdout.write(`${block}\n`);
if (quick) process.exit(0);

const header = '# Benchmarks\n\nResults of `npm run bench` (TARGETS.md). The table between the markers is rewritten by\n`scripts/bench.mjs`; everything else is written by hand.\n\n';
const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : `${header}${START}\n${END}\n`;
const from = doc.indexOf(START);
const to = doc.indexOf(END);
const next = from >= 0 && to > from ? `${doc.slice(0, from)}${block}${doc.slice(to + END.length)}` : `${doc.trimEnd()}\n\n${block}\n`;
writeFileSync(docPath, next);
process.stdout.write(`wrote ${docPath}\n`);
