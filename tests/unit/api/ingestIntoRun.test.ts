import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IngestProgress } from '../../../src/contract/ingest';
import type { ParserConfigBody } from '../../../src/contract/wire';
import { compileConfig, LogParser, type ParserConfig } from '../../../src/parser';
import { parseBlob, parseTexts } from '../../../src/worker/parsing/parseStream';
import { diskBundle, newApi, useApiServer } from './helpers';

/**
 * The parser core's passes over a text, as the operation drives it: one entry per `LogParser` fed,
 * with the bytes (or characters) and chunks pushed to it, and whether it is a second pass (made with
 * the first pass's final templates). The parser's `push` is wrapped, not replaced: every parse below
 * is the real one. The class's prototype is wrapped rather than the module mocked: test files share
 * their worker's modules (vitest.config.ts, `isolate: false`), so a module mock would miss a parser
 * module another file loaded first, while the prototype is the one every parser instance uses.
 */
type Pass = { bytes: number; chunks: number; final: boolean };
const passes: Pass[] = [];
const passOf = new WeakMap<LogParser, Pass>();
beforeAll(() => {
  const push = LogParser.prototype.push;
  vi.spyOn(LogParser.prototype, 'push').mockImplementation(function (this: LogParser, chunk: string, bytes?: number) {
    let pass = passOf.get(this);
    if (pass === undefined) {
      const options = (this as unknown as { options: { finalTemplates?: unknown } }).options;
      pass = { bytes: 0, chunks: 0, final: options.finalTemplates !== undefined };
      passOf.set(this, pass);
      passes.push(pass);
    }
    pass.bytes += bytes ?? chunk.length;
    pass.chunks++;
    push.call(this, chunk, bytes);
  });
});
afterAll(() => vi.restoreAllMocks());
beforeEach(() => void passes.splice(0));

useApiServer();

const SSH_TEMPLATE = 'SSH attempts from a real sshd log';
const SAMPLE = readFileSync(new URL('../../../public/parser/sources/openssh-2k.log', import.meta.url), 'utf8');
const OPENSSH = JSON.parse(
  readFileSync(new URL('../../../public/parser/configs/openssh-sessions.json', import.meta.url), 'utf8'),
) as ParserConfigBody;

/** The example templates and the bundled parser files; small slices so that a Cancel can land mid-way. */
async function sshService(parser: { maxSourceBytes?: number; maxEnqueueEvents?: number; chunkChars?: number } = {}) {
  const t = newApi({ examples: true, parser: { bundle: diskBundle, chunkChars: 16 * 1024, ...parser } });
  const template = (await t.api.listTemplates()).templates.find((x) => x.name === SSH_TEMPLATE)!;
  return { ...t, templateId: template.id };
}

/** A Blob that fails the test if anything reads it. */
class UnreadBlob extends Blob {
  override slice(): Blob {
    throw new Error('the log was read');
  }
  override text(): Promise<string> {
    throw new Error('the log was read');
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    throw new Error('the log was read');
  }
  override stream(): ReturnType<Blob['stream']> {
    throw new Error('the log was read');
  }
}

/**
 * A Blob that may only be read in slices (as a stream): reading it whole fails the test. Counts the
 * slices taken.
 */
class SlicedOnlyBlob extends Blob {
  slices = 0;
  override slice(...args: Parameters<Blob['slice']>): Blob {
    this.slices++;
    return super.slice(...args);
  }
  override text(): Promise<string> {
    throw new Error('the log was read whole (text)');
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    throw new Error('the log was read whole (arrayBuffer)');
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    throw new Error('the log was read whole (bytes)');
  }
}

/** What the store holds that a send could have added: user sources, configurations, executions. */
async function stored(t: Awaited<ReturnType<typeof sshService>>) {
  return {
    sources: (await t.api.listSources()).sources.filter((s) => s.origin === 'user'),
    configs: await t.api.listParserConfigs(),
    executions: (await t.api.listExecutions(t.templateId)).executions,
  };
}

