import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapEvents, parseLog, type ParserConfig } from '../../../src/parser';
import {
  apiError,
  diskBundle,
  newApi,
  pipeline,
  raw,
  schemaErrors,
  uninterruptedHash,
  useApiServer,
  type Json,
} from './helpers';

useApiServer();

const SSH_TEMPLATE = 'SSH attempts from a real sshd log';
const SAMPLE = readFileSync(new URL('../../../public/parser/sources/openssh-2k.log', import.meta.url), 'utf8');
const OPENSSH = JSON.parse(
  readFileSync(new URL('../../../public/parser/configs/openssh-sessions.json', import.meta.url), 'utf8'),
) as ParserConfig;

/** The example templates and the bundled parser files, and a fresh execution of the SSH template. */
async function sshRun(maxEnqueueEvents?: number) {
  const t = newApi({
    examples: true,
    parser: { bundle: diskBundle, ...(maxEnqueueEvents !== undefined ? { maxEnqueueEvents } : {}) },
  });
  const template = (await t.api.listTemplates()).templates.find((x) => x.name === SSH_TEMPLATE)!;
  const { executionId } = await t.api.createExecution(template.id, { name: 'from the log' });
  return { ...t, templateId: template.id, executionId, scenario: template.scenario };
}

describe('POST /api/parser/configs/{configId}/enqueue', () => {
  it('answers 413 when the sources give more events than one enqueue may add, and adds none', async () => {
    const { api, templateId, executionId } = await sshRun(1999);
    const err = await apiError(
      api.enqueue('openssh-sessions', { templateId, executionId, targetDataSourceId: 'sshLog' }),
    );
    expect(err).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', details: { limit: 1999 } });
    expect(err.message).toContain('no events were added');
    expect(await api.getExecution(executionId)).toMatchObject({ externalEventCount: 0 });
  });

  it('puts every parsed event into the run’s external queue; running it gives the figures of the dataset’s ground truth', async () => {
    const { api, templateId, executionId } = await sshRun();
    const r = await api.enqueue('openssh-sessions', { templateId, executionId, targetDataSourceId: 'sshLog' });
    expect(r).toMatchObject({
      success: true,
      enqueued: 2000,
      groups: 519,
      stats: { lines: 2000, parsed: 2000, groups: 519 },
    });
    expect(r.queueSize).toBeGreaterThan(0);
    expect(schemaErrors('Enqueued', r)).toEqual([]);
    expect(await api.getExecution(executionId)).toMatchObject({
      externalEventCount: 2000,
      status: 'ready',
      ledgerHash: null,
    });

    const end = await api.executeStep(templateId, executionId, 'end');
    expect(end.nodeStates.attempt).toMatchObject({
      tokensProcessed: 2000,
      aggregates: { rejected: 490, dropped: 21, bruteForce: 5, loggedOut: 1, failing: 2 },
    });
    const lineage = await api.getTokenLineage(templateId, executionId, '24200');
    const transitions = lineage.path.filter((e) => e.operation === 'STATE_TRANSITION').map((e) => `${e.from}->${e.to}`);
    expect(transitions).toEqual([
      'connecting->invalidUser',
      'invalidUser->failing',
      'failing->failing',
      'failing->rejected',
    ]);
  });

  it('goes the way of POST …/events: the stored run equals an uninterrupted run of the same events', async () => {
    const { api, templateId, executionId, scenario } = await sshRun();
    await api.enqueue('openssh-sessions', { templateId, executionId, targetDataSourceId: 'sshLog' });
    await api.executeStep(templateId, executionId, 'end');
    const parsed = parseLog(SAMPLE, OPENSSH);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const events = mapEvents(parsed.events, OPENSSH);
    if (!events.ok) throw new Error(events.error.message);
    const { ledgerHash } = await api.getExecution(executionId);
    expect(ledgerHash).toBe(uninterruptedHash(scenario, events.value as Json[]));
  });

  it('overrides the configuration’s target with the body’s, each event keeping its group as correlation id', async () => {
    const t = newApi({ parser: { bundle: diskBundle } });
    const { templateId } = await t.api.createTemplate({
      name: 'Lines',
      scenario: {
        ...pipeline(0),
        nodes: [
          { nodeId: 'lines', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'sink' }] },
          { nodeId: 'sink', type: 'Sink' },
        ],
      },
    });
    const { executionId } = await t.api.createExecution(templateId);
    await t.api.addSource({ name: 'app.log', type: 'log', content: 'INFO a first\nWARN b second\nINFO a third\n' });
    const { config } = await t.api.createParserConfig({
      name: 'levels',
      sources: ['app.log'],
      format: { kind: 'format', pattern: '<Level> <Req> <Content>' },
      groupByField: 'Req',
      mapping: { targetDataSourceId: 'elsewhere' },
    });
    const r = await t.api.enqueue(config.id, { templateId, executionId, targetDataSourceId: 'lines' });
    expect(r).toMatchObject({ enqueued: 3, groups: 2 });
    await t.api.executeStep(templateId, executionId, 'end');
    const collected = await t.api.getSinkAggregation(templateId, executionId, 'sink', 'count');
    expect(collected.count).toBe(3);
    const lineage = await t.api.getTokenLineage(templateId, executionId, 'a');
    expect(lineage.path.filter((e) => e.operation === 'TOKEN_GENERATED').map((e) => (e.data as Json).content)).toEqual([
      'first',
      'third',
    ]);
  });

  it('answers 400 UNKNOWN_DATA_SOURCE for a target that is not a DataSource of the scenario, and adds nothing', async () => {
    const { api, templateId, executionId } = await sshRun();
    const err = await apiError(
      api.enqueue('openssh-sessions', { templateId, executionId, targetDataSourceId: 'attempt' }),
    );
    expect(err).toMatchObject({
      status: 400,
      code: 'UNKNOWN_DATA_SOURCE',
      details: {
        targetDataSourceId: 'attempt',
        dataSources: ['sshLog'],
        issues: [{ path: '/targetDataSourceId', message: expect.any(String) }],
      },
    });
    expect(err.message).toContain('no events were added');
    expect(await api.getExecution(executionId)).toMatchObject({ externalEventCount: 0, ledgerSize: 0 });
  });

  it('answers 400 for a malformed body and 404 naming each unknown id', async () => {
    const { api, templateId, executionId } = await sshRun();
    const bad = await apiError(api.enqueue('openssh-sessions', { templateId } as never));
    expect(bad).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(bad.details.issues).toEqual([
      { path: '/executionId', message: 'required field "executionId" is missing' },
      { path: '/targetDataSourceId', message: 'required field "targetDataSourceId" is missing' },
    ]);
    expect((await raw('POST', '/parser/configs/openssh-sessions/enqueue', 'not json')).status).toBe(400);
    const body = { templateId, executionId, targetDataSourceId: 'sshLog' };
    expect(await apiError(api.enqueue('nope', body))).toMatchObject({
      status: 404,
      code: 'CONFIG_NOT_FOUND',
      message: 'Parser configuration "nope" not found',
    });
    expect(await apiError(api.enqueue('openssh-sessions', { ...body, templateId: 't-x' }))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
      message: 'Template "t-x" not found',
    });
    expect(await apiError(api.enqueue('openssh-sessions', { ...body, executionId: 'e-x' }))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
      message: 'Execution "e-x" not found',
    });
    await api.updateParserConfig('openssh-sessions', { sources: ['openssh-2k', 'lost.log'] });
    expect(await apiError(api.enqueue('openssh-sessions', body))).toMatchObject({
      status: 404,
      code: 'SOURCE_NOT_FOUND',
      details: { sources: ['lost.log'] },
    });
    expect(await api.getExecution(executionId)).toMatchObject({ externalEventCount: 0 });
  });
});
