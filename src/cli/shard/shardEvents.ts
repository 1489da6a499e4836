/**
 * The events of one shard run. A shard run still places every event of the whole file — each
 * DataSource emits `batchSize` events per due step in file order, so the step an event is emitted
 * at depends on all the events before it — but only its own correlation ids' events become tokens;
 * the others stay in the queue as masked placeholders (`EventFeed.isMasked`). Two inputs work:
 *   - the whole events file: every event is hashed to its shard (the first correlation id, FNV-1a);
 *   - a file `parse --shard I/N` wrote: the shard's events, runs of other shards' events as
 *     `{"flowledgerSkip":k,"targetDataSourceId":…}` lines, and a last line
 *     `{"flowledgerEvents":{"shard":I,"shards":N,"eventsHash":…,"events":…}}` naming the whole file.
 * Either way the shard header's events hash is that of the whole file, so shards of both kinds
 * from the same log merge together.
 */
import { shardKeyOf, shardOf } from '../../engine/shard';
import type { ShardSpec } from './shardOption';

/** The last line of a sharded events file. */
export interface ShardedEventsEnd {
  shard: number;
  shards: number;
  eventsHash: string;
  events: number;
}

export type ShardEvents =
  { ok: true; values: unknown[]; masked: Uint8Array; eventsHash: string } | { ok: false; message: string };

/** Pure: the trailer of a sharded events file, when `values` is one. */
export function shardedEventsEnd(values: readonly unknown[]): ShardedEventsEnd | null {
  const last = values[values.length - 1];
  if (typeof last !== 'object' || last === null) return null;
  const end = (last as { flowledgerEvents?: ShardedEventsEnd }).flowledgerEvents;
  return typeof end === 'object' && end !== null ? end : null;
}

/**
 * Pure: why `values` (events file `file`'s) cannot feed a whole run — `parse --shard` wrote them, so
 * they hold one shard's events and placeholders for the others — with the index of the value that
 * shows it; null for any other file. A plain `run` would take the placeholders for events.
 */
export function shardEventsFileProblem(
  values: readonly unknown[],
  file: string,
): { index: number; message: string } | null {
  const end = shardedEventsEnd(values);
  if (end !== null) {
    const shard = `${end.shard}/${end.shards}`;
    return {
      index: values.length - 1,
      message: `this is the events file of shard ${shard} written by parse --shard (its last line says so), not a whole run's events: run that shard with run … --events ${file} --shard ${shard} and merge the shards (docs/scale.md), or give the whole events file (parse without --shard)`,
    };
  }
  const skip = values.findIndex(
    (v) => typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>)['flowledgerSkip'] === 'number',
  );
  if (skip >= 0)
    return {
      index: skip,
      message: `a {"flowledgerSkip":…} line: this is the events file of one shard written by parse --shard, cut short (its last line, naming the shard, is missing), not a whole run's events: write it again with parse … --shard I/N, or give the whole events file (parse without --shard)`,
    };
  return null;
}

/**
 * Pure: the events of shard `spec` — every event of the whole file, those of other shards replaced
 * by placeholders flagged in `masked` — and the whole file's hash (`wholeHash` of a whole file).
 */
export function shardEvents(values: readonly unknown[], spec: ShardSpec, wholeHash: () => string): ShardEvents {
  const end = shardedEventsEnd(values);
  if (end !== null && (end.shard !== spec.index || end.shards !== spec.count))
    return {
      ok: false,
      message: `the events file holds shard ${end.shard}/${end.shards}, not ${spec.index}/${spec.count}`,
    };
  const out: unknown[] = [];
  const masked: number[] = [];
  const stub = (target: unknown): void => {
    masked.push(out.length);
    out.push({ targetDataSourceId: target });
  };
  const body = end === null ? values : values.slice(0, -1);
  let kept = 0;
  for (let i = 0; i < body.length; i++) {
    const v = body[i] as Record<string, unknown>;
    const skip = typeof v === 'object' && v !== null ? v['flowledgerSkip'] : undefined;
    if (end !== null && typeof skip === 'number') {
      for (let k = 0; k < skip; k++) stub(v['targetDataSourceId']);
      continue;
    }
    const id = shardKeyOf(v);
    if (id === null)
      return {
        ok: false,
        message: `event ${i + 1} has no correlation id: a sharded run splits the events by their first correlation id`,
      };
    const shard = shardOf(id, spec.count);
    if (shard === spec.index) {
      out.push(v);
      kept++;
    } else if (end === null) stub(v['targetDataSourceId']);
    else
      return {
        ok: false,
        message: `event ${i + 1} (${JSON.stringify(id)}) belongs to shard ${shard}, not ${spec.index}`,
      };
  }
  if (end !== null && kept !== end.events)
    return {
      ok: false,
      message: `the file says it holds ${end.events} events of its shard but holds ${kept} (truncated?)`,
    };
  const flags = new Uint8Array(out.length);
  for (const m of masked) flags[m] = 1;
  return { ok: true, values: out, masked: flags, eventsHash: end === null ? wholeHash() : end.eventsHash };
}
