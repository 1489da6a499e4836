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
 * The service does that work (src/worker/compat/pledOps.ts); each handler here reads the query and
 * words the service's answer in the original's shape.
 * Errors keep their status and answer `{success: false, error: "<message>", code, details}`, the
 * original's shape (its client throws `data.error`).
 */
import { HttpResponse } from 'msw';
import { must, RequestError } from '../errors';
import { optionalText } from '../params';
import type { RouteContext } from '../route';
import { originalActivity, originalEvent } from './shapes';
import { queueCounts, withJourney } from '../originalFields';

export { pledError } from '../errors';

export type PledHandler = (ctx: RouteContext) => Promise<Response>;

const RUN = '/engine/templates/{templateId}/executions/{executionId}';
const INTEGER = /^(0|[1-9]\d{0,14})$/;

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

/** The `pled` profile's handler of each path it answers differently, keyed `METHOD path`. */
export const pledHandlers: Record<string, PledHandler> = {
  'GET /admin/templates/{templateId}': templateRead,
  'GET /engine/templates/{templateId}': templateRead,

  'GET /engine/executions/{executionId}': async ({ service, params }) => {
    const execution = must(await service.executionWithEvents(params.executionId!));
    const { externalEvents: _, ...record } = execution;
    return json({ ...record, success: true, execution });
  },

  [`GET ${RUN}/step`]: async ({ service, params, query, callId }) => {
    const target = nextStepTarget(query);
    const r = must(await service.pledStep(params.templateId!, params.executionId!, target, { callId }));
    return json({
      ...r,
      activity: r.activity.map(originalEvent),
      // Every activity up to the step, oldest first (Flowledger's default lists the newest 1,000 first).
      allActivities: r.allActivities.map(originalEvent).reverse(),
      queueSnapshot: { ...r.queueSnapshot, ...queueCounts(r.nodeStates, r.queueSize) },
    });
  },

  [`GET ${RUN}/nodes/{nodeId}/events`]: async ({ service, params, query, callId }) => {
    const requested = query.get('step') ?? 'last';
    const step = readStep(query);
    const { templateId, nodeId } = params;
    const r = must(await service.pledNodeEvents(templateId!, params.executionId!, nodeId!, step, { callId }));
    return json({
      success: true,
      templateId,
      executionId: r.executionId,
      nodeId,
      requestedStep: requested,
      actualStep: r.step,
      nodeType: r.nodeType,
      totalActivityLogEntries: r.totalActivityLogEntries,
      nodeSpecificEntries: r.nodeSpecificEntries,
      filteredEntries: r.events.length,
      events: r.events.map(originalEvent),
    });
  },

  [`GET ${RUN}/nodes/{nodeId}/activity`]: async ({ service, params, query, callId }) => {
    const step = readStep(query);
    const { templateId, nodeId } = params;
    const r = must(await service.pledNodeActivity(templateId!, params.executionId!, nodeId!, step, { callId }));
    return json({
      success: true,
      templateId,
      executionId: r.executionId,
      nodeId,
      step: r.step,
      activities: r.activities.map(originalActivity),
      nodeState: r.nodeState,
      totalActivities: r.activities.length,
      timestamp: r.timestamp,
    });
  },

  [`GET ${RUN}/sinks/{sinkId}/aggregate`]: async ({ service, params, query, callId }) => {
    const formula = query.get('formula') || 'latest';
    const customExpression = optionalText(query, 'customExpression') ?? null;
    const step = readStep(query);
    const { templateId, sinkId } = params;
    const r = must(
      await service.pledSinkAggregate(
        templateId!,
        params.executionId!,
        sinkId!,
        { formula, customExpression, step },
        { callId },
      ),
    );
    return json({
      success: true,
      templateId,
      executionId: r.executionId,
      sinkId,
      sinkType: 'Sink',
      formula,
      customExpression,
      aggregatedValue: r.aggregatedValue,
      totalEvents: r.totalEvents,
      totalActivityLogEntries: r.totalActivityLogEntries,
      events: r.events.map(originalEvent),
      step: r.step,
      // The step's simulated time (the original sent its wall clock): answers stay deterministic.
      timestamp: new Date(r.timestamp).toISOString(),
    });
  },

  [`GET ${RUN}/tokens/{correlationId}/lineage`]: async ({ service, params, query, callId }) => {
    const step = readStep(query);
    const r = must(
      await service.pledLineage(params.templateId!, params.executionId!, params.correlationId!, step, { callId }),
    );
    return json({
      ...withJourney(r.lineage),
      templateId: params.templateId,
      executionId: r.executionId,
      timestamp: r.timestamp,
    });
  },
};

async function templateRead({ service, params }: RouteContext): Promise<Response> {
  const template = must(await service.getTemplate(params.templateId!));
  return json({ ...template, success: true, template });
}
