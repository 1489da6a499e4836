/**
 * The k-way merge of shard files back into the single run's ledger (docs/scale.md). It streams:
 * each shard is read a batch of lines at a time, the line with the least order key (orderKeys.ts)
 * goes next, and what only the whole run can number is renumbered on the way — seq and eventId
 * (one counter), token ids (`<nodeId>#<n>`: one counter per node, a token numbered when it first
 * appears, which is when the single run creates it). Renumbering slices the line at the offsets
 * its shard wrote (`LineWriter.markedLine`): the event itself is never parsed, except a Sink's
 * collected token, whose value the summary tallies. The merged lines are hashed as the ledger
 * hash is (SHA-256 of the NDJSON), so the hash printed is the single run's.
 *
 * Memory: one pending line per shard, plus a table of the token numbers seen per shard and node
 * (a few bytes per token).
 */
import type { HasherFactory } from '../ledger/hashing';
import { groupKey } from '../behaviors/tokenData';
import { readHeader, SHARED_FIELDS, type ShardEnd, type ShardHeader } from './shardFormat';

/** One shard file: its name (for messages) and its lines in batches. */
export interface ShardSource {
  name: string;
  batches: AsyncIterable<string[]>;
}

export interface MergeOptions {
  hasher: HasherFactory;
  /** Receives the merged ledger in chunks of about 64 KiB, in order; absent: only hashed. */
  write?: (chunk: string) => void | Promise<void>;
  /** Collected values listed per sink (the count and sum cover all). */
  sinkValuesLimit: number;
}

export interface SinkTally {
  count: number;
  sum: number;
  values: unknown[];
}

/** Tokens a Sink collected per `data.state`, in the order the states first came (its node state's `aggregates`). */
export type SinkStates = Map<string, Map<string, number>>;

export type MergeResult =
  | {
      ok: true;
      header: ShardHeader;
      events: number;
      hash: string;
      /** Per Sink node id, from the merged TOKEN_COLLECTED events in order. */
      sinks: Map<string, SinkTally>;
      sinkStates: SinkStates;
      /** The shards' trailers, by shard index. */
      ends: ShardEnd[];
      /** The shards' file names, by shard index. */
      files: string[];
    }
  | { ok: false; file: string; message: string };

const CHUNK_CHARS = 1 << 16;

class Cursor {
  private readonly it: AsyncIterator<string[]>;
  private batch: string[] = [];
  private at = 0;
  constructor(batches: AsyncIterable<string[]>) {
    this.it = batches[Symbol.asyncIterator]();
  }
  /** The next non-empty line of the batch in hand, or null when it is used up (then `next`). */
  take(): string | null {
    while (this.at < this.batch.length) {
      const line = this.batch[this.at++]!;
      if (line !== '') return line;
    }
    return null;
  }

  /** The next non-empty line, or undefined at the end. */
  async next(): Promise<string | undefined> {
    for (;;) {
      const line = this.take();
      if (line !== null) return line;
      const r = await this.it.next();
      if (r.done) return undefined;
      this.batch = r.value;
      this.at = 0;
    }
  }
}

interface Head {
  /** The order key as text (`keyText`): strings compare in the single run's order. */
  key: string;
  /** [start, end) offsets of the line's run-wide numbers (`LineWriter.markedLine`). */
  marks: number[];
  /** A Sink's TOKEN_COLLECTED (its value is tallied). */
  sink: boolean;
  /** The ledger line, without its newline. */
  line: string;
}

/** Pure: the numbers of a JSON array body of integers ("1,2,3"). */
function numbers(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}

