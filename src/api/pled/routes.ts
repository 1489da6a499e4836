/**
 * The `pled` compatibility profile (docs/browser-service.md "Compatibility profile"): on the same
 * paths as the default profile, the shapes and step semantics of the original tool's service, so its
 * frontend client (`EngineAPIService` with `/api/...` paths) works unchanged. An adapter over the
 * same service port: the worker and the engine know nothing of profiles.
 *
 * The original re-ran a template's scenario from scratch on every request; Flowledger's runs are
 * stored. The same answers follow from three rules:
 *   - `step?currentStep=n` is the step the caller is AT: the answer is step n + 1 (advancing the
 *     stored run when it has not got there, reading it when it has); `-1` and `end` run to the end;
 *   - a read at `step=last` (the default) is of the whole run, as the original's was: the stored run
 *     is first run to its end (reading an earlier step afterwards answers it as it was);
 *   - execution id `none` is the template without events: a stored execution named `none`, made on
 *     first use (again after the template changes).
 * Errors keep their status and answer `{success: false, error: "<message>", code, details}`, the
 * original's shape (its client throws `data.error`).
 */
import { HttpResponse } from 'msw';
import type { Result } from '../../contract/result';
import type { ErrorCode, ExecutionRecord, StepResult } from '../../contract/wire';
import { RequestError } from '../errors';
import { optionalText } from '../params';
import type { RouteContext } from '../route';
import type { ServicePort } from '../servicePort';
import { STATUS_OF } from '../status';
import { aggregate, ledgerEntriesOf } from './aggregate';
import { originalActivity, originalEvent, queueCounts, withJourney } from './shapes';

export type PledHandler = (ctx: RouteContext) => Promise<Response>;

const RUN = '/engine/templates/{templateId}/executions/{executionId}';
const INTEGER = /^(0|[1-9]\d{0,14})$/;

/** Name of the stored execution that stands for the original's `none` (the template without events). */
export const NONE_EXECUTION = 'none';

/** Pure: the original's error answer. */
export function pledError(code: ErrorCode, message: string, details: Record<string, unknown> = {}): Response {
  return HttpResponse.json({ success: false, error: message, code, details }, { status: STATUS_OF[code] });
}

/** The value of a service result, or the RequestError its failure is answered with. */
export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new RequestError(r.error.code, r.error.message, r.error.details);
  return r.value;
}

function json(body: unknown, status = 200): Response {
  return HttpResponse.json(body as never, { status });
}

/** Pure: a `step` query value: `last` (also when absent) or a non-negative integer; else 400. */
function readStep(query: URLSearchParams): number | 'last' {
  const raw = query.get('step');
  if (raw === null || raw === '' || raw === 'last') return 'last';
  if (INTEGER.test(raw)) return Number(raw);
  throw new RequestError(
    'INVALID_PARAMETER',
    `Query parameter "step" must be a non-negative integer or "last"; got ${JSON.stringify(raw)}`,
    {
      parameter: 'step',
      value: raw,
    },
  );
}

/** Pure: the original's `currentStep` (default 0) as Flowledger's step target: the step after it, or `end` for `-1` and `end`. */
export function nextStepTarget(query: URLSearchParams): number | 'end' {
  const raw = query.get('currentStep') ?? '0';
  if (raw === 'end' || raw === '-1') return 'end';
  if (INTEGER.test(raw)) return Number(raw) + 1;
  throw new RequestError(
    'INVALID_PARAMETER',
    `Query parameter "currentStep" must be the step you are at (a non-negative integer), -1 or "end"; got ${JSON.stringify(raw)}`,
    { parameter: 'currentStep', value: raw },
  );
}

const noneRuns = new Map<string, Promise<string>>();

/**
 * Not pure: the execution id a path's `executionId` stands for: itself, or for `none` the template's
 * stored execution named `none` without events, made (once at a time) when there is none newer than
 * the template.
 */
export async function resolveExecution(service: ServicePort, templateId: string, executionId: string): Promise<string> {
  if (executionId !== NONE_EXECUTION) return executionId;
  const key = templateId;
  const pending = noneRuns.get(key);
  if (pending) return pending;
  const made = (async () => {
    const template = must(await service.getTemplate(templateId));
    const list = must(await service.listExecutions(templateId));
    const current = list.executions.find(
      (e) => e.name === NONE_EXECUTION && e.externalEventCount === 0 && e.createdAt >= template.updatedAt,
    );
    if (current) return current.id;
    return must(await service.createExecution(templateId, { name: NONE_EXECUTION })).executionId;
  })();
  noneRuns.set(key, made);
  try {
    return await made;
  } finally {
    noneRuns.delete(key);
  }
}

/** Not pure: the run at `step` (`last`: run to its end first); the step result without events. */
async function runAt(ctx: RouteContext, executionId: string, step: number | 'last'): Promise<StepResult> {
  return must(
    await ctx.service.step(ctx.params.templateId!, executionId, step === 'last' ? 'end' : step, {
      activityLimit: 0,
      callId: ctx.callId,
    }),
  );
}

/** Not pure: an execution record with the external events it was given, as the original's execution read. */
export async function withEvents(service: ServicePort, record: ExecutionRecord) {
  return { ...record, externalEvents: must(await service.executionEvents(record.id)) };
}

