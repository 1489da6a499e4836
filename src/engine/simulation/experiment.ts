/**
 * Experiments (issue 43, item 3; docs/simulation.md): replications of a template with seeds S,
 * S + 1, …, each summarised as named figures (figures.ts), then per metric the mean, sd and 95 %
 * interval over replications (stats.ts); variants of the template (`--vary`, `--vs`) are run with
 * the SAME seeds (common random numbers) and compared with the first by the paired differences
 * d_i = x_i(variant) − x_i(first), whose Student-t interval says whether the change is real.
 *
 * The parts are separate so replications can run anywhere (threads, shards) and be summarised
 * afterwards: `runReplication` gives one seed's figures; `summariseReplications` and
 * `compareVariants` take the figures in seed order and give the very same summary whoever ran them.
 */
import { Engine, type EngineSettings } from '../engine';
import type { LoadResult } from '../types';
import { didYouMean } from '../suggest';
import { replicationFigures, simulatedLog, type Figures, type LoggedCase } from './figures';
import { summarise, type Summary } from './stats';
import { copyJson, setOwn } from '../jsonValues';

/** One replication: its seed, its figures and (when asked) its cases as a log. */
export interface Replication {
  seed: number;
  figures: Figures;
  log?: LoggedCase[];
  /** The bound that closed the run before its end (`maxSteps`, `maxEvents`, `maxWork`), when one did. */
  truncatedBy?: string;
}

export type ReplicationResult = { ok: true; replication: Replication } | { ok: false; load: LoadResult };

/** Not pure (runs the engine): one replication of `doc` with `seed`, to the end or to step `horizon`. */
export function runReplication(
  doc: unknown,
  seed: number,
  options: { horizon?: number; withLog?: boolean; settings?: EngineSettings } = {},
): ReplicationResult {
  const engine = new Engine(options.settings ?? {});
  const load = engine.initialize(doc, { seed });
  if (load.scenario === null) return { ok: false, load };
  engine.advance(options.horizon ?? 'end');
  const replication: Replication = { seed, figures: replicationFigures(engine) };
  if (engine.truncatedBy !== null) replication.truncatedBy = engine.truncatedBy;
  if (options.withLog === true) replication.log = simulatedLog(engine);
  return { ok: true, replication };
}

/** The summary of replications. */
export interface ExperimentSummary {
  replications: number;
  seeds: number[];
  metrics: Record<string, Summary>;
}

/** Pure: metric names over `runs`, in order of first appearance (every replication of one template has the same). */
function metricNames(runs: readonly Replication[]): string[] {
  const names = new Set<string>();
  for (const r of runs) for (const k of Object.keys(r.figures)) names.add(k);
  return [...names];
}

/** Pure: per metric, mean, sd and 95 % interval over `runs` (in seed order); a figure a run lacks counts 0. */
export function summariseReplications(runs: readonly Replication[]): ExperimentSummary {
  const metrics: Record<string, Summary> = {};
  for (const name of metricNames(runs)) setOwn(metrics, name, summarise(runs.map((r) => r.figures[name] ?? 0)));
  return { replications: runs.length, seeds: runs.map((r) => r.seed), metrics };
}

/** A metric's difference to the first variant. */
export interface Difference extends Summary {
  /** The 95 % interval excludes 0: the variants differ in this metric beyond the replications' noise. */
  significant: boolean;
}

export interface VariantSummary {
  /** What makes the variant: `PATH=V`, or the template file. */
  label: string;
  metrics: Record<string, Summary>;
  /** Paired differences to the first variant (absent on the first). */
  difference?: Record<string, Difference>;
}

/** Pure: each variant's summary and, after the first, the paired differences to it (same seeds in each). */
export function compareVariants(
  variants: readonly { label: string; runs: readonly Replication[] }[],
): VariantSummary[] {
  const base = variants[0];
  return variants.map((v, i) => {
    const out: VariantSummary = { label: v.label, metrics: summariseReplications(v.runs).metrics };
    if (i === 0 || base === undefined) return out;
    const difference: Record<string, Difference> = {};
    const names = metricNames([...base.runs, ...v.runs]);
    for (const name of names) {
      const d = v.runs.map((r, k) => (r.figures[name] ?? 0) - (base.runs[k]?.figures[name] ?? 0));
      const s = summarise(d);
      setOwn(difference, name, { ...s, significant: s.ci95[0] > 0 || s.ci95[1] < 0 });
    }
    out.difference = difference;
    return out;
  });
}

// ——— Changing a template: --set and --vary ———

export type SetResult = { ok: true; doc: unknown } | { ok: false; message: string };

/** Pure: `text` as JSON when it is JSON (`5`, `true`, `{"a":1}`), else as a string. */
export function parseSetValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

/** Pure: the keys of a JSON pointer (RFC 6901: `~1` is `/`, `~0` is `~`). */
function pointerKeys(pointer: string): string[] {
  return pointer
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Pure: a copy of `doc` with the value at `path` set to `value`. `path` is a JSON pointer into the
 * document (`/scenario/nodes/0/interval`) or `nodeId.field` (`arrivals.arrivals.meanMs`: the node
 * with that id, then fields by dots, array items by number). Everything up to the last key must
 * exist; the last key may be new. Not ok with a sentence naming what is missing.
 */
export function setPath(doc: unknown, path: string, value: unknown): SetResult {
  const copy = copyJson(doc);
  let target: unknown;
  let keys: string[];
  let where: string;
  if (path.startsWith('/')) {
    target = copy;
    keys = pointerKeys(path);
    where = '';
  } else {
    const dot = path.indexOf('.');
    if (dot <= 0 || dot === path.length - 1)
      return {
        ok: false,
        message: `"${path}" is neither a JSON pointer (/scenario/nodes/0/interval) nor nodeId.field`,
      };
    const id = path.slice(0, dot);
    const root = isObject(copy) && isObject(copy['scenario']) ? copy['scenario'] : copy;
    const nodes = isObject(root) && Array.isArray(root['nodes']) ? (root['nodes'] as unknown[]) : [];
    const ids = nodes.map((n) => (isObject(n) ? String(n['nodeId'] ?? n['id'] ?? '') : ''));
    const at = ids.indexOf(id);
    if (at < 0) {
      const hint = didYouMean(id, ids);
      return {
        ok: false,
        message: `no node "${id}"${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; the nodes are ${ids.map((i) => `"${i}"`).join(', ')}`,
      };
    }
    target = nodes[at];
    keys = path.slice(dot + 1).split('.');
    where = id;
  }
  if (keys.length === 0 || keys.some((k) => FORBIDDEN_KEYS.has(k)))
    return { ok: false, message: `"${path}" names no field` };
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i]!;
    const next = isObject(target) && Object.hasOwn(target, k) ? target[k] : undefined;
    where = where === '' || path.startsWith('/') ? `${where}/${k}` : `${where}.${k}`;
    if (!isObject(next)) return { ok: false, message: `"${path}": ${where} does not exist or holds no fields` };
    target = next;
  }
  const last = keys[keys.length - 1]!;
  if (!isObject(target)) return { ok: false, message: `"${path}" names no field` };
  if (Array.isArray(target)) {
    const n = Number(last);
    if (!/^\d+$/.test(last) || n > target.length)
      return { ok: false, message: `"${path}": ${last} is not an index of a list of ${target.length}` };
    target[n] = value;
  } else setOwn(target, last, value);
  return { ok: true, doc: copy };
}
