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
 * Nothing in a shard file is taken on trust: every line is checked before it is merged (its
 * event's JSON, its marks, its number in the shard: shardLine.ts `eventProblem`), each trailer
 * against the events its file holds, and nothing may follow a trailer. The JSON scan may be left
 * to the caller (`eventJsonCheckedElsewhere`): `flowledger merge` runs it on another thread. A refusal names the file,
 * the line and what is wrong; the caller discards what was written.
 *
 * Memory: one pending line per shard, plus a table of the token numbers seen per shard and node
 * (a few bytes per token).
 */
import type { HasherFactory } from '../ledger/hashing';
import { groupKey } from '../behaviors/tokenData';
import { eventProblem, keyedLine, TokenRenumbering, type Head } from './shardLine';
import { readEnd, readHeader, SHARED_FIELDS, type ShardEnd, type ShardHeader } from './shardFormat';

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
  /**
   * The caller checks every event's JSON itself (`eventJsonProblem` on each keyed line, e.g. on
   * another thread while this merge runs) and will refuse the merge on a fault it finds: the merge
   * then skips that scan, its costliest check. Default false: the merge checks it.
   */
  eventJsonCheckedElsewhere?: boolean;
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
      /** The line numbers of the shards' headers and trailers, by shard index. */
      headerLines: number[];
      endLines: number[];
    }
  | { ok: false; file: string; line?: number; message: string };

const CHUNK_CHARS = 1 << 16;

