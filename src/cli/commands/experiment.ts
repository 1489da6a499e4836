import { optionValue, parseArgs, UsageError, type ParsedArgs } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, type CliIO } from '../command';
import { reportIssues } from '../issueReport';
import { readJson } from '../json';
import {
  compareVariants,
  parseSetValue,
  replicationAt,
  replicationEndLine,
  replicationHeaderLine,
  replicationLine,
  REPLICATIONS_FORMAT,
  setPath,
  sliceOf,
  summariseReplications,
  type Replication,
  type ReplicationHeader,
  type VariantSummary,
} from '../../engine/simulation';
import { canonicalJson, loadScenario } from '../../engine';
import { checkOutputPaths } from '../samePaths';
import { sha256Hex } from '../shard/loadShard';
import { SHARD_OPTIONS, shardSpec, workersCount } from '../shard/shardOption';
import { runOne, runReplicationsOnThreads } from '../shard/replicationWorkers';
import { workerScriptUrl } from '../shard/workerScript';
import { experimentTable } from './experimentTable';

const USAGE =
  'experiment <template.json> --replications N [--seed S] [--set PATH=V …] [--vary PATH=V1,V2,… | --vs other.json] [--horizon T] [--json] [--workers K] [--shard I/N | --shards N [--shard-env NAME]] [--out replications-I.ndjson]';

/** Most replications one command runs (each is a whole run). */
export const MAX_REPLICATIONS = 100_000;

/**
 * `experiment` (issue 43, item 3; docs/simulation.md): N replications of a template with seeds S,
 * S + 1, … (S default 1), each to its end or to `--horizon T` (steps, or a duration such as
 * `8h`, `90min`, `30s`, `500ms`, `2d` in the template's simulated time), and per metric the mean,
 * sd and Student-t 95 % interval over them. `--set PATH=V` changes the template first (repeatable);
 * `--vary PATH=V1,V2,…` runs one variant per value, `--vs other.json` the template and another, all
 * with the same seeds, and reports each variant's figures and the paired difference to the first.
 * Prints a table, or with `--json` `{replications, seeds, metrics, variants?}`. Exit 2 for bad
 * arguments, a template (or a changed one) that does not load, or a PATH that names nothing.
 *
 * Scale (item 4; docs/scale.md): `--workers K` runs the replications on K threads
 * (shard/replicationWorkers.ts); `--shard I/N` (or `--shards N` with the scheduler's index) runs
 * one slice of them and writes a replication file (`--out`, default `replications-I.ndjson`;
 * engine/simulation/replicationFile.ts) for `experiment-merge`. Either way the summary is made from
 * the per-replication figures in seed order (`reportExperiment`), so it is the same byte for byte.
 */
