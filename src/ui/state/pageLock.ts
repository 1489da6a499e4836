/**
 * Mutual exclusion by name within this page, for state modules whose flows must not interleave
 * (two views opening the same template at once must not each create its first run). The worker
 * keeps its own locks, across tabs (src/worker/locks.ts); the page needs only its own.
 */

/** Runs `fn` while holding the exclusive lock `name`. */
export type PageLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** Not pure: a set of locks; callers sharing one instance exclude each other per name, in call order. */
export function pageLock(): PageLock {
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
