/** Template paths (API.md "Templates"), plus `GET /api/engine/templates/{templateId}`. */
import { jsonBody } from '../params';
import { reply, type Route } from '../route';

export const templateRoutes: Route[] = [
  { method: 'GET', path: '/admin/templates', handle: async ({ service }) => reply(await service.listTemplates()) },
  {
    method: 'POST',
    path: '/admin/templates',
    handle: async ({ service, request }) => reply(await service.createTemplate(await jsonBody(request)), 201),
  },
  {
    method: 'GET',
    path: '/admin/templates/{templateId}',
    handle: async ({ service, params }) => reply(await service.getTemplate(params.templateId!)),
  },
  {
    method: 'PUT',
    path: '/admin/templates/{templateId}',
    handle: async ({ service, params, request }) =>
      reply(await service.updateTemplate(params.templateId!, await jsonBody(request))),
  },
  {
    method: 'DELETE',
    path: '/admin/templates/{templateId}',
    handle: async ({ service, params }) => reply(await service.deleteTemplate(params.templateId!)),
  },
  {
    method: 'GET',
    path: '/engine/templates/{templateId}',
    handle: async ({ service, params }) => reply(await service.getTemplate(params.templateId!)),
  },
];
