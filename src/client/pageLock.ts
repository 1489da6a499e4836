/**
 * Mutual exclusion by name within this page, for state modules whose flows must not interleave
 * (two views opening the same template at once must not each create its first run). It is the
 * worker's in-process lock set, reached here so the UI need not import the worker.
 */
export { inProcessLocks as pageLock, type LockRunner as PageLock } from '../worker/locks';
