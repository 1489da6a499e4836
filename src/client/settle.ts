/**
 * Every call across a worker boundary settles: with its answer, its error, or — when the worker
 * neither answers nor shows a sign of life in time — an `OperationTimeout` naming the operation. A
 * worker that stalls (a long task, a lost message, a terminated worker that sends no error) can
 * otherwise leave a promise pending for ever, and a screen waiting on it with no way out.
 */

/** A call that neither answered nor showed a sign of life for `ms` milliseconds; the message names the operation. */
export class OperationTimeout extends Error {
  constructor(
    readonly operation: string,
    readonly ms: number,
  ) {
    super(`${operation}: no answer from the worker in ${ms / 1000} s; it was given up (the worker may be stalled)`);
    this.name = 'OperationTimeout';
  }
}

/**
 * Not pure (timers): the outcome of `call`, or OperationTimeout(`operation`) once `limitMs` pass
 * without an answer and without a call of `alive` (given to `call`: progress re-arms the watchdog,
 * so a long operation that keeps reporting is never cut short). `onTimeout` runs when it expires
 * (to end a stalled worker, say).
 */
export function settleWithin<T>(
  operation: string,
  limitMs: number,
  call: (alive: () => void) => Promise<T>,
  onTimeout?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      if (settled) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        reject(new OperationTimeout(operation, limitMs));
        onTimeout?.();
      }, limitMs);
    };
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
    };
    arm();
    let pending: Promise<T>;
    try {
      pending = call(arm);
    } catch (err) {
      pending = Promise.reject(err as Error);
    }
    pending.then(
      (value) => finish(() => resolve(value)),
      (err: unknown) => finish(() => reject(err as Error)),
    );
  });
}
