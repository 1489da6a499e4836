/**
 * Loading one shard run: the template (refused when it cannot be sharded by correlation id) and the
 * shard's events — read from the events file, whole or written by `parse --shard` (shardEvents.ts,
 * wholeEventsFile.ts), or already routed by `run --workers`' main thread — added to the engine with
 * other shards' events masked. `run --shard` and the `run --workers` threads share it.
 */
import { readJson, readJsonOrNdjson } from '../json';
import { reportIssues } from '../issueReport';
import type { CliIO } from '../command';
import { canonicalJson, Engine } from '../../engine';
import { shardability } from '../../engine/shard';
import { nodeSha256 } from '../nodeHasher';
import { shardEvents, type ShardEvents } from './shardEvents';
import { readWholeForShard } from './wholeEventsFile';
import type { ShardSpec } from './shardOption';

/** Pure: the SHA-256 of `text` (UTF-8), hex. */
export function sha256Hex(text: string): string {
  const h = nodeSha256();
  h.update(text);
  return h.digestHex();
}

/** Pure: the events of shard `spec` from the events file's text (whole, or a file `parse --shard` wrote); the whole file's hash when `hash`. */
function readShardEvents(text: string, file: string, spec: ShardSpec, hash: boolean): ShardEvents {
  const whole = shardedEventsEndLine(text) ? undefined : readWholeForShard(text, spec);
  if (whole !== undefined)
    return whole.ok
      ? { ...whole, eventsHash: hash ? sha256Hex(text) : '' }
      : { ok: false, message: `${file}: ${whole.message}` };
  const read = readJsonOrNdjson(text, file);
  if (!read.ok) return read;
  const events = shardEvents(read.values, spec, () => sha256Hex(text));
  return events.ok ? events : { ok: false, message: `${file}: ${events.message}` };
}

/** A shard run ready to advance: its engine, fed, and the hashes its shard file's header names. */
export type LoadedShard = { ok: true; engine: Engine; templateHash: string; eventsHash: string } | { ok: false };

/**
 * Not pure (reads the files, reports to `io`): the engine of shard `spec` of the run of `file` over
 * `eventsFile`, its events added (other shards' masked); false after reporting why not (exit 2).
 * The events file's hash is computed only when `hashes` (a shard file's header needs it).
 */
export async function loadShardRun(
  file: string,
  eventsFile: string,
  seed: number | undefined,
  spec: ShardSpec,
  io: CliIO,
  hashes: boolean,
  /** The shard's events already read (`run --workers`, eventRouting.ts); absent: read `eventsFile`. */
  routed?: { values: unknown[]; masked: Uint8Array },
): Promise<LoadedShard> {
  const text = await io.readFile(file);
  const json = readJson(text, file);
  if (!json.ok) {
    io.stderr(`${json.message}\n`);
    return { ok: false };
  }
  const engine = new Engine({ hasher: nodeSha256 });
  const loaded = engine.initialize(json.value, seed === undefined ? {} : { seed });
  if (!reportIssues(io, file, loaded)) return { ok: false };
  const verdict = shardability(engine.scenario);
  if (!verdict.shardable) {
    io.stderr(
      `flowledger run: ${file} cannot be sharded by correlation id:\n${verdict.blockers.map((b) => `  ${b.nodeId}: ${b.reason}\n`).join('')}`,
    );
    return { ok: false };
  }
  const events: ShardEvents =
    routed !== undefined
      ? { ok: true, ...routed, eventsHash: '' }
      : readShardEvents(await io.readFile(eventsFile), eventsFile, spec, hashes);
  if (!events.ok) {
    io.stderr(`${events.message}\n`);
    return { ok: false };
  }
  const added = engine.getExternalEventQueue().addEvents(events.values, (i) => events.masked[i] === 1);
  if (!added.ok) {
    io.stderr(`${eventsFile}: event ${added.index + 1}: ${added.error}; no events were added\n`);
    return { ok: false };
  }
  return {
    ok: true,
    engine,
    templateHash: hashes ? sha256Hex(canonicalJson(json.value)) : '',
    eventsHash: events.eventsHash,
  };
}

/** Pure: whether the last line of `text` is the trailer of a sharded events file. */
function shardedEventsEndLine(text: string): boolean {
  const end = text.trimEnd();
  return end.slice(end.lastIndexOf('\n') + 1).startsWith('{"flowledgerEvents"');
}
