// Mutation score of whole folders from a seeded random sample of their nodes (issue 30).
//
// `npm run mutate` tests all ~23,000 mutants of src/engine and src/parser: about nine hours of both
// cores here. Random mutant sampling is the standard way to estimate a mutation score at a fraction
// of the cost (Acree, Budd; Wong & Mathur; Zhang et al., "Operator-based and random mutant
// selection: better together"). The unit drawn is a node — a source range with all its mutants, as
// Stryker's mutate ranges select them — so every mutant tested counts; the score of the drawn
// nodes' mutants is a ratio estimate, printed with its 95 % interval. Survivors in the sample are
// judged exactly as in a full run (killed by a new test, or listed as equivalent).
//
//   node scripts/mutation-sample.mjs plan [--nodes 150] [--seed 30] [--wide]
//     Lists every mutant Stryker's own instrumenter makes of the configured files, draws the nodes
//     per scope (src/engine, src/parser) and writes reports/mutation/sample-SEED.json and one
//     Stryker configuration per part, reports/mutation/sample-SEED-PART.config.mjs (git-ignored);
//     with --wide they test against every unit test that runs the source (MUTATE_TESTS=all).
//   nice -n 5 npx stryker run reports/mutation/sample-SEED-PART.config.mjs   (PART: parser, engine-edge, engine-core)
//     Tests exactly the drawn nodes: they are the mutate ranges, and the ignorer in
//     scripts/mutation-sample-ignorer.mjs skips every other node inside those ranges.
//   node scripts/mutation-sample.mjs retime --seed 33 --part parser   (then run the config it writes)
//     Runs the nodes of a part's timed-out mutants again with a 30 s timeout (see retime()).
//   node scripts/mutation-sample.mjs widen --seed 33   (then run the config it writes, at the sampled commit)
//     Runs the sample's surviving and uncovered mutants again against the whole unit suite (see widen()).
//   node scripts/mutation-sample.mjs whole --folder src/engine/shard   (then run the config it writes)
//     Tests every mutant of one folder against the whole unit suite (see whole()).
//   node scripts/mutation-sample.mjs score [--seed 30|--seed 32,33] [--wide] [--whole shard,mining] [--record] [--files] [--survivors]
//     Reads Stryker's JSON reports (or, without them, the committed record docs/mutation/sample-SEED.txt;
//     --record writes that record), the judgements in docs/mutation/*.md, and prints the estimate
//     per scope, per file, and the surviving mutants not yet judged. With --whole, the folders run
//     whole are counted exactly and the sample estimates only the rest of their scope (stratified()).
//
// The draw is deterministic: same source, seed and size ⇒ same sample.
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';

const OUT = 'reports/mutation';
/** The committed record: each drawn mutant's status, and the judgements of those that survived. */
const JUDGED = 'docs/mutation';
const SCOPES = ['src/engine', 'src/parser'];
/** The parts the sampled run is split into (by path prefix), fastest first. */
const PARTS = [
  ['parser', ['src/parser/']],
  [
    'engine-edge',
    [
      'src/engine/expr/',
      'src/engine/discovery/',
      'src/engine/diff/',
      'src/engine/query/',
      'src/engine/replay/',
      'src/engine/shard/',
      'src/engine/suggest.ts',
      'src/engine/jsonValues.ts',
      'src/engine/lowerBound.ts',
    ],
  ],
  [
    'engine-core',
    ['src/engine/dsl/', 'src/engine/engine.ts', 'src/engine/run/', 'src/engine/ledger/', 'src/engine/behaviors/'],
  ],
];
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

/** Pure: a drawn mutant's node as a Stryker mutate range (line 1-based, column 0-based, both ends included). */
const rangeOf = (m) => `${m.file}:${m.start.line}:${m.start.column - 1}-${m.end.line}:${m.end.column - 1}`;

/** Not pure (reads files): each mutant's status in Stryker's JSON reports, by `keyOf`; a later report wins. */
function reportStatuses(reportFiles) {
  const status = new Map();
  for (const reportFile of reportFiles) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    for (const [path, { mutants }] of Object.entries(report.files)) {
      const file = relative(process.cwd(), resolve(path));
      for (const m of mutants)
        status.set(keyOf(file, m.mutatorName, m.replacement, m.location.start, m.location.end), m.status);
    }
  }
  return status;
}

/** Pure: a drawn mutant's status in `status` (from `reportStatuses`), if it has one. */
const statusOf = (status, m) => status.get(keyOf(m.file, m.mutatorName, m.replacement, m.start, m.end));