export const experimentCommand: Command = {
  name: 'experiment',
  usage: USAGE,
  summary: 'run replications of a template (or variants of it) and report means with 95 % confidence intervals',
  async run(argv, io) {
    const args = parseArgs(argv, {
      replications: { kind: 'value' },
      seed: { kind: 'value' },
      set: { kind: 'value', repeat: true },
      vary: { kind: 'value' },
      vs: { kind: 'value' },
      horizon: { kind: 'value' },
      json: { kind: 'switch' },
      workers: { kind: 'value' },
      out: { kind: 'value' },
      ...SHARD_OPTIONS,
    });
    if (args.positionals.length !== 1)
      throw new UsageError(
        args.positionals.length === 0 ? 'a template file is required' : 'only one template file can be run',
      );
    const replications = replicationsOption(args);
    const seed = seedOption(args);
    const vary = optionValue(args, 'vary');
    const vs = optionValue(args, 'vs');
    if (vary !== undefined && vs !== undefined) throw new UsageError('give --vary or --vs, not both');
    const workersText = optionValue(args, 'workers');
    const workers = workersText === undefined ? undefined : workersCount(workersText);
    const spec = shardSpec(args, process.env);
    const outFile = optionValue(args, 'out');
    if (spec === null && outFile !== undefined)
      throw new UsageError('--out writes the replication file of a shard: give --shard I/N (or --shards N)');
    if (spec !== null && args.switches.has('json'))
      throw new UsageError('a shard prints no summary: give --json to experiment-merge, which prints it');
    const file = args.positionals[0]!;
    if (spec !== null)
      await checkOutputPaths(
        [
          { role: 'the template', path: file },
          { role: '--vs', path: vs },
        ],
        [
          {
            role: outFile === undefined ? 'the replication file' : '--out',
            path: outFile ?? `replications-${spec.index}.ndjson`,
          },
        ],
      );
    const base = await loadDoc(io, file);
    if (base === null) return EXIT_USAGE;
    let doc: unknown = base;
    for (const assignment of args.values['set'] ?? []) {
      const [path, value] = splitAssignment('--set', assignment);
      const set = setPath(doc, path, parseSetValue(value));
      if (!set.ok) {
        io.stderr(`--set ${assignment}: ${set.message}\n`);
        return EXIT_USAGE;
      }
      doc = set.doc;
    }
    const variants: { label: string; doc: unknown; file: string }[] = [];
    if (vary !== undefined) {
      const [path, list] = splitAssignment('--vary', vary);
      const values = splitValues(list);
      if (values.length < 2) throw new UsageError(`--vary ${vary}: give at least two values, separated by commas`);
      for (const v of values) {
        const set = setPath(doc, path, parseSetValue(v));
        if (!set.ok) {
          io.stderr(`--vary ${vary}: ${set.message}\n`);
          return EXIT_USAGE;
        }
        variants.push({ label: `${path}=${v}`, doc: set.doc, file: `${file} with ${path}=${v}` });
      }
    } else {
      variants.push({ label: file, doc, file: (args.values['set'] ?? []).length > 0 ? `${file} with --set` : file });
      if (vs !== undefined) {
        const other = await loadDoc(io, vs);
        if (other === null) return EXIT_USAGE;
        variants.push({ label: vs, doc: other, file: vs });
      }
    }
    // Every variant must load before any runs; the horizon is read in the first one's steps.
    // Warnings once per file read (the variants of --vary share the template's).
    let tickMs = 1000;
    const warned = new Set<string>();
    for (const [i, v] of variants.entries()) {
      const load = loadScenario(v.doc);
      const source = vs !== undefined && v.file === vs ? vs : file;
      const shown = { ...load, warnings: warned.has(source) ? [] : load.warnings };
      warned.add(source);
      if (!reportIssues(io, v.file, shown)) return EXIT_USAGE;
      if (i === 0) tickMs = load.scenario!.tickMs;
    }
    const horizon = horizonOption(optionValue(args, 'horizon'), tickMs);
    const total = variants.length * replications;
    const range = spec === null ? { from: 0, to: total } : sliceOf(spec.index, spec.count, total);
    const task = { docs: variants.map((v) => v.doc), seed, horizon };
    let ran: Replication[];
    if (workers === undefined) {
      ran = [];
      for (let j = range.from; j < range.to; j++) ran.push(runOne(task, j));
    } else {
      const script = workerScriptUrl();
      if (script === undefined) {
        io.stderr('flowledger experiment: --workers needs the built command line (bin/flowledger.mjs)\n');
        return EXIT_FAILURE;
      }
      ran = await runReplicationsOnThreads(script, task, range.from, range.to, workers);
    }
    const meta = variants.map((v) => ({ label: v.label, file: v.file }));
    if (spec !== null) {
      const header: ReplicationHeader = {
        flowledgerReplications: REPLICATIONS_FORMAT,
        shard: spec.index,
        shards: spec.count,
        templateHash: sha256Hex(canonicalJson(base)),
        seed,
        replications,
        horizon: horizon ?? null,
        variants: variants.map((v, i) => ({ ...meta[i]!, hash: sha256Hex(canonicalJson(v.doc)) })),
      };
      const out = outFile ?? `replications-${spec.index}.ndjson`;
      await io.writeFile(out, replicationFileChunks(header, range.from, ran));
      const cut = ran.filter((r) => r.truncatedBy !== undefined).length;
      if (cut > 0)
        io.stderr(
          `${file}: warning: ${cut} of the ${ran.length} replications of this shard ended truncated (docs/limits.md); experiment-merge says which\n`,
        );
      io.stdout(
        `${JSON.stringify({ shard: `${spec.index}/${spec.count}`, out, replications: ran.length, ...(ran.length > 0 ? { first: range.from, last: range.to - 1 } : {}) }, null, 2)}\n`,
      );
      return EXIT_OK;
    }
    const runs = variants.map((_, v) => Array.from({ length: replications }, (_, k) => ran[k * variants.length + v]!));
    reportExperiment(io, args.switches.has('json'), meta, runs);
    return EXIT_OK;
  },
};

