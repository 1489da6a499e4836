import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineBridge, STORE_SOURCE_MS } from '../../../src/client/engineBridge';
import { OperationTimeout } from '../../../src/client/settle';

/**
 * The engine bridge's renewal (the page replaces its engine worker once the service worker takes
 * control on a first visit). Node has no `Worker`, so each "worker" here serves a tiny API over a
 * MessageChannel, as Comlink serves the real one; terminating it closes the channel, after which a
 * call on it is never answered — as with a terminated Web Worker. What is tested is the bridge.
 */
let started: { terminated: boolean }[] = [];

class ChannelWorker extends EventTarget {
  private port: MessagePort;
  private record = { terminated: false };
  constructor() {
    super();
    const { port1, port2 } = new MessageChannel();
    const n = started.length;
    started.push(this.record);
    Comlink.expose(
      {
        setAppBase: () => undefined,
        whoAmI: () => n,
        slow: () => new Promise((r) => setTimeout(() => r(n), 20)),
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
}

type Api = { whoAmI(): Promise<number>; slow(): Promise<number>; addSource(body: unknown): Promise<unknown> };

beforeEach(() => {
  started = [];
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
    const answer = await Promise.race([held.whoAmI(), new Promise((r) => setTimeout(() => r('no answer'), 1000))]);
    expect(answer).toBe(1);
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
});

describe('engineBridge: a call that stores a log always settles', () => {
  afterEach(() => vi.useRealTimers());

  it('addSource the worker never answers is given up after STORE_SOURCE_MS with an error naming it; the worker still answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const port = engineBridge(() => new Worker(''))() as unknown as Api;
    let error: unknown = null;
    let settled = false;
    port.addSource({ name: 'big.log', type: 'log', content: 'x' }).then(
      () => (settled = true),
      (err: unknown) => ((error = err), (settled = true)),
    );
    await vi.advanceTimersByTimeAsync(STORE_SOURCE_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(error).toBeInstanceOf(OperationTimeout);
    expect((error as Error).message).toContain('addSource: no answer from the worker in 120 s');
    vi.useRealTimers();
    expect(await port.whoAmI()).toBe(0);
  });
});