/**
 * Not pure: writes reports/mutation/NAME.config.mjs, a Stryker configuration over `base` (a module
 * path relative to it) that tests `ranges` and keeps its incremental file and reports under NAME.
 * `comment` opens it, `env` are the lines after the import (environment for the test runs), `options`
 * extra option lines.
 */
function writeConfig(name, { comment, base, env = [], options = [], ranges }) {
  writeFileSync(
    join(OUT, `${name}.config.mjs`),
    [`// ${comment}`, `import base from '${base}';`, ...env].join('\n') +
      '\n' +
      `export default {\n  ...base,\n` +
      options.map((o) => `  ${o},\n`).join('') +
      `  incrementalFile: '${OUT}/${name}-incremental.json',\n` +
      `  htmlReporter: { fileName: '${OUT}/${name}.html' },\n` +
      `  jsonReporter: { fileName: '${OUT}/${name}-report.json' },\n` +
      `  mutate: ${JSON.stringify([...ranges], null, 2)},\n};\n`,
  );
}

async function plan() {
  const perScope = Number(flag('--nodes', '150'));
  const seed = Number(flag('--seed', '30'));
  const sample = [];
  const population = {};
  // `--scope src/engine` draws from one scope only; `--exclude a,b` leaves folders out of the draw
  // (folders run whole: the sample then estimates the rest of the scope, for `score --whole`).
  const drawFrom = flag('--scope', 'all');
  const exclude = flag('--exclude', '')
    .split(',')
    .filter(Boolean)
    .map((f) => f.replace(/\/$/, ''));
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
    // The unit drawn is a node (a source range) with all of its mutants: Stryker's mutate ranges
    // select nodes, so every mutant tested counts, and the score is a ratio estimate over clusters.
    const nodes = new Map();
    for (const m of mutants) {
      const file = relative(process.cwd(), m.fileName);
      const start = { line: m.location.start.line + 1, column: m.location.start.column + 1 };
      const end = { line: m.location.end.line + 1, column: m.location.end.column + 1 };
      const node = `${file}:${start.line}:${start.column}-${end.line}:${end.column}`;
      if (!nodes.has(node)) nodes.set(node, []);
      nodes.get(node).push({ scope, node, file, mutatorName: m.mutatorName, replacement: m.replacement, start, end });
    }
    population[scope] = { mutants: mutants.length, nodes: nodes.size };
    if (drawFrom !== 'all' && drawFrom !== scope) continue;
    // Partial Fisher–Yates: the first perScope places of a seeded shuffle of the nodes.
    const pool = [...nodes.keys()].filter((node) => !exclude.some((f) => node.startsWith(`${f}/`)));
    const next = generator(seed);
    const n = Math.min(perScope, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
      sample.push(...nodes.get(pool[i]));
    }
  }
  sample.sort((a, b) =>
    a.file === b.file ? a.start.line - b.start.line || a.start.column - b.start.column : a.file < b.file ? -1 : 1,
  );
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    join(OUT, `sample-${seed}.json`),
    JSON.stringify({ seed, perScope, wide: args.includes('--wide'), exclude, population, sample }, null, 1),
  );
  // One Stryker configuration per part, so each part's run ends (and keeps its results) on its own:
  // the engine's core folders run nearly every engine test for each mutant and take longest.
  for (const [part, prefixes] of PARTS) {
    const drawnHere = sample.filter((m) => prefixes.some((p) => m.file.startsWith(p)));
    const ranges = new Set(drawnHere.map(rangeOf));
    writeConfig(`sample-${seed}-${part}`, {
      comment: `Written by scripts/mutation-sample.mjs plan (seed ${seed}, ${perScope} per scope), part ${part}.`,
      base: '../../stryker.config.mjs',
      env: [
        `// The drawn nodes the ignorer keeps (scripts/mutation-sample-ignorer.mjs reads this).`,
        `process.env.FLOWLEDGER_SAMPLE = '${OUT}/sample-${seed}.json';`,
        // `--wide`: against every unit test that runs the source (vitest.mutate.config.ts), from the start.
        ...(args.includes('--wide') ? [`process.env.MUTATE_TESTS = 'all';`] : []),
      ],
      options: [
        `plugins: ['@stryker-mutator/vitest-runner', '${resolve('scripts/mutation-sample-ignorer.mjs')}']`,
        `ignorers: ['sample']`,
      ],
      ranges,
    });
    console.log(
      `part ${part}: ${drawnHere.length} drawn, ${ranges.size} ranges → ${OUT}/sample-${seed}-${part}.config.mjs`,
    );
  }
  for (const scope of SCOPES)
    console.log(
      `${scope}: ${sample.filter((m) => m.scope === scope).length} of ${population[scope].mutants} mutants drawn (${population[scope].nodes} nodes)`,
    );
}

