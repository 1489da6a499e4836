/**
 * Paths a workspace UI stands on (Flowledger extensions; API.md is silent): a template's normalised
 * graph, validating a scenario without saving it, a read-only step view, the run's result at a step, the activity histogram,
 * the ledger paged and filtered, token provenance and descendants, run export and import.
 */
import { LEDGER_OPERATIONS, type LedgerOperation } from '../../contract/vocabulary';
import { RequestError } from '../errors';
import { integer, jsonBody, optionalText, stepRef } from '../params';
import { reply, replyText, type Route } from '../route';

const RUN = '/engine/templates/{templateId}/executions/{executionId}';

export const workspaceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/engine/templates/{templateId}/graph',
    handle: async ({ service, params }) => reply(await service.graph(params.templateId!)),
  },
  {
    method: 'POST',
    path: '/admin/validate',
    handle: async ({ service, request }) => reply(await service.validateScenario(await jsonBody(request))),
  },
  {
    method: 'GET',
    path: `${RUN}/view`,
    handle: async ({ service, params, query }) =>
      reply(await service.stepView(params.templateId!, params.executionId!, stepRef(query))),
  },
  {
    method: 'GET',
    path: `${RUN}/result`,
    handle: async ({ service, params, query }) =>
      reply(await service.runResult(params.templateId!, params.executionId!, stepRef(query))),
  },
  {
    method: 'GET',
    path: `${RUN}/histogram`,
    handle: async ({ service, params, query }) =>
      reply(await service.histogram(params.templateId!, params.executionId!, integer(query, 'buckets', 1))),
  },
  {
    method: 'GET',
    path: `${RUN}/ledger/events`,
    handle: async ({ service, params, query }) => {
      const page: Record<string, unknown> = {
        offset: integer(query, 'offset', 0),
        limit: integer(query, 'limit', 1),
        nodeId: optionalText(query, 'nodeId'),
        operation: operation(query),
        correlationId: optionalText(query, 'correlationId'),
        fromStep: integer(query, 'fromStep', 0),
        toStep: integer(query, 'toStep', 0),
      };
      for (const key of Object.keys(page)) if (page[key] === undefined) delete page[key];
      return reply(await service.ledgerPage(params.templateId!, params.executionId!, page));
    },
  },
  {
    method: 'GET',
    path: `${RUN}/tokens/{tokenId}/provenance`,
    handle: async ({ service, params }) =>
      reply(await service.provenance(params.templateId!, params.executionId!, params.tokenId!)),
  },
  {
    method: 'GET',
    path: `${RUN}/tokens/{tokenId}/descendants`,
    handle: async ({ service, params }) =>
      reply(await service.descendants(params.templateId!, params.executionId!, params.tokenId!)),
  },
  {
    method: 'GET',
    path: `${RUN}/export`,
    handle: async ({ service, params }) =>
      replyText(
        await service.exportRun(params.templateId!, params.executionId!),
        'application/x-ndjson; charset=utf-8',
      ),
  },
  {
    method: 'POST',
    path: '/engine/templates/{templateId}/executions/import',
    handle: async ({ service, params, request }) =>
      reply(await service.importRun(params.templateId!, await jsonBody(request)), 201),
  },
];

/** Pure: the `operation` filter, one of the ledger operations. */
function operation(query: URLSearchParams): LedgerOperation | undefined {
  const raw = query.get('operation');
  if (raw === null) return undefined;
  if (!(LEDGER_OPERATIONS as readonly string[]).includes(raw))
    throw new RequestError(
      'INVALID_PARAMETER',
      `Query parameter "operation" must be one of ${LEDGER_OPERATIONS.join(', ')}; got ${JSON.stringify(raw)}`,
      { parameter: 'operation', value: raw },
    );
  return raw as LedgerOperation;
}
