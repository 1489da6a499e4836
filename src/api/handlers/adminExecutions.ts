/**
 * The original tool's execution paths, in both profiles (new paths: adding them breaks nobody):
 * `POST /admin/executions` (`{templateId, name?, seed?, externalEvents?}`), `GET /admin/executions`
 * (`?templateId=` narrows the list) and `GET /admin/executions/{executionId}`. They answer the
 * original's shapes: `{success, executionId, execution}` and `{success, execution}`, the execution
 * with the external events it was given (`externalEvents`), and a list `{success, executions, count}`.
 * Errors take the request's profile's shape.
 */
import { HttpResponse } from 'msw';
import { errorResponse, must, pledError, RequestError } from '../errors';
import { jsonBody, optionalText } from '../params';
import type { Route, RouteContext } from '../route';

/** Answers `fn`'s body, or its RequestError in the request's profile's error shape. */
function answered(fn: (ctx: RouteContext) => Promise<[unknown, number]>): Route['handle'] {
  return async (ctx) => {
    try {
      const [body, status] = await fn(ctx);
      return HttpResponse.json(body as never, { status });
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
      return ctx.profile === 'pled'
        ? pledError(err.code, err.message, err.details)
        : errorResponse(err.code, err.message, err.details);
    }
  };
}

export const adminExecutionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/admin/executions',
    handle: answered(async ({ service, request }) => {
      const body = await jsonBody(request);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new RequestError(
          'BAD_REQUEST',
          'The request body must be {"templateId": "…", "name"?, "externalEvents"?}',
          {
            issues: [{ path: '', message: 'expected an object' }],
          },
        );
      const { templateId, ...rest } = body as Record<string, unknown>;
      if (typeof templateId !== 'string' || templateId === '')
        throw new RequestError('BAD_REQUEST', '"templateId" is required: the id of the template to run', {
          issues: [{ path: '/templateId', message: 'expected a non-empty string' }],
        });
      const created = must(await service.createExecution(templateId, rest));
      return [{ ...created, execution: must(await service.executionWithEvents(created.executionId)) }, 201];
    }),
  },
  {
    method: 'GET',
    path: '/admin/executions',
    handle: answered(async ({ service, query }) => {
      const templateId = optionalText(query, 'templateId');
      const templateIds =
        templateId !== undefined && templateId !== ''
          ? [templateId]
          : must(await service.listTemplates()).templates.map((t) => t.id);
      const executions = [];
      for (const id of templateIds) executions.push(...must(await service.listExecutions(id)).executions);
      return [{ success: true, executions, count: executions.length }, 200];
    }),
  },
  {
    method: 'GET',
    path: '/admin/executions/{executionId}',
    handle: answered(async ({ service, params }) => {
      return [{ success: true, execution: must(await service.executionWithEvents(params.executionId!)) }, 200];
    }),
  },
];