/** Pure: the ratio estimate Σk/Σn over sampled clusters (k detected of n scored mutants in each
 *  drawn node) with its 95 % interval from the clusters' spread (linearised variance of a ratio
 *  estimator; the finite-population correction is left out, which only widens it). In percent. */
function ratioEstimate(clusters) {
  const used = clusters.filter((c) => c.n > 0);
  const m = used.length;
  const N = used.reduce((t, c) => t + c.n, 0);
  const K = used.reduce((t, c) => t + c.k, 0);
  if (m < 2) return { p: m ? (100 * K) / N : NaN, lo: 0, hi: 100 };
  const p = K / N;
  const spread = used.reduce((t, c) => t + (c.k - p * c.n) ** 2, 0) / (m * (m - 1));
  const se = Math.sqrt(spread) / (N / m);
  return { p: 100 * p, lo: 100 * Math.max(0, p - 1.96 * se), hi: 100 * Math.min(1, p + 1.96 * se) };
}

/** The judgements written after the run: docs/mutation/*.md lines of the form
 *  "- `src/…/file.ts:line:column Mutator` killed by …" or "… equivalent: …"; a bullet whose id ends
 *  in " → replacement" judges that replacement alone and wins over the id's bullet. Only the files
 *  whose title names the seed count. */
function judgements(seed, title = `(seed ${seed})`) {
  const out = new Map();
  let names = [];
  try {
    names = readdirSync(JUDGED).filter((n) => n.endsWith('.md'));
  } catch {
    return out;
  }
  for (const name of names) {
    const text = readFileSync(join(JUDGED, name), 'utf8');
    // Ids name source lines, which move as the code changes: a file judges the sample named in its
    // title, "(seed N)" (or the whole-folder run, "(whole shard)"), and no other.
    if (!text.split('\n', 1)[0].includes(title)) continue;
    for (const line of text.split('\n')) {
      // An id may name one replacement (`id → replacement`) where its mutants were judged apart.
      const m = /^- `(src\/\S+:\d+:\d+ \w+)(?: → (.+?))?` (killed by|equivalent)/.exec(line);
      if (m) out.set(m[2] === undefined ? m[1] : `${m[1]}|${m[2]}`, m[3] === 'killed by' ? 'killed' : 'equivalent');
    }
  }
  return out;
}

/** Each drawn mutant's status in the run: from Stryker's report when present (and then written to
 *  the committed record), else from the record. */
function statuses(seed) {
  const recordFile = join(JUDGED, `sample-${seed}.txt`);
  // Each part's report, then its re-run of the timed-out mutants (`retime`), whose statuses win.
  const reportFiles = PARTS.flatMap(([part]) => [
    join(OUT, `sample-${seed}-${part}-report.json`),
    join(OUT, `sample-${seed}-${part}-retimed-report.json`),
  ]).filter((f) => existsSync(f));
  const byKey = new Map();
  if (reportFiles.length) {
    const {
      sample,
      population,
      wide,
      exclude = [],
    } = JSON.parse(readFileSync(join(OUT, `sample-${seed}.json`), 'utf8'));
    const status = reportStatuses(reportFiles);
    const lines = [
      `# Seed ${seed}: each drawn mutant (id, status in the sampled Stryker run, replacement, its node).`,
      ...(wide ? ['# run against the whole unit suite'] : []),
      ...(exclude.length ? [`# drawn outside ${exclude.join(' ')}`] : []),
      ...SCOPES.map((scope) => `# population ${scope} ${population[scope].mutants} ${population[scope].nodes}`),
    ];
    for (const m of sample) {
      const st = statusOf(status, m);
      if (st) byKey.set(statusKey(m), st);
      lines.push(`${idOf(m)}\t${st ?? 'Missing'}\t${JSON.stringify(m.replacement)}\t${m.node}`);
    }
    if (args.includes('--record')) {
      mkdirSync(JUDGED, { recursive: true });
      writeFileSync(recordFile, lines.join('\n') + '\n');
    }
    return { sample, population, byKey, wide: Boolean(wide), exclude };
  }
  // From the committed record alone.
  const sample = [];
  const population = {};
  let wide = false;
  let exclude = [];
  for (const line of readFileSync(recordFile, 'utf8').split('\n')) {
    const pop = /^# population (\S+) (\d+) (\d+)$/.exec(line);
    if (line === '# run against the whole unit suite') wide = true;
    if (line.startsWith('# drawn outside ')) exclude = line.slice('# drawn outside '.length).split(' ');
    if (pop) population[pop[1]] = { mutants: Number(pop[2]), nodes: Number(pop[3]) };
    if (!line || line.startsWith('#')) continue;
    const [id, st, replacement, node] = line.split('\t');
    const [, file, l, c, mutatorName] = /^(.+):(\d+):(\d+) (\w+)$/.exec(id);
    const m = {
      scope: SCOPES.find((sc) => file.startsWith(`${sc}/`)),
      node,
      file,
      mutatorName,
      replacement: JSON.parse(replacement),
      start: { line: Number(l), column: Number(c) },
    };
    sample.push(m);
    if (st !== 'Missing') byKey.set(statusKey(m), st);
  }
  return { sample, population, byKey, wide, exclude };
}

