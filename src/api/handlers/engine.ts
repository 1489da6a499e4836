/** Engine paths (API.md "Engine paths") under `/engine/templates/{templateId}/executions/{executionId}`, plus the stored ledger. */
import { MAX_ANSWER_ENTRIES, integer, optionalText, requiredText, stepRef, stepTarget } from '../params';
import type { Result } from '../../contract/result';
import { withJourney, withQueueCounts } from '../originalFields';
import { reply, replyText, type Route } from '../route';
import { SINK_FORMULAS } from '../../contract/wire';

const RUN = '/engine/templates/{templateId}/executions/{executionId}';

export const engineRoutes: Route[] = [
  {
    method: 'GET',
    path: `${RUN}/step`,
    handle: async ({ service, params, query, callId }) => {
      const target = stepTarget(query);
      const activityLimit = integer(query, 'activityLimit', 0, MAX_ANSWER_ENTRIES);
      return reply(
        mapped(
          await service.step(
            params.templateId!,
            params.executionId!,
            target,
            activityLimit === undefined ? { callId } : { activityLimit, callId },
          ),
          withQueueCounts,
        ),
      );
    },
  },
  {
    method: 'GET',
    path: `${RUN}/nodes/{nodeId}/events`,
    handle: async ({ service, params, query }) =>
      reply(await service.nodeEvents(params.templateId!, params.executionId!, params.nodeId!, stepRef(query))),
  },
  {
    method: 'GET',
    path: `${RUN}/nodes/{nodeId}/activity`,
    handle: async ({ service, params, query }) => {
      const limit = integer(query, 'limit', 1, MAX_ANSWER_ENTRIES);
      const step = stepRef(query);
      return reply(
        await service.nodeActivity(
          params.templateId!,
          params.executionId!,
          params.nodeId!,
          limit === undefined ? { step } : { limit, step },
        ),
      );
    },
  },
  {
    method: 'GET',
    path: `${RUN}/nodes/{nodeId}/fsm`,
    handle: async ({ service, params, query }) => {
      const state = optionalText(query, 'state');
      const offset = integer(query, 'offset', 0);
      const limit = integer(query, 'limit', 1, MAX_ANSWER_ENTRIES);
      return reply(
        await service.fsmView(params.templateId!, params.executionId!, params.nodeId!, {
          step: stepRef(query),
          ...(state === undefined ? {} : { state }),
          ...(offset === undefined ? {} : { offset }),
          ...(limit === undefined ? {} : { limit }),
        }),
      );
    },
  },
  {
    method: 'GET',
    path: `${RUN}/sinks/{sinkId}/aggregate`,
    handle: async ({ service, params, query }) => {
      const formula = requiredText(query, 'formula', `one of ${SINK_FORMULAS.join(', ')}`);
      const field = optionalText(query, 'field');
      const step = stepRef(query);
      return reply(
        await service.sinkAggregate(
          params.templateId!,
          params.executionId!,
          params.sinkId!,
          formula,
          field === undefined ? { step } : { field, step },
        ),
      );
    },
  },
  {
    method: 'GET',
    path: `${RUN}/tokens/{correlationId}/lineage`,
    handle: async ({ service, params, query }) =>
      reply(
        mapped(
          await service.lineage(params.templateId!, params.executionId!, params.correlationId!, stepRef(query)),
          withJourney,
        ),
      ),
  },
  {
    method: 'GET',
    path: `${RUN}/ledger`,
    handle: async ({ service, params }) =>
      replyText(
        await service.exportLedger(params.templateId!, params.executionId!),
        'application/x-ndjson; charset=utf-8',
      ),
  },
];

/** Pure: a result's value through `f` (the original's extra fields, where the seed leaves the shape open). */
function mapped<T, U>(r: Result<T>, f: (value: T) => U): Result<U> {
  return r.ok ? { ...r, value: f(r.value) } : r;
}
