/**
 * IndexedDB and Dexie failures mapped, at the store boundary, to a closed set of named codes. The
 * service maps these to the API's error codes (STORAGE_FULL → 507, CONFLICT → 409, the rest → 500).
 */

export type StoreErrorCode =
  /** The browser's storage quota is exhausted (`QuotaExceededError`). */
  | 'STORAGE_FULL'
  /** A write met a concurrent change: a unique key taken, or a stale revision. */
  | 'CONFLICT'
  /** A row the operation depends on is gone (e.g. deleted by another tab). */
  | 'NOT_FOUND'
  /** The database cannot be opened or was closed (private mode, blocked upgrade, no IndexedDB). */
  | 'UNAVAILABLE'
  /** Any other failure of a read or a write. */
  | 'FAILED';

/** An expected storage failure, named. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: StoreErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
    this.details = details;
  }
}

const UNAVAILABLE = new Set([
  'DatabaseClosedError',
  'OpenFailedError',
  'MissingAPIError',
  'VersionError',
  'UpgradeError',
  'InvalidStateError',
  'SecurityError',
  'NoSuchDatabaseError',
]);

/** Pure: the StoreError for any error thrown by Dexie or IndexedDB (a StoreError passes through). */
export function toStoreError(err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  const names = errorNames(err);
  const text = describe(err);
  if (names.includes('QuotaExceededError')) {
    return new StoreError(
      'STORAGE_FULL',
      `browser storage is full: ${text}. Delete executions or templates you no longer need, or allow this site more storage.`,
    );
  }
  if (names.includes('ConstraintError'))
    return new StoreError('CONFLICT', `a concurrent change conflicts with this write: ${text}`);
  if (names.some((n) => UNAVAILABLE.has(n)))
    return new StoreError('UNAVAILABLE', `the browser database is unavailable: ${text}`);
  return new StoreError('FAILED', `a browser database operation failed: ${text}`);
}

/** Runs `op`, turning any thrown storage error into a StoreError. */
export async function guardStore<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw toStoreError(err);
  }
}

/** Names of the error and of what it wraps: Dexie reports a failed transaction as an AbortError whose `inner` is the cause, and bulk writes as a BulkError with `failures`. */
function errorNames(err: unknown, depth = 0): string[] {
  if (typeof err !== 'object' || err === null || depth > 4) return [];
  const e = err as { name?: unknown; inner?: unknown; failures?: unknown; cause?: unknown };
  const out = typeof e.name === 'string' ? [e.name] : [];
  out.push(...errorNames(e.inner, depth + 1), ...errorNames(e.cause, depth + 1));
  if (Array.isArray(e.failures)) for (const f of e.failures.slice(0, 4)) out.push(...errorNames(f, depth + 1));
  else if (e.failures && typeof e.failures === 'object')
    for (const f of Object.values(e.failures).slice(0, 4)) out.push(...errorNames(f, depth + 1));
  return out;
}

function describe(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}