/**
 * The statuses of a sample with its survivors re-run against the whole unit suite (`widen`): from
 * that run's report when present (and then written to the committed record
 * docs/mutation/sample-SEED-wide.txt), else from the record. Only mutants undetected in the sampled
 * run change: every test of the sampled run is in the whole suite too.
 */
function widened(seed, { sample, byKey, wide: ranWide }) {
  if (ranWide) return byKey; // planned with --wide: the run itself used the whole unit suite
  const recordFile = join(JUDGED, `sample-${seed}-wide.txt`);
  const reportFile = join(OUT, `sample-${seed}-wide-report.json`);
  const wide = new Map();
  if (existsSync(reportFile)) {
    const status = reportStatuses([reportFile]);
    for (const m of sample) {
      const st = statusOf(status, m);
      if (st) wide.set(statusKey(m), st);
    }
    if (args.includes('--record'))
      writeFileSync(
        recordFile,
        [
          `# Seed ${seed}: the sampled run's surviving and uncovered mutants, run again against the whole unit suite (id, status, replacement).`,
          ...sample
            .filter((m) => wide.has(statusKey(m)))
            .map((m) => `${idOf(m)}\t${wide.get(statusKey(m))}\t${JSON.stringify(m.replacement)}`),
        ].join('\n') + '\n',
      );
  } else if (existsSync(recordFile)) {
    for (const line of readFileSync(recordFile, 'utf8').split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const [id, st, replacement] = line.split('\t');
      wide.set(`${id}|${JSON.parse(replacement)}`, st);
    }
  } else throw new Error(`no re-run against the whole unit suite for seed ${seed} (${reportFile} or ${recordFile})`);
  const out = new Map(byKey);
  for (const [key, st] of wide) {
    const before = out.get(key);
    if ((before === 'Survived' || before === 'NoCoverage') && st !== 'Ignored') out.set(key, st);
  }
  return out;
}

const idOf = (m) => `${m.file}:${m.start.line}:${m.start.column} ${m.mutatorName}`;
/** One drawn mutant: its id and replacement (a node's mutator can make several). */
const statusKey = (m) => `${idOf(m)}|${m.replacement}`;

