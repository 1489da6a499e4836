/**
 * One event line of a shard file as the merge reads it, and its renumbering. The line is never
 * parsed as JSON: its order key and the offsets of its run-wide numbers are read from the small
 * prefix `{"k":"…","m":[…],` (shardFormat.ts), and the seq, eventId and token ids are replaced by
 * slicing the ledger line at those offsets (`LineWriter.markedLine` wrote them).
 */

export interface Head {
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
export function keyedLine(text: string): Head | null {
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

/** Not pure: token ids of each shard renumbered in the merged order, per node. */
export class TokenRenumbering {
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
