// Summarises Stryker's accumulated results (reports/mutation/incremental.json, the mutation-testing
// report schema) per folder: the table docs/quality.md quotes, and the surviving mutants to judge.
// Score = detected / (detected + survived + no coverage), detected = killed + timed out, as Stryker
// counts it; ignored (static) mutants and compile errors are counted apart, never in the score.
// Usage: node scripts/mutation-summary.mjs [--survivors] [report.json]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const survivors = args.includes('--survivors');
const file = args.find((a) => !a.startsWith('--')) ?? 'reports/mutation/incremental.json';
const report = JSON.parse(readFileSync(file, 'utf8'));

/** Pure: the folder a source file is scored under (src/engine/behaviors, src/parser, src/api …). */
function folderOf(path) {
  const parts = path.replace(/^.*?src\//, 'src/').split('/');
  return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, parts.length - 1).join('/');
}

const rows = new Map();
const row = (key) => {
  if (!rows.has(key)) rows.set(key, { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 });
  return rows.get(key);
};
const left = [];
for (const [path, { mutants }] of Object.entries(report.files)) {
  const folder = folderOf(path);
  const top = folder.split('/').slice(0, 2).join('/');
  for (const m of mutants) {
    for (const key of new Set([folder, `${top} (total)`])) {
      const r = row(key);
      if (m.status === 'Killed') r.killed++;
      else if (m.status === 'Timeout') r.timeout++;
      else if (m.status === 'Survived') r.survived++;
      else if (m.status === 'NoCoverage') r.noCoverage++;
      else if (m.status === 'Ignored') r.ignored++;
      else r.errors++;
    }
    if (m.status === 'Survived' || m.status === 'NoCoverage')
      left.push(
        `${path.replace(/^.*?src\//, 'src/')}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '').slice(0, 90)}`,
      );
  }
}
const pct = (r) => {
  const valid = r.killed + r.timeout + r.survived + r.noCoverage;
  return valid === 0 ? '—' : `${((100 * (r.killed + r.timeout)) / valid).toFixed(1)} %`;
};
console.log('| Folder | Score | Killed | Timed out | Survived | No coverage | Ignored (static) | Errors |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const key of [...rows.keys()].sort()) {
  const r = rows.get(key);
  console.log(
    `| ${key} | ${pct(r)} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.ignored} | ${r.errors} |`,
  );
}
if (survivors) for (const line of left.sort()) console.log(line);