function score() {
  // Several seeds (`--seed 32,33`) pool their samples: each drawn node is one cluster per seed. Each
  // sample keeps its status from its own run, so pooling an earlier run with a later one (tests only
  // added in between) gives a conservative estimate of the later state.
  const seeds = flag('--seed', '30').split(',').map(Number);
  const drawn = seeds.map((seed) => {
    const run = statuses(seed);
    // `--wide`: the survivors' statuses against the whole unit suite (`widen`) instead of the fast set.
    if (args.includes('--wide')) run.byKey = widened(seed, run);
    return { seed, ...run, judged: judgements(seed) };
  });
  const population = drawn[drawn.length - 1].population;
  const excluded = [...new Set(drawn.flatMap((d) => d.exclude ?? []))];
  const empty = () => ({ detected: 0, timeout: 0, later: 0, equivalent: 0, open: 0, ignored: 0, other: 0 });
  const rows = new Map();
  const clusters = new Map(); // node → { scope, n, k (detected in the run), kNow (and killed later) }
  const open = [];
  for (const { seed, sample, byKey, judged } of drawn)
    for (const m of sample) {
      const id = idOf(m);
      const run = byKey.get(statusKey(m)) ?? 'Missing';
      const undetected = run === 'Survived' || run === 'NoCoverage';
      const verdict = undetected ? (judged.get(`${id}|${m.replacement}`) ?? judged.get(id) ?? 'open') : run;
      for (const key of [m.scope, m.file]) {
        if (!rows.has(key)) rows.set(key, empty());
        const r = rows.get(key);
        if (verdict === 'Killed' || verdict === 'Timeout') r.detected++;
        if (verdict === 'Timeout') r.timeout++;
        else if (verdict === 'killed') r.later++;
        else if (verdict === 'equivalent') r.equivalent++;
        else if (verdict === 'open') r.open++;
        else if (verdict === 'Ignored') r.ignored++;
        else r.other++;
      }
      const cluster = `${seed} ${m.node}`;
      if (!clusters.has(cluster))
        clusters.set(cluster, { scope: m.scope, file: m.file, all: 0, n: 0, k: 0, kNow: 0, nNoEq: 0, kNoTimeout: 0 });
      const c = clusters.get(cluster);
      c.all += 1;
      const scored = ['Killed', 'Timeout', 'killed', 'equivalent', 'open'].includes(verdict);
      const detected = verdict === 'Killed' || verdict === 'Timeout';
      c.n += scored ? 1 : 0;
      c.k += detected ? 1 : 0;
      c.kNow += detected || verdict === 'killed' ? 1 : 0;
      c.kNoTimeout += verdict === 'Killed' || verdict === 'killed' ? 1 : 0;
      c.nNoEq += scored && verdict !== 'equivalent' ? 1 : 0;
      if (verdict === 'open') open.push(`${id} ${run} → ${JSON.stringify(m.replacement).slice(0, 100)}`);
    }
  const show = ({ p, lo, hi }) => (Number.isNaN(p) ? '—' : `**${p.toFixed(1)} %** (${lo.toFixed(1)}–${hi.toFixed(1)})`);
  console.log(
    `Sample of seed ${seeds.join(' + ')}${args.includes('--wide') ? ', survivors run again against the whole unit suite' : ''}. Scored = the drawn nodes' mutants less ignored (static) ones and errors, as Stryker scores; estimates with their 95 % interval.`,
  );
  console.log(
    '| Scope | Mutants (nodes) | Drawn nodes | Scored mutants | Detected in the run (timed out) | Killed by later tests | Equivalent | Not judged | Score in the run | Score in the run, equivalents left out | Score now | Score now, timeouts as undetected | Score now, equivalents left out |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- | --- |');
  for (const scope of SCOPES) {
    const r = rows.get(scope) ?? empty();
    const cs = [...clusters.values()].filter((c) => c.scope === scope);
    const n = r.detected + r.later + r.equivalent + r.open;
    const pop = population[scope];
    console.log(
      `| \`${scope}\` | ${pop.mutants} (${pop.nodes}) | ${cs.length} | ${n} | ${r.detected} (${r.timeout}) | ${r.later} | ${r.equivalent} | ${r.open} | ${show(ratioEstimate(cs))} | ${show(ratioEstimate(cs.map((c) => ({ n: c.nNoEq, k: c.k }))))} | ${show(ratioEstimate(cs.map((c) => ({ n: c.n, k: c.kNow }))))} | ${show(ratioEstimate(cs.map((c) => ({ n: c.n, k: c.kNoTimeout }))))} | ${show(ratioEstimate(cs.map((c) => ({ n: c.nNoEq, k: c.kNow }))))} |`,
    );
  }
  if (args.includes('--files')) {
    console.log('\n| File | Scored | Detected | Killed later | Equivalent | Not judged |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [key, r] of [...rows]
      .filter(([k, r]) => !SCOPES.includes(k) && r.detected + r.later + r.equivalent + r.open > 0)
      .sort())
      console.log(
        `| \`${key}\` | ${r.detected + r.later + r.equivalent + r.open} | ${r.detected} | ${r.later} | ${r.equivalent} | ${r.open} |`,
      );
  }
  const missing = drawn.reduce((t, { sample, byKey }) => t + sample.filter((m) => !byKey.has(statusKey(m))).length, 0);
  if (missing) console.log(`\n${missing} drawn mutants have no result yet (a part not run or not finished).`);
  if (args.includes('--survivors')) for (const s of open) console.log(s);
  const wholeNames = flag('--whole', '');
  if (excluded.length)
    console.log(
      `\nA sample here was drawn outside ${excluded.join(', ')}: the rows above mix it with the whole scope; read the stratified estimate (--whole).`,
    );
  if (wholeNames) stratified(wholeNames.split(','), population, [...clusters.values()], show, excluded);
}