/** Not pure (chunks of a file): the replication file of replications `from`, `from` + 1, … */
function* replicationFileChunks(
  header: ReplicationHeader,
  from: number,
  ran: readonly Replication[],
): Generator<string> {
  yield replicationHeaderLine(header);
  const variants = header.variants.length;
  let parts: string[] = [];
  for (const [i, r] of ran.entries()) {
    parts.push(replicationLine(from + i, replicationAt(from + i, variants).variant, r));
    if (parts.length >= 256) {
      yield parts.join('');
      parts = [];
    }
  }
  if (parts.length > 0) yield parts.join('');
  yield replicationEndLine(ran.length);
}

/**
 * Not pure (writes to `io`): what `experiment` prints once every replication has run —
 * `runs[v][k]` the replication of variant v with seed S + k — and `experiment-merge` prints from
 * the replication files: a warning per variant a bound truncated, then the summary.
 */
export function reportExperiment(
  io: CliIO,
  json: boolean,
  variants: readonly { label: string; file: string }[],
  runs: readonly Replication[][],
): void {
  // A replication a bound closed is summarised as it stood then; say so rather than hide it.
  variants.forEach((v, i) => {
    const cut = runs[i]!.filter((r) => r.truncatedBy !== undefined);
    if (cut.length > 0)
      io.stderr(
        `${v.file}: warning: ${cut.length} of ${runs[i]!.length} replications ended truncated (${[...new Set(cut.map((r) => r.truncatedBy))].join(', ')}: docs/limits.md); their figures are as they stood then\n`,
      );
  });
  const first = summariseReplications(runs[0]!);
  const compared: VariantSummary[] | null =
    variants.length > 1 ? compareVariants(variants.map((v, i) => ({ label: v.label, runs: runs[i]! }))) : null;
  writeOutput(io, json, first, compared);
}

function writeOutput(
  io: CliIO,
  json: boolean,
  first: ReturnType<typeof summariseReplications>,
  variants: VariantSummary[] | null,
): void {
  if (json) {
    const out: Record<string, unknown> = { ...first };
    if (variants !== null) out['variants'] = variants;
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  io.stdout(experimentTable(first, variants));
}

async function loadDoc(io: CliIO, file: string): Promise<unknown> {
  const json = readJson(await io.readFile(file), file);
  if (!json.ok) {
    io.stderr(`${json.message}\n`);
    return null;
  }
  return json.value;
}

/** Pure: `PATH=V` split at its first `=`; throws UsageError without one. */
export function splitAssignment(option: string, text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${option} ${text}: write PATH=VALUE (a JSON pointer or nodeId.field, then =)`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

/** Pure: comma-separated values, commas inside brackets, braces or double quotes kept (`[1,2],[3,4]`). */
export function splitValues(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out.filter((v) => v !== '');
}

function replicationsOption(args: ParsedArgs): number {
  const text = optionValue(args, 'replications');
  if (text === undefined) throw new UsageError('--replications N is required (at least 2: an interval needs a spread)');
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 2 || n > MAX_REPLICATIONS)
    throw new UsageError(`--replications must be a whole number from 2 to ${MAX_REPLICATIONS}, got "${text}"`);
  return n;
}

function seedOption(args: ParsedArgs): number {
  const text = optionValue(args, 'seed');
  if (text === undefined) return 1;
  if (!/^-?\d{1,15}$/.test(text)) throw new UsageError(`--seed must be an integer, got "${text}"`);
  return Number(text);
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Pure: `--horizon` as a step number: steps (`500`) or a simulated duration (`8h`), rounded up to whole steps of `tickMs`. */
export function horizonOption(text: string | undefined, tickMs: number): number | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s|min|m|h|d)?$/.exec(text);
  if (m === null || !(Number(m[1]) > 0))
    throw new UsageError(
      `--horizon must be a number of steps or a duration such as 8h, 90min, 30s, 500ms or 2d, got "${text}"`,
    );
  const n = Number(m[1]);
  if (m[2] === undefined) {
    if (!Number.isInteger(n)) throw new UsageError(`--horizon in steps must be a whole number, got "${text}"`);
    return n;
  }
  return Math.ceil((n * UNITS[m[2]]!) / tickMs);
}
