/** Parser paths (API.md "Parser"), plus `GET /api/parser/progress` (the progress records of running parses). */
import { jsonBody } from '../params';
import { reply, type Route } from '../route';
import { PARSER_LIMITS } from '../../contract/wire';

const CONFIG = '/parser/configs/{configId}';

export const parserRoutes: Route[] = [
  { method: 'GET', path: '/parser/load-sources', handle: async ({ service }) => reply(await service.loadSources()) },
  { method: 'GET', path: '/parser/sources', handle: async ({ service }) => reply(await service.listSources()) },
  {
    method: 'GET',
    path: '/parser/sources/{sourceId}',
    handle: async ({ service, params }) => reply(await service.getSource(params.sourceId!)),
  },
  {
    method: 'POST',
    path: '/parser/sources',
    handle: async ({ service, request }) =>
      reply(await service.addSource(await jsonBody(request, PARSER_LIMITS.sourceBodyBytes)), 201),
  },
  { method: 'GET', path: '/parser/configs', handle: async ({ service }) => reply(await service.listParserConfigs()) },
  {
    method: 'POST',
    path: '/parser/configs',
    handle: async ({ service, request }) => reply(await service.createParserConfig(await jsonBody(request)), 201),
  },
  {
    method: 'GET',
    path: CONFIG,
    handle: async ({ service, params }) => reply(await service.getParserConfig(params.configId!)),
  },
  {
    method: 'PUT',
    path: CONFIG,
    handle: async ({ service, params, request }) =>
      reply(await service.updateParserConfig(params.configId!, await jsonBody(request))),
  },
  {
    method: 'DELETE',
    path: CONFIG,
    handle: async ({ service, params }) => reply(await service.deleteParserConfig(params.configId!)),
  },
  {
    method: 'POST',
    path: '/parser/parse',
    handle: async ({ service, request, callId }) => reply(await service.parse(await jsonBody(request), { callId })),
  },
  {
    method: 'POST',
    path: `${CONFIG}/enqueue`,
    handle: async ({ service, params, request, callId }) =>
      reply(await service.enqueue(params.configId!, await jsonBody(request), { callId })),
  },
  { method: 'GET', path: '/parser/progress', handle: async ({ service }) => reply(await service.parserProgress()) },
];
