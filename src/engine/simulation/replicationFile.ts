/**
 * The replication file (issue 43, item 4; docs/scale.md, "Experiments on many machines"): what
 * `experiment … --shard I/N --out FILE` writes and `experiment-merge` reads. NDJSON, one object a line:
 *   1. the header — which experiment and which slice: `{"flowledgerReplications":1,"shard":I,
 *      "shards":N,"templateHash":…,"seed":S,"replications":R,"horizon":H|null,"variants":[{label,
 *      file,hash}]}`, so a merge refuses files of different experiments;
 *   2. one line per replication of the slice, in order: `{"r":j,"variant":v,"seed":s,
 *      "figures":{…},"truncatedBy"?:…}` — j numbers the experiment's V × R replications seed by seed
 *      (j = k·V + v for seed S + k and variant v), so a line repeated, missing or moved shows at once;
 *      figures are the replication's, numbers as JSON writes them (which reads back the same double)
 *      and `"NaN"`, `"Infinity"`, `"-Infinity"` as text;
 *   3. the trailer `{"flowledgerReplicationsEnd":{"replications":count}}` — a file cut short has none.
 *
 * Shard I of N runs the replications ⌊I·T/N⌋ … ⌊(I+1)·T/N⌋ − 1 of T = V × R: contiguous blocks of
 * seeds, each with all its variants, so the shards cost about the same even when variants do not.
 */
import type { Figures } from './figures';
import type { Replication } from './experiment';
import { setOwn } from '../jsonValues';

export const REPLICATIONS_FORMAT = 1;

export interface ReplicationVariant {
  /** What makes it (`PATH=V`, or the template file), as the summary prints it. */
  label: string;
  /** How warnings name it (`model.json with PATH=V`). */
  file: string;
  /** SHA-256 of the variant's canonical JSON. */
  hash: string;
}

export interface ReplicationHeader {
  flowledgerReplications: typeof REPLICATIONS_FORMAT;
  shard: number;
  shards: number;
  /** SHA-256 of the template file's canonical JSON. */
  templateHash: string;
  seed: number;
  replications: number;
  /** The step every replication stops at (`--horizon`), or null: to its end. */
  horizon: number | null;
  variants: ReplicationVariant[];
}

/** The fields every file of one experiment must agree on, in the order a mismatch is reported. */
export const SHARED_REPLICATION_FIELDS = [
  'templateHash',
  'seed',
  'replications',
  'horizon',
  'variants',
  'shards',
] as const;

/** Pure: the replications [from, to) of shard `index` of `count` among `total`. */
export function sliceOf(index: number, count: number, total: number): { from: number; to: number } {
  return { from: Math.floor((index * total) / count), to: Math.floor(((index + 1) * total) / count) };
}

/** Pure: replication j's variant and seed index (j = k·V + v). */
export function replicationAt(j: number, variants: number): { variant: number; k: number } {
  return { variant: j % variants, k: Math.floor(j / variants) };
}

/** Pure: the header line (newline included). */
export function replicationHeaderLine(h: ReplicationHeader): string {
  return `${JSON.stringify(h)}\n`;
}

function encodeNumber(x: number): number | string {
  return Number.isFinite(x) ? x : String(x);
}

function decodeNumber(x: unknown): number | undefined {
  if (typeof x === 'number') return x;
  if (x === 'NaN') return NaN;
  if (x === 'Infinity') return Infinity;
  if (x === '-Infinity') return -Infinity;
  return undefined;
}

/** Pure: the line of replication `j` (newline included). */
export function replicationLine(j: number, variant: number, r: Replication): string {
  const figures: Record<string, number | string> = {};
  for (const [name, x] of Object.entries(r.figures)) figures[name] = encodeNumber(x);
  const line: Record<string, unknown> = { r: j, variant, seed: r.seed, figures };
  if (r.truncatedBy !== undefined) line['truncatedBy'] = r.truncatedBy;
  return `${JSON.stringify(line)}\n`;
}

/** Pure: the trailer line (newline included). */
export function replicationEndLine(count: number): string {
  return `${JSON.stringify({ flowledgerReplicationsEnd: { replications: count } })}\n`;
}

const int = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

