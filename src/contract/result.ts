/**
 * The one result type of the service: a value, or a named error for the caller's mistake (unknown
 * id, bad body, full storage) — never a throw. The worker returns it, the HTTP adapter turns it into
 * a response; the engine's own `QueryResult` is mapped into it at the worker boundary.
 */
import type { ErrorCode } from './wire';

export interface ServiceError {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** Milliseconds spent in named phases of an operation (sent as a `Server-Timing` header). */
export type Timings = Record<string, number>;

export type Result<T> = { ok: true; value: T; timings?: Timings } | { ok: false; error: ServiceError };
