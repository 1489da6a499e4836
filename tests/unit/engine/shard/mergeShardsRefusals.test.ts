/**
 * What a merge of shard files refuses, and how (src/engine/shard/mergeShards.ts): shards that are
 * not one run's complete set, a file cut short or out of order, each answered as `{ok: false}` with
 * the file concerned and a sentence saying what to do (docs/scale.md: the merge refuses, naming the
 * file, shards of different runs and a shard index given twice or missing). A failure that is not the files' (the writer's) is thrown,
 * never reported as a file's fault.
 */
import { describe, expect, it } from 'vitest';
import { defaultHasher } from '../../../../src/engine';
import { mergeShards, type ShardSource } from '../../../../src/engine/shard';
import { linesOf, logToSink as template, shardFile } from './shardFiles';

const events = ['c1', 'c2', 'c3', 'c4'].map((correlationId, i) => ({
  targetDataSourceId: 'log',
  correlationId,
  value: i + 1,
}));

const options = { hasher: defaultHasher, sinkValuesLimit: 1000 };

/** Pure: the sources of shard files `texts` named by `names`. */
function sources(texts: string[], names: string[]): ShardSource[] {
  return texts.map((text, i) => ({ name: names[i]!, batches: linesOf(text) }));
}

/** Pure: `text` with line `at` (0-based) replaced by what `change` makes of it. */
function changeLine(text: string, at: number, change: (line: string) => string): string {
  return text
    .split('\n')
    .map((l, i) => (i === at ? change(l) : l))
    .join('\n');
}

describe('mergeShards refuses', () => {
  it('no files at all, naming no file', async () => {
    expect(await mergeShards([], options)).toEqual({ ok: false, file: '', message: 'no shard files given' });
  });

  it('a shard of another run, naming the first field that differs and both files', async () => {
    const a = shardFile(template, events, 0, 2);
    const b = changeLine(shardFile(template, events, 1, 2), 0, (l) => l.replace('"seed":7', '"seed":8'));
    expect(await mergeShards(sources([a, b], ['a.shard', 'b.shard']), options)).toEqual({
      ok: false,
      file: 'b.shard',
      line: 1,
      message: 'its "seed" is 8, but a.shard has 7: the shards come from different runs',
    });
  });

  it('the same shard twice, and a missing shard, naming it and the count', async () => {
    const [s0, s1, s2] = [0, 1, 2].map((i) => shardFile(template, events, i, 3)) as [string, string, string];
    expect(await mergeShards(sources([s0, s1, s0, s2], ['a', 'b', 'c', 'd']), options)).toEqual({
      ok: false,
      file: 'c',
      line: 1,
      message: 'it is shard 0/3, as is a',
    });
    // Shard 1 of 3 left out (not the last): the merge names the first file given, at its header.
    expect(await mergeShards(sources([s2, s0], ['z', 'a']), options)).toEqual({
      ok: false,
      file: 'z',
      line: 1,
      message: 'shard 1/3 is missing (give all 3 shards)',
    });
  });

  it('a file that ends without its trailer, or whose trailer is cut short', async () => {
    const whole = shardFile(template, events, 0, 1);
    const lines = whole.split('\n');
    // Header, 8 events (a TOKEN_GENERATED and a TOKEN_COLLECTED per event), trailer, "".
    expect(lines).toHaveLength(11);
    const noTrailer = lines.slice(0, 9).join('\n') + '\n';
    // The file ends after its ninth line (the header and eight events).
    expect(await mergeShards(sources([noTrailer], ['a.shard']), options)).toEqual({
      ok: false,
      file: 'a.shard',
      line: 9,
      message: 'the file ends after this line, without its trailer (an unfinished shard run?)',
    });
    // A trailer cut after 100 characters is no JSON; the message shows its first 80.
    const cut = lines[9]!.slice(0, 100);
    expect(cut.startsWith('{"flowledgerShardEnd":{')).toBe(true);
    const cutShort = changeLine(whole, 9, () => cut);
    expect(await mergeShards(sources([cutShort], ['a.shard']), options)).toEqual({
      ok: false,
      file: 'a.shard',
      line: 10,
      message: `its trailer is not JSON: ${cut.slice(0, 80)}`,
    });
  });

  it('a file whose events are out of order', async () => {
    // The first event's TOKEN_COLLECTED (step 3) put before its TOKEN_GENERATED (step 2): the
    // shard's own numbering shows it first (e2 where e1 comes next).
    const lines = shardFile(template, events, 0, 1).split('\n');
    const swapped = [lines[0]!, lines[2]!, lines[1]!, ...lines.slice(3)].join('\n');
    expect(await mergeShards(sources([swapped], ['a.shard']), options)).toEqual({
      ok: false,
      file: 'a.shard',
      line: 2,
      message: 'its event is e2 of the shard, but e1 comes next: a line is missing',
    });
  });
});

describe('mergeShards, when writing the ledger fails', () => {
  it('throws the writer’s error rather than blaming a file', async () => {
    const full = new Error('no space left on the device');
    const merged = mergeShards(sources([shardFile(template, events, 0, 1)], ['a.shard']), {
      ...options,
      write: () => {
        throw full;
      },
    });
    await expect(merged).rejects.toBe(full);
  });
});
