import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EventShardFilter } from '../../../src/cli/shard/eventShardFilter';
import { ShardedEventsMerge } from '../../../src/cli/shard/shardedEventsMerge';

/**
 * Merging the events files of `parse --shard I/K` back into the whole file (`parse --workers K`):
 * the shards' own events and skip runs put every event back in its place — an event without a
 * correlation id, which every shard holds, once — and files that are not shards of one parse are
 * refused rather than merged into something else.
 */
const events = [
  { targetDataSourceId: 'log', correlationId: 'a', event: 'x' },
  { targetDataSourceId: 'log', correlationId: 'b', event: 'y' },
  { targetDataSourceId: 'log', event: 'no id' },
  { targetDataSourceId: 'other', correlationId: 'c', event: 'z' },
  { targetDataSourceId: 'log', correlationId: 'a', event: 'x2' },
  { targetDataSourceId: 'log', correlationId: 'd', event: 'w' },
  { targetDataSourceId: 'log', correlationId: 'b', event: 'y2' },
];
const whole = events.map((e) => `${JSON.stringify(e)}\n`).join('');

function shardFiles(count: number, list = events): string[] {
  return Array.from({ length: count }, (_, index) => {
    const filter = new EventShardFilter({ index, count });
    return list.map((e) => filter.event(e, `${JSON.stringify(e)}\n`)).join('') + filter.end();
  });
}

async function merged(files: string[]): Promise<{ text: string; check: string | null }> {
  const merge = new ShardedEventsMerge(
    files.map((f) =>
      (async function* () {
        yield f.split('\n');
      })()[Symbol.asyncIterator](),
    ),
  );
  let text = '';
  for (let c = await merge.next(); c !== null; c = await merge.next()) text += c;
  return { text, check: merge.check(createHash('sha256').update(text, 'utf8').digest('hex')) };
}

describe('merging parse --shard files', () => {
  it.each([1, 2, 3, 5])('gives back the whole file from %i shard files, in any order', async (k) => {
    const files = shardFiles(k);
    // Some shard holds only skip lines: the split is real.
    if (k > 1) expect(files.some((f) => f.includes('flowledgerSkip'))).toBe(true);
    expect(await merged(files)).toEqual({ text: whole, check: null });
    expect(await merged([...files].reverse())).toEqual({ text: whole, check: null });
  });

  it('refuses shard files of different parses or a missing shard', async () => {
    const files = shardFiles(3);
    const other = shardFiles(3, events.slice(1));
    const mixed = await merged([files[0]!, other[1]!, files[2]!]);
    expect(mixed.check).toMatch(/^the (shard files do not merge|merged events' SHA-256 is not)/);
    const missing = await merged([files[0]!, files[1]!]);
    expect(missing.check).not.toBeNull();
  });
});
