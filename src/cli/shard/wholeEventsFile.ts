/**
 * Reading a whole events file for one shard run quickly. Every shard run reads every event (to
 * place it), but only its own events need parsing: a line as `parse` writes it begins
 * `{"targetDataSourceId":"…","correlationId":"…",`, and when neither key comes again in the line
 * (nor `correlationIds`) and neither value holds an escape, those two values are read straight from
 * the text and another shard's event becomes a placeholder unparsed. Any other line is parsed.
 * A file with a line that is not JSON, or a JSON array file, is left to the ordinary reader
 * (undefined), which names the problem.
 */
import { shardKeyOf, shardOf } from '../../engine/shard';
import type { ShardSpec } from './shardOption';

const TARGET = '{"targetDataSourceId":"';
const ID = '","correlationId":"';

export type WholeRead =
  { ok: true; values: unknown[]; masked: Uint8Array } | { ok: false; message: string } | undefined;

/** Pure: the events of shard `spec` from the text of a whole NDJSON events file (see the module comment). */
export function readWholeForShard(text: string, spec: ShardSpec): WholeRead {
  if (text.trimStart().startsWith('[')) return undefined;
  const lines = text.split('\n');
  const values: unknown[] = [];
  const masked = new Uint8Array(lines.length);
  // Other shards' events of one target share one placeholder (only its target is read).
  const placeholders = new Map<unknown, { targetDataSourceId: unknown }>();
  const placeholder = (target: unknown): { targetDataSourceId: unknown } => {
    let p = placeholders.get(target);
    if (p === undefined) placeholders.set(target, (p = { targetDataSourceId: target }));
    return p;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const quick = quickKey(line);
    if (quick !== null && shardOf(quick.id, spec.count) !== spec.index) {
      masked[values.length] = 1;
      values.push(placeholder(quick.target));
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    const id = shardKeyOf(value);
    if (id === null)
      return {
        ok: false,
        message: `line ${i + 1}: the event has no correlation id: a sharded run splits the events by their first correlation id`,
      };
    if (shardOf(id, spec.count) !== spec.index) {
      masked[values.length] = 1;
      values.push(placeholder((value as { targetDataSourceId?: unknown }).targetDataSourceId));
    } else values.push(value);
  }
  return { ok: true, values, masked: masked.subarray(0, values.length) };
}

/** Pure: target and correlation id read from the text of a line `parse` wrote, or null when not sure. */
export function quickKey(line: string): { target: string; id: string } | null {
  if (!line.startsWith(TARGET)) return null;
  const targetEnd = line.indexOf('"', TARGET.length);
  if (targetEnd < 0 || !line.startsWith(ID, targetEnd)) return null;
  const idStart = targetEnd + ID.length;
  const idEnd = line.indexOf('"', idStart);
  if (idEnd <= idStart) return null;
  const target = line.slice(TARGET.length, targetEnd);
  const id = line.slice(idStart, idEnd);
  if (target.includes('\\') || id.includes('\\')) return null;
  const rest = idEnd + 1;
  if (
    line.indexOf('"correlationId":', rest) >= 0 ||
    line.indexOf('"targetDataSourceId":', rest) >= 0 ||
    line.indexOf('"correlationIds":', rest) >= 0
  )
    return null;
  return { target, id };
}
