/**
 * `ingestIntoRun`: a log sent to a run in one operation of the engine worker — what the ingestion
 * screen's "Send to run" does. The log arrives as the Blob the person chose (or as a stored source's
 * id) and is never read whole: it is refused at once when it is over the source bound, then parsed
 * in slices, in two passes (templates, then events with their final templates: parseStream.ts),
 * stored with the configuration in one transaction (the Blob itself: the browser writes it to disk),
 * and its events enqueued into the run through the one way events enter a run (`appendEvents`).
 *
 * Cancel (an abort of the call's `callId`) is seen between two slices of the parse, before storing,
 * before the events are added, once they are in the run's queue but not yet committed, and after
 * the commit; a cancelled or failed operation leaves nothing behind: no source, the configuration
 * as it was, no new execution, no event. The enqueue is all or nothing: the events are committed
 * with the run in one transaction, and a Cancel that arrives while that transaction is written
 * undoes it when the run is a new one (the execution is deleted with the source and configuration).
 * Only when the events went into a run that existed before does a Cancel during the commit come too
 * late: the answer then says what was done (the run is not rewound).
 */
import * as Comlink from 'comlink';
import type { IngestParserConfig, IngestProgress, IngestSource, IngestTarget, Ingested } from '../../contract/ingest';
import type { ParserConfigRecord } from '../../contract/wire';
import type { SourceRow } from '../../store/AppDB';
import * as store from '../../store/sources';
import * as configs from '../../store/parserConfigs';
import { parserConfigToRow, parserConfigToWire } from '../../store/mappers';
import { appendEvents, executionOps } from '../runs/executionOps';
import { mustGet } from '../templates/templateOps';
import { Failure, guard, ok, type Result } from '../result';
import { configOf } from './parserConfigOps';
import type { ParserContext } from './parserContext';
import { applyConfigPatch, checkConfig, readConfigBody } from './parserInput';
import { parseBlob } from './parseStream';
import { tooLarge } from './sourceBound';

/** Milliseconds between two progress reports (the page redraws on each). */
const PROGRESS_EVERY_MS = 50;

/** Not pure: the `ingestIntoRun` method of a service over `p`. */
export function ingestOps(p: ParserContext) {
  const { ctx } = p;
  const executions = executionOps(ctx);
  return {
    /**
     * Parses the log `source` with `config`, stores both (a new source; the configuration created,
     * or updated when `config.configId` names one) and enqueues its events into `target` (a new
     * execution when it names none). `onProgress` (a Comlink proxy from the page) hears at most ~20
     * times a second. All or nothing: see the module comment.
     */
    ingestIntoRun(
      source: IngestSource,
      config: IngestParserConfig,
      target: IngestTarget,
      onProgress?: (progress: IngestProgress) => void,
      options: { callId?: string } = {},
    ): Promise<Result<Ingested>> {
      const signal = ctx.callSignal(options.callId);
      const stopIfCancelled = (when: string) => {
        if (signal?.aborted)
          throw new Failure('ABORTED', `Sending the log to the run was cancelled ${when}; nothing was stored`, {});
      };
      let last = -Infinity;
      let lastPhase = '';
      const report = (progress: IngestProgress) => {
        const now = ctx.clock();
        if (progress.phase === lastPhase && now - last < PROGRESS_EVERY_MS && progress.bytes < progress.total) return;
        last = now;
        lastPhase = progress.phase;
        void onProgress?.(progress);
      };
      return guard<Ingested>(async () => {
        await p.ensureSeeded();
        const log = await logOf(p, source);
        const total = log.blob.size;
        // The bound is checked on the Blob's size, before a byte of it is read.
        if (total > p.maxSourceBytes) throw tooLarge(total, p.maxSourceBytes);
        const sourceId = log.storedId ?? ctx.newId();
        const previous =
          config.configId !== undefined ? await configs.getParserConfig(ctx.db, config.configId) : undefined;
        if (config.configId !== undefined && !previous)
          throw new Failure('CONFIG_NOT_FOUND', `Parser configuration "${config.configId}" not found`, {
            configId: config.configId,
          });
        // An update keeps the stored fields the body does not name, as `PUT …/configs/{id}` does.
        const merged = previous
          ? applyConfigPatch(configOf(parserConfigToWire(previous)), config.body as unknown as Record<string, unknown>)
          : config.body;
        const body = readConfigBody({
          ...merged,
          sources: [sourceId],
          mapping: { ...(merged.mapping ?? {}), targetDataSourceId: target.targetDataSourceId },
        });
        const compiled = checkConfig(body);
        await checkTarget(p, target);

        const limit = p.maxEnqueueEvents;
        const parsed = await parseBlob(log.blob, compiled, {
          eventLimit: limit + 1,
          onProgress: (phase, bytes, lines) => report({ phase, bytes, total, lines }),
          nextTask: async () => {
            await p.nextTask();
            stopIfCancelled('while the log was read');
          },
          clock: ctx.clock,
          sliceBytes: p.chunkChars,
        });
        if (parsed.events.length > limit) {
          throw new Failure(
            'PAYLOAD_TOO_LARGE',
            `The log gives more than ${limit} events; one run may receive at most ${limit} at once (split the log); nothing was stored`,
            { limit },
          );
        }
        const lines = parsed.stats.lines;

        report({ phase: 'storing', bytes: total, total, lines });
        stopIfCancelled('before the log was stored');
        const at = ctx.now();
        const record: ParserConfigRecord = previous
          ? { ...body, id: previous.id, createdAt: previous.createdAt, updatedAt: at }
          : { id: ctx.newId(), ...body, createdAt: at, updatedAt: at };
        const row: SourceRow | null = log.storedId
          ? null
          : { id: sourceId, name: log.name, type: 'log', content: '', blob: log.blob, bytes: total, createdAt: at };
        await store.addSourceAndConfig(ctx.db, row, parserConfigToRow(record));

        let created: string | null = null;
        const undo = async () => {
          if (created !== null) await executions.deleteExecution(created);
          await store.undoSourceAndConfig(ctx.db, row ? row.id : null, record.id, previous);
        };
        try {
          report({ phase: 'enqueueing', bytes: total, total, lines });
          stopIfCancelled('before the events were added');
          let executionId = target.executionId;
          if (executionId === undefined) {
            const made = await executions.createExecution(target.templateId, {});
            if (!made.ok) {
              await undo();
              return made;
            }
            executionId = created = made.value.executionId;
          }
          const added = await appendEvents(
            ctx,
            target.templateId,
            executionId,
            () => parsed.events,
            async () => {
              // The events are in the queue, not yet committed: a Cancel heard here commits nothing.
              await p.nextTask();
              stopIfCancelled('before the events were added');
            },
          );
          if (!added.ok) {
            await undo();
            return added;
          }
          // A Cancel heard while the commit was written: a new run goes with it (all or nothing).
          if (created !== null) stopIfCancelled('while the events were added');
          return ok(
            {
              success: true,
              sourceId,
              config: record,
              executionId,
              enqueued: added.value.added,
              groups: parsed.stats.groups,
              queueSize: added.value.queueSize,
              stats: parsed.stats,
            },
            { parse: parsed.stats.ms, ...added.timings },
          );
        } catch (err) {
          await undo();
          throw err;
        }
      }).finally(() => {
        ctx.endCall(options.callId);
        // The callback arrived as a Comlink proxy (from the page): free its port.
        (onProgress as unknown as Partial<Record<typeof Comlink.releaseProxy, () => void>> | undefined)?.[
          Comlink.releaseProxy
        ]?.();
      });
    },
  };
}

