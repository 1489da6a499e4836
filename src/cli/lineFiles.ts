/**
 * Reading a text file as batches of lines while it streams in, so a ledger of a million lines is
 * never one string: each chunk of about 64 KiB is split into its whole lines, the unfinished last
 * line carried into the next chunk. The carried line is kept as the pieces it came in and joined
 * once, when its newline comes: joining it to every chunk (and splitting the growing text again)
 * made a line of n characters cost n² / 64 Ki — 10 s for a 40 MB line before `diff` could say it
 * was no ledger event. A line longer than the bound is refused as soon as the bound is passed,
 * without reading the rest of it.
 */
import { createReadStream } from 'node:fs';
import { accessReason, FileAccessError } from './terminalText';

/**
 * The longest line of a ledger or shard file read by `diff` and `merge`, in characters (UTF-16
 * code units, as the parser's `limits.lineLength`): 64 Mi. A ledger line holds at most two tokens'
 * data and an FSM's details; a value a node builds stays within about 1–5 million characters of
 * JSON (docs/limits.md), so only events that bring tens of megabytes of their own data come near.
 */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** A line longer than the bound of its reader: exit 2 naming the file and the line. */
export class LineTooLongError extends Error {
  constructor(
    readonly path: string,
    readonly line: number,
    readonly bound: number,
  ) {
    super(
      `${path}:${line}: the line is longer than ${bound.toLocaleString('en-US')} characters, the most a line of a ledger or shard file may hold (docs/limits.md); it is not read`,
    );
  }
}

/**
 * Not pure (reads `path`): its lines, a chunk's worth at a time; a file that cannot be read is a
 * FileAccessError, a line longer than `maxLine` characters a LineTooLongError (the lines before it
 * are yielded first).
 */
export async function* fileLineBatches(path: string, maxLine = MAX_LINE_CHARS): AsyncGenerator<string[]> {
  // The unfinished line: its pieces and their length.
  let pieces: string[] = [];
  let carried = 0;
  let lines = 0;
  const tooLong = (): LineTooLongError => new LineTooLongError(path, lines + 1, maxLine);
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const first = chunk.indexOf('\n');
      if (first < 0) {
        carried += chunk.length;
        if (carried > maxLine) throw tooLong();
        pieces.push(chunk);
        continue;
      }
      if (carried + first > maxLine) throw tooLong();
      pieces.push(chunk.slice(0, first));
      const batch = [pieces.length === 1 ? pieces[0]! : pieces.join('')];
      const more = chunk.slice(first + 1).split('\n');
      const rest = more.pop()!;
      for (const line of more) {
        if (line.length > maxLine) {
          lines += batch.length;
          yield batch;
          throw tooLong();
        }
        batch.push(line);
      }
      if (rest.length > maxLine) {
        lines += batch.length;
        yield batch;
        throw tooLong();
      }
      pieces = [rest];
      carried = rest.length;
      lines += batch.length;
      yield batch;
    }
  } catch (err) {
    if (err instanceof LineTooLongError) throw err;
    throw new FileAccessError('read', path, accessReason(err, 'read'));
  } finally {
    stream.destroy();
  }
  const last = pieces.join('');
  if (last !== '') yield [last];
}
