/**
 * One event line of a shard file as the merge reads it, and its renumbering. The line is never
 * parsed as JSON: its order key and the offsets of its run-wide numbers are read from the small
 * prefix `{"k":"…","m":[…],` (shardFormat.ts), and the seq, eventId and token ids are replaced by
 * slicing the ledger line at those offsets (`LineWriter.markedLine` wrote them).
 *
 * A shard file is input like any other (it may be cut short, edited or forged), so before a line
 * is sliced `eventProblem` checks what the slicing relies on: the event is a JSON object (scanned,
 * not built: jsonSyntax.ts), the marks are ascending offsets inside it, and each points where
 * `markedLine` puts it — the digits of `"eventId":"e…"` and of `"seq":…` (the shard's own count,
 * so a line repeated or missing shows) and each token id `"<nodeId>#<n>"`. Replacing those digits
 * by others then keeps the line JSON, so the merged ledger is JSON line by line.
 */
import { jsonSyntaxErrorAt } from './jsonSyntax';

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

/**
 * Pure: the numbers of the JSON array body of non-negative integers in `text` from `from` to `to`
 * ("1,2,3"), read digit by digit (no string is split); null for anything else.
 */
function numbers(text: string, from: number, to: number): number[] | null {
  const out: number[] = [];
  let n = 0;
  let digits = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (++digits > 15) return null;
      n = n * 10 + (c - 0x30);
    } else if (c === 0x2c && digits > 0) {
      out.push(n);
      n = 0;
      digits = 0;
    } else return null;
  }
  if (digits === 0) return null;
  out.push(n);
  return out;
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
  if (text.charCodeAt(text.length - 1) !== 0x7d) return null;
  const key = text.slice(6, keyEnd);
  const marks = numbers(text, keyEnd + 7, marksEnd);
  if (marks === null || marks.length < 4 || marks.length % 2 !== 0) return null;
  return { key, marks, sink, line: text.slice(marksEnd + (sink ? 12 : 6), -1) };
}

/** Pure: the number written in `text` from `from` to `to` as decimal digits without a leading zero, or -1. */
function digitsAt(text: string, from: number, to: number): number {
  if (to <= from || to - from > 15 || (text.charCodeAt(from) === 0x30 && to - from > 1)) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return -1;
    n = n * 10 + (c - 0x30);
  }
  return n;
}

/**
 * Pure: what is wrong with `line` (a keyed line's event, `Head.line`) as a JSON object, or null.
 * The costliest of the checks (a scan of every character), so `eventProblem` can leave it to a
 * caller that runs it elsewhere — `merge` on another thread (cli/shard/eventCheck.ts).
 */
export function eventJsonProblem(line: string): string | null {
  if (line.charCodeAt(0) !== 0x7b) return `its event "e" is not a JSON object: ${line.slice(0, 40)}`;
  const bad = jsonSyntaxErrorAt(line);
  if (bad >= 0)
    return `its event "e" is not JSON (at character ${bad + 1} of the event: ${JSON.stringify(line.slice(Math.max(0, bad - 20), bad + 20))})`;
  return null;
}

/**
 * Pure: what is wrong with `head` as the event `seq` of its shard file (events are numbered 1, 2, …
 * in the file's order), or null when the merge can renumber it: see the module comment. With
 * `checkJson` false the event's JSON is taken as checked (`eventJsonProblem`, run by the caller).
 */
export function eventProblem(head: Head, seq: number, checkJson = true): string | null {
  const { line, marks } = head;
  if (checkJson) {
    const notJson = eventJsonProblem(line);
    if (notJson !== null) return notJson;
  }
  // In line order: the eventId's digits, the token ids, then the seq's digits; each pair not empty.
  let prev = 0;
  for (let i = 0; i < marks.length; i += 2) {
    const p = i === 0 ? 0 : i === marks.length - 2 ? 2 : i + 2;
    const from = marks[p]!;
    const to = marks[p + 1]!;
    if (from < prev || to <= from) return `its marks "m" are not ascending offsets in its event (${marks.join(',')})`;
    prev = to;
  }
  if (marks[3]! > line.length)
    return `its marks "m" point past the end of its event (${marks[3]} > ${line.length} characters)`;
  const idSeq =
    line.startsWith('"eventId":"e', marks[0]! - 12) && line.charCodeAt(marks[1]!) === 0x22
      ? digitsAt(line, marks[0]!, marks[1]!)
      : -1;
  if (idSeq < 0) return 'its first mark does not point at the digits of its "eventId":"e…"';
  const after = line.charCodeAt(marks[3]!);
  const seqSeq =
    line.startsWith(',"seq":', marks[2]! - 7) && (after === 0x2c || after === 0x7d)
      ? digitsAt(line, marks[2]!, marks[3]!)
      : -1;
  if (seqSeq < 0) return 'its second mark does not point at the digits of its "seq"';
  if (idSeq !== seqSeq) return `its eventId is e${idSeq} but its seq ${seqSeq}`;
  if (idSeq !== seq)
    return idSeq < seq
      ? `its event is e${idSeq} of the shard again (e${seq} comes next): a line is repeated or out of place`
      : `its event is e${idSeq} of the shard, but e${seq} comes next: ${idSeq - seq === 1 ? 'a line is' : `${idSeq - seq} lines are`} missing`;
  for (let i = 4; i < marks.length; i += 2) {
    const from = marks[i]!;
    const to = marks[i + 1]!;
    const hash = line.lastIndexOf('#', to - 2);
    if (
      line.charCodeAt(from) !== 0x22 ||
      line.charCodeAt(to - 1) !== 0x22 ||
      hash <= from ||
      digitsAt(line, hash + 1, to - 1) < 0
    )
      return `its marks ${from},${to} do not point at a token id "<nodeId>#<n>"`;
  }
  return null;
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
