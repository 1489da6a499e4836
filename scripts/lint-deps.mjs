// `npm run lint:deps`, and a step of `npm test`: the layer rules of src/ (.dependency-cruiser.cjs),
// checked by dependency-cruiser with the UI's known violations ignored
// (.dependency-cruiser-known-violations.json, its `--ignore-known` baseline).
//
// Two kinds of reference dependency-cruiser does not see are added here and held to the rules and to
// the circle rule: type-only imports in Svelte components (the Svelte compiler drops them before it
// reads the script), held to the room rules; and worker entries (`new URL('./x.worker.ts',
// import.meta.url)`), held to the rule below rather than to the room rules (a worker's entry runs in a
// realm of its own and is no import of the module that starts it; its own imports are checked as
// any module's).
//
// workers-started-by-the-client: a browser worker is started by the client only (src/client/): no
// other module of the browser rooms names a worker entry, and none under src/ui/ or src/main.ts
// constructs a Worker or SharedWorker at all. A worker's entry is a `*.worker.ts` file. (The command
// line's Node workers, src/cli/, are no browser workers.)
//
// Options: --write-baseline records the current violations of the UI rule as the baseline (it
// refuses while any other rule fails); --no-baseline checks without it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CRUISER = join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
export const CONFIG = '.dependency-cruiser.cjs';
export const BASELINE = '.dependency-cruiser-known-violations.json';
/** The one rule the baseline may hold violations of (the UI's imports, being moved behind the client). */
export const BASELINED_RULE = 'ui-sees-client-and-contract';
/** The rule on worker starts (see the comment above), checked here rather than by dependency-cruiser. */
export const WORKER_RULE = 'workers-started-by-the-client';

/** Not pure (reads files): every source file under `dir`, as paths relative to `root`. */
function sources(root, dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(root, path);
    return /\.(ts|svelte|js|mjs)$/.test(e.name) ? [path] : [];
  });
}

/** Pure: `text` with comments blanked (string contents kept), so commented-out code is not read. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, (m, pre = '') => pre);
}

/** Not pure (reads the file system): the module `spec` from `file` names, or null. */
function resolveSpec(root, file, spec) {
  const base = join(dirname(file), spec);
  for (const cand of [base, `${base}.ts`, `${base}.svelte`, `${base}/index.ts`]) {
    const full = join(root, cand);
    if (existsSync(full) && statSync(full).isFile()) return relative(root, full).split('\\').join('/');
  }
  return null;
}

