import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_LIMIT_MS, engineBridge } from '../../../src/client/engineBridge';

/**
 * The engine bridge's renewal (the page replaces its engine worker once the service worker takes
 * control on a first visit). Node has no `Worker`, so each "worker" here serves a tiny API over a
 * MessageChannel, as Comlink serves the real one; terminating it closes the channel, after which a
 * call on it is never answered — as with a terminated Web Worker. What is tested is the bridge.
 */
let started: { terminated: boolean }[] = [];
let workers: EventTarget[] = [];

class ChannelWorker extends EventTarget {
  private port: MessagePort;
  private record = { terminated: false };
  constructor() {
    super();
    const { port1, port2 } = new MessageChannel();
    const n = started.length;
    started.push(this.record);
    workers.push(this);
    Comlink.expose(
      {
        setAppBase: () => undefined,
        whoAmI: () => n,
        slow: () => new Promise((r) => setTimeout(() => r(n), 20)),
        // Answers after `ms`; `options` as the service's cancellable calls take them ({callId}).
        after: (ms: number, _options?: { callId?: string }) => new Promise((r) => setTimeout(() => r(n), ms)),
        never: () => new Promise(() => undefined),
        // A store write the browser refuses without ever answering.
        addSource: () => new Promise<never>(() => undefined),
      },
      port2,
    );
    this.port = port1;
    port1.addEventListener('message', (e) =>
      this.dispatchEvent(new MessageEvent('message', { data: (e as MessageEvent).data })),
    );
    port1.start();
  }
  postMessage(data: unknown, transfer?: Transferable[]) {
    this.port.postMessage(data, transfer ?? []);
  }
  terminate() {
    this.record.terminated = true;
    this.port.close();
  }
  /** A worker that dies: the browser fires `error` on its Worker object. */
  fail(message: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

type Api = {
  whoAmI(): Promise<number>;
  slow(): Promise<number>;
  after(ms: number, options?: { callId?: string }): Promise<number>;
  never(): Promise<never>;
  addSource(body: unknown): Promise<unknown>;
};

/** `p`'s outcome, or 'no answer' when it has none within `ms` (a terminated worker never answers). */
function within<T>(p: Promise<T>, ms = 1000): Promise<T | 'no answer'> {
  return Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))]);
}

beforeEach(() => {
  started = [];
  workers = [];
  vi.stubGlobal('Worker', ChannelWorker);
  vi.stubGlobal('document', { baseURI: 'http://localhost/' });
});
afterEach(() => vi.unstubAllGlobals());

describe('engineBridge renew', () => {
  it('a port held across the renewal reaches the new worker instead of hanging', async () => {
    const bridge = engineBridge(() => new Worker(''));
    const held = bridge() as unknown as Api;
    expect(await held.whoAmI()).toBe(0);
    await bridge.renew();
    expect(started[0]!.terminated).toBe(true);
    // A handler that took the port before the renewal and calls it after (several calls per request).
    expect(await within(held.whoAmI())).toBe(1);
    expect(started).toHaveLength(2);
  });

  it('waits for a call in flight before ending the worker', async () => {
    const bridge = engineBridge(() => new Worker(''));
    const port = bridge() as unknown as Api;
    const call = port.slow();
    const renewed = bridge.renew();
    expect(started[0]!.terminated).toBe(false);
    expect(await call).toBe(0);
    await renewed;
    expect(started[0]!.terminated).toBe(true);
    expect(await (bridge() as unknown as Api).whoAmI()).toBe(1);
  });

  it('renewing before any worker started starts none', async () => {
    const bridge = engineBridge(() => new Worker(''));
    await bridge.renew();
    expect(started).toHaveLength(0);
  });

  // Issue 38, item 12: a handler writes `service.createExecution(id, await jsonBody(request))`, which
  // looks the method up, then reads the body, then calls. A renewal while the body was read sent the
  // call to the ended worker, and the first visit's open waited forever ("Opening the template…").
  it('a method looked up before the renewal and called after it reaches the new worker', async () => {
    const bridge = engineBridge(() => new Worker(''));
    const port = bridge() as unknown as Api;
    expect(await port.whoAmI()).toBe(0);
    const method = port.whoAmI;
    await bridge.renew();
    expect(started[0]!.terminated).toBe(true);
    expect(await within(method())).toBe(1);
  });
});

describe('engineBridge: every call settles', () => {
  it('a call not answered within the limit fails, naming its operation', async () => {
    const port = engineBridge(() => new Worker(''), { callLimitMs: 50 })() as unknown as Api;
    await expect(port.never()).rejects.toThrow('the engine worker did not answer never within 0.05 s');
    // The worker itself is left alone: other calls still reach it.
    expect(await port.whoAmI()).toBe(0);
    expect(started).toHaveLength(1);
  });

  it('a call carrying a callId (one the person can abort) has no limit', async () => {
    const port = engineBridge(() => new Worker(''), { callLimitMs: 50 })() as unknown as Api;
    expect(await port.after(150, { callId: 'call-1' })).toBe(0);
    await expect(port.after(150)).rejects.toThrow('did not answer after within 0.05 s');
  });

  it('a call waiting when its worker fails is answered with the failure, and the next call starts a new worker', async () => {
    const bridge = engineBridge(() => new Worker(''));
    const port = bridge() as unknown as Api;
    const waiting = port.never();
    await port.whoAmI();
    (workers[0] as ChannelWorker).fail('out of memory');
    await expect(within(waiting)).rejects.toThrow('the engine worker failed: out of memory');
    expect(started[0]!.terminated).toBe(true);
    expect(await port.whoAmI()).toBe(1);
  });

  it('a call that timed out still holds off the renewal until its worker answers', async () => {
    const bridge = engineBridge(() => new Worker(''), { callLimitMs: 20 });
    const port = bridge() as unknown as Api;
    await expect(port.after(120)).rejects.toThrow('did not answer after');
    let renewed = false;
    const renewal = bridge.renew().then(() => (renewed = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(renewed).toBe(false);
    expect(started[0]!.terminated).toBe(false);
    await renewal;
    expect(started[0]!.terminated).toBe(true);
  });
});

describe('engineBridge: a call that stores a log always settles', () => {
  afterEach(() => vi.useRealTimers());

  it('addSource the worker never answers is given up after CALL_LIMIT_MS (as every call without a callId) with an error naming it; the worker still answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const port = engineBridge(() => new Worker(''))() as unknown as Api;
    let error: unknown = null;
    let settled = false;
    port.addSource({ name: 'big.log', type: 'log', content: 'x' }).then(
      () => (settled = true),
      (err: unknown) => ((error = err), (settled = true)),
    );
    await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((error as Error).message).toContain('the engine worker did not answer addSource within 120 s');
    vi.useRealTimers();
    expect(await port.whoAmI()).toBe(0);
  });
});