/** The `pled` profile's handler of each path it answers differently, keyed `METHOD path`. */
export const pledHandlers: Record<string, PledHandler> = {
  'GET /admin/templates/{templateId}': templateRead,
  'GET /engine/templates/{templateId}': templateRead,

  'GET /engine/executions/{executionId}': async ({ service, params }) => {
    const record = must(await service.getExecution(params.executionId!));
    return json({ ...record, success: true, execution: await withEvents(service, record) });
  },

  [`GET ${RUN}/step`]: async (ctx) => {
    const { service, params, query } = ctx;
    const target = nextStepTarget(query);
    const executionId = await resolveExecution(service, params.templateId!, params.executionId!);
    const r = must(
      await service.step(params.templateId!, executionId, target, {
        activityLimit: Number.MAX_SAFE_INTEGER,
        callId: ctx.callId,
      }),
    );
    return json({
      ...r,
      executionId,
      activity: r.activity.map(originalEvent),
      // Every activity up to the step, oldest first (Flowledger's default lists the newest 1,000 first).
      allActivities: r.allActivities.map(originalEvent).reverse(),
      queueSnapshot: { ...r.queueSnapshot, ...queueCounts(r.nodeStates, r.queueSize) },
    });
  },

  [`GET ${RUN}/nodes/{nodeId}/events`]: async (ctx) => {
    const { service, params, query } = ctx;
    const requested = query.get('step') ?? 'last';
    const step = readStep(query);
    const executionId = await resolveExecution(service, params.templateId!, params.executionId!);
    const at = await runAt(ctx, executionId, step);
    const nodeId = params.nodeId!;
    const all = must(await service.nodeEvents(params.templateId!, executionId, nodeId, 'last'));
    const upTo = all.filter((e) => e.step <= at.step);
    return json({
      success: true,
      templateId: params.templateId,
      executionId,
      nodeId,
      requestedStep: requested,
      actualStep: at.step,
      nodeType: all[0]?.nodeType ?? (await nodeTypeOf(service, params.templateId!, nodeId)),
      totalActivityLogEntries: at.allActivitiesTotal,
      nodeSpecificEntries: all.length,
      filteredEntries: upTo.length,
      events: upTo.map(originalEvent),
    });
  },

  [`GET ${RUN}/nodes/{nodeId}/activity`]: async (ctx) => {
    const { service, params, query } = ctx;
    const step = readStep(query);
    const executionId = await resolveExecution(service, params.templateId!, params.executionId!);
    const at = await runAt(ctx, executionId, step);
    const nodeId = params.nodeId!;
    const activities = must(await service.nodeActivity(params.templateId!, executionId, nodeId, { step: at.step }));
    return json({
      success: true,
      templateId: params.templateId,
      executionId,
      nodeId,
      step: at.step,
      activities: activities.map(originalActivity),
      nodeState: at.nodeStates[nodeId] ?? null,
      totalActivities: activities.length,
      timestamp: at.timestamp,
    });
  },

  [`GET ${RUN}/sinks/{sinkId}/aggregate`]: async (ctx) => {
    const { service, params, query } = ctx;
    const formula = query.get('formula') || 'latest';
    const customExpression = optionalText(query, 'customExpression') ?? null;
    const step = readStep(query);
    const executionId = await resolveExecution(service, params.templateId!, params.executionId!);
    const at = await runAt(ctx, executionId, step);
    const sinkId = params.sinkId!;
    // 400 NOT_A_SINK for another node, 404 for an unknown one.
    must(await service.sinkAggregate(params.templateId!, executionId, sinkId, 'count', { step: at.step }));
    const collected = must(await service.nodeEvents(params.templateId!, executionId, sinkId, at.step)).filter(
      (e) => e.operation === 'TOKEN_COLLECTED',
    );
    const entries = ledgerEntriesOf(collected);
    const aggregatedValue = aggregate(entries, formula, customExpression, at.timestamp);
    return json({
      success: true,
      templateId: params.templateId,
      executionId,
      sinkId,
      sinkType: 'Sink',
      formula,
      customExpression,
      aggregatedValue,
      totalEvents: entries.length,
      totalActivityLogEntries: at.allActivitiesTotal,
      events: collected.map(originalEvent),
      step: at.step,
      // The step's simulated time (the original sent its wall clock): answers stay deterministic.
      timestamp: new Date(at.timestamp).toISOString(),
    });
  },

  [`GET ${RUN}/tokens/{correlationId}/lineage`]: async (ctx) => {
    const { service, params, query } = ctx;
    const step = readStep(query);
    const executionId = await resolveExecution(service, params.templateId!, params.executionId!);
    const at = await runAt(ctx, executionId, step);
    const lineage = must(await service.lineage(params.templateId!, executionId, params.correlationId!, at.step));
    return json({
      ...withJourney(lineage),
      templateId: params.templateId,
      executionId,
      timestamp: at.timestamp,
    });
  },
};

async function templateRead({ service, params }: RouteContext): Promise<Response> {
  const template = must(await service.getTemplate(params.templateId!));
  return json({ ...template, success: true, template });
}

async function nodeTypeOf(service: ServicePort, templateId: string, nodeId: string): Promise<string> {
  const template = await service.getTemplate(templateId);
  if (!template.ok) return 'unknown';
  const nodes = (template.value.scenario as { nodes?: unknown }).nodes;
  const node = Array.isArray(nodes)
    ? (nodes as Array<Record<string, unknown>>).find((n) => n !== null && typeof n === 'object' && n.nodeId === nodeId)
    : undefined;
  return typeof node?.type === 'string' ? node.type : 'unknown';
}