/**
 * Not pure (reads files): a whole-folder run (`whole`): each mutant's status from its report when
 * present (and, with --record, written to docs/mutation/whole-NAME.txt), else from that record, with
 * the judgements of the files titled "(whole NAME)".
 */
function wholeRun(name) {
  const recordFile = join(JUDGED, `whole-${name}.txt`);
  const reportFile = join(OUT, `whole-${name}-report.json`);
  const mutants = []; // { id, replacement, status }
  let folder;
  if (existsSync(reportFile)) {
    // The timed-out mutants run again with a longer timeout (`retime --whole`): only their statuses
    // change; the other mutants in the re-run's ranges keep the status of the run.
    const retimedFile = join(OUT, `whole-${name}-retimed-report.json`);
    const retimed = existsSync(retimedFile) ? reportStatuses([retimedFile]) : new Map();
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    for (const [path, { mutants: ms }] of Object.entries(report.files)) {
      const file = relative(process.cwd(), resolve(path));
      for (const m of ms) {
        const again = retimed.get(keyOf(file, m.mutatorName, m.replacement, m.location.start, m.location.end));
        mutants.push({
          id: `${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}`,
          replacement: m.replacement,
          status: m.status === 'Timeout' && again ? again : m.status,
        });
      }
    }
    mutants.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.replacement < b.replacement ? -1 : 1));
    folder = mutants[0]?.id.split('/').slice(0, 3).join('/'); // src/engine/NAME
    if (args.includes('--record'))
      writeFileSync(
        recordFile,
        [
          `# Whole-folder run of ${folder} against the whole unit suite (id, status, replacement).`,
          `# folder ${folder}`,
          ...mutants.map((m) => `${m.id}\t${m.status}\t${JSON.stringify(m.replacement)}`),
        ].join('\n') + '\n',
      );
  } else {
    for (const line of readFileSync(recordFile, 'utf8').split('\n')) {
      const f = /^# folder (\S+)$/.exec(line);
      if (f) folder = f[1];
      if (!line || line.startsWith('#')) continue;
      const [id, status, replacement] = line.split('\t');
      mutants.push({ id, status, replacement: JSON.parse(replacement) });
    }
  }
  const judged = judgements(null, `(whole ${name})`);
  const r = { folder, mutants: mutants.length, detected: 0, timeout: 0, later: 0, equivalent: 0, open: [] };
  for (const m of mutants) {
    const undetected = m.status === 'Survived' || m.status === 'NoCoverage';
    const verdict = undetected ? (judged.get(`${m.id}|${m.replacement}`) ?? judged.get(m.id) ?? 'open') : m.status;
    if (verdict === 'Killed' || verdict === 'Timeout') r.detected++;
    if (verdict === 'Timeout') r.timeout++;
    else if (verdict === 'killed') r.later++;
    else if (verdict === 'equivalent') r.equivalent++;
    else if (verdict === 'open') r.open.push(`${m.id} ${m.status} → ${JSON.stringify(m.replacement).slice(0, 100)}`);
    // ignored (static) mutants and errors are not scored, as Stryker counts
  }
  return r;
}

/**
 * Stratified estimate (`score --whole`): the folders run whole are one stratum, counted exactly; the
 * sample's clusters outside them estimate the rest of the scope. Each stratum's score is weighted by
 * its share of the scope's non-equivalent mutants: exact for the whole folders, and for the rest its
 * population (the scope's mutants less the whole folders') times the sample's share of
 * non-equivalent mutants among all drawn there. Only the rest has sampling error, so the interval is
 * the rest's, scaled by its weight (the weight's own error, from the equivalents' rate, is left out).
 * Standard stratified sampling (Cochran, "Sampling Techniques", ch. 5): the whole folders' variance
 * is zero, so the interval narrows as they grow, and their judged survivors count exactly.
 */