class Cursor {
  private readonly it: AsyncIterator<string[]>;
  private batch: string[] = [];
  private at = 0;
  /** The 1-based number of the line last taken (empty lines counted), 0 before the first. */
  line = 0;
  /** The number of the last non-empty line taken (where a file that ends too soon ends), 0 before the first. */
  last = 0;
  constructor(batches: AsyncIterable<string[]>) {
    this.it = batches[Symbol.asyncIterator]();
  }
  /** The next non-empty line of the batch in hand, or null when it is used up (then `next`). */
  take(): string | null {
    while (this.at < this.batch.length) {
      const line = this.batch[this.at++]!;
      this.line++;
      if (line !== '') {
        this.last = this.line;
        return line;
      }
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

/** Thrown inside the merge with the file and line it concerns. */
class MergeFailure extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
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
    if (e instanceof MergeFailure)
      return e.line === undefined
        ? { ok: false, file: e.file, message: e.message }
        : { ok: false, file: e.file, line: e.line, message: e.message };
    throw e;
  }
}

async function merge(sources: readonly ShardSource[], options: MergeOptions): Promise<MergeResult> {
  if (sources.length === 0) throw new MergeFailure('', undefined, 'no shard files given');
  const cursors = sources.map((s) => new Cursor(s.batches));
  const headers: ShardHeader[] = [];
  const headerAt: number[] = [];
  for (let i = 0; i < sources.length; i++) {
    const c = cursors[i]!;
    const h = readHeader(await c.next());
    if (typeof h === 'string') throw new MergeFailure(sources[i]!.name, Math.max(c.last, 1), h);
    headers.push(h);
    headerAt.push(c.line);
  }
  const files = checkHeaders(sources, headers, headerAt);
  const k = sources.length;
  const shards = headers[0]!.shards;
  const ends: ShardEnd[] = new Array<ShardEnd>(shards);
  const endLines: number[] = new Array<number>(shards);
  const headerLines: number[] = new Array<number>(shards);
  for (let i = 0; i < k; i++) headerLines[headers[i]!.shard] = headerAt[i]!;
  const heads: (Head | null)[] = new Array<Head | null>(k).fill(null);
  // Per file: the events taken so far (the next must be numbered one more).
  const counts = new Array<number>(k).fill(0);
  const checkJson = options.eventJsonCheckedElsewhere !== true;
  // Lines are taken from the batch in hand synchronously: awaiting once per line would cost more
  // than the merge itself.
  const read = (i: number): void | Promise<void> => {
    const line = cursors[i]!.take();
    return line === null ? cursors[i]!.next().then((l) => consume(i, l)) : consume(i, line);
  };
  const consume = (i: number, line: string | undefined): void => {
    const name = sources[i]!.name;
    const at = cursors[i]!.line;
    if (line === undefined)
      throw new MergeFailure(
        name,
        cursors[i]!.last,
        'the file ends after this line, without its trailer (an unfinished shard run?)',
      );
    if (line.startsWith('{"flowledgerShardEnd"')) {
      const end = readEnd(line);
      if (typeof end === 'string') throw new MergeFailure(name, at, end);
      if (end.events !== counts[i])
        throw new MergeFailure(
          name,
          at,
          `its trailer counts ${end.events} events, but the file holds ${counts[i]}: lines were added or removed`,
        );
      ends[headers[i]!.shard] = end;
      endLines[headers[i]!.shard] = at;
      heads[i] = null;
      return;
    }
    const head = keyedLine(line);
    if (head === null)
      throw new MergeFailure(
        name,
        at,
        `the line is neither a keyed ledger event ({"k":…,"m":[…],"e":{…}}) nor the trailer: ${line.slice(0, 80)}`,
      );
    const problem = eventProblem(head, ++counts[i]!, checkJson);
    if (problem !== null) throw new MergeFailure(name, at, problem);
    const prev = heads[i];
    if (prev && prev.key > head.key)
      throw new MergeFailure(name, at, 'its events are out of order (its key is below the line before)');
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
    if (head.sink) tally(sinks, sinkStates, sinkEvent(head, sources[best]!.name), options.sinkValuesLimit);
    parts.push(line);
    chars += line.length;
    if (chars >= CHUNK_CHARS) await flush();
    const pending = read(best);
    if (pending) await pending;
  }
  // The trailer is the last line: nothing may follow it (it would be left out of the merge).
  for (let i = 0; i < k; i++) {
    const c = cursors[i]!;
    if ((await c.next()) !== undefined)
      throw new MergeFailure(sources[i]!.name, c.line, 'a line after the trailer (the trailer must be the last line)');
  }
  await flush();
  return {
    ok: true,
    header: headers[0]!,
    events: seq,
    hash: hash.digestHex(),
    sinks,
    sinkStates,
    ends,
    files,
    headerLines,
    endLines,
  };
}

/** The file names by shard index; throws a MergeFailure naming the first file whose header disagrees (and its line), or the missing shard. */
function checkHeaders(
  sources: readonly ShardSource[],
  headers: readonly ShardHeader[],
  lines: readonly number[],
): string[] {
  const first = headers[0]!;
  const seen = new Map<number, string>();
  for (let i = 0; i < headers.length; i++) {
    const h = headers[i]!;
    const name = sources[i]!.name;
    for (const field of SHARED_FIELDS) {
      if (h[field] !== first[field])
        throw new MergeFailure(
          name,
          lines[i],
          `its "${field}" is ${JSON.stringify(h[field])}, but ${sources[0]!.name} has ${JSON.stringify(first[field])}: the shards come from different runs`,
        );
    }
    const other = seen.get(h.shard);
    if (other !== undefined)
      throw new MergeFailure(name, lines[i], `it is shard ${h.shard}/${h.shards}, as is ${other}`);
    seen.set(h.shard, name);
  }
  for (let s = 0; s < first.shards; s++)
    if (!seen.has(s))
      throw new MergeFailure(
        sources[0]!.name,
        lines[0],
        `shard ${s}/${first.shards} is missing (give all ${first.shards} shards)`,
      );
  return Array.from({ length: first.shards }, (_, s) => seen.get(s)!);
}

/**
 * Pure: a Sink's TOKEN_COLLECTED event of `file`. Its JSON was checked, here or by the caller
 * (`eventJsonCheckedElsewhere`, whose refusal names the line); a line that still is not JSON is
 * refused here too, so an unchecked one never reaches the tallies.
 */
function sinkEvent(head: Head, file: string): Record<string, unknown> {
  try {
    return JSON.parse(head.line) as Record<string, unknown>;
  } catch {
    throw new MergeFailure(file, undefined, `a Sink's event is not JSON: ${head.line.slice(0, 40)}`);
  }
}

/** Adds a TOKEN_COLLECTED event to its Sink's tallies, as `runSummary` and the Sink's node state count it. */
function tally(sinks: Map<string, SinkTally>, states: SinkStates, e: Record<string, unknown>, limit: number): void {
  const token = e['inputToken'] as { data?: Record<string, unknown> } | undefined;
  tallySink(sinks, states, e['nodeId'] as string, token?.data?.['value'], token?.data?.['state'], limit);
}

/** Not pure (adds to `sinks` and `states`): counts one token Sink `node` collected, with its `data.value` and `data.state`. */
export function tallySink(
  sinks: Map<string, SinkTally>,
  states: SinkStates,
  node: string,
  value: unknown,
  state: unknown,
  limit: number,
): void {
  let t = sinks.get(node);
  if (!t) sinks.set(node, (t = { count: 0, sum: 0, values: [] }));
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