/** Pure: a keyed ledger event line of a shard file, read without parsing the event; null when it is not one. */
function keyedLine(text: string): Head | null {
  if (!text.startsWith('{"k":"')) return null;
  const keyEnd = text.indexOf('"', 6);
  if (keyEnd < 0 || !text.startsWith(',"m":[', keyEnd + 1)) return null;
  const marksEnd = text.indexOf(']', keyEnd + 7);
  if (marksEnd < 0) return null;
  const sink = text.startsWith(',"s":1,"e":', marksEnd + 1);
  if (!sink && !text.startsWith(',"e":', marksEnd + 1)) return null;
  const key = text.slice(6, keyEnd);
  const marks = numbers(text.slice(keyEnd + 7, marksEnd));
  if (marks.length < 4 || marks.length % 2 !== 0 || marks.some((x) => !Number.isInteger(x))) return null;
  return { key, marks, sink, line: text.slice(marksEnd + (sink ? 12 : 6), -1) };
}

/** Thrown inside the merge with the file it concerns. */
class MergeFailure extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** Not pure (reads the sources, calls `write`): merges shard files into the single run's ledger. */
export async function mergeShards(sources: readonly ShardSource[], options: MergeOptions): Promise<MergeResult> {
  try {
    return await merge(sources, options);
  } catch (e) {
    if (e instanceof MergeFailure) return { ok: false, file: e.file, message: e.message };
    throw e;
  }
}

async function merge(sources: readonly ShardSource[], options: MergeOptions): Promise<MergeResult> {
  if (sources.length === 0) throw new MergeFailure('', 'no shard files given');
  const cursors = sources.map((s) => new Cursor(s.batches));
  const headers: ShardHeader[] = [];
  for (let i = 0; i < sources.length; i++) {
    const h = readHeader(await cursors[i]!.next());
    if (typeof h === 'string') throw new MergeFailure(sources[i]!.name, h);
    headers.push(h);
  }
  const files = checkHeaders(sources, headers);
  const k = sources.length;
  const ends: ShardEnd[] = new Array<ShardEnd>(headers[0]!.shards);
  const heads: (Head | null)[] = new Array<Head | null>(k).fill(null);
  // Lines are taken from the batch in hand synchronously: awaiting once per line would cost more
  // than the merge itself.
  const read = (i: number): void | Promise<void> => {
    const line = cursors[i]!.take();
    return line === null ? cursors[i]!.next().then((l) => consume(i, l)) : consume(i, line);
  };
  const consume = (i: number, line: string | undefined): void => {
    const name = sources[i]!.name;
    if (line === undefined)
      throw new MergeFailure(name, 'the file ends without its trailer (an unfinished shard run?)');
    if (line.startsWith('{"flowledgerShardEnd"')) {
      let end: ShardEnd | undefined;
      try {
        end = (JSON.parse(line) as { flowledgerShardEnd?: ShardEnd }).flowledgerShardEnd;
      } catch {
        end = undefined;
      }
      if (end === undefined) throw new MergeFailure(name, `its trailer is not JSON: ${line.slice(0, 80)}`);
      ends[headers[i]!.shard] = end;
      heads[i] = null;
      return;
    }
    const head = keyedLine(line);
    if (head === null) throw new MergeFailure(name, `a line is not a keyed ledger event: ${line.slice(0, 80)}`);
    const prev = heads[i];
    if (prev && prev.key > head.key) throw new MergeFailure(name, 'its events are out of order');
    heads[i] = head;
  };
  for (let i = 0; i < k; i++) await read(i);

  const hash = options.hasher();
  const renumber = new TokenRenumbering(k);
  const sinks = new Map<string, SinkTally>();
  const sinkStates: SinkStates = new Map();
  let parts: string[] = [];
  let chars = 0;
  const flush = async (): Promise<void> => {
    if (chars === 0) return;
    const chunk = parts.join('');
    parts = [];
    chars = 0;
    hash.update(chunk);
    if (options.write) await options.write(chunk);
  };
  let seq = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < k; i++) {
      const h = heads[i];
      if (h && (best < 0 || h.key < heads[best]!.key)) best = i;
    }
    if (best < 0) break;
    const head = heads[best]!;
    seq++;
    const line = renumber.line(best, head, String(seq));
    if (head.sink) tally(sinks, sinkStates, JSON.parse(head.line) as Record<string, unknown>, options.sinkValuesLimit);
    parts.push(line);
    chars += line.length;
    if (chars >= CHUNK_CHARS) await flush();
    const pending = read(best);
    if (pending) await pending;
  }
  await flush();
  return { ok: true, header: headers[0]!, events: seq, hash: hash.digestHex(), sinks, sinkStates, ends, files };
}