function stratified(names, population, clusters, show, excluded) {
  const runs = names.map(wholeRun);
  // A sample drawn outside some folders estimates the rest only if those folders are counted whole.
  const missing = excluded.filter((f) => !runs.some((r) => r.folder === f));
  if (missing.length) throw new Error(`a sample was drawn outside ${missing.join(', ')}: give them to --whole`);
  console.log('\nFolders run whole (every mutant; exact, no sampling error):');
  console.log(
    '| Folder | Mutants | Scored | Detected in the run (timed out) | Killed by later tests | Equivalent | Not judged | Score in the run, equivalents left out | Score now, equivalents left out |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  const pct = (k, n) => (n ? `**${((100 * k) / n).toFixed(1)} %**` : '—');
  for (const r of runs) {
    const scored = r.detected + r.later + r.equivalent + r.open.length;
    const nonEq = scored - r.equivalent;
    console.log(
      `| \`${r.folder}\` | ${r.mutants} | ${scored} | ${r.detected} (${r.timeout}) | ${r.later} | ${r.equivalent} | ${r.open.length} | ${pct(r.detected, nonEq)} | ${pct(r.detected + r.later, nonEq)} |`,
    );
  }
  for (const scope of SCOPES) {
    const inScope = runs.filter((r) => r.folder.startsWith(`${scope}/`));
    if (!inScope.length) continue;
    const rest = clusters.filter((c) => c.scope === scope && !inScope.some((r) => c.file.startsWith(`${r.folder}/`)));
    const drawnAll = rest.reduce((t, c) => t + c.all, 0);
    const drawnNonEq = rest.reduce((t, c) => t + c.nNoEq, 0);
    const restPopulation = population[scope].mutants - inScope.reduce((t, r) => t + r.mutants, 0);
    const restWeight = (restPopulation * drawnNonEq) / drawnAll;
    const combine = (wholeK, restEst) => {
      const wholeN = inScope.reduce((t, r) => t + r.detected + r.later + r.open.length, 0);
      const wr = restWeight / (restWeight + wholeN);
      const pw = wholeN ? (100 * wholeK) / wholeN : 0;
      const p = (1 - wr) * pw + wr * restEst.p;
      const half = wr * Math.max(restEst.p - restEst.lo, restEst.hi - restEst.p);
      return { p, lo: Math.max(0, p - half), hi: Math.min(100, p + half) };
    };
    // The rest's score is its score in the run: the sample's "score now" is biased upwards (its new
    // tests were written for exactly its survivors), whereas a whole folder's "now" is exact.
    const restInRun = ratioEstimate(rest.map((c) => ({ n: c.nNoEq, k: c.k })));
    const inRun = combine(
      inScope.reduce((t, r) => t + r.detected, 0),
      restInRun,
    );
    const now = combine(
      inScope.reduce((t, r) => t + r.detected + r.later, 0),
      restInRun,
    );
    console.log(
      `\n\`${scope}\`, stratified: the folders above counted whole, the rest (${restPopulation} mutants) estimated from the ${rest.length} drawn nodes outside them, at their score in the run.`,
    );
    console.log(
      '| Scope | Rest: score in the run, equivalents left out | Scope, whole folders in the run | Scope, whole folders now |',
    );
    console.log('| --- | --- | --- | --- |');
    console.log(`| \`${scope}\` | ${show(restInRun)} | ${show(inRun)} | ${show(now)} |`);
  }
  for (const r of runs) if (args.includes('--survivors')) for (const s of r.open) console.log(s);
}

/**
 * Not pure: writes a Stryker configuration that runs again, with a far longer timeout, the nodes of
 * the mutants that timed out in a part's run. On a loaded machine a slow test run times out too, and
 * Stryker counts a timeout as detected; the run again tells an endless loop (still a timeout) from a
 * slow run (killed or survived). `score` reads its report after the part's, so its statuses win.
 */
function retime() {
  if (flag('--whole')) return retimeWhole(flag('--whole'));
  const seed = Number(flag('--seed', '30'));
  const part = flag('--part', 'parser');
  const { sample } = JSON.parse(readFileSync(join(OUT, `sample-${seed}.json`), 'utf8'));
  const status = reportStatuses([join(OUT, `sample-${seed}-${part}-report.json`)]);
  const nodes = new Set(sample.filter((m) => statusOf(status, m) === 'Timeout').map(rangeOf));
  const name = `sample-${seed}-${part}-retimed`;
  writeConfig(name, {
    comment: `Written by scripts/mutation-sample.mjs retime (seed ${seed}, part ${part}): the timed-out mutants' nodes.`,
    base: `./sample-${seed}-${part}.config.mjs`,
    options: ['timeoutMS: 30_000', 'timeoutFactor: 4'],
    ranges: nodes,
  });
  console.log(`${nodes.size} nodes with a timed-out mutant → ${OUT}/${name}.config.mjs`);
}

/** Not pure: `retime` for a whole-folder run: the nodes of its timed-out mutants, with a 30 s timeout. */
function retimeWhole(name) {
  const report = JSON.parse(readFileSync(join(OUT, `whole-${name}-report.json`), 'utf8'));
  const ranges = new Set();
  for (const [path, { mutants }] of Object.entries(report.files))
    for (const m of mutants)
      if (m.status === 'Timeout') {
        const { start, end } = m.location;
        ranges.add(
          `${relative(process.cwd(), resolve(path))}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`,
        );
      }
  writeConfig(`whole-${name}-retimed`, {
    comment: `Written by scripts/mutation-sample.mjs retime --whole ${name}: the timed-out mutants' nodes.`,
    base: `./whole-${name}.config.mjs`,
    options: ['timeoutMS: 30_000', 'timeoutFactor: 4'],
    ranges,
  });
  console.log(`${ranges.size} nodes with a timed-out mutant → ${OUT}/whole-${name}-retimed.config.mjs`);
}

/**
 * Not pure: writes a Stryker configuration that runs a scope's surviving and uncovered mutants of a
 * sampled run again, against every unit test of `npm test` that runs the source
 * (`MUTATE_TESTS=all`, vitest.mutate.config.ts) instead of the fast set of the sampled run. Run it
 * at the sampled commit: a mutant some other unit test kills was detected by the project's tests
 * then. `score --wide` reads its report (or the record `sample-SEED-wide.txt`) over the run's.
 */
function widen() {
  const seed = Number(flag('--seed', '30'));
  const scope = flag('--scope', 'all');
  const { sample, byKey } = statuses(seed);
  const ranges = new Set();
  for (const m of sample) {
    const st = byKey.get(statusKey(m));
    if ((scope === 'all' || m.scope === scope) && (st === 'Survived' || st === 'NoCoverage')) ranges.add(rangeOf(m));
  }
  const name = `sample-${seed}-wide`;
  writeConfig(name, {
    comment: `Written by scripts/mutation-sample.mjs widen (seed ${seed}, ${scope}): the survivors' nodes, every unit test.`,
    base: '../../stryker.config.mjs',
    env: [`process.env.FLOWLEDGER_SAMPLE = '${OUT}/sample-${seed}.json';`, `process.env.MUTATE_TESTS = 'all';`],
    options: [
      `plugins: ['@stryker-mutator/vitest-runner', '${resolve('scripts/mutation-sample-ignorer.mjs')}']`,
      `ignorers: ['sample']`,
      'timeoutMS: 30_000',
      'timeoutFactor: 4',
    ],
    ranges,
  });
  console.log(`${ranges.size} nodes with a surviving or uncovered mutant → ${OUT}/${name}.config.mjs`);
}

/**
 * Not pure: writes reports/mutation/whole-NAME.config.mjs, a Stryker configuration that tests every
 * mutant of one folder (NAME: its last segment) against every unit test of `npm test` that runs the
 * source (`MUTATE_TESTS=all`), with a 10 s timeout so a loaded machine's slow runs are not counted
 * as endless loops. `score --whole NAME` reads its report, or the record docs/mutation/whole-NAME.txt.
 */
function whole() {
  const folder = flag('--folder', 'src/engine/shard').replace(/\/$/, '');
  const name = folder.split('/').pop();
  writeConfig(`whole-${name}`, {
    comment: `Written by scripts/mutation-sample.mjs whole (${folder}): every mutant of the folder, every unit test.`,
    base: '../../stryker.config.mjs',
    env: [`process.env.MUTATE_TESTS = 'all';`],
    options: ['timeoutMS: 10_000'],
    ranges: [`${folder}/**/*.ts`, '!**/index.ts', '!**/types.ts'],
  });
  console.log(`${folder} → ${OUT}/whole-${name}.config.mjs`);
}

if (args[0] === 'plan') await plan();
else if (args[0] === 'widen') widen();
else if (args[0] === 'score') score();
else if (args[0] === 'retime') retime();
else if (args[0] === 'whole') whole();
else {
  console.error('usage: node scripts/mutation-sample.mjs plan|score [options] (see the comment at the top)');
  process.exit(2);
}
