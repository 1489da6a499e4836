/**
 * Mutual exclusion by name. In the browser, `navigator.locks` (the Web Locks API, available in
 * workers) serialises changes to one execution across every tab of the origin; in Node tests, and
 * inside one worker, an in-process lock does the same for callers that share it.
 */

/** Runs `fn` while holding the exclusive lock `name`. */
export type LockRunner = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** Not pure: an in-process lock set; callers sharing one instance exclude each other per name. */
export function inProcessLocks(): LockRunner {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    tails.set(name, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

/** Not pure: locks shared by every tab of the origin, or in-process ones where the Web Locks API is missing. */
export function webLocks(): LockRunner {
  const manager = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!manager) return inProcessLocks();
  return <T>(name: string, fn: () => Promise<T>) => manager.request(name, { mode: 'exclusive' }, fn) as Promise<T>;
}
