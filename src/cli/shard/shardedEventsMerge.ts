/**
 * The events files `parse --shard I/K` wrote for K shards of one log, merged back into the file
 * `parse` writes whole (`parse --workers K`, parseWorkers.ts). Each shard file holds its own
 * events in order and, for each run of other shards' events, one `{"flowledgerSkip":k,…}` line
 * (eventShardFilter.ts), so at every position of the whole file exactly one shard holds the event
 * and the others are inside a skip run — except an event without a correlation id, which every
 * shard holds (the same line). The merge walks the K files in step; anything else (two different
 * events at one position, a position nobody holds, a skip run left over) means the files are not
 * shards of one parse, and the merge says so. `check` compares the merged text's SHA-256 with the
 * whole file's hash every trailer names.
 */

const CHUNK_CHARS = 1 << 20;
const SKIP = /^\{"flowledgerSkip":(\d+),/;

class Cursor {
  private batch: string[] = [];
  private at = 0;
  /** Other shards' events still to pass before this file's next line. */
  skip = 0;
  /** The file's next event line (null: none in hand), or its trailer once reached. */
  head: string | null = null;
  trailer: { eventsHash?: unknown } | null = null;

  constructor(private readonly it: AsyncIterator<string[]>) {}

  /** Reads up to the next event line or the trailer; false when the file ends without its trailer. */
  async fill(): Promise<boolean> {
    while (this.head === null && this.trailer === null && this.skip === 0) {
      let line: string | undefined;
      while (this.at < this.batch.length) {
        const l = this.batch[this.at++]!;
        if (l !== '') {
          line = l;
          break;
        }
      }
      if (line === undefined) {
        const r = await this.it.next();
        if (r.done) return false;
        this.batch = r.value;
        this.at = 0;
        continue;
      }
      const skip = SKIP.exec(line);
      if (skip) this.skip = Number(skip[1]);
      else if (line.startsWith('{"flowledgerEvents":'))
        this.trailer = (JSON.parse(line) as { flowledgerEvents: { eventsHash?: unknown } }).flowledgerEvents;
      else this.head = line;
    }
    return true;
  }
}

/** Not pure (reads the files): the merged events file in chunks. */
export class ShardedEventsMerge {
  private readonly cursors: Cursor[];
  private problem: string | null = null;

  constructor(files: AsyncIterator<string[]>[]) {
    this.cursors = files.map((f) => new Cursor(f));
  }

  /** The next chunk of the merged file, or null at the end (or at a problem: see `check`). */
  async next(): Promise<string | null> {
    let parts: string[] = [];
    let chars = 0;
    while (chars < CHUNK_CHARS && this.problem === null) {
      for (const c of this.cursors)
        if (!(await c.fill())) {
          this.problem = 'a shard file ends without its trailer';
          break;
        }
      if (this.problem !== null) break;
      let line: string | null = null;
      for (const c of this.cursors) {
        if (c.head === null) continue;
        if (line !== null && c.head !== line) this.problem = 'two shard files hold different events at one place';
        line = c.head;
      }
      if (line === null) {
        if (this.cursors.some((c) => c.skip > 0)) this.problem = 'a shard file skips events no other file holds';
        break;
      }
      for (const c of this.cursors) {
        if (c.head !== null) c.head = null;
        else if (c.skip > 0) c.skip--;
        else this.problem = 'a shard file ends before an event another file holds';
      }
      parts.push(line, '\n');
      chars += line.length + 1;
    }
    if (chars === 0) return null;
    const chunk = parts.join('');
    parts = [];
    return chunk;
  }

  /** Null when the files were shards of one parse and `hash` (of the merged text) is the whole file's; else why not. */
  check(hash: string): string | null {
    if (this.problem !== null) return `the shard files do not merge: ${this.problem}`;
    for (const c of this.cursors)
      if (c.trailer?.eventsHash !== hash)
        return `the merged events' SHA-256 is not the one the shard files name (${String(c.trailer?.eventsHash)})`;
    return null;
  }
}