/** Not pure (reads files): references dependency-cruiser does not report, as `{from, to, kind}`. */
export function extraReferences(root) {
  const out = [];
  for (const file of sources(root, 'src')) {
    const text = withoutComments(readFileSync(join(root, file), 'utf8'));
    const specs = [];
    for (const m of text.matchAll(/new\s+URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g))
      specs.push([m[1], 'worker']);
    if (file.endsWith('.svelte'))
      for (const m of text.matchAll(/import\s+type\s+[^;'"]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g))
        specs.push([m[1], 'type-only']);
    for (const [spec, kind] of specs) {
      const to = resolveSpec(root, file, spec);
      if (to !== null) out.push({ from: file, to, kind });
    }
  }
  return out;
}

/** Not pure (reads files): UI modules that construct a Worker or a SharedWorker, as `{from, to}` (to: the module itself). */
function uiWorkerStarts(root) {
  return sources(root, 'src')
    .filter((f) => /^src\/(ui\/|main\.ts$)/.test(f))
    .filter((f) => /\bnew\s+(Shared)?Worker\s*\(/.test(withoutComments(readFileSync(join(root, f), 'utf8'))))
    .map((f) => ({ from: f, to: f }));
}

/** Pure: whether a worker entry reference `from → to` keeps the worker rule (the client starting a `*.worker.ts`). */
function startsWorkerRightly(from, to) {
  return /^src\/client\//.test(from) && /\.worker\.ts$/.test(to);
}

/** Pure: whether `path` meets a dependency-cruiser path condition (a regex or a list of them). */
function meets(cond, path) {
  if (cond === undefined) return true;
  return (Array.isArray(cond) ? cond : [cond]).some((re) => new RegExp(re).test(path));
}

/** Pure: the room rules (path conditions only) an edge `from → to` breaks. */
function roomViolations(rules, from, to) {
  return rules.filter((r) => {
    const extra = Object.keys(r.to).filter((k) => k !== 'path' && k !== 'pathNot');
    if (extra.length > 0 || Object.keys(r.from).some((k) => k !== 'path' && k !== 'pathNot')) return false;
    if (!meets(r.from.path, from) || (r.from.pathNot !== undefined && meets(r.from.pathNot, from))) return false;
    return meets(r.to.path, to) && !(r.to.pathNot !== undefined && meets(r.to.pathNot, to));
  });
}

/** Pure: the circles (strongly connected groups, Tarjan) of `graph` that use one of `marked` edges. */
function circlesThrough(graph, marked) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      groups.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups.filter((g) => {
    const members = new Set(g);
    return marked.some((e) => members.has(e.from) && members.has(e.to) && (g.length > 1 || e.from === e.to));
  });
}

/** Pure: a violation's one-line description. */
export function describe(v) {
  if (v.cycle) return `${v.rule.name}: ${v.from} → ${v.cycle.map((c) => c.name ?? c).join(' → ')}`;
  return `${v.rule.name}: ${v.from} → ${v.to}${v.kind ? ` (${v.kind})` : ''}`;
}

/**
 * Not pure (runs dependency-cruiser on `root`): every violation of the rules in `root`'s config,
 * as `{type, from, to, rule: {name, severity}, kind?, cycle?}`, minus the baseline's when `baseline`.
 */
export function lintDeps({ root = repoRoot, baseline = true } = {}) {
  const known =
    baseline && existsSync(join(root, BASELINE)) ? JSON.parse(readFileSync(join(root, BASELINE), 'utf8')) : [];
  const args = [CRUISER, 'src', '--config', CONFIG, '--output-type', 'json'];
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  let result;
  try {
    result = JSON.parse(r.stdout);
  } catch {
    throw new Error(`dependency-cruiser did not answer: ${r.stderr || r.stdout}`);
  }
  const violations = result.summary.violations.filter((v) => v.rule.severity !== 'ignore');

  const config = createRequire(join(root, 'package.json'))(join(root, CONFIG));
  const extras = extraReferences(root);
  for (const e of extras.filter((x) => x.kind === 'worker' && !startsWorkerRightly(x.from, x.to)))
    violations.push({
      type: 'dependency',
      from: e.from,
      to: e.to,
      kind: e.kind,
      rule: { name: WORKER_RULE, severity: 'error' },
    });
  const named = new Set(violations.filter((v) => v.rule.name === WORKER_RULE).map((v) => v.from));
  for (const e of uiWorkerStarts(root).filter((x) => !named.has(x.from)))
    violations.push({
      type: 'dependency',
      from: e.from,
      to: e.to,
      kind: 'new Worker',
      rule: { name: WORKER_RULE, severity: 'error' },
    });
  for (const e of extras.filter((x) => x.kind !== 'worker'))
    for (const rule of roomViolations(config.forbidden, e.from, e.to))
      violations.push({
        type: 'dependency',
        from: e.from,
        to: e.to,
        kind: e.kind,
        rule: { name: rule.name, severity: 'error' },
      });

  const graph = new Map();
  for (const m of result.modules)
    graph.set(
      m.source,
      m.dependencies.map((d) => d.resolved),
    );
  for (const e of extras) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  for (const group of circlesThrough(graph, extras))
    violations.push({
      type: 'cycle',
      from: group[0],
      to: group[0],
      cycle: group.slice(1).concat(group[0]),
      rule: { name: 'no-circular', severity: 'error' },
    });

  const isKnown = (v) => known.some((k) => k.from === v.from && k.to === v.to && k.rule.name === v.rule.name);
  return {
    violations: violations.filter((v) => !isKnown(v)),
    known: violations.filter(isKnown).length,
    modules: result.summary.totalCruised,
    dependencies: result.summary.totalDependenciesCruised,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const write = process.argv.includes('--write-baseline');
  const { violations, known, modules, dependencies } = lintDeps({
    baseline: !write && !process.argv.includes('--no-baseline'),
  });
  if (write) {
    const others = violations.filter((v) => v.rule.name !== BASELINED_RULE);
    if (others.length > 0) {
      for (const v of others) process.stdout.write(`  error ${describe(v)}\n`);
      process.stdout.write('The baseline holds the UI rule only: fix these first.\n');
      process.exitCode = 1;
    } else {
      const entries = violations.map((v) => ({ type: v.type, from: v.from, to: v.to, rule: v.rule }));
      writeFileSync(join(repoRoot, BASELINE), `${JSON.stringify(entries, null, 2)}\n`);
      process.stdout.write(`${BASELINE}: ${entries.length} known violations of ${BASELINED_RULE}\n`);
    }
  } else {
    for (const v of violations) process.stdout.write(`  error ${describe(v)}\n`);
    process.stdout.write(
      `${violations.length === 0 ? '✓' : '✗'} layer rules: ${violations.length} violations (${known} known, in ${BASELINE}); ${modules} modules, ${dependencies} dependencies\n`,
    );
    process.exitCode = violations.length === 0 ? 0 : 1;
  }
}
