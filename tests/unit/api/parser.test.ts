import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapEvents, parseLog, type ParserConfig } from '../../../src/parser';
import type { ParserDeps } from '../../../src/worker/parsing/parserContext';
import { apiError, diskBundle, newApi, raw, schemaErrors, useApiServer } from './helpers';

useApiServer();

const SAMPLE = readFileSync(new URL('../../../public/parser/sources/openssh-2k.log', import.meta.url), 'utf8');
const OPENSSH = JSON.parse(
  readFileSync(new URL('../../../public/parser/configs/openssh-sessions.json', import.meta.url), 'utf8'),
) as ParserConfig & { id: string };

/** A service whose bundled files come from `public/` on disk. */
function parserApi(parser: ParserDeps = {}) {
  return newApi({ parser: { bundle: diskBundle, ...parser } });
}

const APP_LOG = [
  '2026-01-01 10:00:00 INFO req=a1 started',
  'garbage line',
  '2026-01-01 10:00:01 INFO req=a1 done in 12 ms',
  '2026-01-01 10:00:02 WARN req=b2 started',
].join('\n');
const appConfig = (extra: Record<string, unknown> = {}) => ({
  name: 'App log',
  sources: ['app.log'],
  format: {
    kind: 'regex' as const,
    pattern: '^(?<Date>\\S+) (?<Time>\\S+) (?<Level>[A-Z]+) req=(?<Req>\\w+) (?<Content>.*)$',
  },
  groupByField: 'Req',
  mapping: { targetDataSourceId: 'requests' },
  ...extra,
});

describe('GET /api/parser/load-sources', () => {
  it('lists the bundled OpenSSH sample with its text and the manifest, then the logs a user added', async () => {
    const { api } = parserApi();
    const before = await api.loadSources();
    expect(before).toMatchObject({
      success: true,
      problems: [],
      manifest: { version: 1, configs: ['configs/openssh-sessions.json'] },
    });
    expect(before.sources).toEqual([
      { id: 'openssh-2k', name: 'OpenSSH (Loghub 2k sample)', type: 'log', content: SAMPLE, origin: 'bundled' },
    ]);
    const { source } = await api.addSource({ name: 'app.log', type: 'log', content: APP_LOG });
    const after = await api.loadSources();
    expect(after.sources.map((s) => [s.id, s.origin])).toEqual([
      ['openssh-2k', 'bundled'],
      [source.id, 'user'],
    ]);
    expect(after.sources[1]).toMatchObject({ name: 'app.log', type: 'log', content: APP_LOG });
    expect(schemaErrors('SourcesLoaded', after)).toEqual([]);
    expect(schemaErrors('SourcesLoaded', { ...after, sources: [{ id: 'x' }] })).not.toEqual([]);
  });

  it('still lists the user’s logs when the manifest cannot be read, and says why', async () => {
    const { api } = newApi({ parser: { bundle: () => Promise.reject(new Error('offline')) } });
    await api.addSource({ name: 'mine', type: 'log', content: 'a line' });
    const r = await api.loadSources();
    expect(r.manifest).toBeNull();
    expect(r.sources.map((s) => s.name)).toEqual(['mine']);
    expect(r.problems).toEqual(['parser/manifest.json could not be read: offline']);
  });
});

describe('the worker’s bundled-file loader', () => {
  it('fetches relative to the base URL the page sends, and says so until it has one', async () => {
    const { api, service } = newApi();
    expect((await api.loadSources()).problems).toEqual([
      'parser/manifest.json could not be read: the app has not told the worker its base URL yet',
    ]);
    expect(await service.setAppBase('parser/')).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await service.setAppBase('http://flowledger.test/sub/index.html')).toEqual({
      ok: true,
      value: { success: true, appBase: 'http://flowledger.test/sub/index.html' },
    });
  });
});

