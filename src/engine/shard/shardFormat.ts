/**
 * The shard file: what `run --shard I/N` writes and `merge` reads. NDJSON, one object a line:
 *   1. the header — which template, seed, events and split the shard comes from, so a merge refuses
 *      shards of different runs: `{"flowledgerShard":1,"shard":I,"shards":N,"templateHash":…,
 *      "seed":…,"eventsHash":…,"shardHash":"fnv1a32-utf8","maxEvents":…}`;
 *   2. one line per ledger event: `{"k":"order key","m":[marks],"e":{the canonical ledger line}}`
 *      — the event exactly as the single run writes it except the run-wide numbers (seq, eventId,
 *      token ids), whose [start, end) offsets in the line `m` lists (`LineWriter.markedLine`), and
 *      `"s":1` before `"e"` on a Sink's TOKEN_COLLECTED (the merge reads its value); the order key
 *      is `keyText` of `orderKeys`' key, so keys compare as plain strings;
 *   3. the trailer — the shard's run summary parts the merge adds up: `{"flowledgerShardEnd":{…}}`.
 */
import type { UnmovedFsm } from '../../contract/queries';
import type { NodeState, TruncationBound } from '../types';

export const SHARD_FORMAT = 1;
/** Names the hash that assigns correlation ids to shards (shardHash.ts). */
export const SHARD_HASH = 'fnv1a32-utf8';

export interface ShardHeader {
  flowledgerShard: typeof SHARD_FORMAT;
  shard: number;
  shards: number;
  /** SHA-256 of the template file's canonical JSON. */
  templateHash: string;
  seed: number;
  /** SHA-256 of the whole events file (as `parse` writes it without --shard). */
  eventsHash: string;
  shardHash: typeof SHARD_HASH;
  maxEvents: number;
}

export interface ShardEnd {
  events: number;
  steps: number;
  status: 'completed' | 'truncated' | 'running';
  truncatedBy?: TruncationBound;
  /** Sink node ids in node order (the summary lists every one). */
  sinks: string[];
  nodeStates: Record<string, NodeState>;
  /**
   * What the summary's `eventsConsumed`, `transitionsFired` and `warnings` are made of (the shard
   * run's Result): its own events consumed (another shard's are masked and make nothing) and
   * transitions fired, which add up, the template's number of FSMs and those no machine of which
   * left its initial state in this shard, which the merge intersects. Absent in a file written
   * before they were added: read as 0 and none.
   */
  eventsConsumed?: number;
  transitionsFired?: number;
  fsms?: number;
  unmovedFsms?: UnmovedFsm[];
}

/** The fields of the header every shard of one run must agree on, in the order a mismatch is reported. */
export const SHARED_FIELDS = ['templateHash', 'seed', 'eventsHash', 'shards', 'shardHash'] as const;

/** Pure: the header line (newline included). */
export function headerLine(h: ShardHeader): string {
  return `${JSON.stringify(h)}\n`;
}

/** Pure: the trailer line (newline included). */
export function endLine(end: ShardEnd): string {
  return `${JSON.stringify({ flowledgerShardEnd: end })}\n`;
}

/** Pure: the header of a shard file from its first line, or why it is not one. */
export function readHeader(line: string | undefined): ShardHeader | string {
  if (line === undefined) return 'the file is empty';
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return 'the first line is not a shard header (JSON)';
  }
  const h = v as Partial<ShardHeader>;
  if (typeof v !== 'object' || v === null || h.flowledgerShard !== SHARD_FORMAT)
    return 'the first line is not a shard header ("flowledgerShard": 1): was it written by run --shard?';
  const int = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x);
  if (!int(h.shards) || h.shards! < 1 || !int(h.shard) || h.shard! < 0 || h.shard! >= h.shards!)
    return 'the header\'s "shard"/"shards" are not an index below a count';
  if (typeof h.templateHash !== 'string' || typeof h.eventsHash !== 'string' || !int(h.seed) || !int(h.maxEvents))
    return 'the header lacks templateHash, eventsHash, seed or maxEvents';
  return h as ShardHeader;
}

const STATUSES: readonly string[] = ['completed', 'truncated', 'running'];

/**
 * Pure: the trailer of a shard file from its line, or what is wrong with it. Every part the merge
 * adds up is checked for its type (a forged trailer must be refused, not crash the summary).
 */
export function readEnd(line: string): ShardEnd | string {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return `its trailer is not JSON: ${line.slice(0, 80)}`;
  }
  const end = (v as { flowledgerShardEnd?: unknown } | null)?.flowledgerShardEnd as Partial<ShardEnd> | undefined;
  if (typeof end !== 'object' || end === null || Array.isArray(end))
    return 'its trailer is not {"flowledgerShardEnd":{…}}';
  const count = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
  if (!count(end.events) || !count(end.steps)) return 'the trailer\'s "events" and "steps" are not counts';
  if (typeof end.status !== 'string' || !STATUSES.includes(end.status))
    return `the trailer's "status" is not one of ${STATUSES.join(', ')}`;
  if (end.truncatedBy !== undefined && typeof end.truncatedBy !== 'string')
    return 'the trailer\'s "truncatedBy" is not text';
  if (!Array.isArray(end.sinks) || !end.sinks.every((s) => typeof s === 'string'))
    return 'the trailer\'s "sinks" are not a list of node ids';
  const states = end.nodeStates as unknown;
  if (typeof states !== 'object' || states === null || Array.isArray(states))
    return 'the trailer\'s "nodeStates" are not an object';
  for (const [id, state] of Object.entries(states as Record<string, unknown>)) {
    const s = state as Partial<NodeState> | null;
    if (
      typeof s !== 'object' ||
      s === null ||
      typeof s.tokensProcessed !== 'number' ||
      (s.lastUpdate !== null && typeof s.lastUpdate !== 'number') ||
      (s.currentState !== null && typeof s.currentState !== 'string') ||
      typeof s.aggregates !== 'object' ||
      s.aggregates === null ||
      Array.isArray(s.aggregates)
    )
      return `the trailer's node state ${JSON.stringify(id)} is not {tokensProcessed, currentState, aggregates, lastUpdate}`;
  }
  for (const field of ['eventsConsumed', 'transitionsFired', 'fsms'] as const)
    if (end[field] !== undefined && !count(end[field])) return `the trailer's "${field}" is not a count`;
  const unmoved = end.unmovedFsms as unknown;
  if (
    unmoved !== undefined &&
    (!Array.isArray(unmoved) ||
      !unmoved.every(
        (u: Partial<UnmovedFsm> | null) =>
          typeof u === 'object' &&
          u !== null &&
          typeof u.nodeId === 'string' &&
          typeof u.name === 'string' &&
          typeof u.initialState === 'string',
      ))
  )
    return 'the trailer\'s "unmovedFsms" are not a list of {nodeId, name, initialState}';
  return end as ShardEnd;
}
