import type { ErrorCode } from '../contract/wire';

/** An error answer of the API, as the client throws it: the HTTP status and the body's error fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | string;
  readonly details: Record<string, unknown>;

  constructor(status: number, code: ErrorCode | string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}
