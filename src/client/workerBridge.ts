/**
 * The page's one way of running a worker: the engine's, the ingestion's and the layout's bridges
 * (engineBridge.ts, ingestBridge.ts, layoutBridge.ts) are each this bridge with their own messages
 * and limits. The bridge
 *   - starts its worker lazily, on the first call (`start`), and wraps it once with Comlink;
 *   - makes a call on the worker that is current when the call is made, and settles it: with the
 *     worker's answer, with the worker's failure (an `error` or a `messageerror` on the Worker: the
 *     worker is terminated and every call still waiting on it fails), when the call's AbortSignal
 *     aborts (with the signal's reason), or when the call's time limit passes without an answer
 *     and without a progress report (a watchdog, optionally ending the worker);
 *   - passes a progress callback to the worker as a Comlink proxy; each report re-arms the limit;
 *   - restarts after a crash: the next call after a failure, a `restart` or a `terminate` starts a
 *     fresh worker.
 * The bridge knows no operation: the three bridges name their calls and word their errors.
 */
import * as Comlink from 'comlink';

/** What a call may add: an abort signal, a time limit, a progress callback. */
export interface CallOptions {
  /** Aborting it settles the call with the signal's reason (the worker is not stopped: see `restart`). */
  signal?: AbortSignal;
  /**
   * The call fails with `error()` once `ms` pass without its answer and without a progress report;
   * with `restart`, the worker is then ended too (every call waiting on it fails with `restart()`),
   * which is the only way to stop a worker stuck in a long task.
   */
  limit?: { ms: number; error: () => Error; restart?: () => Error };
  /**
   * Receives the worker's progress reports: passed to the worker as the call's last argument (a
   * Comlink proxy).
   */
  onProgress?: (report: never) => void;
}

export interface WorkerBridgeOptions<Api> {
  /** Not pure: starts the worker (a module Worker, or anything that speaks Comlink like one). */
  start: () => Worker;
  /** The error calls get when their worker fails: `why` is `failed: <message>` or `sent a message that could not be read`. */
  failure: (why: string) => Error;
  /** Not pure: runs once per started worker, before any call is made on it (a first message, say). */
  onStart?: (remote: Comlink.Remote<Api>, ended: Promise<never>) => void;
  /** Not pure: called whenever no call waits on a worker any more (see `busy`). */
  onIdle?: () => void;
}

export interface WorkerBridge<Api> {
  /**
   * Not pure: calls `member` of the worker with `args` (starting the worker when none runs); settles
   * as the module comment says.
   */
  call<T>(member: keyof Api & string, args: readonly unknown[], options?: CallOptions): Promise<T>;
  /** Not pure: the current worker's Comlink proxy (starting it when none runs), for a call that needs no settling rules. */
  remote(): Comlink.Remote<Api>;
  /** Calls sent and neither answered by their worker nor ended with it (a call that was given up still counts until then). */
  readonly busy: number;
  /** Whether a worker runs. */
  readonly running: boolean;
  /** Not pure: ends the running worker, if any: every call waiting on it fails with `reason`; the next call starts a fresh one. */
  restart(reason: Error): void;
  /** Not pure: ends the running worker (as `restart`, with the reason "closed"). */
  terminate(): void;
}

/** One started worker. */
interface Live<Api> {
  worker: Worker;
  remote: Comlink.Remote<Api>;
  /** Rejects when the worker fails or is ended. */
  ended: Promise<never>;
  end(reason: Error): void;
}

/** Not pure: a bridge to the worker `options.start` starts; nothing starts until the first call. */
export function workerBridge<Api>(options: WorkerBridgeOptions<Api>): WorkerBridge<Api> {
  let live: Live<Api> | null = null;
  let busy = 0;

  const begin = (): Live<Api> => {
    const worker = options.start();
    const remote = Comlink.wrap<Api>(worker);
    let reject!: (err: Error) => void;
    const ended = new Promise<never>((_, r) => (reject = r));
    // Keep an unobserved rejection from being reported before any call awaits it.
    ended.catch(() => undefined);
    const self: Live<Api> = {
      worker,
      remote,
      ended,
      end(reason) {
        if (live === self) live = null;
        reject(reason);
        worker.terminate();
      },
    };
    worker.addEventListener('error', (e) =>
      self.end(options.failure(`failed: ${(e as ErrorEvent).message || 'it could not be loaded'}`)),
    );
    worker.addEventListener('messageerror', () => self.end(options.failure('sent a message that could not be read')));
    options.onStart?.(remote, ended);
    return self;
  };
  const current = (): Live<Api> => (live ??= begin());

  const call = <T>(member: keyof Api & string, args: readonly unknown[], opts: CallOptions = {}): Promise<T> => {
    const { signal, limit, onProgress } = opts;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    let target: Live<Api>;
    try {
      target = current();
    } catch (err) {
      // A worker that cannot even be constructed fails the call, as one that fails to load does.
      return Promise.reject(err as Error);
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        settle();
      };
      const arm = () => {
        if (settled || limit === undefined) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          const error = limit.error();
          finish(() => reject(error));
          if (limit.restart) target.end(limit.restart());
        }, limit.ms);
      };
      const onAbort = () => finish(() => reject(signal!.reason as Error));
      signal?.addEventListener('abort', onAbort);
      arm();

      const full = onProgress
        ? [
            ...args,
            Comlink.proxy((report: never) => {
              arm();
              if (!settled) onProgress(report);
            }),
          ]
        : args;
      const method = (target.remote as unknown as Record<string, (...a: unknown[]) => Promise<T>>)[member]!;
      busy++;
      let sent: Promise<T>;
      try {
        sent = method(...full);
      } catch (err) {
        sent = Promise.reject(err as Error);
      }
      Promise.race([sent, target.ended])
        .finally(() => {
          busy--;
          if (busy === 0) options.onIdle?.();
        })
        .then(
          (value) => finish(() => resolve(value)),
          (err: unknown) => finish(() => reject(err as Error)),
        );
    });
  };

  return {
    call,
    remote: () => current().remote,
    get busy() {
      return busy;
    },
    get running() {
      return live !== null;
    },
    restart(reason) {
      live?.end(reason);
    },
    terminate() {
      live?.end(options.failure('was closed'));
    },
  };
}
