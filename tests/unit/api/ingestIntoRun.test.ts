import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { IngestProgress } from '../../../src/contract/ingest';
import type { ParserConfigBody } from '../../../src/contract/wire';
import { compileConfig, type ParserConfig } from '../../../src/parser';
import { parseBlob, parseTexts } from '../../../src/worker/parsing/parseStream';
import { diskBundle, newApi, useApiServer } from './helpers';

useApiServer();

const SSH_TEMPLATE = 'SSH attempts from a real sshd log';
const SAMPLE = readFileSync(new URL('../../../public/parser/sources/openssh-2k.log', import.meta.url), 'utf8');
const OPENSSH = JSON.parse(
  readFileSync(new URL('../../../public/parser/configs/openssh-sessions.json', import.meta.url), 'utf8'),
) as ParserConfigBody;

/** The example templates and the bundled parser files; small slices so that a Cancel can land mid-way. */
async function sshService(parser: { maxSourceBytes?: number; maxEnqueueEvents?: number } = {}) {
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
