/**
 * What a merge of shard files reports besides the ledger (src/engine/shard/mergeShards.ts): a Sink's
 * tokens counted per `data.state`, which the merged summary gives as the Sink's node state
 * `aggregates` (docs/dsl.md: a Sink counts the tokens it collects per `data.state`; tokens without
 * one count only in `tokensProcessed`), and the sentence of a shard file that holds nothing; and how
 * the ledger is handed to `write` (chunks of about 64 KiB, MergeOptions) when the shards' lines come
 * a batch at a time. The byte-for-byte ledger of many shapes is the property test's
 * (shardMerge.property.test.ts); the refusals are mergeShardsRefusals.test.ts'.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultHasher } from '../../../../src/engine';
import { mergeShards } from '../../../../src/engine/shard';
import { linesOf, load, logToSink as template, shardFile } from './shardFiles';

const options = { hasher: defaultHasher, sinkValuesLimit: 1000 };

/** Pure: a shard file's text with every line (the empty one after the last newline too) a batch of its own. */
async function* oneLineBatches(text: string): AsyncGenerator<string[]> {
  for (const line of text.split('\n')) yield [line];
}

describe('mergeShards', () => {
  it('counts a Sink’s tokens per data.state in the single run’s order, leaving out tokens with no state', async () => {
    const events = [
      { targetDataSourceId: 'log', correlationId: 'c1', state: 'open', value: 1 },
      { targetDataSourceId: 'log', correlationId: 'c2', state: 'closed', value: 2 },
      { targetDataSourceId: 'log', correlationId: 'c3', value: 4 },
      { targetDataSourceId: 'log', correlationId: 'c4', state: 'open', value: 8 },
      { targetDataSourceId: 'log', correlationId: 'c5', state: null, value: 16 },
      { targetDataSourceId: 'log', correlationId: 'c6', state: 3 },
    ];
    for (const n of [1, 2, 3]) {
      const files = Array.from({ length: n }, (_, i) => shardFile(template, events, i, n));
      const r = await mergeShards(
        files.map((text, i) => ({ name: `shard-${i}`, batches: linesOf(text) })),
        options,
      );
      if (!r.ok) throw new Error(`${r.file}: ${r.message}`);
      // Six tokens collected; open (c1, c4), closed (c2) and 3 (c6, a number's key is its JSON) in the
      // order they first came; c3 has no state and c5's is null, so neither is counted per state.
      expect(r.sinks.get('done')).toEqual({ count: 6, sum: 31, values: [1, 2, 4, 8, 16, null] });
      expect(r.sinkStates, `${n} shard(s)`).toEqual(
        new Map([
          [
            'done',
            new Map([
              ['open', 2],
              ['closed', 1],
              ['3', 1],
            ]),
          ],
        ]),
      );
      expect([...r.sinkStates.get('done')!.keys()]).toEqual(['open', 'closed', '3']);
    }
  });

  it('refuses a line whose marks are not the eventId and seq offsets plus whole pairs', async () => {
    // The marks of a line are [start, end) pairs: eventId, seq, then one per token (shardLine.ts), so
    // at least 4 numbers and an even count. Two numbers (eventId only) or five (a pair cut short) make
    // the line no keyed ledger event, and the merge names it rather than slicing at missing offsets.
    const text = shardFile(template, [{ targetDataSourceId: 'log', correlationId: 'c1', value: 1 }], 0, 1);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"k":"'));
    const marks = /"m":\[([0-9,]*)\]/.exec(lines[at]!)![1]!.split(',');
    expect(marks.length).toBeGreaterThanOrEqual(6);
    for (const kept of [2, 5]) {
      const bad = lines[at]!.replace(/"m":\[[0-9,]*\]/, `"m":[${marks.slice(0, kept).join(',')}]`);
      const changed = lines.map((l, i) => (i === at ? bad : l)).join('\n');
      expect(await mergeShards([{ name: 'a.shard', batches: linesOf(changed) }], options)).toEqual({
        ok: false,
        file: 'a.shard',
        line: at + 1,
        message: `the line is neither a keyed ledger event ({"k":…,"m":[…],"e":{…}}) nor the trailer: ${bad.slice(0, 80)}`,
      });
    }
  });

  it('names a shard file that holds no line, or only empty ones, as empty', async () => {
    for (const text of ['', '\n\n'])
      expect(await mergeShards([{ name: 'a.shard', batches: linesOf(text) }], options)).toEqual({
        ok: false,
        file: 'a.shard',
        line: 1,
        message: 'the file is empty',
      });
  });

  it('writes the single run’s ledger in chunks of about 64 KiB from lines read a batch at a time, tallying Sink tokens only', async () => {
    // 300 events c0…c299 with value 1…300, one a step: each makes a TOKEN_GENERATED at `log` and
    // a TOKEN_COLLECTED at `done`, 600 lines of about 330 characters, nearly 200 KB in all.
    const events = Array.from({ length: 300 }, (_, i) => ({
      targetDataSourceId: 'log',
      correlationId: `c${i}`,
      value: i + 1,
    }));
    const single = load(template);
    single.getExternalEventQueue().addEvents(events);
    single.advance('end');
    const ledger = [...single.ledger.ndjsonStream()].join('');
    expect(ledger.length).toBeGreaterThan(2 * 65536);
    // Given out of shard order, and every line a batch of its own (a file read piecemeal).
    const files = [1, 0].map((i) => shardFile(template, events, i, 2));
    const chunks: string[] = [];
    let written = 0;
    const r = await mergeShards(
      files.map((text, i) => ({ name: ['b.shard', 'a.shard'][i]!, batches: oneLineBatches(text) })),
      {
        hasher: defaultHasher,
        sinkValuesLimit: 3,
        write: (chunk) => {
          // A merge that repeats lines stops here rather than running on.
          written += chunk.length;
          if (written > ledger.length) throw new Error('more written than the single run’s ledger');
          chunks.push(chunk);
        },
      },
    );
    if (!r.ok) throw new Error(`${r.file}: ${r.message}`);
    expect(chunks.join('')).toBe(ledger);
    expect(r.hash).toBe(createHash('sha256').update(ledger).digest('hex'));
    expect(r.events).toBe(600);
    expect(r.files).toEqual(['a.shard', 'b.shard']);
    // Each chunk but the last is whole lines, handed over with the first line that brings it to
    // 64 KiB (65,536 characters); the last holds the rest, less than that.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.length).toBeGreaterThanOrEqual(65536);
      expect(chunk.slice(0, -1).lastIndexOf('\n') + 1).toBeLessThan(65536);
    }
    expect(chunks.at(-1)!.length).toBeGreaterThan(0);
    expect(chunks.at(-1)!.length).toBeLessThan(65536);
    // Only Sink `done` is tallied (not the DataSource's lines): 300 tokens, 1 + … + 300 = 45,150,
    // and the first 3 values listed, the limit.
    expect(r.sinks).toEqual(new Map([['done', { count: 300, sum: 45150, values: [1, 2, 3] }]]));
  });
});
