/** Execution paths (API.md "Executions"). */
import { jsonBody } from '../params';
import { reply, type Route } from '../route';

export const executionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/engine/templates/{templateId}/executions',
    handle: async ({ service, params, request }) =>
      reply(await service.createExecution(params.templateId!, await jsonBody(request)), 201),
  },
  {
    method: 'GET',
    path: '/engine/templates/{templateId}/executions',
    handle: async ({ service, params }) => reply(await service.listExecutions(params.templateId!)),
  },
  {
    method: 'GET',
    path: '/engine/executions/{executionId}',
    handle: async ({ service, params }) => reply(await service.getExecution(params.executionId!)),
  },
  {
    method: 'DELETE',
    path: '/engine/executions/{executionId}',
    handle: async ({ service, params }) => reply(await service.deleteExecution(params.executionId!)),
  },
  {
    method: 'POST',
    path: '/engine/templates/{templateId}/executions/{executionId}/events',
    handle: async ({ service, params, request }) =>
      reply(await service.addExternalEvents(params.templateId!, params.executionId!, await jsonBody(request))),
  },
];
