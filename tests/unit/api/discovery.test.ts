import { describe, expect, it } from 'vitest';
import { apiError, diskBundle, newApi, schemaErrors, useApiServer } from './helpers';
import { sshdEvents } from '../discovery/helpers';

useApiServer();

const ev = (c: string, a: string) => ({ targetDataSourceId: 'src', correlationId: c, event: a });
// Traces: c1 a b c d, c2 a c d, c3 a b c d (interleaved).
const LOG = [
  ev('c1', 'a'),
  ev('c2', 'a'),
  ev('c1', 'b'),
  ev('c2', 'c'),
  ev('c1', 'c'),
  ev('c3', 'a'),
  ev('c2', 'd'),
  ev('c3', 'b'),
  ev('c1', 'd'),
  ev('c3', 'c'),
  ev('c3', 'd'),
];

describe('POST /api/mining/discover', () => {
  it('answers the graph of inline events (by hand) and a template the store accepts', async () => {
    const { api } = newApi();
    const r = await api.discover({ events: LOG, filter: { paths: 100 } });
    expect(schemaErrors('DiscoverAnswer', r)).toEqual([]);
    expect(r.discovery.activities).toEqual({ a: 3, c: 3, d: 3, b: 2 });
    expect(r.discovery.edges.map((e) => `${e.from}>${e.to}:${e.count}`)).toEqual(['c>d:3', 'a>b:2', 'b>c:2', 'a>c:1']);
    expect(r.discovery.variants).toEqual([
      { trace: ['a', 'b', 'c', 'd'], count: 2 },
      { trace: ['a', 'c', 'd'], count: 1 },
    ]);
    expect(r.unfiltered).toEqual({ cases: 3, events: 11, activities: 4, paths: 4, variants: 2 });
    const created = await api.createTemplate({ name: 'Discovered', scenario: r.template! });
    expect(created.success).toBe(true);
  });

  it('answers the cases as timed steps with replay: true (issue 42), checked against the schema', async () => {
    const { api } = newApi();
    const timed = [
      { ...ev('c1', 'a'), timestamp: 1000 },
      { ...ev('c2', 'a'), timestamp: 1500 },
      { ...ev('c1', 'b'), timestamp: 4000 },
      ev('c2', 'b'),
    ];
    const r = await api.discover({ events: timed, replay: true, template: false });
    expect(schemaErrors('DiscoverAnswer', r)).toEqual([]);
    expect(r.replay).toEqual({
      activities: ['a', 'b'],
      caseNames: ['c1', 'c2'],
      starts: [0, 2, 3],
      activityOf: [0, 1, 0],
      timeMs: [1000, 4000, 1500],
      truncated: false,
    });
    expect((await api.discover({ events: timed, template: false })).replay).toBeUndefined();
    const bad = await apiError(api.discover({ events: timed, replay: 'yes' as unknown as boolean }));
    expect(bad.message + JSON.stringify(bad.details ?? {})).toContain('"replay" must be true or false');
  });

  it('answers the graph without a template, saying why, when a template cannot hold its activities', async () => {
    // Issue 38, item 4: 65,534 activities need 65,535 FSM states; a scenario names at most 65,534.
    const { api } = newApi();
    const events = Array.from({ length: 65_534 }, (_, i) => ev(`c${i}`, `a${i}`));
    const r = await api.discover({ events });
    expect(schemaErrors('DiscoverAnswer', r)).toEqual([]);
    expect(r.discovery).toMatchObject({ cases: 65_534, events: 65_534 });
    expect(r.template).toBeUndefined();
    expect(r.templateProblem).toBe(
      'the graph has 65,534 activities, and a template holds at most 65,533: its FSM has a state per activity plus "start", and a scenario names at most 65,534 states; keep the most frequent with filter.activities',
    );
    const kept = await api.discover({ events, filter: { activities: 99 } });
    expect(kept.templateProblem).toBeUndefined();
    expect((await api.createTemplate({ name: 'Kept', scenario: kept.template! })).success).toBe(true);
  }, 60_000);

  it('filters, and reads a stored run’s input events or its ledger', async () => {
    const { api } = newApi({ examples: true, parser: { bundle: diskBundle } });
    const filtered = await api.discover({ events: LOG, filter: { activities: 50 }, template: false });
    expect(filtered.discovery.activities).toEqual({ a: 3, c: 3 });
    expect(filtered.unfiltered.activities).toBe(4);
    expect(filtered.template).toBeUndefined();

    const template = (await api.listTemplates()).templates.find((x) => x.name === 'SSH attempts from a real sshd log')!;
    const { executionId } = await api.createExecution(template.id, { name: 'log' });
    await api.enqueue('openssh-sessions', { templateId: template.id, executionId, targetDataSourceId: 'sshLog' });
    const fromEvents = await api.discover({ execution: { templateId: template.id, executionId } });
    expect(fromEvents.discovery).toMatchObject({ cases: 519, events: 2000 });
    await api.executeStep(template.id, executionId, 'end');
    const fromLedger = await api.discover({ execution: { templateId: template.id, executionId, from: 'ledger' } });
    expect(fromLedger.discovery.activities['attempt:rejected']).toBeGreaterThan(0);
  });

  it('parses a saved configuration in the worker and discovers its events', async () => {
    const { api } = newApi({ parser: { bundle: diskBundle } });
    const r = await api.discover({ parse: { configId: 'openssh-sessions' }, template: false });
    expect(r.discovery).toMatchObject({ cases: 519, events: 2000 });
    // The same parse outside the worker, counted directly.
    expect(r.discovery.activities['auth_fail']).toBe(sshdEvents().filter((e) => e['event'] === 'auth_fail').length);
    expect(await apiError(api.discover({ parse: { configId: 'nope' } }))).toMatchObject({
      status: 404,
      code: 'CONFIG_NOT_FOUND',
    });
  });

  it('answers 400 naming the event and field it cannot read, and for two sources at once', async () => {
    const { api } = newApi();
    const err = await apiError(api.discover({ events: [ev('c', 'a'), { correlationId: 'c' }] }));
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', details: { issues: [{ path: '/events/1/event' }] } });
    const both = await apiError(
      api.discover({ events: LOG, execution: { templateId: 't', executionId: 'e' } } as never),
    );
    expect(both).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    const pct = await apiError(api.discover({ events: LOG, filter: { paths: 200 } }));
    expect(pct.details).toMatchObject({ issues: [{ path: '/filter/paths' }] });
  });
});

