import { optionValue, parseArgs, UsageError, type ParsedArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, type Command, type CliIO } from '../command';
import { reportIssues } from '../issueReport';
import { readJson } from '../json';
import { nodeSha256 } from '../nodeHasher';
import {
  compareVariants,
  parseSetValue,
  runReplication,
  setPath,
  summariseReplications,
  type Replication,
  type VariantSummary,
} from '../../engine/simulation';
import { loadScenario } from '../../engine';
import { experimentTable } from './experimentTable';

const USAGE =
  'experiment <template.json> --replications N [--seed S] [--set PATH=V …] [--vary PATH=V1,V2,… | --vs other.json] [--horizon T] [--json]';

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
    const file = args.positionals[0]!;
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
    const seeds = Array.from({ length: replications }, (_, k) => seed + k);
    const runs: Replication[][] = variants.map((v) =>
      seeds.map((s) => {
        const r = runReplication(v.doc, s, {
          ...(horizon !== undefined ? { horizon } : {}),
          settings: { hasher: nodeSha256 },
        });
        if (!r.ok) throw new Error(`${v.file} did not load`);
        return r.replication;
      }),
    );
    // A replication a bound closed is summarised as it stood then; say so rather than hide it.
    variants.forEach((v, i) => {
      const cut = runs[i]!.filter((r) => r.truncatedBy !== undefined);
      if (cut.length > 0)
        io.stderr(
          `${v.file}: warning: ${cut.length} of ${replications} replications ended truncated (${[...new Set(cut.map((r) => r.truncatedBy))].join(', ')}: docs/limits.md); their figures are as they stood then\n`,
        );
    });
    const first = summariseReplications(runs[0]!);
    const compared: VariantSummary[] | null =
      variants.length > 1 ? compareVariants(variants.map((v, i) => ({ label: v.label, runs: runs[i]! }))) : null;
    writeOutput(io, args.switches.has('json'), first, compared);
    return EXIT_OK;
  },
};

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
