import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiError, diskBundle, newApi, raw, schemaErrors, useApiServer } from './helpers';

useApiServer();

const OPENSSH = JSON.parse(
  readFileSync(new URL('../../../public/parser/configs/openssh-sessions.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const bundle = { bundle: diskBundle };

const config = {
  name: 'Web requests',
  description: 'access log by request id',
  sources: ['access.log'],
  format: { kind: 'format' as const, pattern: '<Time> <Level> <Req>: <Content>' },
  groupByField: 'Req',
};

describe('parser configurations', () => {
  it('seeds the manifest’s configuration on first use, under the id it declares', async () => {
    const { api } = newApi({ parser: bundle });
    const list = await api.listParserConfigs();
    expect(list.map((c) => c.id)).toEqual(['openssh-sessions']);
    const { id: _id, ...body } = OPENSSH;
    expect(list[0]).toEqual({
      id: 'openssh-sessions',
      ...body,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await api.getParserConfig('openssh-sessions')).toEqual(list[0]);
    expect(schemaErrors('ParserConfigRecord', list[0])).toEqual([]);
  });

  it('never brings a deleted seeded configuration back, after a reload or in another tab', async () => {
    const first = newApi({ parser: bundle });
    expect(await first.api.deleteParserConfig('openssh-sessions')).toEqual({
      success: true,
      message: "Parser configuration 'OpenSSH sessions' deleted",
    });
    const reload = newApi({ parser: bundle, dbName: first.dbName, locks: first.locks });
    expect(await reload.api.listParserConfigs()).toEqual([]);
    expect((await apiError(reload.api.getParserConfig('openssh-sessions'))).code).toBe('CONFIG_NOT_FOUND');
  });

  it('seeds once when two tabs open a new database at the same time', async () => {
    const a = newApi({ parser: bundle });
    const b = newApi({ parser: bundle, dbName: a.dbName, locks: a.locks });
    await Promise.all([a.service.listParserConfigs(), b.service.listParserConfigs()]);
    expect((await b.api.listParserConfigs()).map((c) => c.id)).toEqual(['openssh-sessions']);
  });

  it('retries seeding when the manifest could not be read at first', async () => {
    let online = false;
    const { api } = newApi({
      parser: { bundle: (path) => (online ? diskBundle(path) : Promise.reject(new Error('offline'))) },
    });
    expect(await api.listParserConfigs()).toEqual([]);
    online = true;
    expect((await api.listParserConfigs()).map((c) => c.id)).toEqual(['openssh-sessions']);
  });

  it('creates (201), reads, updates partially and deletes a configuration', async () => {
    const { api } = newApi({ parser: bundle });
    const res = await raw('POST', '/parser/configs', JSON.stringify(config));
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      success: true,
      config: { id: expect.any(String), ...config, createdAt: expect.any(String), updatedAt: expect.any(String) },
      message: "Parser configuration 'Web requests' created",
    });
    expect(schemaErrors('ParserConfigSaved', created)).toEqual([]);
    const id = created.config.id as string;
    expect(await api.getParserConfig(id)).toEqual(created.config);
    expect((await api.listParserConfigs()).map((c) => c.name)).toEqual(['OpenSSH sessions', 'Web requests']);

    const updated = await api.updateParserConfig(id, { name: 'Requests', groupByField: null, keepUnparsed: 5 });
    expect(updated.message).toBe("Parser configuration 'Requests' updated");
    expect(updated.config).toMatchObject({
      id,
      name: 'Requests',
      keepUnparsed: 5,
      createdAt: created.config.createdAt,
    });
    expect(updated.config).not.toHaveProperty('groupByField');
    expect(updated.config.updatedAt > created.config.updatedAt).toBe(true);
    expect(await api.getParserConfig(id)).toEqual(updated.config);

    expect(await api.deleteParserConfig(id)).toEqual({
      success: true,
      message: "Parser configuration 'Requests' deleted",
    });
    const gone = await apiError(api.getParserConfig(id));
    expect(gone).toMatchObject({
      status: 404,
      code: 'CONFIG_NOT_FOUND',
      message: `Parser configuration "${id}" not found`,
      details: { configId: id },
    });
  });

  it('answers 400 for a malformed body, naming every field', async () => {
    const { api } = newApi({ parser: bundle });
    const err = await apiError(api.createParserConfig({ description: 3, sources: ['ok', ''] } as never));
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(err.details.issues).toEqual([
      { path: '/name', message: 'required field "name" is missing' },
      { path: '/description', message: '"description" must be a string' },
      { path: '/sources/1', message: 'a source must be a non-empty string (a source id or name)' },
    ]);
    expect((await apiError(api.createParserConfig([] as never))).details.issues).toEqual([
      { path: '', message: 'expected a JSON object' },
    ]);
    expect((await raw('POST', '/parser/configs', '{')).status).toBe(400);
    const empty = await apiError(api.updateParserConfig('openssh-sessions', {}));
    expect(empty).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Nothing to update'),
    });
  });

  it('answers 422 INVALID_CONFIG with the path of what the parser refuses, and stores nothing', async () => {
    const { api } = newApi({ parser: bundle });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ format: { kind: 'format', pattern: '<Time> <Level>' } }, '/format/pattern'],
      [{ format: { kind: 'preset', name: 'nope' } }, '/format/name'],
      [{ groupByField: 'Session' }, '/groupByField'],
      [{ masks: { custom: [{ name: 'empty', pattern: 'x*' }] } }, '/masks/custom/0/pattern'],
      [{ mining: { similarity: 2 } }, '/mining/similarity'],
      [{ mapping: { eventRules: [{ pattern: '(', event: 'x' }] } }, '/mapping/eventRules/0/pattern'],
      // Patterns RE2 cannot run in linear time (a backreference, a lookahead) are refused where they sit.
      [{ masks: { custom: [{ name: 'twice', pattern: String.raw`(\w+) \1` }] } }, '/masks/custom/0/pattern'],
      [{ mapping: { eventRules: [{ pattern: 'a(?=b)', event: 'x' }] } }, '/mapping/eventRules/0/pattern'],
      [{ groupBy: 'Req' }, '/groupBy'],
    ];
    for (const [change, path] of cases) {
      const err = await apiError(api.createParserConfig({ ...config, ...change } as never));
      expect(err.status, path).toBe(422);
      expect(err.code).toBe('INVALID_CONFIG');
      expect(err.details.issues, path).toEqual([{ path, message: expect.any(String) }]);
      expect(err.message).toContain(path);
    }
    expect((await api.listParserConfigs()).map((c) => c.id)).toEqual(['openssh-sessions']);
    const put = await apiError(api.updateParserConfig('openssh-sessions', { groupByField: 'Session' }));
    expect(put).toMatchObject({
      status: 422,
      details: { issues: [{ path: '/groupByField', message: expect.stringContaining('"Session"') }] },
    });
    expect((await api.getParserConfig('openssh-sessions')).groupByField).toBe('Pid');
  });

  it('keeps a configuration’s limits, and answers 422 at the path of a wrong type or a bound out of range', async () => {
    const { api } = newApi({ parser: bundle });
    const saved = await api.createParserConfig({ ...config, limits: { continuationLines: 5000 } } as never);
    expect(saved.config.limits).toEqual({ continuationLines: 5000 });
    expect((await api.getParserConfig(saved.config.id)).limits).toEqual({ continuationLines: 5000 });
    expect(schemaErrors('ParserConfigRecord', saved.config)).toEqual([]);
    for (const [change, path] of [
      [{ limits: { lineLength: 0 } }, '/limits/lineLength'],
      [{ masks: { disable: 5 } }, '/masks/disable'],
      [{ format: 'abc' }, '/format'],
    ] as const) {
      const err = await apiError(api.createParserConfig({ ...config, ...change } as never));
      expect(err.status, path).toBe(422);
      expect(err.details.issues, path).toEqual([{ path, message: expect.any(String) }]);
    }
  });

  it('answers 404 naming an unknown configuration on every configuration path', async () => {
    const { api } = newApi({ parser: bundle });
    for (const call of [
      () => api.getParserConfig('x-1'),
      () => api.updateParserConfig('x-1', { name: 'y' }),
      () => api.deleteParserConfig('x-1'),
    ]) {
      expect(await apiError(call())).toMatchObject({
        status: 404,
        code: 'CONFIG_NOT_FOUND',
        message: 'Parser configuration "x-1" not found',
      });
    }
    const res = await raw('PATCH', '/parser/configs/x-1', '{}');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PUT, DELETE');
  });
});