describe('POST /api/parser/sources', () => {
  it('stores a log and answers 201 describing it (size in UTF-8 bytes) without echoing the text', async () => {
    parserApi();
    const res = await raw(
      'POST',
      '/parser/sources',
      JSON.stringify({ name: '  café.log ', type: 'log', content: 'é\n' }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(schemaErrors('SourceAdded', body)).toEqual([]);
    expect(body).toEqual({
      success: true,
      source: {
        id: expect.any(String),
        name: 'café.log',
        type: 'log',
        origin: 'user',
        bytes: 3,
        createdAt: expect.any(String),
      },
    });
  });

  it('stores the text as a Blob, not as one string value (the browser refuses one over ~128 MB), and reads it back the same', async () => {
    const { api, db } = parserApi();
    const text = `${APP_LOG}\nünïcødé ✓ 🚀\n`;
    const { source } = await api.addSource({ name: 'app.log', type: 'log', content: text });
    expect(source.bytes).toBe(Buffer.byteLength(text));
    const row = (await db.sources.get(source.id))!;
    expect(row.content).toBe('');
    expect(row.blob).toBeInstanceOf(Blob);
    expect(row.blob!.size).toBe(Buffer.byteLength(text));
    expect((await api.getSourceContent(source.id)).content).toBe(text);
    expect((await api.loadSources()).sources.find((s) => s.id === source.id)?.content).toBe(text);
  });

  it('answers 400 naming every missing or mistyped field, and for a body that is not JSON', async () => {
    const { api } = parserApi();
    const err = await apiError(api.addSource({ type: 'text', content: '' } as never));
    expect(err.status).toBe(400);
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.details.issues).toEqual([
      { path: '/name', message: 'required field "name" is missing' },
      { path: '/type', message: '"type" must be "log"; got "text"' },
      { path: '/content', message: '"content" is empty: there is nothing to parse' },
    ]);
    const res = await raw('POST', '/parser/sources', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('not valid JSON') },
    });
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a log over the documented limit, and stores nothing', async () => {
    const { api } = parserApi({ maxSourceBytes: 10 });
    const err = await apiError(api.addSource({ name: 'big', type: 'log', content: 'ééééé é' }));
    expect(err.status).toBe(413);
    expect(err).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The log is 13 bytes; a source may be at most 10 bytes (UTF-8)',
      details: { limit: 10, size: 13 },
    });
    expect((await api.loadSources()).sources.map((s) => s.origin)).toEqual(['bundled']);
  });
});