describe('ingestIntoRun (a log sent to a run in one operation)', () => {
  it('parses a file, stores it with its configuration and enqueues every event into a new run: the figures of the enqueue path', async () => {
    const t = await sshService();
    const phases: string[] = [];
    const r = await t.service.ingestIntoRun(
      { name: 'openssh.log', blob: new Blob([SAMPLE]) },
      { body: { ...OPENSSH, name: 'mine', sources: [] } },
      { templateId: t.templateId, targetDataSourceId: 'sshLog' },
      (p: IngestProgress) => {
        if (phases.at(-1) !== p.phase) phases.push(p.phase);
      },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(phases).toEqual(['templates', 'events', 'storing', 'enqueueing']);
    expect(r.value).toMatchObject({ enqueued: 2000, groups: 519, stats: { lines: 2000, parsed: 2000 } });
    const source = await t.api.getSourceContent(r.value.sourceId);
    expect(source.content).toBe(SAMPLE);
    expect((await t.api.listSources()).sources.find((s) => s.id === r.value.sourceId)).toMatchObject({
      name: 'openssh.log',
      bytes: Buffer.byteLength(SAMPLE),
    });
    const config = await t.api.getParserConfig(r.value.config.id);
    expect(config).toMatchObject({
      name: 'mine',
      sources: [r.value.sourceId],
      mapping: { targetDataSourceId: 'sshLog' },
    });
    expect(await t.api.getExecution(r.value.executionId)).toMatchObject({ externalEventCount: 2000 });

    // The same events as the configuration's enqueue path gives (POST …/enqueue): the same run.
    const viaEnqueue = (await t.api.createExecution(t.templateId, {})).executionId;
    await t.api.enqueue(config.id, { templateId: t.templateId, executionId: viaEnqueue, targetDataSourceId: 'sshLog' });
    const a = await t.api.executeStep(t.templateId, r.value.executionId, 'end');
    const b = await t.api.executeStep(t.templateId, viaEnqueue, 'end');
    expect(a.nodeStates.attempt).toMatchObject({
      tokensProcessed: 2000,
      aggregates: { rejected: 490, dropped: 21, bruteForce: 5, loggedOut: 1, failing: 2 },
    });
    expect(a.nodeStates).toEqual(b.nodeStates);
  });

  it('refuses a log over the source bound at once, with its size and the bound, before reading a byte; nothing is stored', async () => {
    const t = await sshService({ maxSourceBytes: 1000 });
    const before = await stored(t);
    const progress: IngestProgress[] = [];
    const blob = new UnreadBlob(['x'.repeat(1001)]);
    const r = await t.service.ingestIntoRun(
      { name: 'big.log', blob },
      { body: { ...OPENSSH, sources: [] } },
      { templateId: t.templateId, targetDataSourceId: 'sshLog' },
      (p: IngestProgress) => progress.push(p),
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE', details: { size: 1001, limit: 1000 } } });
    expect(!r.ok && r.error.message).toContain('The log is 1001 bytes');
    expect(!r.ok && r.error.message).toContain('at most 1000 bytes');
    expect(progress).toEqual([]);
    expect(await stored(t)).toEqual(before);
  });

  it('stops at a Cancel while the log is read, and at one after it was stored: either way nothing is left behind', async () => {
    for (const at of ['events', 'enqueueing'] as const) {
      const t = await sshService();
      const base = (await t.api.listParserConfigs()).find((c) => c.id === 'openssh-sessions')!;
      const before = await stored(t);
      let n = 0;
      const r = await t.service.ingestIntoRun(
        { name: 'openssh.log', blob: new Blob([SAMPLE]) },
        { body: { ...OPENSSH, name: 'changed', sources: [] }, configId: 'openssh-sessions' },
        { templateId: t.templateId, targetDataSourceId: 'sshLog' },
        (p: IngestProgress) => {
          if (p.phase === at && n++ === 0) void t.service.abort(`send-${at}`);
        },
        { callId: `send-${at}` },
      );
      expect(r, at).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
      expect(!r.ok && r.error.message, at).toContain('nothing was stored');
      expect(await stored(t), at).toEqual(before);
      expect(
        (await t.api.listParserConfigs()).find((c) => c.id === 'openssh-sessions'),
        at,
      ).toEqual(base);
    }
  });

  it('parses the bundled sshd log ONCE, as a stream: one parse of two passes (templates, then events), each reading every byte once; the file is never read whole', async () => {
    const t = await sshService();
    const blob = new SlicedOnlyBlob([SAMPLE]);
    const size = Buffer.byteLength(SAMPLE);
    const r = await t.service.ingestIntoRun(
      { name: 'openssh.log', blob },
      { body: { ...OPENSSH, sources: [] }, configId: 'openssh-sessions' },
      { templateId: t.templateId, targetDataSourceId: 'sshLog' },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ enqueued: 2000, stats: { lines: 2000, parsed: 2000 } });
    // The whole operation — parse, store, create the run, enqueue — makes two parser passes and no other.
    expect(passes).toEqual([
      { bytes: size, chunks: Math.ceil(size / (16 * 1024)), final: false },
      { bytes: size, chunks: Math.ceil(size / (16 * 1024)), final: true },
    ]);
    expect(blob.slices).toBe(2 * Math.ceil(size / (16 * 1024)));
    expect(await t.api.getExecution(r.value.executionId)).toMatchObject({ externalEventCount: 2000 });
  });

  it('parses a 50 MB log (223 copies of the sshd log) ONCE, as a stream, and enqueues its 446,000 events', async () => {
    const t = await sshService({ chunkChars: 256 * 1024 });
    const copies = 223;
    const part = SAMPLE.endsWith('\n') ? SAMPLE : `${SAMPLE}\n`;
    const blob = new SlicedOnlyBlob(Array.from({ length: copies }, () => part));
    expect(blob.size).toBeGreaterThanOrEqual(50_000_000);
    const phases: string[] = [];
    const r = await t.service.ingestIntoRun(
      { name: 'big.log', blob },
      { body: { ...OPENSSH, sources: [] }, configId: 'openssh-sessions' },
      { templateId: t.templateId, targetDataSourceId: 'sshLog' },
      (p: IngestProgress) => {
        if (phases.at(-1) !== p.phase) phases.push(p.phase);
      },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(phases).toEqual(['templates', 'events', 'storing', 'enqueueing']);
    expect(r.value).toMatchObject({ enqueued: copies * 2000, stats: { lines: copies * 2000, parsed: copies * 2000 } });
    const chunks = Math.ceil(blob.size / (256 * 1024));
    expect(passes).toEqual([
      { bytes: blob.size, chunks, final: false },
      { bytes: blob.size, chunks, final: true },
    ]);
    expect(blob.slices).toBe(2 * chunks);
    expect(await t.api.getExecution(r.value.executionId)).toMatchObject({ externalEventCount: copies * 2000 });
  }, 300_000);

  it('a Cancel once the events are in the queue, or while their commit is written, leaves no run and nothing stored (a new run)', async () => {
    for (const at of ['queued', 'committing'] as const) {
      let enqueueing = false;
      let queued = false;
      let t: Awaited<ReturnType<typeof sshService>> | null = null;
      const callId = `send-${at}`;
      t = await (async () => {
        const made = newApi({
          examples: true,
          parser: {
            bundle: diskBundle,
            chunkChars: 16 * 1024,
            // After the 'enqueueing' report, the next yield is the one between queue and commit.
            nextTask: async () => {
              if (enqueueing && !queued) {
                queued = true;
                if (at === 'queued') void made.service.abort(callId);
              }
            },
          },
          // The commit's announce comes once its transaction is written.
          announce: () => {
            if (queued && at === 'committing') void made.service.abort(callId);
          },
        });
        const template = (await made.api.listTemplates()).templates.find((x) => x.name === SSH_TEMPLATE)!;
        return { ...made, templateId: template.id };
      })();
      const base = (await t.api.listParserConfigs()).find((c) => c.id === 'openssh-sessions')!;
      const before = await stored(t);
      const r = await t.service.ingestIntoRun(
        { name: 'openssh.log', blob: new Blob([SAMPLE]) },
        { body: { ...OPENSSH, name: 'changed', sources: [] }, configId: 'openssh-sessions' },
        { templateId: t.templateId, targetDataSourceId: 'sshLog' },
        (p: IngestProgress) => {
          if (p.phase === 'enqueueing') enqueueing = true;
        },
        { callId },
      );
      expect(queued, at).toBe(true);
      expect(r, at).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
      expect(!r.ok && r.error.message, at).toContain('nothing was stored');
      expect(await stored(t), at).toEqual(before);
      expect(
        (await t.api.listParserConfigs()).find((c) => c.id === 'openssh-sessions'),
        at,
      ).toEqual(base);
    }
  });

  it('a Cancel once the events are in the queue of a run that existed adds none of them to it', async () => {
    let enqueueing = false;
    const made = newApi({
      examples: true,
      parser: {
        bundle: diskBundle,
        chunkChars: 16 * 1024,
        nextTask: async () => {
          if (enqueueing) void made.service.abort('send-existing');
        },
      },
    });
    const templateId = (await made.api.listTemplates()).templates.find((x) => x.name === SSH_TEMPLATE)!.id;
    const executionId = (await made.api.createExecution(templateId, {})).executionId;
    const record = await made.api.getExecution(executionId);
    const r = await made.service.ingestIntoRun(
      { name: 'openssh.log', blob: new Blob([SAMPLE]) },
      { body: { ...OPENSSH, sources: [] } },
      { templateId, executionId, targetDataSourceId: 'sshLog' },
      (p: IngestProgress) => {
        if (p.phase === 'enqueueing') enqueueing = true;
      },
      { callId: 'send-existing' },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(await made.api.getExecution(executionId)).toEqual(record);
    // The run as it was, in memory too: stepping it to its end consumes no event.
    const end = await made.api.executeStep(templateId, executionId, 'end');
    expect(end.nodeStates.attempt).toMatchObject({ tokensProcessed: 0 });
  });

  it('a Cancel while the commit into a run that existed is written comes too late: the answer says every event was added, and they are', async () => {
    let enqueueing = false;
    let queued = false;
    const made = newApi({
      examples: true,
      parser: {
        bundle: diskBundle,
        chunkChars: 16 * 1024,
        nextTask: async () => {
          if (enqueueing) queued = true;
        },
      },
      announce: () => {
        if (queued) void made.service.abort('send-late');
      },
    });
    const templateId = (await made.api.listTemplates()).templates.find((x) => x.name === SSH_TEMPLATE)!.id;
    const executionId = (await made.api.createExecution(templateId, {})).executionId;
    const r = await made.service.ingestIntoRun(
      { name: 'openssh.log', blob: new Blob([SAMPLE]) },
      { body: { ...OPENSSH, sources: [] } },
      { templateId, executionId, targetDataSourceId: 'sshLog' },
      (p: IngestProgress) => {
        if (p.phase === 'enqueueing') enqueueing = true;
      },
      { callId: 'send-late' },
    );
    expect(queued).toBe(true);
    expect(r).toMatchObject({ ok: true, value: { executionId, enqueued: 2000 } });
    expect(await made.api.getExecution(executionId)).toMatchObject({ externalEventCount: 2000 });
  });

  it('refuses a target that is not a DataSource of the run before reading the log', async () => {
    const t = await sshService();
    const before = await stored(t);
    const r = await t.service.ingestIntoRun(
      { name: 'a.log', blob: new UnreadBlob(['a line\n']) },
      { body: { ...OPENSSH, sources: [] } },
      { templateId: t.templateId, targetDataSourceId: 'nope' },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_DATA_SOURCE' } });
    expect(await stored(t)).toEqual(before);
  });

  it('refuses a log that gives more events than one run may receive at once; nothing is stored', async () => {
    const t = await sshService({ maxEnqueueEvents: 1999 });
    const before = await stored(t);
    const r = await t.service.ingestIntoRun(
      { name: 'openssh.log', blob: new Blob([SAMPLE]) },
      { body: { ...OPENSSH, sources: [] } },
      { templateId: t.templateId, targetDataSourceId: 'sshLog' },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE', details: { limit: 1999 } } });
    expect(await stored(t)).toEqual(before);
  });
});

describe('addSourceBlob (Discover stores a chosen file)', () => {
  it('stores the file as its Blob, read back as its text; over the bound it is refused by its size, unread', async () => {
    const t = await sshService({ maxSourceBytes: 100_000 });
    const text = SAMPLE.slice(0, 50_000);
    const added = await t.service.addSourceBlob('part.log', new Blob([text]));
    if (!added.ok) throw new Error(added.error.message);
    expect(added.value.source).toMatchObject({ name: 'part.log', bytes: Buffer.byteLength(text), origin: 'user' });
    expect((await t.api.getSourceContent(added.value.source.id)).content).toBe(text);
    const before = await stored(t);
    const r = await t.service.addSourceBlob('big.log', new UnreadBlob(['x'.repeat(100_001)]));
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'PAYLOAD_TOO_LARGE', details: { size: 100_001, limit: 100_000 } },
    });
    expect(await stored(t)).toEqual(before);
  });
});

describe('parseBlob (a log read from a Blob in slices of bytes)', () => {
  it('gives what parsing the whole text gives, whatever the slice size, characters cut by a slice end included', async () => {
    const text = SAMPLE.slice(0, 6_000).replace(/user/g, 'usér ✓ 𝄞');
    const compiled = compileConfig(OPENSSH as ParserConfig);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const options = { eventLimit: Infinity, nextTask: async () => undefined, clock: () => 0 };
    const whole = await parseTexts([text], compiled.value, { ...options, chunkChars: 1 << 30 });
    for (const sliceBytes of [1, 7, 4096]) {
      const sliced = await parseBlob(new Blob([text]), compiled.value, { ...options, sliceBytes });
      expect(sliced, `slices of ${sliceBytes} bytes`).toEqual(whole);
    }
  });
});
