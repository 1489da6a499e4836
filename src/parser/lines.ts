/**
 * Splitting a stream of text chunks into lines. A line ends at `\n`; a `\r` right before it is
 * dropped (so `\r\n` files read the same as `\n` files, even when a chunk ends between the `\r` and
 * the `\n`). A lone `\r` inside a line is kept. The text after the last `\n` is a line only when it is
 * not empty, so a file ending with a newline has no extra empty line.
 */
export class LineSplitter {
  /** The unfinished line carried over from earlier chunks (at most one line long). */
  private rest = '';

  /** Pure apart from the carried partial line: calls `onLine` for each complete line in `chunk`. */
  push(chunk: string, onLine: (line: string) => void): void {
    let start = 0;
    let nl = chunk.indexOf('\n');
    if (nl === -1) {
      this.rest += chunk;
      return;
    }
    if (this.rest !== '') {
      onLine(stripCr(this.rest + chunk.slice(0, nl)));
      this.rest = '';
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    while (nl !== -1) {
      onLine(stripCr(chunk.slice(start, nl)));
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    this.rest = start < chunk.length ? chunk.slice(start) : '';
  }

  /** Flushes the last line (if not empty). The splitter is ready for a new stream afterwards. */
  end(onLine: (line: string) => void): void {
    const last = stripCr(this.rest);
    this.rest = '';
    if (last !== '') onLine(last);
  }
}

function stripCr(line: string): string {
  return line.length > 0 && line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
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
