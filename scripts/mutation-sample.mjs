// Mutation score of whole folders from a seeded random sample of their mutants (issue 30).
//
// `npm run mutate` tests all ~23,000 mutants of src/engine and src/parser: about nine hours of both
// cores here. Sampling mutants uniformly at random is the standard way to estimate a mutation score
// at a fraction of the cost (Wong & Mathur; Zhang et al., "Operator-based and random mutant
// selection"): the score of n sampled mutants estimates the folder's with a binomial error, which
// this script reports as a 95 % Wilson interval. Survivors in the sample are judged exactly as in a
// full run (killed by a new test, or listed as equivalent in docs/quality.md).
//
//   node scripts/mutation-sample.mjs plan [--per-scope 500] [--seed 30]
//     Lists every mutant Stryker's own instrumenter makes of the configured files, draws the sample
//     per scope (src/engine, src/parser) and writes reports/mutation/sample.json and
//     reports/mutation/sample.config.mjs (git-ignored).
//   npx stryker run reports/mutation/sample.config.mjs
//     Tests exactly the sampled mutants: their nodes are the mutate ranges, and the ignorer in
//     scripts/mutation-sample-ignorer.mjs skips every other node inside those ranges.
//   node scripts/mutation-sample.mjs score [--survivors] [--markdown]
//     Reads Stryker's JSON report and prints the estimate per scope and the sample per file.
//
// The draw is deterministic: same source, seed and size ⇒ same sample.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';

const OUT = 'reports/mutation';
const SCOPES = ['src/engine', 'src/parser'];
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};

/** Pure: a seeded 32-bit generator (mulberry32) in [0, 1). */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The .ts files of a scope that stryker.config.mjs mutates (index.ts and types.ts are out). */
function filesOf(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesOf(path));
    else if (entry.name.endsWith('.ts') && entry.name !== 'index.ts' && entry.name !== 'types.ts') out.push(path);
  }
  return out.sort();
}

const quiet = { debug() {}, info() {}, warn: console.warn, error: console.error, isDebugEnabled: () => false };

/** Stryker's key of a mutant: file, mutator, replacement and its 1-based report location. */
const keyOf = (file, mutatorName, replacement, start, end) =>
  `${file}|${mutatorName}|${replacement}|${start.line}:${start.column}-${end.line}:${end.column}`;

async function plan() {
  const perScope = Number(flag('--per-scope', '500'));
  const seed = Number(flag('--seed', '30'));
  const sample = [];
  const population = {};
  for (const scope of SCOPES) {
    const files = filesOf(scope).map((name) => ({
      name: resolve(name),
      mutate: true,
      content: readFileSync(name, 'utf8'),
    }));
    const { mutants } = await new Instrumenter(quiet).instrument(files, {
      plugins: null,
      excludedMutations: [],
      ignorers: [],
    });
    population[scope] = mutants.length;
    // Partial Fisher–Yates: the first perScope places of a seeded shuffle.
    const pool = [...mutants];
    const next = generator(seed);
    const n = Math.min(perScope, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
      const m = pool[i];
      const start = { line: m.location.start.line + 1, column: m.location.start.column + 1 };
      const end = { line: m.location.end.line + 1, column: m.location.end.column + 1 };
      sample.push({
        scope,
        file: relative(process.cwd(), m.fileName),
        mutatorName: m.mutatorName,
        replacement: m.replacement,
        start,
        end,
      });
    }
  }
  sample.sort((a, b) =>
    a.file === b.file ? a.start.line - b.start.line || a.start.column - b.start.column : a.file < b.file ? -1 : 1,
  );
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'sample.json'), JSON.stringify({ seed, perScope, population, sample }, null, 1));
  // Stryker's mutate ranges: line 1-based, column 0-based, both ends included.
  const ranges = [
    ...new Set(sample.map((m) => `${m.file}:${m.start.line}:${m.start.column - 1}-${m.end.line}:${m.end.column - 1}`)),
  ];
  writeFileSync(
    join(OUT, 'sample.config.mjs'),
    `// Written by scripts/mutation-sample.mjs plan (seed ${seed}, ${perScope} per scope).\n` +
      `import base from '../../stryker.config.mjs';\n` +
      `export default {\n  ...base,\n` +
      `  plugins: ['@stryker-mutator/vitest-runner', '${resolve('scripts/mutation-sample-ignorer.mjs')}'],\n` +
      `  ignorers: ['sample'],\n` +
      `  incrementalFile: '${OUT}/sample-incremental.json',\n` +
      `  htmlReporter: { fileName: '${OUT}/sample.html' },\n` +
      `  jsonReporter: { fileName: '${OUT}/sample-report.json' },\n` +
      `  mutate: ${JSON.stringify(ranges, null, 2)},\n};\n`,
  );
  for (const scope of SCOPES)
    console.log(`${scope}: ${sample.filter((m) => m.scope === scope).length} of ${population[scope]} mutants drawn`);
  console.log(`${ranges.length} ranges → ${OUT}/sample.config.mjs`);
}