describe('POST /api/parser/parse', () => {
  it('parses the seeded openssh-sessions configuration: 2,000 lines, 519 groups, every event mapped with its group as correlation id', async () => {
    const { api } = parserApi();
    const r = await api.parse({ configId: 'openssh-sessions' });
    expect(r.stats).toEqual({
      lines: 2000,
      parsed: 2000,
      unparsed: 0,
      groups: 519,
      templates: expect.any(Number),
      ms: expect.any(Number),
      continued: 0,
      blank: 0,
      ungrouped: 0,
      // The openssh preset reads each line's time: every one of them reads.
      untimed: 0,
    });
    expect(r.stats.ms).toBeGreaterThan(0);
    expect(r.events).toHaveLength(2000);
    expect(r.events.every((e) => typeof e['timestamp'] === 'number')).toBe(true);
    expect(r.eventsTruncated).toBe(false);
    expect(r.events[1]).toMatchObject({
      targetDataSourceId: 'sshLog',
      correlationId: '24200',
      event: 'invalid_user',
      Pid: '24200',
      lineId: 2,
      timestamp: 976_431_346_000, // Dec 10 06:55:46 in the default year 2000, UTC
    });
    expect(r.groups[0]).toEqual({ key: '24200', count: expect.any(Number), firstLine: 1 });
    expect(r.unparsed).toEqual({ count: 0, lines: [] });
    expect(r.templates.length).toBe(r.stats.templates);
    expect(schemaErrors('ParseAnswer', r)).toEqual([]);
  });

  it('gives exactly what the pure core gives for the whole text at once, whatever the chunk size', async () => {
    const direct = parseLog(SAMPLE, OPENSSH);
    if (!direct.ok) throw new Error(direct.error.message);
    const mapped = mapEvents(direct.events, OPENSSH);
    if (!mapped.ok) throw new Error(mapped.error.message);
    for (const chunkChars of [997, 65536]) {
      const { api } = parserApi({ chunkChars });
      const r = await api.parse({ configId: 'openssh-sessions' });
      expect(r.events).toEqual(mapped.value);
      expect(r.templates).toEqual(direct.templates);
      expect(r.groups).toEqual(direct.groups);
    }
  });

  it('parses an inline configuration over a user’s log named by its name, reporting unparsed lines with their numbers', async () => {
    const { api } = parserApi();
    await api.addSource({ name: 'app.log', type: 'log', content: APP_LOG });
    const r = await api.parse({ config: appConfig() });
    expect(r.stats).toMatchObject({ lines: 4, parsed: 3, unparsed: 1, groups: 2 });
    expect(r.unparsed).toEqual({ count: 1, lines: [{ lineNo: 2, text: 'garbage line' }] });
    expect(r.events.map((e) => [e.correlationId, e.targetDataSourceId, e.Level])).toEqual([
      ['a1', 'requests', 'INFO'],
      ['a1', 'requests', 'INFO'],
      ['b2', 'requests', 'WARN'],
    ]);
    expect(r.groups).toEqual([
      { key: 'a1', count: 2, firstLine: 1 },
      { key: 'b2', count: 1, firstLine: 4 },
    ]);
  });

  it('takes a configuration`s time setting, inline and saved: the sshd sample placed in 2015, an unreadable layout counted as untimed', async () => {
    const { api } = parserApi();
    const config = { name: 'ssh', sources: ['openssh-2k'], format: { kind: 'preset' as const, name: 'openssh' } };
    const placed = await api.parse({ config: { ...config, time: { year: 2015 } }, eventLimit: 1 });
    expect(placed.events[0]!['timestamp']).toBe(1_449_730_546_000); // 2015-12-10T06:55:46Z
    const saved = await api.createParserConfig({ ...config, time: { year: 2015 } });
    expect(saved.config.time).toEqual({ year: 2015 });
    const again = await api.parse({ configId: saved.config.id, eventLimit: 1 });
    expect(again.events[0]!['timestamp']).toBe(1_449_730_546_000);
    const wrong = await api.parse({ config: { ...config, time: { layout: '%Y-%m-%d' } }, eventLimit: 1 });
    expect(wrong.stats.untimed).toBe(2000);
    expect(wrong.events[0]!['timestamp']).toBeUndefined();
    expect(schemaErrors('ParseAnswer', wrong)).toEqual([]);
  });

  it('answers at most eventLimit events while stats, templates and groups cover the whole input', async () => {
    const { api } = parserApi({ chunkChars: 4096 });
    const r = await api.parse({ configId: 'openssh-sessions', eventLimit: 5 });
    expect(r.events.map((e) => e.lineId)).toEqual([1, 2, 3, 4, 5]);
    expect(r.eventsTruncated).toBe(true);
    expect(r.stats).toMatchObject({ lines: 2000, parsed: 2000, groups: 519 });
    const none = await api.parse({ configId: 'openssh-sessions', eventLimit: 0 });
    expect(none).toMatchObject({ events: [], eventsTruncated: true, stats: { groups: 519 } });
  });

  it('reads the sources in order as one log, starting each on a line of its own', async () => {
    const { api } = parserApi();
    const a = await api.addSource({ name: 'a', type: 'log', content: 'one\ntwo' });
    await api.addSource({ name: 'b', type: 'log', content: 'three\n' });
    const r = await api.parse({ config: { name: 'two logs', sources: [a.source.id, 'b', a.source.id] } });
    expect(r.stats).toMatchObject({ lines: 5, parsed: 5 });
    expect(r.events.map((e) => e.content)).toEqual(['one', 'two', 'three', 'one', 'two']);
  });

  it('answers 400 for a malformed body, naming the fields', async () => {
    const { api } = parserApi();
    for (const body of [{}, { configId: 'openssh-sessions', config: appConfig() }]) {
      const err = await apiError(api.parse(body as never));
      expect(err).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        details: { issues: [{ path: '', message: expect.stringContaining('exactly one of "configId"') }] },
      });
      expect(
        schemaErrors('ErrorBody', {
          success: false,
          error: { code: err.code, message: err.message, details: err.details },
        }),
      ).toEqual([]);
    }
    const limit = await apiError(api.parse({ configId: 'openssh-sessions', eventLimit: -1 }));
    expect(limit.details.issues).toEqual([
      { path: '/eventLimit', message: '"eventLimit" must be an integer from 0 to 1000000' },
    ]);
    const noSources = await apiError(api.parse({ config: { name: 'x', sources: [] } }));
    expect(noSources).toMatchObject({
      status: 400,
      details: { issues: [{ path: '/config/sources', message: 'no sources to parse' }] },
    });
    const missing = await apiError(api.parse({ config: { name: 'x' } } as never));
    expect(missing.details.issues).toEqual([
      {
        path: '/config/sources',
        message: 'required field "sources" is missing: the ids (or names) of the logs to parse',
      },
    ]);
    expect((await raw('POST', '/parser/parse', '[')).status).toBe(400);
  });

  it('answers 404 naming an unknown configuration and every unknown source', async () => {
    const { api } = parserApi();
    const config = await apiError(api.parse({ configId: 'nope' }));
    expect(config).toMatchObject({
      status: 404,
      code: 'CONFIG_NOT_FOUND',
      message: 'Parser configuration "nope" not found',
      details: { configId: 'nope' },
    });
    const sources = await apiError(
      api.parse({ config: { name: 'x', sources: ['openssh-2k', 'missing.log', 'gone'] } }),
    );
    expect(sources).toMatchObject({
      status: 404,
      code: 'SOURCE_NOT_FOUND',
      details: { sources: ['missing.log', 'gone'], bundled: ['openssh-2k'] },
    });
    expect(sources.message).toBe(
      'Sources "missing.log", "gone" not found (neither the id nor the name of a bundled or added log)',
    );
  });

  it('answers 422 INVALID_CONFIG with the path of the problem inside the body', async () => {
    const { api } = parserApi();
    const regex = await apiError(
      api.parse({ config: appConfig({ format: { kind: 'regex', pattern: '(?<Content>' } }) }),
    );
    expect(regex).toMatchObject({
      status: 422,
      code: 'INVALID_CONFIG',
      details: { issues: [{ path: '/config/format/pattern', message: expect.any(String) }] },
    });
    const group = await apiError(api.parse({ config: appConfig({ groupByField: 'Session' }) }));
    expect(group.details.issues).toEqual([
      { path: '/config/groupByField', message: expect.stringContaining('"Session" is not a field of the format') },
    ]);
  });
});

