/**
 * What every service method returns: a value, or a named error for the caller's mistake (unknown
 * id, bad body, full storage) — never a throw. A throw out of the service is a bug; the HTTP layer
 * answers it with 500 and the worker keeps serving.
 */
import type { Result, ServiceError, Timings } from '../contract/result';
import type { ErrorCode } from '../contract/wire';
import { StoreError, type StoreErrorCode } from '../store/errors';

export type { Result, ServiceError, Timings } from '../contract/result';

/** Pure: a success. */
export function ok<T>(value: T, timings?: Timings): Result<T> {
  return timings ? { ok: true, value, timings } : { ok: true, value };
}

/** Pure: a failure. */
export function fail(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): { ok: false; error: ServiceError } {
  return { ok: false, error: { code, message, details } };
}

/** Thrown inside the service to stop an operation with an expected failure; `guard` turns it into a value. */
export class Failure extends Error {
  readonly error: ServiceError;
  /** The error's code and details, also here as on the HTTP adapter's `RequestError`. */
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.error = { code, message, details };
    this.code = code;
    this.details = details;
  }
}

/**
 * Runs `op`, turning expected failures — `Failure`, and storage errors named at the store
 * boundary — into `{ok: false}` values. Anything else is a bug and propagates.
 */
export async function guard<T>(op: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof Failure) return { ok: false, error: err.error };
    if (err instanceof StoreError) return fail(codeOfStoreError(err), err.message, err.details);
    throw err;
  }
}

/** Pure: the API error code of a storage failure (a missing row names its kind in `details`). */
function codeOfStoreError(err: StoreError): ErrorCode {
  const code: StoreErrorCode = err.code;
  switch (code) {
    case 'STORAGE_FULL':
      return 'STORAGE_FULL';
    case 'CONFLICT':
      return 'CONFLICT';
    case 'NOT_FOUND':
      return 'executionId' in err.details
        ? 'EXECUTION_NOT_FOUND'
        : 'templateId' in err.details
          ? 'TEMPLATE_NOT_FOUND'
          : 'NOT_FOUND';
    case 'UNAVAILABLE':
    case 'FAILED':
      return 'STORAGE_ERROR';
    default: {
      const never: never = code;
      throw new Error(`unhandled store error code ${String(never)}`);
    }
  }
}