describe('POST /api/mining/conform', () => {
  it('checks the sshd events against the bundled SSH template', async () => {
    const { api } = newApi({ examples: true });
    const template = (await api.listTemplates()).templates.find((x) => x.name === 'SSH attempts from a real sshd log')!;
    const r = await api.conform({ templateId: template.id, events: sshdEvents() });
    expect(schemaErrors('ConformAnswer', r)).toEqual([]);
    expect(r.report).toMatchObject({ fsm: 'attempt', cases: 519, events: 2000 });
    expect(r.report.fittingCases + r.report.deviations.length).toBe(519);
    expect(r.report.eventFitness).toBe(r.report.consumedEvents / 2000);
  });

  it('answers 400 naming where the events go when none reaches the FSM, not a fitness of 1 over nothing', async () => {
    const { api } = newApi({ examples: true });
    const template = (await api.listTemplates()).templates.find((x) => x.name === 'SSH attempts from a real sshd log')!;
    // LOG is addressed to DataSource `src`, which the SSH template does not have.
    const e = await apiError(api.conform({ templateId: template.id, events: LOG }));
    expect(e).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(e.message).toContain('none of the 11 events reaches FSM attempt');
    expect(e.message).toContain('11 to DataSource src (not a DataSource of the template)');
    expect(e.message).toContain('there is no fitness to report');
    expect(await apiError(api.conform({ templateId: template.id, events: [] }))).toMatchObject({ status: 400 });
  });

  it('answers 404 for an unknown template or FSM', async () => {
    const { api } = newApi({ examples: true });
    expect(await apiError(api.conform({ templateId: 'nope', events: LOG }))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
    });
    const template = (await api.listTemplates()).templates.find((x) => x.name === 'SSH attempts from a real sshd log')!;
    expect(await apiError(api.conform({ templateId: template.id, fsm: 'nope', events: LOG }))).toMatchObject({
      status: 404,
      code: 'NODE_NOT_FOUND',
    });
  });
});

describe('POST /api/mining/export', () => {
  it('answers XES with one trace per case, or OCEL 2.0 JSON', async () => {
    const { api } = newApi();
    const xes = await (await api.exportEvents({ events: LOG })).text();
    expect(xes.match(/<trace>/g)).toHaveLength(3);
    expect(xes.match(/<event>/g)).toHaveLength(11);
    const ocel = JSON.parse(await (await api.exportEvents({ events: LOG, format: 'ocel' })).text());
    expect(ocel.events).toHaveLength(11);
    expect(ocel.objects.map((o: { id: string }) => o.id)).toEqual(['c1', 'c2', 'c3']);
  });
});

describe('POST /api/mining/import-xes', () => {
  it('reads an exported file back into the same events, case by case', async () => {
    const { api } = newApi();
    const xes = await (await api.exportEvents({ events: LOG })).text();
    const back = await api.importXes({ xes });
    expect(schemaErrors('ImportXesAnswer', back)).toEqual([]);
    expect(back.traces).toBe(3);
    const byCase = ['c1', 'c2', 'c3'].flatMap((c) => LOG.filter((e) => e.correlationId === c));
    expect(back.events).toEqual(byCase);
  });

  it('answers 400 naming the line of a malformed file', async () => {
    const { api } = newApi();
    const err = await apiError(api.importXes({ xes: '<log>\n<trace>\n</log>' }));
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(err.message).toMatch(/^\/xes: line 3:/);
  });
});