describe('GET /api/parser/progress', () => {
  it('shows a running parse’s progress between chunks, then the finished record', async () => {
    const seen: Array<{ phase: string; fraction: number }> = [];
    let api: ReturnType<typeof parserApi>['api'] | null = null;
    const nextTask = async () => {
      const job = (await api!.parserProgress()).jobs.find((j) => j.id === 'bar');
      if (job) seen.push({ phase: job.phase, fraction: job.fraction });
    };
    api = parserApi({ chunkChars: 64 * 1024, nextTask }).api;
    await api.parse({ configId: 'openssh-sessions', progressId: 'bar' });
    expect(seen.map((s) => s.phase)).toEqual([
      'templates',
      'templates',
      'templates',
      'templates',
      'events',
      'events',
      'events',
      'events',
    ]);
    expect(seen.map((s) => s.fraction)).toEqual([...seen.map((s) => s.fraction)].sort((a, b) => a - b));
    expect(seen[3]!.fraction).toBeCloseTo(0.5, 5);
    const done = (await api.parserProgress()).jobs.find((j) => j.id === 'bar');
    expect(schemaErrors('ParseJobs', await api.parserProgress())).toEqual([]);
    expect(done).toMatchObject({
      kind: 'parse',
      config: 'OpenSSH sessions',
      phase: 'done',
      fraction: 1,
      total: SAMPLE.length,
      lines: 2000,
      ms: expect.any(Number),
    });
  });
});
