/**
 * Reading a file as batches of lines while it streams in (src/cli/lineFiles.ts), as `diff` and
 * `merge` read ledgers and shard files. Issue 38, item 7: the unfinished line was joined to every
 * 64 KiB chunk and the growing text split again, so a line of n characters cost n² / 64 Ki (a 40 MB
 * line took 10 s before diff said "not a ledger event"); the carried line is now joined once, and a
 * line over the bound (MAX_LINE_CHARS) is refused as soon as the bound is passed, naming its line.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { cpuClock } from '../timeBudget';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileLineBatches, LineTooLongError, MAX_LINE_CHARS } from '../../../src/cli/lineFiles';
import { tempFiles } from './helpers';

/** Not pure (reads `path`): every batch `fileLineBatches` yields, or the error it ends with. */
async function read(path: string, maxLine?: number): Promise<{ batches: string[][]; error: unknown }> {
  const batches: string[][] = [];
  try {
    for await (const batch of fileLineBatches(path, maxLine)) batches.push(batch);
    return { batches, error: null };
  } catch (error) {
    return { batches, error };
  }
}

describe('fileLineBatches', () => {
  it('yields the lines of the file, across 64 KiB chunks and multi-byte characters, none empty of batches', async () => {
    const dir = tempFiles({});
    // Lines short and long (several chunks), blank ones, 4-byte characters cut by chunk ends.
    const line = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
      fc.nat({ max: 40_000 }).map((n) => '😀é'.repeat(n)),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          line.filter((l) => !l.includes('\n')),
          { maxLength: 12 },
        ),
        fc.boolean(),
        async (lines, newlineAtEnd) => {
          const text = lines.join('\n') + (newlineAtEnd && lines.length > 0 ? '\n' : '');
          const path = join(dir, `f${run++}.txt`);
          writeFileSync(path, text);
          const { batches, error } = await read(path);
          expect(error).toBeNull();
          expect(batches.every((b) => b.length > 0)).toBe(true);
          // What follows the last newline is a line only when it is not empty.
          const expected = text.split('\n');
          if (expected[expected.length - 1] === '') expected.pop();
          expect(batches.flat()).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a line over the bound as soon as it is passed, naming its line, after yielding the lines before it', async () => {
    const dir = tempFiles({
      'a.txt': `one\ntwo\n${'y'.repeat(300_000)}\nfour\n`,
      'b.txt': `one\n${'z'.repeat(101)}\n`,
    });
    const a = await read(join(dir, 'a.txt'), 100_000);
    expect(a.batches.flat()).toEqual(['one', 'two']);
    expect(a.error).toEqual(new LineTooLongError(join(dir, 'a.txt'), 3, 100_000));
    expect((a.error as Error).message).toBe(
      `${join(dir, 'a.txt')}:3: the line is longer than 100,000 characters, the most a line of a ledger or shard file may hold (docs/limits.md); it is not read`,
    );
    // Within one chunk too; a line of exactly the bound is read.
    const b = await read(join(dir, 'b.txt'), 100);
    expect(b.batches.flat()).toEqual(['one']);
    expect((b.error as LineTooLongError).line).toBe(2);
    expect((await read(join(dir, 'b.txt'), 101)).batches.flat()).toEqual(['one', 'z'.repeat(101)]);
    expect(MAX_LINE_CHARS).toBe(64 * 1024 * 1024);
  });

  it('reads a line of 48 million characters in linear time (it took over 20 s)', async () => {
    const dir = tempFiles({});
    const path = join(dir, 'long.ndjson');
    const n = 48_000_000;
    writeFileSync(path, `{"x":"${'a'.repeat(n)}"}\nnext\n`);
    const started = cpuClock();
    const { batches, error } = await read(path);
    const ms = cpuClock() - started;
    rmSync(dir, { recursive: true });
    expect(error).toBeNull();
    expect(batches.flat().map((l) => l.length)).toEqual([n + 8, 4]);
    // Linear reading takes well under a second; the quadratic one took over 20 s. The margin is for
    // a loaded machine.
    expect(ms).toBeLessThan(5_000);
  }, 60_000);
});
