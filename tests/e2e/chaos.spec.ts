import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';

/** The page's documented automation handle (src/main.ts). */
type Handle = { flowledger?: { api: EngineAPIService } };

// Reliability in the real browser (service worker, engine Web Worker, IndexedDB): a run bounded only
// by its work budget and a multi-million-line parse are started, other calls are made all the while,
// both are aborted, and the other calls must keep answering quickly throughout.
test.describe('reliability under load', () => {
  test('a long run and a long parse, both aborted: every other call answers within 200 ms throughout', async ({
    page,
  }) => {
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const r = await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      const sink = (id: string) => ({ nodeId: id, type: 'Sink' });
      // Bounded only by maxEvents: about 50 M events of work if nothing stopped it.
      const long = {
        version: '3.0',
        maxSteps: 10_000_000,
        maxEvents: 50_000_000,
        nodes: [
          { nodeId: 'src', type: 'DataSource', interval: 1, count: 1e9, outputs: [{ destinationNodeId: 'out' }] },
          sink('out'),
        ],
      };
      const small = {
        version: '3.0',
        nodes: [
          { nodeId: 'src', type: 'DataSource', interval: 1, count: 1000, outputs: [{ destinationNodeId: 'out' }] },
          sink('out'),
        ],
      };
      const a = await api.createTemplate({ name: 'Chaos: long run', scenario: long });
      const runA = (await api.createExecution(a.templateId)).executionId;
      const b = await api.createTemplate({ name: 'Chaos: other run', scenario: small });
      const runB = (await api.createExecution(b.templateId)).executionId;

      const runCtl = new AbortController();
      const parseCtl = new AbortController();
      const outcome = (p: Promise<unknown>) =>
        p.then(
          () => 'finished',
          (e: { code?: string }) => e.code ?? String(e),
        );
      const run = outcome(api.executeStep(a.templateId, runA, 'end', 0, { signal: runCtl.signal }));
      // The bundled OpenSSH sample named 3,000 times: a 6,000,000-line log.
      const parse = outcome(
        api.parse(
          {
            config: {
              name: 'chaos',
              sources: Array.from({ length: 3000 }, () => 'openssh-2k'),
              format: { kind: 'preset', name: 'openssh' },
            },
            eventLimit: 0,
          },
          { signal: parseCtl.signal },
        ),
      );

      // Other calls for 3 s: the first 2 s with both under way, then both aborted.
      const latencies: { at: number; ms: number; what: string }[] = [];
      let step = 0;
      const t0 = performance.now();
      let abortedAt = -1;
      while (performance.now() - t0 < 3000) {
        if (abortedAt < 0 && performance.now() - t0 > 2000) {
          runCtl.abort();
          parseCtl.abort();
          abortedAt = performance.now() - t0;
        }
        const calls: [string, () => Promise<unknown>][] = [
          ['list templates', () => api.listTemplates()],
          ['step another execution', () => api.executeStep(b.templateId, runB, ++step, 1)],
          ['read another execution', () => api.getExecution(runB)],
        ];
        for (const [what, call] of calls) {
          const s = performance.now();
          await call();
          latencies.push({ at: Math.round(s - t0), ms: performance.now() - s, what });
        }
        await new Promise((res) => setTimeout(res, 25));
      }
      const outcomes = { run: await run, parse: await parse };
      // The aborted run saved nothing and its execution answers normally afterwards.
      const after = await api.getExecution(runA);
      const stepOne = await api.executeStep(a.templateId, runA, 1, 1);
      return { latencies, abortedAt, outcomes, afterStep: after.currentStep, stepOne: stepOne.step, stepsB: step };
    });

    expect(r.outcomes).toEqual({ run: 'ABORTED', parse: 'ABORTED' });
    expect(r.afterStep).toBe(0);
    expect(r.stepOne).toBe(1);
    // Calls were made throughout, before and after the abort, and each answered within 200 ms.
    expect(r.latencies.filter((l) => l.at < r.abortedAt).length).toBeGreaterThan(10);
    expect(r.latencies.filter((l) => l.at > r.abortedAt).length).toBeGreaterThan(5);
    const slow = r.latencies.filter((l) => l.ms > 200);
    expect(slow, JSON.stringify(slow)).toEqual([]);
    expect(r.stepsB).toBeGreaterThan(10);
  });

  test('a catastrophically backtracking mask is answered with an error naming it within 2 s', async ({ page }) => {
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    const r = await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      const t0 = performance.now();
      try {
        await api.parse({
          config: {
            name: 'redos',
            sources: ['openssh-2k'],
            format: { kind: 'preset', name: 'openssh' },
            masks: { custom: [{ name: 'evil', pattern: '(a+)+$' }] },
          },
        });
        return { ms: performance.now() - t0, error: null };
      } catch (e) {
        const err = e as { status?: number; message?: string };
        return { ms: performance.now() - t0, error: { status: err.status, message: err.message } };
      }
    });
    expect(r.error?.message).toMatch(/backtrack/);
    expect(r.error?.message).toContain('/config/masks/custom/0/pattern: mask "evil"');
    expect(r.ms).toBeLessThan(2000);
  });
});
