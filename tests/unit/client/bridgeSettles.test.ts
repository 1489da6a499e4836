import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_LIMIT_MS, IngestBridge, PREVIEW_LIMIT_MS, STALL_LIMIT_MS } from '../../../src/client/ingestBridge';
import { OperationTimeout, settleWithin } from '../../../src/client/settle';
import { CANCEL_CONFIRM_MS, INGEST_STALL_MS, sendToRun, type IngestPort } from '../../../src/client/sendToRun';
import type { IngestProgress } from '../../../src/contract/ingest';

/** Every call of the stalled workers: they hear it, and never answer. */
const never = () => new Promise<never>(() => undefined);

/** A "worker" serving `api` over a MessageChannel, as a worker serves its Comlink API. */
function fakeWorker(api: Record<string, unknown>): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port2);
  return Object.assign(port1, {
    terminate() {
      port1.close();
      port2.close();
    },
  }) as unknown as Worker;
}

/** The page's proxy of an engine worker serving `api`. */
function enginePort(api: Record<string, unknown>): IngestPort {
  return Comlink.wrap(fakeWorker(api)) as unknown as IngestPort;
}

/** Lets real message passing run (only timers are faked) until `done()`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
}

/** `promise`'s outcome as a value, without waiting for it. */
function outcome<T>(promise: Promise<T>): { value?: T; error?: Error; settled: boolean } {
  const o: { value?: T; error?: Error; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(o, { value, settled: true }),
    (error: Error) => Object.assign(o, { error, settled: true }),
  );
  return o;
}

const source = { name: 'a.log', blob: new Blob(['a line\n']) };
const config = { body: { name: 'c', sources: [] } };
const target = { templateId: 't', targetDataSourceId: 'ds' };

describe('every bridge call on the ingestion and send path settles when the worker stalls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the ingestion worker’s preview, detection, line count and parse each settle with an error naming what stopped', async () => {
    const stalled = { preview: never, detect: never, countLines: never, parse: never, cancel: () => undefined };
    const bridge = new IngestBridge(() => fakeWorker(stalled));
    const preview = outcome(bridge.preview('x', { name: 'c', sources: [] }));
    await vi.advanceTimersByTimeAsync(PREVIEW_LIMIT_MS);
    expect(preview.error?.message).toContain('The preview was stopped');
    const detect = outcome(bridge.detect('x'));
    await vi.advanceTimersByTimeAsync(PREVIEW_LIMIT_MS);
    expect(detect.error?.message).toContain('The preset detection was stopped');
    const count = outcome(bridge.countLines(new Blob(['a\n'])));
    await vi.advanceTimersByTimeAsync(COUNT_LIMIT_MS - 1);
    expect(count.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(count.error).toBeInstanceOf(OperationTimeout);
    expect(count.error?.message).toContain('line count: no answer from the worker in 30 s');
    const parse = bridge.parse(new Blob(['a']), { name: 'c', sources: [] }, () => undefined);
    await vi.advanceTimersByTimeAsync(STALL_LIMIT_MS);
    expect((await parse.done).error).toContain('Parsing was stopped');
    bridge.dispose();
  });

  it('ingestIntoRun settles with a timeout naming it when the engine worker neither answers nor reports progress', async () => {
    let called = false;
    const port = enginePort({
      ingestIntoRun: () => {
        called = true;
        return never();
      },
    });
    const send = sendToRun(port, source, config, target, () => undefined);
    const done = outcome(send.done);
    await until(() => called);
    await vi.advanceTimersByTimeAsync(INGEST_STALL_MS - 1);
    expect(done.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done.value).toEqual({
      kind: 'error',
      message: `ingestIntoRun: no answer from the worker in ${INGEST_STALL_MS / 1000} s; it was given up (the worker may be stalled)`,
    });
  });

  it('a send that keeps reporting progress is never cut short, and ends with the worker’s answer', async () => {
    let report: ((p: IngestProgress) => Promise<void>) | null = null;
    let answer: ((value: unknown) => void) | null = null;
    const port = enginePort({
      ingestIntoRun: (_s: unknown, _c: unknown, _t: unknown, onProgress: (p: IngestProgress) => Promise<void>) => {
        report = onProgress;
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const heard: IngestProgress[] = [];
    const send = sendToRun(port, source, config, target, (p) => heard.push(p));
    const done = outcome(send.done);
    await until(() => report !== null);
    for (let i = 1; i <= 3; i++) {
      await vi.advanceTimersByTimeAsync(INGEST_STALL_MS - 1000);
      await report!({ phase: 'templates', bytes: i, total: 3, lines: i });
    }
    expect(done.settled).toBe(false);
    expect(heard.map((p) => p.bytes)).toEqual([1, 2, 3]);
    answer!({ ok: false, error: { code: 'UNKNOWN_DATA_SOURCE', message: 'no such DataSource', details: {} } });
    await until(() => done.settled);
    expect(done.value).toEqual({ kind: 'error', message: 'no such DataSource' });
  });

  it('Cancel of a send whose worker does not confirm settles as cancelled within the confirm time, saying so', async () => {
    const aborted: string[] = [];
    let called = false;
    const port = enginePort({
      ingestIntoRun: () => {
        called = true;
        return never();
      },
      abort: (callId: string) => {
        aborted.push(callId);
        return never();
      },
    });
    const send = sendToRun(port, source, config, target, () => undefined);
    const done = outcome(send.done);
    await until(() => called);
    send.cancel();
    await until(() => aborted.length > 0);
    expect(aborted[0]).toMatch(/^ingest-/);
    await vi.advanceTimersByTimeAsync(CANCEL_CONFIRM_MS);
    expect(done.value).toMatchObject({ kind: 'cancelled' });
    expect((done.value as { message: string }).message).toContain('did not confirm it within 5 s');
  });

  it('settleWithin passes an answer or an error through unchanged', async () => {
    expect(await settleWithin('op', 10, async () => 7)).toBe(7);
    await expect(settleWithin('op', 10, () => Promise.reject(new Error('own error')))).rejects.toThrow('own error');
    await expect(
      settleWithin('op', 10, () => {
        throw new Error('thrown at once');
      }),
    ).rejects.toThrow('thrown at once');
  });
});
