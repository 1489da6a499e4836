/**
 * Error answers of the API (API.md "Conventions"): `{success: false, error: {code, message,
 * details}}` with the status `STATUS_OF[code]`. Every failure of every path goes through here, so
 * the shape never varies and is never an HTML page.
 */
import { HttpResponse } from 'msw';
import type { Result } from '../contract/result';
import type { ErrorBody, ErrorCode } from '../contract/wire';
import { STATUS_OF } from './status';

/** Pure: the error body. */
export function errorBody(code: ErrorCode, message: string, details: Record<string, unknown> = {}): ErrorBody {
  return { success: false, error: { code, message, details } };
}

/** Pure: the error answer, with its status. `headers` adds e.g. `Allow` to a 405. */
export function errorResponse(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Response {
  return HttpResponse.json(errorBody(code, message, details), {
    status: STATUS_OF[code],
    ...(headers ? { headers } : {}),
  });
}

/** An expected failure while reading a request (a bad parameter or body); the route wrapper answers it. */
export class RequestError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/** Pure: the `pled` profile's error answer, the original's shape `{success: false, error: "<message>", code, details}`. */
export function pledError(code: ErrorCode, message: string, details: Record<string, unknown> = {}): Response {
  return HttpResponse.json({ success: false, error: message, code, details }, { status: STATUS_OF[code] });
}

/** The value of a service result, or the RequestError its failure is answered with. */
export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new RequestError(r.error.code, r.error.message, r.error.details);
  return r.value;
}
