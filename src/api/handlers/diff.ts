/** Comparing two executions (docs/compare.md): side a is the path's execution, side b the other one. */
import { reply, type Route } from '../route';

export const diffRoutes: Route[] = [
  {
    method: 'GET',
    path: '/engine/executions/{executionId}/diff/{otherExecutionId}',
    handle: async ({ service, params, callId }) =>
      reply(await service.diffExecutions(params.executionId!, params.otherExecutionId!, { callId })),
  },
];