/** The file names by shard index; throws a MergeFailure naming the first file whose header disagrees, or the missing shard. */
function checkHeaders(sources: readonly ShardSource[], headers: readonly ShardHeader[]): string[] {
  const first = headers[0]!;
  const seen = new Map<number, string>();
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i]!;
    const name = sources[i]!.name;
    for (const field of SHARED_FIELDS) {
      if (h[field] !== first[field])
        throw new MergeFailure(
          name,
          `its "${field}" is ${JSON.stringify(h[field])}, but ${sources[0]!.name} has ${JSON.stringify(first[field])}: the shards come from different runs`,
        );
    }
    const other = seen.get(h.shard);
    if (other !== undefined) throw new MergeFailure(name, `it is shard ${h.shard}/${h.shards}, as is ${other}`);
    seen.set(h.shard, name);
  }
  for (let s = 0; s < first.shards; s++)
    if (!seen.has(s))
      throw new MergeFailure(
        sources[0]!.name,
        `shard ${s}/${first.shards} is missing (give all ${first.shards} shards)`,
      );
  return Array.from({ length: first.shards }, (_, s) => seen.get(s)!);
}

/** Adds a TOKEN_COLLECTED event to its Sink's tallies, as `runSummary` and the Sink's node state count it. */
function tally(sinks: Map<string, SinkTally>, states: SinkStates, e: Record<string, unknown>, limit: number): void {
  const node = e['nodeId'] as string;
  let t = sinks.get(node);
  if (!t) sinks.set(node, (t = { count: 0, sum: 0, values: [] }));
  const token = e['inputToken'] as { data?: Record<string, unknown> } | undefined;
  const value = token?.data?.['value'];
  const state = token?.data?.['state'];
  if (state !== undefined && state !== null) {
    let perState = states.get(node);
    if (!perState) states.set(node, (perState = new Map()));
    const key = groupKey(state);
    perState.set(key, (perState.get(key) ?? 0) + 1);
  }
  t.count++;
  if (typeof value === 'number') t.sum += value;
  if (t.values.length < limit) t.values.push(value === undefined ? null : value);
}

/** Not pure: token ids of each shard renumbered in the merged order, per node. */
class TokenRenumbering {
  /** Per shard, per node id: local number → global number. */
  private readonly local: Map<string, number[]>[];
  private readonly counters = new Map<string, number>();

  constructor(shards: number) {
    this.local = Array.from({ length: shards }, () => new Map<string, number[]>());
  }

  /** The merged line of `head` from shard `shard` (newline included): seq `seq`, token ids renumbered, by slicing. */
  line(shard: number, head: Head, seq: string): string {
    const { line, marks } = head;
    let out = line.slice(0, marks[0]) + seq;
    let at = marks[1]!;
    for (let i = 4; i < marks.length; i += 2) {
      out += line.slice(at, marks[i]) + this.id(shard, line.slice(marks[i], marks[i + 1]));
      at = marks[i + 1]!;
    }
    return out + line.slice(at, marks[2]) + seq + line.slice(marks[3]) + '\n';
  }

  /** `id` is the JSON string of a token id, quotes included: `"<nodeId>#<n>"`. */
  private id(shard: number, id: string): string {
    const at = id.lastIndexOf('#');
    const node = id.slice(0, at + 1);
    const n = Number(id.slice(at + 1, -1));
    const maps = this.local[shard]!;
    let table = maps.get(node);
    if (!table) maps.set(node, (table = []));
    let g = table[n];
    if (g === undefined) {
      g = (this.counters.get(node) ?? 0) + 1;
      this.counters.set(node, g);
      table[n] = g;
    }
    return `${node}${g}"`;
  }
}
