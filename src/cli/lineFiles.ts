/**
 * Reading a text file as batches of lines while it streams in, so a ledger of a million lines is
 * never one string: each chunk of about 64 KiB is split into its whole lines, the unfinished last
 * line carried into the next chunk.
 */
import { createReadStream } from 'node:fs';
import { accessReason, FileAccessError } from './terminalText';

/** Not pure (reads `path`): its lines, a chunk's worth at a time; a file that cannot be read is a FileAccessError. */
export async function* fileLineBatches(path: string): AsyncGenerator<string[]> {
  let rest = '';
  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop()!;
      if (lines.length > 0) yield lines;
    }
  } catch (err) {
    throw new FileAccessError('read', path, accessReason(err, 'read'));
  }
  if (rest !== '') yield [rest];
}
