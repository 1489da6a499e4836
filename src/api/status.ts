/**
 * The HTTP status of every error code of the contract: the one place the service's named failures
 * become HTTP (API.md "Conventions").
 */
import type { ErrorCode } from '../contract/wire';

export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_PARAMETER: 400,
  UNKNOWN_FORMULA: 400,
  NOT_A_SINK: 400,
  UNKNOWN_DATA_SOURCE: 400,
  STEP_OUT_OF_RANGE: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TEMPLATE_NOT_FOUND: 404,
  EXECUTION_NOT_FOUND: 404,
  NODE_NOT_FOUND: 404,
  CORRELATION_ID_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  CONFIG_NOT_FOUND: 404,
  SOURCE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_SCENARIO: 422,
  INVALID_CONFIG: 422,
  /** An imported run whose ledger lines, or whose re-execution, do not match the hash it records. */
  HASH_MISMATCH: 422,
  STORAGE_FULL: 507,
  /** The browser database cannot be opened or a read/write failed for another reason than quota. */
  STORAGE_ERROR: 500,
  /** Re-running a stored execution did not reproduce its stored ledger (checkpoint checksums differ). */
  REPLAY_MISMATCH: 500,
  /** The caller aborted the call (its `AbortSignal`); nginx's "client closed request" — the caller never reads it. */
  ABORTED: 499,
  INTERNAL: 500,
};
