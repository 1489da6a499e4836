/**
 * Splitting a stream of text chunks into lines. A line ends at `\n`; a `\r` right before it is
 * dropped (so `\r\n` files read the same as `\n` files, even when a chunk ends between the `\r` and
 * the `\n`). A lone `\r` inside a line is kept. The text after the last `\n` is a line only when it is
 * not empty, so a file ending with a newline has no extra empty line.
 *
 * A line longer than `maxLength` characters is cut there (never inside a surrogate pair) and handed
 * on with `cut = true`: the rest of it is skipped as it streams in, so one enormous line (a 60 MB
 * line without a newline) costs `maxLength` characters of memory, not its whole length.
 */

/** Default longest line kept, in UTF-16 code units (1 Mi). */
export const DEFAULT_MAX_LINE_LENGTH = 1_048_576;

/** Receives each line; `cut` when it was longer than the splitter's `maxLength` and was shortened. */
export type OnLine = (line: string, cut: boolean) => void;

export class LineSplitter {
  /** The unfinished line carried over from earlier chunks (at most `maxLength` + 1 characters). */
  private rest = '';
  /** The unfinished line was already cut: skip to its end. */
  private cutting = false;

  constructor(private readonly maxLength = DEFAULT_MAX_LINE_LENGTH) {}

  /** Pure apart from the carried partial line: calls `onLine` for each complete line in `chunk`. */
  push(chunk: string, onLine: OnLine): void {
    let start = 0;
    let nl = chunk.indexOf('\n');
    if (nl === -1) {
      this.carry(chunk, 0, chunk.length);
      return;
    }
    if (this.rest !== '' || this.cutting) {
      this.carry(chunk, 0, nl);
      this.emit(this.rest, onLine);
      this.rest = '';
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    while (nl !== -1) {
      this.emit(chunk.slice(start, Math.min(nl, start + this.maxLength + 1)), onLine, nl - start > this.maxLength + 1);
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) this.carry(chunk, start, chunk.length);
  }

  /** Flushes the last line (if not empty). The splitter is ready for a new stream afterwards. */
  end(onLine: OnLine): void {
    const last = this.rest;
    const cut = this.cutting;
    this.rest = '';
    if (last !== '' || cut) this.emit(last, onLine, cut);
    this.cutting = false;
  }

  /** Adds `chunk[from, to)` to the unfinished line, keeping at most `maxLength` + 1 characters of it. */
  private carry(chunk: string, from: number, to: number): void {
    if (this.cutting) return;
    const room = this.maxLength + 1 - this.rest.length;
    if (to - from > room) {
      this.rest += chunk.slice(from, from + room);
      this.cutting = true;
    } else this.rest += from === 0 && to === chunk.length ? chunk : chunk.slice(from, to);
  }

  private emit(line: string, onLine: OnLine, longer = false): void {
    let text = stripCr(line);
    let cut = longer || this.cutting;
    this.cutting = false;
    if (text.length > this.maxLength) {
      text = text.slice(0, this.maxLength);
      cut = true;
    }
    if (cut) text = withoutHalfPair(text);
    onLine(text, cut);
  }
}

function stripCr(line: string): string {
  return line.length > 0 && line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}

/** `text` without a lone high surrogate at its end (a pair cut in two). */
function withoutHalfPair(text: string): string {
  const c = text.charCodeAt(text.length - 1);
  return c >= 0xd800 && c <= 0xdbff ? text.slice(0, -1) : text;
}

/** Pure: the number of bytes `text` takes in UTF-8 (lone surrogates count as the 3-byte U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
