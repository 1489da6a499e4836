/**
 * The page's one worker bridge (src/client/workerBridge.ts), which the engine's, the ingestion's and
 * the layout's bridges are made of. Node has no Web Worker, so each "worker" here serves a small API
 * with Comlink over a real MessageChannel (messages are structured-cloned and cross the channel as a
 * Worker's do); terminating it closes the channel, after which it never answers — as a terminated
 * Worker. Its failures are the events a browser fires on a Worker object (`error`, `messageerror`).
 * What is tested is the bridge itself, with no part of it replaced.
 */
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { workerBridge, type WorkerBridgeOptions } from '../../../src/client/workerBridge';

interface Api {
  echo(x: unknown): unknown;
  whoAmI(): number;
  never(): Promise<never>;
  after(ms: number): Promise<number>;
  /** Reports `n` times, every `everyMs`, then answers `n`. */
  count(n: number, everyMs: number, progress: (i: number) => void): Promise<number>;
  throws(): never;
}

/** A Worker-like object over a MessageChannel, serving `Api` as worker number `n`. */
class ChannelWorker extends EventTarget {
  terminated = false;
  private readonly port: MessagePort;
  constructor(readonly n: number) {
    super();
    const { port1, port2 } = new MessageChannel();
    const api: Api = {
      echo: (x) => x,
      whoAmI: () => n,
      never: () => new Promise<never>(() => undefined),
      after: (ms) => new Promise((r) => setTimeout(() => r(n), ms)),
      count: async (count, everyMs, progress) => {
        for (let i = 1; i <= count; i++) {
          await new Promise((r) => setTimeout(r, everyMs));
          await progress(i);
        }
        return count;
      },
      throws: () => {
        throw new Error('no such thing');
      },
    };
    Comlink.expose(api, port2);
    this.port = port1;
    port1.addEventListener('message', (e) => this.dispatchEvent(new MessageEvent('message', { data: e.data })));
    port1.start();
  }
  postMessage(data: unknown, transfer?: Transferable[]) {
    this.port.postMessage(data, transfer ?? []);
  }
  terminate() {
    this.terminated = true;
    this.port.close();
  }
  /** The worker dies: the browser fires `error` on its Worker object. */
  crash(message: string) {
    this.dispatchEvent(Object.assign(new Event('error'), { message }));
  }
}

/** A bridge over ChannelWorkers, with every worker it started. */
function bridgeOf(extra: Partial<WorkerBridgeOptions<Api>> = {}) {
  const workers: ChannelWorker[] = [];
  const bridge = workerBridge<Api>({
    start: () => {
      const w = new ChannelWorker(workers.length);
      workers.push(w);
      return w as unknown as Worker;
    },
    failure: (why) => new Error(`the test worker ${why}`),
    ...extra,
  });
  return { bridge, workers };
}

/** `p`'s outcome, or 'no answer' when it has none within `ms`. */
function within<T>(p: Promise<T>, ms = 500): Promise<T | 'no answer'> {
  return Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))]);
}