function parse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Pure: the header of a replication file from its first line, or why it is not one. */
export function readReplicationHeader(line: string | undefined): ReplicationHeader | string {
  if (line === undefined) return 'the file is empty';
  const v = parse(line);
  if (!isObject(v) || v['flowledgerReplications'] !== REPLICATIONS_FORMAT)
    return 'the first line is not a replication file header ("flowledgerReplications": 1): was it written by experiment --shard?';
  const h = v as Partial<ReplicationHeader>;
  if (!int(h.shards) || h.shards < 1 || !int(h.shard) || h.shard < 0 || h.shard >= h.shards)
    return 'the header\'s "shard"/"shards" are not an index below a count';
  if (typeof h.templateHash !== 'string' || !int(h.seed) || !int(h.replications) || h.replications < 1)
    return 'the header lacks templateHash, seed or replications';
  if (h.horizon !== null && !(int(h.horizon) && h.horizon > 0)) return 'the header\'s "horizon" is not a step or null';
  if (
    !Array.isArray(h.variants) ||
    h.variants.length < 1 ||
    !h.variants.every(
      (x: unknown) =>
        isObject(x) && typeof x['label'] === 'string' && typeof x['file'] === 'string' && typeof x['hash'] === 'string',
    )
  )
    return 'the header\'s "variants" are not a list of {label, file, hash}';
  return h as ReplicationHeader;
}

/** One replication line read back: its number, variant and the replication. */
export interface ReplicationEntry {
  j: number;
  variant: number;
  replication: Replication;
}

/**
 * Pure: replication line `line`, which must be replication `expected` of the experiment of `header`,
 * or what is wrong with it. The trailer is not a replication line (`readReplicationEnd`).
 */
export function readReplicationLine(
  line: string,
  expected: number,
  header: ReplicationHeader,
): ReplicationEntry | string {
  const v = parse(line);
  if (v === undefined) return `not JSON: ${line.slice(0, 80)}`;
  if (!isObject(v) || !int(v['r'])) return 'not a replication line {"r":…,"variant":…,"seed":…,"figures":{…}}';
  const j = v['r'];
  if (j !== expected) {
    const shown = `replication ${j}`;
    return j < expected
      ? `${shown} again (replication ${expected} comes next): a line is repeated or out of place`
      : `${shown} where replication ${expected} comes next: a line is missing or out of place`;
  }
  const at = replicationAt(j, header.variants.length);
  if (v['variant'] !== at.variant || v['seed'] !== header.seed + at.k)
    return `replication ${j} is variant ${at.variant} with seed ${header.seed + at.k}, not what the line says`;
  const figures = v['figures'];
  if (!isObject(figures)) return 'its "figures" are not an object';
  const out: Figures = {};
  for (const [name, x] of Object.entries(figures)) {
    const n = decodeNumber(x);
    if (n === undefined) return `its figure ${JSON.stringify(name)} is not a number`;
    setOwn(out, name, n);
  }
  const truncatedBy = v['truncatedBy'];
  if (truncatedBy !== undefined && typeof truncatedBy !== 'string') return 'its "truncatedBy" is not text';
  const replication: Replication = { seed: header.seed + at.k, figures: out };
  if (truncatedBy !== undefined) replication.truncatedBy = truncatedBy;
  return { j, variant: at.variant, replication };
}

/** Pure: whether `line` is (meant as) the trailer. */
export function isReplicationEnd(line: string): boolean {
  return line.startsWith('{"flowledgerReplicationsEnd"');
}

/** Pure: the count of the trailer `line`, or what is wrong with it. */
export function readReplicationEnd(line: string): number | string {
  const v = parse(line);
  const end = isObject(v) ? v['flowledgerReplicationsEnd'] : undefined;
  if (!isObject(end) || !int(end['replications']) || end['replications'] < 0)
    return 'its trailer is not {"flowledgerReplicationsEnd":{"replications":count}}';
  return end['replications'];
}

/** Pure: the first field in which `h` differs from `first` (another experiment's file), or null. */
export function differingField(
  first: ReplicationHeader,
  h: ReplicationHeader,
): (typeof SHARED_REPLICATION_FIELDS)[number] | null {
  for (const f of SHARED_REPLICATION_FIELDS) if (JSON.stringify(first[f]) !== JSON.stringify(h[f])) return f;
  return null;
}
