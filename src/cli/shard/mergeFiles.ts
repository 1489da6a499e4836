/**
 * Merging shard files on disk: the engine's k-way merge (engine/shard/mergeShards.ts) fed by the
 * files' line batches (every event's JSON checked on another thread meanwhile: eventCheck.ts), the merged ledger streamed to a temporary file renamed into place on
 * success, and the summary `run` prints for the single run put together from the shards' trailers.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PendingFiles } from '../atomicFiles';
import type { CliIO } from '../command';
import { fileLineBatches } from '../lineFiles';
import { eventCheckOnThread, type EventCheck } from './eventCheck';
import { workerScriptUrl } from './workerScript';
import { nodeSha256 } from '../nodeHasher';
import { accessReason, FileAccessError } from '../terminalText';
import { mergeNodeStates, mergeShards, type MergeResult } from '../../engine/shard';
import { activityWarnings } from '../../engine';
import { SINK_VALUES_LIMIT, type RunSummary, type SinkSummary } from '../commands/runSummary';

/** The single run's summary, or the file (and line, for a shard file) and reason of a refusal. */
export type MergedRun = { ok: true; summary: RunSummary } | { ok: false; file: string; line?: number; message: string };

/** Not pure (reads `files`, writes `out`): merges shard files; the single run's summary, or the file and reason of a refusal. */
export async function mergeShardFiles(
  files: readonly string[],
  out: string | undefined,
  io: CliIO,
): Promise<MergedRun> {
  const batches = io.readLineBatches ?? fileLineBatches;
  const sources = files.map((name) => ({ name, batches: batches(name) }));
  const pending = new PendingFiles();
  // Files on disk and the bundle running: the events' JSON is checked on another thread (eventCheck.ts).
  const script = workerScriptUrl();
  const check: EventCheck | undefined =
    script !== undefined && batches === fileLineBatches ? eventCheckOnThread(script, files) : undefined;
  const options = {
    hasher: nodeSha256,
    sinkValuesLimit: SINK_VALUES_LIMIT,
    eventJsonCheckedElsewhere: check !== undefined,
  };
  try {
    let result: MergeResult;
    if (out === undefined) {
      result = await mergeShards(sources, options);
    } else {
      const stream = createWriteStream(await pending.add(out), { encoding: 'utf8' });
      let failure: unknown = null;
      stream.on('error', (err) => (failure ??= err));
      const write = async (chunk: string): Promise<void> => {
        if (failure !== null) throw new FileAccessError('write', out, accessReason(failure, 'write'));
        if (stream.write(chunk)) return;
        const done = new AbortController();
        try {
          await Promise.race([once(stream, 'drain', done), once(stream, 'close', done)]);
        } finally {
          done.abort();
        }
      };
      try {
        result = await mergeShards(sources, { ...options, write });
      } finally {
        stream.end();
        await Promise.race([once(stream, 'finish'), once(stream, 'close')]).catch(() => undefined);
      }
      if (failure !== null) throw new FileAccessError('write', out, accessReason(failure, 'write'));
    }
    // An event that is not JSON is named first, whatever else the merge met (eventCheck.ts).
    const fault = check ? await check.fault : null;
    if (fault !== null) return { ok: false, ...fault };
    if (!result.ok) return result;
    const summary = summaryOf(result);
    if (!summary.ok) return summary;
    if (out !== undefined) await pending.commit();
    return summary;
  } finally {
    check?.stop();
    await pending.discard();
  }
}

/** What a merge knows that the summary is made of. */
export type MergedParts = Pick<
  Extract<MergeResult, { ok: true }>,
  'events' | 'hash' | 'sinks' | 'sinkStates' | 'ends' | 'files'
> &
  Partial<Pick<Extract<MergeResult, { ok: true }>, 'headerLines' | 'endLines'>> & { header: { maxEvents: number } };

/** Pure: the single run's summary from a merge, or why the shards cannot stand for it. */
export function summaryOf(r: MergedParts): MergedRun {
  for (let s = 0; s < r.ends.length; s++) {
    const end = r.ends[s]!;
    if (end.status !== 'completed')
      return {
        ok: false,
        file: r.files[s]!,
        ...(r.endLines ? { line: r.endLines[s]! } : {}),
        message: `shard ${s} did not complete (${end.status}${end.truncatedBy ? ` by ${end.truncatedBy}` : ''}): its merge would not be the single run`,
      };
  }
  if (r.events > r.header.maxEvents)
    return {
      ok: false,
      file: r.files[0]!,
      ...(r.headerLines ? { line: r.headerLines[0]! } : {}),
      message: `the shards hold ${r.events} events together, over the template's maxEvents (${r.header.maxEvents}): the single run would have been truncated`,
    };
  const sinks: Record<string, SinkSummary> = {};
  const nodeStates = mergeNodeStates(r.ends.map((e) => e.nodeStates));
  for (const id of r.ends[0]!.sinks) {
    sinks[id] = r.sinks.get(id) ?? { count: 0, sum: 0, values: [] };
    // Added up per shard, a Sink's counts per state would list the states in shard order.
    const state = nodeStates[id];
    if (state) state.aggregates = Object.fromEntries(r.sinkStates.get(id) ?? []);
  }
  // Every machine runs in one shard: events and transitions add up, and an FSM stayed unmoved in the
  // single run when it did in every shard.
  const eventsConsumed = r.ends.reduce((n, e) => n + (e.eventsConsumed ?? 0), 0);
  const unmoved = (r.ends[0]!.unmovedFsms ?? []).filter((f) =>
    r.ends.every((e) => (e.unmovedFsms ?? []).some((g) => g.nodeId === f.nodeId)),
  );
  return {
    ok: true,
    summary: {
      steps: Math.max(...r.ends.map((e) => e.steps)),
      status: 'completed',
      ledgerEvents: r.events,
      ledgerHash: r.hash,
      sinks,
      nodeStates,
      eventsConsumed,
      transitionsFired: r.ends.reduce((n, e) => n + (e.transitionsFired ?? 0), 0),
      warnings: activityWarnings(eventsConsumed, r.ends[0]!.fsms ?? 0, unmoved),
    },
  };
}