describe('workerBridge', () => {
  it('starts its worker on the first call, not before, and keeps it for the next calls', async () => {
    const started: number[] = [];
    const { bridge, workers } = bridgeOf({ onStart: () => started.push(workers.length) });
    expect(workers).toHaveLength(0);
    expect(bridge.running).toBe(false);
    expect(await bridge.call('echo', [{ a: [1, 2] }])).toEqual({ a: [1, 2] });
    expect(await bridge.call('whoAmI', [])).toBe(0);
    expect(workers).toHaveLength(1);
    expect(started).toEqual([1]);
    expect(bridge.running).toBe(true);
  });

  it('passes the worker’s own error through as the call’s', async () => {
    const { bridge } = bridgeOf();
    await expect(bridge.call('throws', [])).rejects.toThrow('no such thing');
    expect(await bridge.call('whoAmI', [])).toBe(0);
  });

  it('settles a call whose signal aborts with the signal’s reason; the worker goes on serving', async () => {
    const { bridge, workers } = bridgeOf();
    const controller = new AbortController();
    const waiting = bridge.call('never', [], { signal: controller.signal });
    controller.abort(new Error('the person pressed Cancel'));
    await expect(waiting).rejects.toThrow('the person pressed Cancel');
    expect(await bridge.call('whoAmI', [])).toBe(0);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('refuses a call whose signal has already aborted, without starting a worker', async () => {
    const { bridge, workers } = bridgeOf();
    await expect(bridge.call('echo', [1], { signal: AbortSignal.abort(new Error('too late')) })).rejects.toThrow(
      'too late',
    );
    expect(workers).toHaveLength(0);
  });

  it('hands each progress report to the caller, and a call that keeps reporting outlives its limit', async () => {
    const { bridge } = bridgeOf();
    const reports: number[] = [];
    const answer = await bridge.call<number>('count', [6, 15], {
      onProgress: (i: number) => reports.push(i),
      limit: { ms: 60, error: () => new Error('given up') },
    });
    // 6 × 15 ms is past the 60 ms limit: each report re-armed it.
    expect(answer).toBe(6);
    expect(reports).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('fails a call that neither answers nor reports within its limit, and leaves the worker running', async () => {
    const { bridge, workers } = bridgeOf();
    await expect(
      bridge.call('never', [], { limit: { ms: 30, error: () => new Error('no answer to never') } }),
    ).rejects.toThrow('no answer to never');
    expect(workers[0]!.terminated).toBe(false);
    expect(bridge.busy).toBe(1); // the worker has not answered it, and still may
    expect(await bridge.call('whoAmI', [])).toBe(0);
  });

  it('with a limit that restarts, ends a stuck worker: its other calls fail, the next call starts a fresh one', async () => {
    const { bridge, workers } = bridgeOf();
    const other = bridge.call('never', []);
    const stuck = bridge.call('never', [], {
      limit: { ms: 30, error: () => new Error('stuck'), restart: () => new Error('the worker was stuck') },
    });
    await expect(stuck).rejects.toThrow('stuck');
    await expect(other).rejects.toThrow('the worker was stuck');
    expect(workers[0]!.terminated).toBe(true);
    expect(await bridge.call('whoAmI', [])).toBe(1);
  });

  it('after a crash, fails the calls waiting on the worker with the failure’s message and restarts on the next call', async () => {
    const { bridge, workers } = bridgeOf();
    const waiting = bridge.call('never', []);
    await bridge.call('whoAmI', []);
    workers[0]!.crash('out of memory');
    await expect(waiting).rejects.toThrow('the test worker failed: out of memory');
    expect(workers[0]!.terminated).toBe(true);
    expect(bridge.running).toBe(false);
    expect(await bridge.call('whoAmI', [])).toBe(1);
    expect(workers).toHaveLength(2);
  });

  it('names a worker that could not be loaded, and one that sent a message that could not be read', async () => {
    const { bridge, workers } = bridgeOf();
    const first = bridge.call('never', []);
    workers[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('the test worker failed: it could not be loaded');
    const second = bridge.call('never', []);
    workers[1]!.dispatchEvent(new Event('messageerror'));
    await expect(second).rejects.toThrow('the test worker sent a message that could not be read');
  });

  it('fails the call when the worker cannot even be constructed, and tries again on the next', async () => {
    let attempts = 0;
    const bridge = workerBridge<Api>({
      start: () => {
        attempts++;
        if (attempts === 1) throw new Error('blocked by the Content-Security-Policy');
        return new ChannelWorker(attempts) as unknown as Worker;
      },
      failure: (why) => new Error(`the test worker ${why}`),
    });
    await expect(bridge.call('whoAmI', [])).rejects.toThrow('blocked by the Content-Security-Policy');
    expect(await bridge.call('whoAmI', [])).toBe(2);
  });

  it('terminate ends the worker: waiting calls fail saying so, and the next call starts a fresh one', async () => {
    const { bridge, workers } = bridgeOf();
    const waiting = bridge.call('never', []);
    bridge.terminate();
    await expect(waiting).rejects.toThrow('the test worker was closed');
    expect(workers[0]!.terminated).toBe(true);
    expect(await within(bridge.call('whoAmI', []))).toBe(1);
  });

  it('counts the calls its worker has not answered, and says when none is left', async () => {
    let idle = 0;
    const { bridge } = bridgeOf({ onIdle: () => idle++ });
    const a = bridge.call('after', [20]);
    const b = bridge.call('after', [40]);
    expect(bridge.busy).toBe(2);
    await a;
    expect(bridge.busy).toBe(1);
    expect(idle).toBe(0);
    await b;
    expect(bridge.busy).toBe(0);
    expect(idle).toBe(1);
  });
});
