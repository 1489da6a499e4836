/**
 * What every service operation shares: the database, the locks, the open runs, and the injected
 * clock and id source (deterministic in tests). `withRun` is the one way an operation reaches an
 * execution's engine: serialised per execution in this worker, under the cross-tab lock when it
 * changes the run, and always level with storage first (restored or caught up).
 */
import type { AppDB } from '../store/AppDB';
import { getExecution } from '../store/executions';
import { getTemplate } from '../store/templates';
import { inProcessLocks, webLocks, type LockRunner } from './locks';
import { nextTask } from './parsing/parseStream';
import type { ParserDeps } from './parsing/parserDeps';
import { Failure, guard, type Result } from './result';
import { RunCache, type RunCacheLimits } from './runs/runCache';
import { CHANGES_CHANNEL, type RunChange } from './runs/runChange';
import { StoredRun } from './runs/storedRun';

export { CHANGES_CHANNEL, type RunChange } from './runs/runChange';

export interface ServiceDeps {
  db: AppDB;
  /** Cross-tab locks (default: the Web Locks API). Two service instances on one database must share them. */
  locks?: LockRunner;
  /** Wall clock for `createdAt`/`updatedAt` (default `new Date()`). */
  now?: () => Date;
  /** Id source (default `crypto.randomUUID`). */
  newId?: () => string;
  /** Monotonic milliseconds for timings (default `performance.now`). */
  clock?: () => number;
  /** Limits of the open-run cache. */
  runs?: RunCacheLimits;
  /** The parser service's bundled-file loader and limits. */
  parser?: ParserDeps;
  /** Milliseconds a cancellable run advances before it yields to other messages (an abort); default 20. */
  runSliceMs?: number;
  /** Resolves on a later task of the event loop (default: a message to itself). */
  nextTask?: () => Promise<void>;
  /** Tells other views and tabs about a committed change (default: a `flowledger` BroadcastChannel message). */
  announce?: (change: RunChange) => void;
}

export interface ServiceContext {
  readonly db: AppDB;
  readonly runs: RunCache;
  now(): string;
  newId(): string;
  clock(): number;
  /**
   * Runs `fn` on the open run of `executionId`, checked to belong to `templateId` (null: any).
   * `change` takes the cross-tab lock. A Failure (or a bug) releases the run, so the next request
   * restores it from storage. Adds a `restore` timing when the run had to be rebuilt.
   */
  withRun<T>(
    templateId: string | null,
    executionId: string,
    change: boolean,
    fn: (run: StoredRun) => Promise<Result<T>>,
  ): Promise<Result<T>>;
  /** Runs `fn` under the cross-tab lock of `executionId` without opening its run. */
  lockExecution<T>(executionId: string, fn: () => Promise<T>): Promise<T>;
  /** Milliseconds a cancellable run advances between yields. */
  readonly runSliceMs: number;
  /**
   * Service calls under way in this worker (the long one asking included). A long run yields after
   * every millisecond while another call is under way, so that call's own awaits (storage, locks)
   * are not each held up for a whole slice.
   */
  activeCalls: number;
  nextTask(): Promise<void>;
  /** Announces a committed change to other views and tabs. */
  announce(change: RunChange): void;
  /** The abort signal of call `callId` (undefined: the call cannot be cancelled). */
  callSignal(callId: string | undefined): AbortSignal | undefined;
  /** Aborts call `callId` (before or while it runs); false when it was already aborted. */
  abortCall(callId: string): boolean;
  /** Forgets call `callId` once it has answered. */
  endCall(callId: string | undefined): void;
}

/** Calls remembered at once (an abort for a call that already answered is kept until pushed out). */
const MAX_CALLS = 1000;

