/**
 * A route of the API: a method, a path (OpenAPI template under `/api`, e.g.
 * `/admin/templates/{templateId}`) and a thin handler that turns the request into one service call
 * and its result into a response. The same table builds the MSW handlers, the 405 answers and the
 * check against the OpenAPI document.
 */
import { HttpResponse } from 'msw';
import type { Result } from '../contract/result';
import type { CompatProfile } from '../contract/settings';
import { errorResponse } from './errors';
import type { CompatProfiles } from './profile';
import type { ServicePort } from './servicePort';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContext {
  request: Request;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  service: ServicePort;
  /** This call's id: a route whose work can be long (a run, a parse) passes it, so an abort reaches the worker. */
  callId: string;
  /** The profile this request is answered in (pled/profile.ts). */
  profile: CompatProfile;
  /** The page's profile choice and the stored setting (the settings paths read and change them). */
  profiles: CompatProfiles;
}

export interface Route {
  method: Method;
  path: string;
  handle(ctx: RouteContext): Promise<Response>;
}

/** Pure: the JSON answer of a service result — `status` on success, the error's status otherwise. */
export function reply<T>(result: Result<T>, status = 200): Response {
  if (!result.ok) return errorResponse(result.error.code, result.error.message, result.error.details);
  return HttpResponse.json(result.value as never, { status, headers: timingHeaders(result.timings) });
}

/** Pure: a text answer (e.g. NDJSON) of a service result. */
export function replyText(result: Result<string | readonly string[]>, contentType: string): Response {
  if (!result.ok) return errorResponse(result.error.code, result.error.message, result.error.details);
  // Chunks become a Blob, never one string: an export may be longer than a string can be.
  const v = result.value;
  return new HttpResponse(typeof v === 'string' ? v : new Blob(v as string[]), {
    status: 200,
    headers: { 'content-type': contentType, ...timingHeaders(result.timings) },
  });
}

/** Pure: the `Server-Timing` header naming where the worker spent its time (e.g. `run;dur=12.3, persist;dur=4.1`). */
function timingHeaders(timings: Record<string, number> | undefined): Record<string, string> {
  if (!timings) return {};
  const parts = Object.entries(timings).map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`);
  return parts.length > 0 ? { 'server-timing': parts.join(', ') } : {};
}
