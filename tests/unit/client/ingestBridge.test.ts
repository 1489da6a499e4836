import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_GRACE_MS,
  IngestBridge,
  IngestStopped,
  PREVIEW_LIMIT_MS,
  STALL_LIMIT_MS,
} from '../../../src/client/ingestBridge';
import type { StreamProgress } from '../../../src/contract/ingest';

/** What a fake worker serves, by method; every call of every worker started is counted. */
type FakeApi = Record<string, (...args: never[]) => unknown>;

/**
 * Starts "workers" that serve an API over a MessageChannel, as the ingestion worker serves its own:
 * `api`, or for the n-th worker started (0-based) `api(n)`.
 */
function fakeWorkers(api: FakeApi | ((n: number) => FakeApi)) {
  const started: { terminated: boolean }[] = [];
  const create = (): Worker => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(typeof api === 'function' ? api(started.length) : api, port2);
    const record = { terminated: false };
    started.push(record);
    return Object.assign(port1, {
      terminate() {
        record.terminated = true;
        port1.close();
        port2.close();
      },
    }) as unknown as Worker;
  };
  return { create, started };
}

const never = () => new Promise<never>(() => undefined);

/** Lets real message passing run (the channel's messages are tasks; only timers are faked) until `done()`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
}
const summary = {
  stats: { lines: 3, parsed: 3, unparsed: 0, continued: 0, blank: 0, templates: 1, groups: 1, ungrouped: 0 },
  templates: 1,
  groups: 1,
  topTemplates: [],
  cancelled: false,
};

describe('IngestBridge (the ingestion worker’s bridge)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers from the worker, starting it once on the first call', async () => {
    const workers = fakeWorkers({ detect: () => [{ name: 'syslog' }], countLines: () => 7 });
    const bridge = new IngestBridge(workers.create);
    expect(workers.started).toHaveLength(0);
    expect(await bridge.detect('a line')).toEqual([{ name: 'syslog' }]);
    expect(await bridge.countLines(new Blob(['a\nb\n']))).toBe(7);
    expect(workers.started).toHaveLength(1);
    bridge.dispose();
  });

  it('stops a preview that does not answer in time, terminates its worker, and starts a fresh one for the next call', async () => {
    // The first worker never answers (a regular expression backtracking without end); the next one does.
    const workers = fakeWorkers((n) => ({
      preview: () => (n === 0 ? never() : { ok: false, message: 'no format', path: '' }),
    }));
    const bridge = new IngestBridge(workers.create);
    const stuck = bridge.preview('x', { name: 'c', sources: [] });
    const seen = stuck.then(
      () => null,
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(PREVIEW_LIMIT_MS);
    const err = await seen;
    expect(err).toBeInstanceOf(IngestStopped);
    expect((err as Error).message).toContain(`stopped after ${PREVIEW_LIMIT_MS / 1000} s without an answer`);
    expect(workers.started.map((w) => w.terminated)).toEqual([true]);
    expect(await bridge.preview('x', { name: 'c', sources: [] })).toEqual({
      ok: false,
      message: 'no format',
      path: '',
    });
    expect(workers.started).toHaveLength(2);
    bridge.dispose();
  });

  it('streams a parse’s progress and settles with its summary', async () => {
    const workers = fakeWorkers({
      parse: async (_id: number, _blob: Blob, _config: unknown, onProgress: (p: StreamProgress) => void) => {
        await onProgress({ bytes: 2, total: 4, lines: 1 });
        return { summary, peakHeap: 1000 };
      },
    } as unknown as FakeApi);
    const bridge = new IngestBridge(workers.create);
    const heard: StreamProgress[] = [];
    const { done } = bridge.parse(new Blob(['a\nb\n']), { name: 'c', sources: [] }, (p) => heard.push(p));
    expect(await done).toEqual({ summary, error: null, cancelled: false, peakHeap: 1000 });
    expect(heard).toEqual([{ bytes: 2, total: 4, lines: 1 }]);
    bridge.dispose();
  });

  it('Cancel asks the worker to stop, and terminates it when it does not within the grace time', async () => {
    const asked: number[] = [];
    const workers = fakeWorkers({
      parse: () => never(),
      cancel: (id: number) => void asked.push(id),
    } as unknown as FakeApi);
    const bridge = new IngestBridge(workers.create);
    const { done, cancel } = bridge.parse(new Blob(['a']), { name: 'c', sources: [] }, () => undefined);
    await vi.advanceTimersByTimeAsync(10);
    cancel();
    await until(() => asked.length > 0);
    expect(asked).toEqual([1]);
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS);
    expect(await done).toEqual({ summary: null, error: null, cancelled: true, peakHeap: null });
    expect(workers.started.map((w) => w.terminated)).toEqual([true]);
  });

  it('stops a parse that makes no progress for the stall limit, saying why', async () => {
    const workers = fakeWorkers({ parse: () => never() } as unknown as FakeApi);
    const bridge = new IngestBridge(workers.create);
    const { done } = bridge.parse(new Blob(['a']), { name: 'c', sources: [] }, () => undefined);
    await vi.advanceTimersByTimeAsync(STALL_LIMIT_MS);
    const outcome = await done;
    expect(outcome.cancelled).toBe(false);
    expect(outcome.error).toContain(`no progress for ${STALL_LIMIT_MS / 1000} s`);
    expect(workers.started.map((w) => w.terminated)).toEqual([true]);
  });
});
