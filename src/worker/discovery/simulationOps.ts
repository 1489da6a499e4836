/**
 * The simulation operations of the service (issue 43; docs/simulation.md, "On the screen"):
 * calibrate a model from events, store it and measure its fidelity; run an experiment's
 * replications in batches. Thin: every computation in the engine's simulation module. Both yield to
 * the worker's event loop between replications, so other calls (and an abort) are answered
 * meanwhile; an aborted call answers ABORTED at the next replication.
 */
import type { EventSource } from '../../contract/discovery';
import type { ExperimentAnswer, ReplicationFigures, SimulationModelAnswer } from '../../contract/simulation';
import { ExperimentBody, SimulationModelBody } from '../../contract/discoveryBodies';
import { loadScenario } from '../../engine';
import { readCaseLog } from '../../engine/discovery';
import {
  casesOfLog,
  fidelity,
  runReplication,
  setPath,
  simulationModel,
  type LoggedCase,
} from '../../engine/simulation';
import type { ServiceContext } from '../context';
import { Failure, guard, ok, type Result } from '../result';
import { mustGet } from '../templates/templateOps';
import { eventProblem, eventsOf, readDiscoveryBody, type ParseFn } from './discoveryInput';

/** Replications of the fidelity when the body gives none. */
export const DEFAULT_FIDELITY_REPLICATIONS = 10;

type TemplateCreate = (body: unknown) => Promise<Result<{ templateId: string }>>;

/** Pure: the one source a checked body names. */
function sourceOf(b: { events?: unknown[]; execution?: unknown; parse?: Record<string, unknown> }): EventSource {
  if (b.events !== undefined) return { events: b.events };
  if (b.parse !== undefined) return { parse: b.parse as Extract<EventSource, { parse: unknown }>['parse'] };
  return { execution: b.execution as Extract<EventSource, { execution: unknown }>['execution'] };
}

/** Not pure: the simulation methods over `ctx`; `parse` and `createTemplate` are the service's own. */
export function simulationOps(ctx: ServiceContext, parse: ParseFn, createTemplate: TemplateCreate) {
  /** Throws ABORTED when call `callId` was aborted; else lets the worker answer other messages first. */
  async function breathe(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) throw new Failure('ABORTED', 'The experiment was cancelled');
    await ctx.nextTask();
    if (signal?.aborted) throw new Failure('ABORTED', 'The experiment was cancelled');
  }

  return {
    /** A model calibrated on the events, stored as a template, with its fidelity over N replications. */
    simulationModel(body: unknown, options: { callId?: string } = {}): Promise<Result<SimulationModelAnswer>> {
      const signal = ctx.callSignal(options.callId);
      return guard(async () => {
        const b = readDiscoveryBody(SimulationModelBody, body);
        const source = sourceOf(b);
        const events = await eventsOf(ctx, source, parse);
        const t0 = ctx.clock();
        const log = readCaseLog(events, b.fields ?? {});
        if (!log.ok) throw eventProblem(source, log.problem);
        const real = casesOfLog(log.log);
        if (real.some((c) => c.times.some((t) => t !== t)))
          throw new Failure(
            'BAD_REQUEST',
            'Every event needs a time to calibrate a simulation model (fields.time names the field)',
            {},
          );
        const model = simulationModel(log.log, {
          ...(b.arrivals === undefined ? {} : { arrivals: b.arrivals }),
          ...(b.stop === undefined ? {} : { stop: b.stop }),
          ...(b.name === undefined ? {} : { name: b.name }),
        });
        if (!model.ok) throw new Failure('BAD_REQUEST', model.message, {});
        const n = b.replications ?? DEFAULT_FIDELITY_REPLICATIONS;
        const logs: LoggedCase[][] = [];
        for (let k = 0; k < n; k++) {
          await breathe(signal);
          const r = runReplication(model.template, 1 + k, { withLog: true });
          if (!r.ok) throw new Failure('INTERNAL', 'The calibrated model does not load', { issues: r.load.errors });
          logs.push(r.replication.log!);
        }
        const measured = fidelity(real, logs);
        const t = model.template as { name?: string; description?: string; scenario: Record<string, unknown> };
        const created = await createTemplate({
          name: t.name ?? 'Simulation model',
          ...(t.description === undefined ? {} : { description: t.description }),
          scenario: t.scenario,
        });
        if (!created.ok) throw new Failure(created.error.code, created.error.message, created.error.details);
        return ok(
          {
            success: true as const,
            templateId: created.value.templateId,
            template: model.template,
            tickMs: model.tickMs,
            fidelity: { ...measured, replications: n, seeds: [1, n] as [number, number] },
          },
          { simulate: ctx.clock() - t0 },
        );
      }).finally(() => ctx.endCall(options.callId));
    },

    /**
     * Replications `from` … `from + count − 1` (seeds seed + k) of stored template `templateId`, of
     * each variant of `vary` (the same seeds in each: common random numbers).
     */
    experiment(body: unknown, options: { callId?: string } = {}): Promise<Result<ExperimentAnswer>> {
      const signal = ctx.callSignal(options.callId);
      return guard(async () => {
        const b = readDiscoveryBody(ExperimentBody, body);
        const row = await mustGet(ctx, b.templateId);
        const base = { scenario: row.scenario };
        if (loadScenario(row.scenario).scenario === null)
          throw new Failure('INVALID_SCENARIO', `Template "${b.templateId}" does not load`, {
            issues: loadScenario(row.scenario).errors,
          });
        const docs: { label: string; doc: unknown }[] = [];
        if (b.vary === undefined) docs.push({ label: row.name, doc: base });
        else
          for (const value of b.vary.values) {
            const set = setPath(base, b.vary.path, value);
            if (!set.ok)
              throw new Failure('BAD_REQUEST', `/vary/path: ${set.message}`, {
                issues: [{ path: '/vary/path', message: set.message }],
              });
            const loaded = loadScenario((set.doc as { scenario: unknown }).scenario);
            if (loaded.scenario === null)
              throw new Failure(
                'BAD_REQUEST',
                `/vary/values: ${b.vary.path}=${JSON.stringify(value)} makes the template invalid`,
                {
                  issues: loaded.errors,
                },
              );
            docs.push({ label: `${b.vary.path}=${JSON.stringify(value)}`, doc: set.doc });
          }
        const seed = b.seed ?? 1;
        const from = b.from ?? 0;
        const t0 = ctx.clock();
        const variants: ExperimentAnswer['variants'] = [];
        for (const { label, doc } of docs) {
          const runs: ReplicationFigures[] = [];
          for (let k = from; k < from + b.count; k++) {
            await breathe(signal);
            const r = runReplication((doc as { scenario: unknown }).scenario, seed + k, {
              ...(b.horizon === undefined ? {} : { horizon: b.horizon }),
            });
            if (!r.ok)
              throw new Failure('INVALID_SCENARIO', `Template "${b.templateId}" does not load`, {
                issues: r.load.errors,
              });
            const { seed: s, figures, truncatedBy } = r.replication;
            runs.push(truncatedBy === undefined ? { seed: s, figures } : { seed: s, figures, truncatedBy });
          }
          variants.push({ label, runs });
        }
        return ok({ success: true as const, variants }, { experiment: ctx.clock() - t0 });
      }).finally(() => ctx.endCall(options.callId));
    },
  };
}
