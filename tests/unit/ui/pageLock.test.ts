import { describe, expect, it } from 'vitest';
import { pageLock } from '../../../src/client/pageLock';

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('pageLock', () => {
  it('runs callers of one name one after the other, in call order, each seeing the last one’s work', async () => {
    const lock = pageLock();
    const order: string[] = [];
    const first = gate();
    const a = lock('t1', async () => {
      order.push('a starts');
      await first.opened;
      order.push('a ends');
      return 'a';
    });
    const b = lock('t1', async () => {
      order.push('b starts');
      return 'b';
    });
    await Promise.resolve();
    first.open();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(order).toEqual(['a starts', 'a ends', 'b starts']);
  });

  it('lets callers of different names run at once, and a failure releases the lock', async () => {
    const lock = pageLock();
    const order: string[] = [];
    const held = gate();
    const a = lock('t1', async () => {
      await held.opened;
      order.push('t1');
    });
    await lock('t2', async () => order.push('t2'));
    held.open();
    await a;
    expect(order).toEqual(['t2', 't1']);
    await expect(lock('t1', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock('t1', async () => 'after')).toBe('after');
  });
});
