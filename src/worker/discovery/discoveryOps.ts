/**
 * The discovery operations of the service (docs/discovery.md, "HTTP API"): discover a process from
 * events (inline, or a run's input events or ledger), check events against a stored template's FSM,
 * and export events as XES or OCEL 2.0. Thin: reading the body and finding the events here, every
 * computation in the engine's pure discovery module.
 */
import type { ConformAnswer, DiscoverAnswer, EventSource, ImportXesAnswer } from '../../contract/discovery';
import { ConformBody, DiscoverBody, ExportBody, ImportXesBody } from '../../contract/discoveryBodies';
import { loadScenario } from '../../engine';
import {
  conform,
  dataSourceOf,
  dfgToTemplate,
  discover,
  filterDfg,
  nothingReplayed,
  ocelChunks,
  pickFsm,
  readCaseLog,
  caseTimeline,
  templateProblem,
  xesChunks,
} from '../../engine/discovery';
import type { ServiceContext } from '../context';
import { mustGet } from '../templates/templateOps';
import { Failure, guard, ok, type Result } from '../result';
import { eventProblem, eventsOf, readDiscoveryBody, type ParseFn } from './discoveryInput';

/** Most variants and deviations one answer lists (the API's `MAX_ANSWER_ENTRIES`); the totals stay in the answer. */
export const DISCOVERY_ANSWER_ENTRIES = 100_000;

/** An export: its media type and its text in chunks (never one string: a log may be longer than one can be). */
export interface DiscoveryExport {
  contentType: string;
  chunks: string[];
}

type ExecutionRef = Extract<EventSource, { execution: unknown }>['execution'];

/** Pure: the one source a checked body names. */
function sourceOf(b: { events?: unknown[]; execution?: ExecutionRef; parse?: Record<string, unknown> }): EventSource {
  if (b.events !== undefined) return { events: b.events };
  if (b.parse !== undefined) return { parse: b.parse as Extract<EventSource, { parse: unknown }>['parse'] };
  return { execution: b.execution! };
}

/** Not pure: the discovery methods of a service over `ctx`; `parse` is the service's own parse (for `parse` sources). */
export function discoveryOps(ctx: ServiceContext, parse: ParseFn) {
  return {
    /** The directly-follows graph and variants of the events (filtered), with a template that replays them. */
    discover(body: unknown): Promise<Result<DiscoverAnswer>> {
      return guard(async () => {
        const b = readDiscoveryBody(DiscoverBody, body);
        const source = sourceOf(b);
        const events = await eventsOf(ctx, source, parse);
        const t0 = ctx.clock();
        const log = readCaseLog(events, b.fields ?? {});
        if (!log.ok) throw eventProblem(source, log.problem);
        const full = discover(log.log);
        const graph = filterDfg(full, b.filter ?? {});
        const answer: DiscoverAnswer = {
          success: true,
          discovery:
            graph.variants.length > DISCOVERY_ANSWER_ENTRIES
              ? { ...graph, variants: graph.variants.slice(0, DISCOVERY_ANSWER_ENTRIES) }
              : graph,
          unfiltered: {
            cases: full.cases,
            events: full.events,
            activities: Object.keys(full.activities).length,
            paths: full.edges.length,
            variants: full.variants.length,
          },
        };
        // A graph no template can hold still answers, without the template and saying why.
        const problem = b.template === false ? null : templateProblem(graph);
        if (problem !== null) answer.templateProblem = `${problem}; keep the most frequent with filter.activities`;
        else if (b.template !== false)
          answer.template = dfgToTemplate(graph, {
            ...(b.name === undefined ? {} : { name: b.name }),
            dataSourceId: dataSourceOf(events),
            ...(b.fields?.activity === undefined ? {} : { eventField: b.fields.activity }),
            events: events.length,
          });
        if (b.replay === true) answer.replay = caseTimeline(log.log, DISCOVERY_ANSWER_ENTRIES);
        return ok(answer, { discover: ctx.clock() - t0 });
      });
    },

    /** The events replayed against stored template `templateId`'s FSM (`fsm`, else its first). */
    conform(body: unknown): Promise<Result<ConformAnswer>> {
      return guard(async () => {
        const b = readDiscoveryBody(ConformBody, body);
        const row = await mustGet(ctx, b.templateId);
        const loaded = loadScenario(row.scenario);
        if (loaded.scenario === null)
          throw new Failure('INVALID_SCENARIO', `Template "${b.templateId}" does not load`, { issues: loaded.errors });
        if (pickFsm(loaded.scenario, b.fsm) === null)
          throw b.fsm === undefined
            ? new Failure('BAD_REQUEST', `Template "${b.templateId}" has no FSM to check events against`, {
                templateId: b.templateId,
              })
            : new Failure('NODE_NOT_FOUND', `Template "${b.templateId}" has no FSM "${b.fsm}"`, { nodeId: b.fsm });
        const source = sourceOf(b);
        const events = await eventsOf(ctx, source, parse);
        const t0 = ctx.clock();
        const r = conform(loaded.scenario, events, b.fsm)!;
        if (!r.ok) throw eventProblem(source, r.problem);
        // Nothing replayed: no fitness to report (a fitness of 1 over no event would claim too much).
        if (r.report.events === 0)
          throw new Failure(
            'BAD_REQUEST',
            nothingReplayed(loaded.scenario, events, r.report.fsm, 'address the events to a DataSource that feeds it'),
            { templateId: b.templateId, fsm: r.report.fsm },
          );
        const report =
          r.report.deviations.length > DISCOVERY_ANSWER_ENTRIES
            ? { ...r.report, deviations: r.report.deviations.slice(0, DISCOVERY_ANSWER_ENTRIES) }
            : r.report;
        return ok({ success: true, templateId: b.templateId, report }, { conform: ctx.clock() - t0 });
      });
    },

    /** The events as XES (default) or OCEL 2.0 JSON, in chunks. */
    exportEvents(body: unknown): Promise<Result<DiscoveryExport>> {
      return guard(async () => {
        const b = readDiscoveryBody(ExportBody, body);
        const source = sourceOf(b);
        const events = await eventsOf(ctx, source, parse);
        const fields = b.fields ?? {};
        const log = readCaseLog(events, fields);
        if (!log.ok) throw eventProblem(source, log.problem);
        const ocel = b.format === 'ocel';
        const chunks = ocel ? [...ocelChunks(events, log.log, fields)] : [...xesChunks(events, log.log, fields)];
        return ok({ contentType: ocel ? 'application/json' : 'application/xml', chunks });
      });
    },

    /** A XES text back into external events, trace by trace; a malformed file is BAD_REQUEST naming its line. */
    importXes(body: unknown): Promise<Result<ImportXesAnswer>> {
      return guard(async () => {
        const b = readDiscoveryBody(ImportXesBody, body);
        // Loaded on first use: the XML parser is not part of the worker's start.
        const { readXes } = await import('./xesRead');
        const r = readXes(b.xes, { ...(b.fields ?? {}), ...(b.target === undefined ? {} : { target: b.target }) });
        if (!r.ok)
          throw new Failure('BAD_REQUEST', `/xes: line ${r.message}`, {
            issues: [{ path: '/xes', message: r.message }],
          });
        return ok({ success: true, traces: r.traces, events: r.events });
      });
    },
  };
}
