/**
 * Issue 38, item 3: the merge took shard files on trust. A repeated or removed event line merged
 * (the trailer's count was never compared), bad marks or `"e":null` wrote lines that are not JSON
 * into the merged ledger, and a Sink's line that was not JSON threw. Every line is now checked
 * before it is merged and each change below is refused with the file, the line and what is wrong
 * (tamperedShards.ts lists them), while every file `run --shard` writes still merges
 * (shardMerge.property.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { defaultHasher } from '../../../../src/engine';
import { mergeShards } from '../../../../src/engine/shard';
import { linesOf } from './shardFiles';
import { tamperedShards, wholeShard } from './tamperedShards';

const options = { hasher: defaultHasher, sinkValuesLimit: 1000 };

describe('mergeShards refuses a shard file that was changed', () => {
  it('merges the file as run --shard wrote it', async () => {
    const r = await mergeShards([{ name: 'a.shard', batches: linesOf(wholeShard()) }], options);
    expect(r.ok && r.events).toBe(8);
  });

  it.each(tamperedShards().map((t) => [t.what, t] as const))('%s', async (_, t) => {
    const written: string[] = [];
    const r = await mergeShards([{ name: 'a.shard', batches: linesOf(t.text) }], {
      ...options,
      write: (chunk) => void written.push(chunk),
    });
    expect(r).toEqual({ ok: false, file: 'a.shard', line: t.line, message: t.message });
    // What was handed over before the refusal is whole JSON lines (the caller discards it anyway).
    for (const line of written.join('').split('\n').slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
  });
});
