import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';

/** The page's documented automation handle (src/main.ts). */
type Handle = { flowledger?: { api: EngineAPIService } };

async function openApp(page: Page): Promise<void> {
  await page.goto('./');
  await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
}

test.describe('log parser in the browser', () => {
  test('loads the bundled sample, parses it in the worker, and feeds the SSH template a run whose FSM follows every sshd process', async ({
    page,
  }) => {
    await openApp(page);
    const r = await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      const controlled = navigator.serviceWorker.controller !== null;
      const loaded = await api.loadSources();
      const seeded = await api.getParserConfig('openssh-sessions');
      const { id: _id, createdAt: _c, updatedAt: _u, ...body } = seeded;
      const saved = await api.createParserConfig({ ...body, name: 'My OpenSSH sessions' });
      const parsed = await api.parse({ configId: saved.config.id, progressId: 'e2e-parse' });
      const progress = await api.parserProgress();
      const template = (await api.listTemplates()).templates.find(
        (t) => t.name === 'SSH attempts from a real sshd log',
      )!;
      const { executionId } = await api.createExecution(template.id, { name: 'from the sshd log' });
      const enqueued = await api.enqueue('openssh-sessions', {
        templateId: template.id,
        executionId,
        targetDataSourceId: 'sshLog',
      });
      const end = await api.executeStep(template.id, executionId, 'end');
      const lineage = await api.getTokenLineage(template.id, executionId, '24200');
      const record = await api.getExecution(executionId);
      return {
        controlled,
        sources: loaded.sources.map((s) => ({
          id: s.id,
          origin: s.origin,
          lines: s.content.split('\n').filter((l) => l !== '').length,
        })),
        problems: loaded.problems,
        seeded: {
          sources: seeded.sources,
          groupByField: seeded.groupByField,
          target: seeded.mapping?.targetDataSourceId,
        },
        stats: parsed.stats,
        event1: parsed.events[1],
        events: parsed.events.length,
        job: progress.jobs.find((j) => j.id === 'e2e-parse'),
        enqueued,
        attempt: end.nodeStates.attempt,
        transitions: lineage.path.filter((e) => e.operation === 'STATE_TRANSITION').map((e) => `${e.from}->${e.to}`),
        lineageNodes: [...new Set(lineage.path.map((e) => e.nodeId))],
        record,
      };
    });
    expect(r.controlled).toBe(true);
    expect(r.sources).toEqual([{ id: 'openssh-2k', origin: 'bundled', lines: 2000 }]);
    expect(r.problems).toEqual([]);
    expect(r.seeded).toEqual({ sources: ['openssh-2k'], groupByField: 'Pid', target: 'sshLog' });
    expect(r.stats).toMatchObject({ lines: 2000, parsed: 2000, unparsed: 0, groups: 519 });
    expect(r.stats.ms).toBeGreaterThan(0);
    expect(r.events).toBe(2000);
    expect(r.event1).toMatchObject({
      targetDataSourceId: 'sshLog',
      correlationId: '24200',
      event: 'invalid_user',
      Pid: '24200',
    });
    expect(r.job).toMatchObject({
      kind: 'parse',
      config: 'My OpenSSH sessions',
      phase: 'done',
      fraction: 1,
      lines: 2000,
    });
    expect(r.enqueued).toMatchObject({ success: true, enqueued: 2000, groups: 519 });
    // Checked independently from the dataset's ground truth (tests/unit/cli/log-driven.test.ts).
    expect(r.attempt).toMatchObject({
      tokensProcessed: 2000,
      aggregates: { rejected: 490, dropped: 21, bruteForce: 5, loggedOut: 1, failing: 2 },
    });
    expect(r.transitions).toEqual([
      'connecting->invalidUser',
      'invalidUser->failing',
      'failing->failing',
      'failing->rejected',
    ]);
    expect(r.lineageNodes).toEqual(['sshLog', 'attempt', 'outcomeCounts', 'report']);
    expect(r.record).toMatchObject({
      status: 'completed',
      externalEventCount: 2000,
      ledgerHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  test('reports a large parse’s progress while the worker parses it, and the page’s own loop keeps turning', async ({
    page,
  }) => {
    await openApp(page);
    const r = await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      const sample = (await api.loadSources()).sources.find((s) => s.id === 'openssh-2k')!.content;
      const { source } = await api.addSource({
        name: 'sshd ×40',
        type: 'log',
        content: Array.from({ length: 40 }, () => sample).join('\n'),
      });
      const parsing = api.parse({
        config: { name: 'big', sources: [source.id], format: { kind: 'preset', name: 'openssh' }, groupByField: 'Pid' },
        eventLimit: 0,
        progressId: 'big',
      });
      const fractions: number[] = [];
      let done = false;
      void parsing.then(() => (done = true));
      while (!done) {
        const job = (await api.parserProgress()).jobs.find((j) => j.id === 'big');
        if (job && job.phase !== 'done') fractions.push(job.fraction);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const parsed = await parsing;
      return { stats: parsed.stats, fractions };
    });
    expect(r.stats).toMatchObject({ lines: 80_000, parsed: 80_000, groups: 519 });
    expect(r.fractions.length).toBeGreaterThan(1);
    expect(r.fractions.some((f) => f > 0 && f < 1)).toBe(true);
    // The parse runs in the worker: the page's own loop kept turning and saw it part-way, in order. How
    // long the page's tasks are while a worker parses is a speed figure: P4 in docs/benchmarks.md.
    expect(r.fractions).toEqual([...r.fractions].sort((a, b) => a - b));
  });
});