/** Pure: the 95 % Wilson score interval of k successes in n trials, in percent. */
function wilson(k, n) {
  if (n === 0) return [0, 100];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [100 * (centre - half), 100 * (centre + half)];
}

function score() {
  const { sample, population, seed } = JSON.parse(readFileSync(join(OUT, 'sample.json'), 'utf8'));
  const report = JSON.parse(readFileSync(flag('--report', join(OUT, 'sample-report.json')), 'utf8'));
  const status = new Map();
  for (const [path, { mutants }] of Object.entries(report.files)) {
    const file = relative(process.cwd(), resolve(path));
    for (const m of mutants) status.set(keyOf(file, m.mutatorName, m.replacement, m.location.start, m.location.end), m);
  }
  // Mutants a test written after the run kills, each re-applied by hand and seen to fail
  // (docs/quality.md lists them with the test): file:line:column mutator.
  const laterKilled = new Set(
    readFileSync('docs/mutation-sample-killed.txt', 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  const rows = new Map();
  const survivors = [];
  const missing = [];
  for (const m of sample) {
    const found = status.get(keyOf(m.file, m.mutatorName, m.replacement, m.start, m.end));
    if (!found) {
      missing.push(m);
      continue;
    }
    const id = `${m.file}:${m.start.line}:${m.start.column} ${m.mutatorName}`;
    const st =
      (found.status === 'Survived' || found.status === 'NoCoverage') && laterKilled.has(id)
        ? 'KilledLater'
        : found.status;
    for (const key of [m.scope, m.file]) {
      if (!rows.has(key)) rows.set(key, { detected: 0, later: 0, undetected: 0, ignored: 0, errors: 0 });
      const r = rows.get(key);
      if (st === 'Killed' || st === 'Timeout') r.detected++;
      else if (st === 'KilledLater') r.later++;
      else if (st === 'Survived' || st === 'NoCoverage') r.undetected++;
      else if (st === 'Ignored') r.ignored++;
      else r.errors++;
    }
    if (st === 'Survived' || st === 'NoCoverage')
      survivors.push(`${id} ${found.status} → ${JSON.stringify(m.replacement).slice(0, 100)}`);
  }
  const fmt = (k, n) => (n ? `${((100 * k) / n).toFixed(1)} %` : '—');
  const interval = (k, n) => {
    const [lo, hi] = wilson(k, n);
    return n ? `${lo.toFixed(1)}–${hi.toFixed(1)} %` : '—';
  };
  console.log(`Sample of seed ${seed}.`);
  console.log(
    '| Scope | Mutants | Drawn | Scored | Detected in the run | Score (run) | Killed by later tests | Score now | 95 % interval (now) | Ignored (static) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  for (const scope of SCOPES) {
    const r = rows.get(scope) ?? { detected: 0, later: 0, undetected: 0, ignored: 0, errors: 0 };
    const n = r.detected + r.later + r.undetected;
    const drawn = sample.filter((m) => m.scope === scope).length;
    console.log(
      `| \`${scope}\` | ${population[scope]} | ${drawn} | ${n} | ${r.detected} | ${fmt(r.detected, n)} | ${r.later} | ${fmt(r.detected + r.later, n)} | ${interval(r.detected + r.later, n)} | ${r.ignored} |`,
    );
  }
  if (args.includes('--files')) {
    console.log('\n| File | Scored | Detected | Later | Undetected |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [key, r] of [...rows].filter(([k]) => !SCOPES.includes(k)).sort())
      console.log(
        `| \`${key}\` | ${r.detected + r.later + r.undetected} | ${r.detected} | ${r.later} | ${r.undetected} |`,
      );
  }
  if (missing.length) console.log(`\n${missing.length} drawn mutants are not in the report (run not finished?)`);
  if (args.includes('--survivors')) for (const s of survivors) console.log(s);
}

if (args[0] === 'plan') await plan();
else if (args[0] === 'score') score();
else {
  console.error('usage: node scripts/mutation-sample.mjs plan|score [options] (see the comment at the top)');
  process.exit(2);
}