/** Not pure (reads the store, fetches bundled files): the log to send, as a Blob, and its stored id when it has one. */
async function logOf(
  p: ParserContext,
  source: IngestSource,
): Promise<{ blob: Blob; name: string; storedId: string | null }> {
  if ('blob' in source && source.blob instanceof Blob) {
    const name = typeof source.name === 'string' ? source.name.trim() : '';
    if (name === '')
      throw new Failure('BAD_REQUEST', 'The log to send needs a name', {
        issues: [{ path: '/source/name', message: 'a non-empty string is required' }],
      });
    return { blob: source.blob, name, storedId: null };
  }
  const sourceId = (source as { sourceId?: unknown }).sourceId;
  if (typeof sourceId !== 'string' || sourceId === '')
    throw new Failure('BAD_REQUEST', 'The log to send must be {name, blob} (a file) or {sourceId} (a stored source)', {
      issues: [{ path: '/source', message: 'neither a Blob nor a source id' }],
    });
  const row = await store.getSource(p.ctx.db, sourceId);
  if (row) return { blob: store.sourceBlob(row), name: row.name, storedId: row.id };
  const bundled = (await p.bundle.manifest()).sources.find((s) => s.id === sourceId);
  if (!bundled) throw new Failure('SOURCE_NOT_FOUND', `Source "${sourceId}" not found`, { sourceId });
  const text = await p.bundle.text(bundled.path, `source "${sourceId}"`);
  return { blob: new Blob([text]), name: bundled.name, storedId: bundled.id };
}

/** Not pure (reads the store): Failure unless `target` names a template (and execution) with that DataSource. */
async function checkTarget(p: ParserContext, target: IngestTarget): Promise<void> {
  const { ctx } = p;
  let nodes: unknown;
  if (target.executionId !== undefined) {
    const found = await ctx.withRun(target.templateId, target.executionId, false, async (open) =>
      ok(open.engine.scenario.nodes as unknown),
    );
    if (!found.ok) throw new Failure(found.error.code, found.error.message, found.error.details);
    nodes = found.value;
  } else {
    nodes = ((await mustGet(ctx, target.templateId)).scenario as { nodes?: unknown }).nodes;
  }
  const dataSources = (Array.isArray(nodes) ? (nodes as { nodeId?: unknown; type?: unknown }[]) : [])
    .filter((n) => n.type === 'DataSource' && typeof n.nodeId === 'string')
    .map((n) => n.nodeId as string);
  const wanted = target.targetDataSourceId;
  if (!dataSources.includes(wanted)) {
    const message = `"${wanted}" is not a DataSource of the run's scenario`;
    throw new Failure(
      'UNKNOWN_DATA_SOURCE',
      `"targetDataSourceId" ${message} (DataSources: ${dataSources.join(', ') || 'none'}); nothing was stored`,
      { targetDataSourceId: wanted, dataSources, issues: [{ path: '/targetDataSourceId', message }] },
    );
  }
}
