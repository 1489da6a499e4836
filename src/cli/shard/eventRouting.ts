/**
 * `run --workers K` reads the events file once, on the main thread: each line as `parse` writes it
 * is assigned to its shard from its text (wholeEventsFile.ts, `quickKey`), and every thread gets
 * only its own lines plus, per event of the whole file, its shard and target DataSource (shared
 * memory, not copied) — so a thread parses its own events and places the others as placeholders
 * without reading or scanning the whole file itself. A file in any other shape (a JSON array, a
 * file `parse --shard` wrote, a line the quick reading is not sure of) is not routed: each thread
 * then reads it as `run --shard` does.
 */
import { shardOf } from '../../engine/shard';
import { quickKey } from './wholeEventsFile';

/** The events file split for K threads. */
export interface RoutedEvents {
  /** Per event of the file, its shard (Uint16Array over shared memory). */
  shards: SharedArrayBuffer;
  /** Per event, the index of its target in `targets` (Uint16Array over shared memory). */
  targets: SharedArrayBuffer;
  targetNames: string[];
  /** Per shard, its own event lines joined by newlines. */
  own: string[];
}

/** Pure: the events of `text` routed to `count` shards, or null when the file is not in the shape `parse` writes. */
export function routeEvents(text: string, count: number): RoutedEvents | null {
  if (count > 0xffff || text.trimStart().startsWith('[')) return null;
  const lines = text.split('\n');
  const shardsBuffer = new SharedArrayBuffer(2 * lines.length);
  const targetsBuffer = new SharedArrayBuffer(2 * lines.length);
  const shards = new Uint16Array(shardsBuffer);
  const targets = new Uint16Array(targetsBuffer);
  const targetIndex = new Map<string, number>();
  const targetNames: string[] = [];
  const own: string[][] = Array.from({ length: count }, () => []);
  let n = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('{"flowledgerEvents"')) return null;
    const key = quickKey(line);
    if (key === null) return null;
    let t = targetIndex.get(key.target);
    if (t === undefined) {
      t = targetNames.length;
      if (t > 0xffff) return null;
      targetIndex.set(key.target, t);
      targetNames.push(key.target);
    }
    const shard = shardOf(key.id, count);
    shards[n] = shard;
    targets[n] = t;
    n++;
    own[shard]!.push(line);
  }
  return {
    shards: shardsBuffer.slice(0, 2 * n) as SharedArrayBuffer,
    targets: targetsBuffer.slice(0, 2 * n) as SharedArrayBuffer,
    targetNames,
    own: own.map((l) => l.join('\n')),
  };
}

/**
 * Pure: shard `index`'s events from a routing — its own parsed, the others one placeholder per
 * target — or null when one of its lines is not JSON (the thread then reads the file itself, which
 * names the problem).
 */
export function routedShardEvents(
  r: Omit<RoutedEvents, 'own'>,
  own: string,
  index: number,
): { values: unknown[]; masked: Uint8Array } | null {
  const shards = new Uint16Array(r.shards);
  const targets = new Uint16Array(r.targets);
  const lines = own === '' ? [] : own.split('\n');
  const placeholders = r.targetNames.map((t) => ({ targetDataSourceId: t }));
  const values: unknown[] = new Array<unknown>(shards.length);
  const masked = new Uint8Array(shards.length);
  let next = 0;
  for (let i = 0; i < shards.length; i++) {
    if (shards[i] === index) {
      try {
        values[i] = JSON.parse(lines[next++]!);
      } catch {
        return null;
      }
    } else {
      values[i] = placeholders[targets[i]!];
      masked[i] = 1;
    }
  }
  return { values, masked };
}
