/** Template paths (API.md "Templates"), plus `GET /api/engine/templates/{templateId}`. */
import { ifMatchRevision, jsonBody } from '../params';
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
    // `If-Match: "<revision>"` makes the update conditional (409 CONFLICT when another came first);
    // without it a PUT applies to whatever is stored, as the original tool's client expects.
    handle: async ({ service, params, request }) => {
      const basedOn = ifMatchRevision(request);
      return reply(await service.updateTemplate(params.templateId!, await jsonBody(request), basedOn));
    },
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
