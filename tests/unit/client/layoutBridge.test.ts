/**
 * The layout worker's bridge (src/client/layoutBridge.ts), over the page's one worker bridge: it
 * answers from the worker, words a failure as the layout worker's (so the graph controller lays out
 * on the page instead), and starts a fresh worker after one fails. Each "worker" serves
 * `computeLayout` with Comlink over a real MessageChannel, as the layout worker does.
 */
import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutBridge } from '../../../src/client/layoutBridge';

interface Model {
  nodes: string[];
}
const api = {
  computeLayout: (m: Model) => {
    if (m.nodes.includes('boom')) throw new Error('dagre overflowed');
    return { positions: Object.fromEntries(m.nodes.map((n, i) => [n, { x: i * 100, y: 0 }])), layered: false };
  },
};

class ChannelWorker extends EventTarget {
  private readonly port: MessagePort;
  constructor() {
    super();
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port2);
    this.port = port1;
    port1.addEventListener('message', (e) => this.dispatchEvent(new MessageEvent('message', { data: e.data })));
    port1.start();
  }
  postMessage(data: unknown, transfer?: Transferable[]) {
    this.port.postMessage(data, transfer ?? []);
  }
  terminate() {
    this.port.close();
  }
}

beforeEach(() => vi.stubGlobal('Worker', ChannelWorker));
afterEach(() => vi.unstubAllGlobals());

describe('layoutBridge', () => {
  it('answers the positions the worker computes, starting it once', async () => {
    let started = 0;
    const layout = layoutBridge<typeof api>(() => {
      started++;
      return new ChannelWorker() as unknown as Worker;
    });
    expect(await layout({ nodes: ['a', 'b'] })).toEqual({
      positions: { a: { x: 0, y: 0 }, b: { x: 100, y: 0 } },
      layered: false,
    });
    await layout({ nodes: ['c'] });
    expect(started).toBe(1);
  });

  it('words an error of the layout code, and a crash of the worker, as the layout worker’s; then starts a fresh one', async () => {
    const workers: ChannelWorker[] = [];
    const layout = layoutBridge<typeof api>(() => {
      const w = new ChannelWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    await expect(layout({ nodes: ['boom'] })).rejects.toThrow('the layout worker failed: dagre overflowed');
    // The worker dies while the call waits (before its answer, which comes in a later task).
    const waiting = layout({ nodes: ['a'] });
    workers[0]!.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
    await expect(waiting).rejects.toThrow(/^the layout worker failed: out of memory$/);
    expect(await layout({ nodes: ['a'] })).toEqual({ positions: { a: { x: 0, y: 0 } }, layered: false });
    expect(workers).toHaveLength(2);
  });

  it('refuses at once in a browser without Web Workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const layout = layoutBridge<typeof api>(() => new ChannelWorker() as unknown as Worker);
    await expect(layout({ nodes: ['a'] })).rejects.toThrow('this browser has no Web Workers');
  });
});
