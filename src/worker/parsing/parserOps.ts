/**
 * The parser service (API.md "Parser"): sources, configurations, parsing in the worker, and
 * enqueueing a parse into an execution's external queue. Parsing streams the sources through the
 * parser core in chunks (parseStream.ts) and reports progress as a record a UI polls
 * (`parserProgress`, `GET /api/parser/progress`); `stats.ms` is measured here, in the worker.
 */
import type { Enqueued, ParseAnswer, ParseJob, ParseJobs } from '../../contract/wire';
import type { CompiledConfig, ParserConfig } from '../../parser';
import type { ServiceContext } from '../context';
import { appendEvents } from '../runs/executionOps';
import { configOf, mustGetConfig, parserConfigOps, seedBundledConfigs } from './parserConfigOps';
import { ingestOps } from './ingestIntoRun';
import { createParserContext, type ParserContext, type ParserDeps } from './parserContext';
import { checkConfig, readEnqueueBody, readParseBody } from './parserInput';
import { parseTexts, streamLength, type StreamResult } from './parseStream';
import { fail, Failure, guard, ok, type Result } from '../result';
import { resolveSources, sourceOps } from './sourceOps';

/** Not pure: the parser methods of a service over `ctx` (`deps`: bundled-file loader, limits). */
export function parserOps(ctx: ServiceContext, deps: ParserDeps = {}) {
  const p = createParserContext(ctx, deps, seedBundledConfigs);
  let jobs = 0;
  const run = async (
    kind: ParseJob['kind'],
    progressId: string | undefined,
    name: string,
    texts: string[],
    compiled: CompiledConfig,
    eventLimit: number,
    signal?: AbortSignal,
  ): Promise<StreamResult> => {
    const job = p.jobs.start(
      progressId ?? `${kind}-${++jobs}`,
      kind,
      name,
      streamLength(texts),
      eventLimit > 0 ? 2 : 1,
    );
    try {
      const r = await parseTexts(texts, compiled, {
        eventLimit,
        onProgress: job.progress,
        // Between chunks: an aborted parse stops there.
        nextTask: async () => {
          await p.nextTask();
          if (signal?.aborted) throw new Failure('ABORTED', `The ${kind} of "${name}" was aborted by the caller`, {});
        },
        clock: ctx.clock,
        chunkChars: p.chunkChars,
      });
      job.finish(r.stats.lines);
      return r;
    } finally {
      job.finish();
    }
  };

  return {
    ...sourceOps(p),
    ...parserConfigOps(p),
    ...ingestOps(p),

    /**
     * Parses the sources of a saved configuration (`{configId}`) or of one given inline (`{config}`):
     * events (at most `eventLimit`), templates, groups, unparsed lines and stats.
     */
    parse(body: unknown, options: { callId?: string } = {}): Promise<Result<ParseAnswer>> {
      const signal = ctx.callSignal(options.callId);
      return guard<ParseAnswer>(async () => {
        const input = readParseBody(body);
        const config = input.config ?? configOf(await mustGetConfig(p, input.configId!));
        const compiled = checkConfig(config, input.config ? '/config' : '');
        const texts = await resolveSources(p, config.sources, input.config ? '/config' : '');
        const r = await run('parse', input.progressId, config.name, texts, compiled, input.eventLimit, signal);
        const { events, eventsTruncated, templates, groups, unparsed, stats } = r;
        return ok({ success: true, events, eventsTruncated, templates, groups, unparsed, stats }, { parse: stats.ms });
      }).finally(() => ctx.endCall(options.callId));
    },

    /**
     * Parses configuration `configId`'s sources and puts every event — mapped by its mapping, with
     * `targetDataSourceId` from the body and `correlationId` = its group key — into the execution's
     * external queue, through the same path as `POST …/events`. A target that is not a DataSource
     * of the execution's scenario is UNKNOWN_DATA_SOURCE (400), checked before parsing.
     */
    enqueue(configId: string, body: unknown, options: { callId?: string } = {}): Promise<Result<Enqueued>> {
      const signal = ctx.callSignal(options.callId);
      return guard<Enqueued>(async () => {
        const input = readEnqueueBody(body);
        const record = await mustGetConfig(p, configId);
        const config = withTarget(configOf(record), input.targetDataSourceId);
        const compiled = checkConfig(config);
        const texts = await resolveSources(p, config.sources, '');
        const targets = await ctx.withRun(input.templateId, input.executionId, false, async (open) =>
          ok(dataSources(open.engine.scenario.nodes)),
        );
        if (!targets.ok) return targets;
        const target = input.targetDataSourceId;
        if (!targets.value.includes(target)) {
          const message = `"${target}" is not a DataSource of the execution's scenario`;
          throw new Failure(
            'UNKNOWN_DATA_SOURCE',
            `"targetDataSourceId" ${message} (DataSources: ${targets.value.join(', ') || 'none'}); no events were added`,
            {
              targetDataSourceId: target,
              dataSources: targets.value,
              issues: [{ path: '/targetDataSourceId', message }],
            },
          );
        }
        // An execution keeps every enqueued event in its input log and re-reads it on restore, so one
        // enqueue is bounded like a parse's events: over the limit is 413 and nothing is added.
        const limit = p.maxEnqueueEvents;
        const r = await run('enqueue', input.progressId, config.name, texts, compiled, limit + 1, signal);
        if (r.events.length > limit) {
          throw new Failure(
            'PAYLOAD_TOO_LARGE',
            `The configuration's sources give more than ${limit} events; one enqueue may add at most ${limit} (split the log); no events were added`,
            {
              limit,
            },
          );
        }
        const added = await appendEvents(ctx, input.templateId, input.executionId, () => r.events);
        if (!added.ok) return added;
        return ok(
          {
            success: true,
            enqueued: added.value.added,
            groups: r.stats.groups,
            queueSize: added.value.queueSize,
            stats: r.stats,
          },
          { parse: r.stats.ms, ...added.timings },
        );
      }).finally(() => ctx.endCall(options.callId));
    },

    /** The progress records of the parses running in this worker, then the recent finished ones. */
    async parserProgress(): Promise<Result<ParseJobs>> {
      return ok({ success: true, jobs: p.jobs.list() });
    },

    /** Tells the worker the app's base URL, where the bundled files (`parser/manifest.json`, …) are fetched from. */
    async setAppBase(url: string): Promise<Result<{ success: true; appBase: string }>> {
      return setBase(p, url);
    },
  };
}

/** Not pure: records `url` (absolute) as where bundled files are fetched from. */
function setBase(p: ParserContext, url: string): Result<{ success: true; appBase: string }> {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    return fail('BAD_REQUEST', `The app's base URL must be an absolute URL; got ${JSON.stringify(url)}`, { url });
  }
  p.appBase = base.href;
  return ok({ success: true, appBase: base.href });
}

/** Pure: the configuration with its mapping's target replaced. */
function withTarget<T extends ParserConfig>(config: T, target: string): T {
  return { ...config, mapping: { ...(config.mapping ?? {}), targetDataSourceId: target } };
}

function dataSources(nodes: ReadonlyArray<{ nodeId: string; type: string }>): string[] {
  return nodes.filter((n) => n.type === 'DataSource').map((n) => n.nodeId);
}
