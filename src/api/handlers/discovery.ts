/** Mining paths (docs/discovery.md, "HTTP API"): discover a process, check events against a template, export XES / OCEL, import XES. */
import type { Result } from '../../contract/result';
import { jsonBody } from '../params';
import { reply, replyText, type Route } from '../route';

/** Pure: an export's answer with its own media type. */
function exported(r: Result<{ contentType: string; chunks: string[] }>): Response {
  return r.ok ? replyText({ ok: true, value: r.value.chunks }, r.value.contentType) : reply(r);
}

export const discoveryRoutes: Route[] = [
  {
    method: 'POST',
    path: '/mining/discover',
    handle: async ({ service, request }) => reply(await service.discover(await jsonBody(request))),
  },
  {
    method: 'POST',
    path: '/mining/conform',
    handle: async ({ service, request }) => reply(await service.conform(await jsonBody(request))),
  },
  {
    method: 'POST',
    path: '/mining/export',
    handle: async ({ service, request }) => exported(await service.exportEvents(await jsonBody(request))),
  },
  {
    method: 'POST',
    path: '/mining/simulation-model',
    handle: async ({ service, request, callId }) =>
      reply(await service.simulationModel(await jsonBody(request), { callId })),
  },
  {
    method: 'POST',
    path: '/mining/experiment',
    handle: async ({ service, request, callId }) =>
      reply(await service.experiment(await jsonBody(request), { callId })),
  },
  {
    method: 'POST',
    path: '/mining/import-xes',
    handle: async ({ service, request }) => reply(await service.importXes(await jsonBody(request))),
  },
];
