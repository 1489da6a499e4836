/**
 * The header of a shard file, as the merge reads it (src/engine/shard/shardFormat.ts `readHeader`;
 * docs/scale.md, "The shard file"): `{"flowledgerShard":1,"shard":I,"shards":N,"templateHash":…,
 * "seed":…,"eventsHash":…,"shardHash":"fnv1a32-utf8","maxEvents":…}`, where I is an index below the
 * count N. Anything else is refused with the sentence `flowledger merge` prints beside the file's
 * name (mergeShards.ts forwards it unchanged); each case below changes one thing of a good header.
 */
import { describe, expect, it } from 'vitest';
import { readHeader } from '../../../../src/engine/shard';

const good = {
  flowledgerShard: 1,
  shard: 1,
  shards: 3,
  templateHash: 'template-sha',
  seed: 7,
  eventsHash: 'events-sha',
  shardHash: 'fnv1a32-utf8',
  maxEvents: 1000,
};
const line = (changes: Record<string, unknown>, without: string[] = []): string => {
  const h: Record<string, unknown> = { ...good, ...changes };
  for (const key of without) delete h[key];
  return JSON.stringify(h);
};

const NOT_JSON = 'the first line is not a shard header (JSON)';
const NOT_HEADER = 'the first line is not a shard header ("flowledgerShard": 1): was it written by run --shard?';
const NOT_INDEX = 'the header\'s "shard"/"shards" are not an index below a count';
const LACKS = 'the header lacks templateHash, eventsHash, seed or maxEvents';

describe('readHeader', () => {
  it('reads a good header, the first and the last index of a count among them', () => {
    expect(readHeader(line({}))).toEqual(good);
    expect(readHeader(line({ shard: 0, shards: 1 }))).toEqual({ ...good, shard: 0, shards: 1 });
    expect(readHeader(line({ shard: 2, shards: 3 }))).toEqual({ ...good, shard: 2, shards: 3 });
    // A seed of 0 and a negative one are integers too.
    expect(readHeader(line({ seed: -5 }))).toEqual({ ...good, seed: -5 });
  });

  it('refuses a first line that is not JSON', () => {
    for (const text of ['not json', '{"flowledgerShard":1,', ''])
      expect(readHeader(text), JSON.stringify(text)).toBe(NOT_JSON);
  });

  it('refuses JSON that is not an object of format 1 (null, a number, text, a list, another format)', () => {
    for (const text of [
      'null',
      '5',
      '"header"',
      'true',
      '[1]',
      line({ flowledgerShard: 2 }),
      line({}, ['flowledgerShard']),
    ])
      expect(readHeader(text), text).toBe(NOT_HEADER);
  });

  it('refuses a shard that is not an integer index below an integer count', () => {
    const cases: Record<string, unknown>[] = [
      { shard: 3, shards: 3 }, // the count itself is no index
      { shard: 4, shards: 3 },
      { shard: -1, shards: 3 },
      { shard: 0, shards: 0 },
      { shard: 0, shards: -2 },
      { shard: 1, shards: 2.5 }, // 1 is below 2.5, but 2.5 is no count
      { shard: 0.5, shards: 3 },
      { shard: 0, shards: '3' }, // numbers as text are not numbers
      { shard: '0', shards: 3 },
    ];
    for (const c of cases) expect(readHeader(line(c)), JSON.stringify(c)).toBe(NOT_INDEX);
    expect(readHeader(line({}, ['shard']))).toBe(NOT_INDEX);
    expect(readHeader(line({}, ['shards']))).toBe(NOT_INDEX);
  });

  it('refuses a header lacking templateHash, eventsHash, seed or maxEvents, or giving one of the wrong kind', () => {
    for (const key of ['templateHash', 'eventsHash', 'seed', 'maxEvents'])
      expect(readHeader(line({}, [key])), `without ${key}`).toBe(LACKS);
    const cases: Record<string, unknown>[] = [
      { templateHash: 5 },
      { eventsHash: null },
      { seed: 7.5 },
      { seed: '7' },
      { maxEvents: 1000.5 },
      { maxEvents: '1000' },
    ];
    for (const c of cases) expect(readHeader(line(c)), JSON.stringify(c)).toBe(LACKS);
  });
});