/** Not pure: the context of one service instance. */
export function createContext(deps: ServiceDeps): ServiceContext {
  const db = deps.db;
  const locks = deps.locks ?? webLocks();
  const local = inProcessLocks();
  const runs = new RunCache(deps.runs);
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const clock = deps.clock ?? (() => performance.now());
  const lockName = (executionId: string) => `flowledger:execution:${executionId}`;
  const calls = new Map<string, AbortController>();
  const controllerOf = (callId: string) => {
    let c = calls.get(callId);
    if (!c) {
      c = new AbortController();
      calls.set(callId, c);
      if (calls.size > MAX_CALLS) calls.delete(calls.keys().next().value!);
    }
    return c;
  };

  const ctx: ServiceContext = {
    db,
    runs,
    now: () => now().toISOString(),
    newId,
    clock,
    runSliceMs: deps.runSliceMs ?? 20,
    activeCalls: 0,
    nextTask: deps.nextTask ?? nextTask,
    announce: deps.announce ?? broadcaster(),
    callSignal: (callId) => (callId === undefined ? undefined : controllerOf(callId).signal),
    abortCall(callId) {
      const c = controllerOf(callId);
      if (c.signal.aborted) return false;
      c.abort();
      return true;
    },
    endCall: (callId) => void (callId !== undefined && calls.delete(callId)),
    lockExecution: (executionId, fn) => local(executionId, () => locks(lockName(executionId), fn)),
    withRun<T>(
      templateId: string | null,
      executionId: string,
      change: boolean,
      fn: (run: StoredRun) => Promise<Result<T>>,
    ): Promise<Result<T>> {
      const body = () =>
        guard<T>(async () => {
          const cached = runs.get(executionId);
          // A wrong template in the path is a 404 before any restore (which could replay a whole run).
          if (templateId !== null) {
            const owner = cached?.templateId ?? (await db.executions.get(executionId))?.templateId;
            if (owner !== undefined && owner !== templateId) await explainMissing(db, templateId, executionId);
          }
          const t0 = clock();
          let run: StoredRun;
          try {
            run = await StoredRun.open(db, executionId, cached);
          } catch (err) {
            runs.drop(executionId);
            if (err instanceof Failure && err.error.code === 'EXECUTION_NOT_FOUND' && templateId !== null)
              await explainMissing(db, templateId, executionId);
            throw err;
          }
          const restoreMs = run === cached ? 0 : clock() - t0;
          runs.set(run);
          if (templateId !== null && run.templateId !== templateId) await explainMissing(db, templateId, executionId);
          let result: Result<T>;
          try {
            result = await fn(run);
          } catch (err) {
            runs.drop(executionId);
            throw err;
          }
          runs.trim();
          if (result.ok && restoreMs > 0) result.timings = { restore: restoreMs, ...result.timings };
          return result;
        });
      return local(executionId, change ? () => locks(lockName(executionId), body) : body);
    },
  };
  return ctx;
}

/** Throws the 404 that names the first unknown id of a `/templates/{templateId}/executions/{executionId}` path. */
async function explainMissing(db: AppDB, templateId: string, executionId: string): Promise<never> {
  if (!(await getTemplate(db, templateId)))
    throw new Failure('TEMPLATE_NOT_FOUND', `Template "${templateId}" not found`, { templateId });
  const execution = await getExecution(db, executionId);
  if (!execution)
    throw new Failure('EXECUTION_NOT_FOUND', `Execution "${executionId}" not found`, { executionId, templateId });
  throw new Failure(
    'EXECUTION_NOT_FOUND',
    `Execution "${executionId}" does not belong to template "${templateId}" (it belongs to "${execution.templateId}")`,
    {
      executionId,
      templateId,
    },
  );
}

/** Not pure: announces on the `flowledger` BroadcastChannel (nothing where there is none). */
function broadcaster(): (change: RunChange) => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  let channel: BroadcastChannel | null = null;
  return (change) => {
    if (channel === null) {
      channel = new BroadcastChannel(CHANGES_CHANNEL);
      // In Node (tests) an open channel must not keep the process alive.
      (channel as unknown as { unref?: () => void }).unref?.();
    }
    channel.postMessage(change);
  };
}
