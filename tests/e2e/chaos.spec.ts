import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';

/** The page's documented automation handle (src/main.ts). */
type Handle = { flowledger?: { api: EngineAPIService } };

// Reliability in the real browser (service worker, engine Web Worker, IndexedDB): a run bounded only
// by its work budget and a multi-million-line parse are started, other calls are made one at a time
// all the while, both are aborted, and the other calls keep answering throughout. How fast they
// answer is a speed figure, measured by `npm run bench` (B13 in docs/benchmarks.md, ≤ 200 ms); this
// test asserts what holds on any machine: each call answers while both are still under way, in the
// order made, within a ceiling far above any figure (a call held up behind the run would wait for it).
test.describe('reliability under load', () => {
  test('a long run and a long parse, both aborted: other calls answer in order while both are under way and after', async ({
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
      const underWay = { run: true, parse: true };
      const outcome = (p: Promise<unknown>, what: 'run' | 'parse') =>
        p
          .then(
            () => 'finished',
            (e: { code?: string }) => e.code ?? String(e),
          )
          .finally(() => (underWay[what] = false));
      const run = outcome(api.executeStep(a.templateId, runA, 'end', 0, { signal: runCtl.signal }), 'run');
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
        'parse',
      );

      // Rounds of three other calls, one call at a time: 10 rounds with both under way, then both are
      // aborted and 5 more rounds follow. Each answer notes whether both were still under way.
      const CEILING_MS = 10_000;
      const answers: { what: string; value: number; bothUnderWay: boolean }[] = [];
      let step = 0;
      const round = async () => {
        const calls: [string, () => Promise<number>][] = [
          ['list templates', async () => (await api.listTemplates()).templates.length],
          ['step another execution', async () => (await api.executeStep(b.templateId, runB, ++step, 1)).step],
          ['read another execution', async () => (await api.getExecution(runB)).currentStep],
        ];
        for (const [what, call] of calls) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(
              () =>
                reject(new Error(`call ${answers.length + 1} (${what}) had no answer within ${CEILING_MS / 1000} s`)),
              CEILING_MS,
            );
          });
          const value = await Promise.race([call(), late]).finally(() => clearTimeout(timer));
          answers.push({ what, value, bothUnderWay: underWay.run && underWay.parse });
        }
      };
      for (let i = 0; i < 10; i++) await round();
      const during = answers.length;
      runCtl.abort();
      parseCtl.abort();
      for (let i = 0; i < 5; i++) await round();
      const outcomes = { run: await run, parse: await parse };
      // The aborted run saved nothing and its execution answers normally afterwards.
      const after = await api.getExecution(runA);
      const stepOne = await api.executeStep(a.templateId, runA, 1, 1);
      return { answers, during, outcomes, afterStep: after.currentStep, stepOne: stepOne.step };
    });

    expect(r.outcomes).toEqual({ run: 'ABORTED', parse: 'ABORTED' });
    expect(r.afterStep).toBe(0);
    expect(r.stepOne).toBe(1);
    // Every call answered (within the ceiling, or the page's script threw), the first 30 while both the
    // run and the parse were under way.
    expect(r.answers).toHaveLength(45);
    expect(r.answers.slice(0, r.during).filter((a) => !a.bothUnderWay)).toEqual([]);
    // In the order made: the other execution stepped 1, 2, … 15, and each read shows the step just made.
    const steps = r.answers.filter((a) => a.what === 'step another execution').map((a) => a.value);
    expect(steps).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const reads = r.answers.filter((a) => a.what === 'read another execution').map((a) => a.value);
    expect(reads).toEqual(steps);
  });

  // The regular-expression guard (src/parser/regex/regexGuard.ts) refuses the pattern when the request
  // is read, before any line is parsed: 422 INVALID_CONFIG naming the mask, however busy the machine (no clock here).
  test('a catastrophically backtracking mask is refused with an error naming it, before any line is parsed', async ({
    page,
  }) => {
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    const r = await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      try {
        await api.parse({
          config: {
            name: 'redos',
            sources: ['openssh-2k'],
            format: { kind: 'preset', name: 'openssh' },
            masks: { custom: [{ name: 'evil', pattern: '(a+)+$' }] },
          },
        });
        return { error: null };
      } catch (e) {
        const err = e as { status?: number; code?: string; message?: string };
        return { error: { status: err.status, code: err.code, message: err.message } };
      }
    });
    expect(r.error).toMatchObject({ status: 422, code: 'INVALID_CONFIG' });
    expect(r.error?.message).toMatch(/backtrack/);
    expect(r.error?.message).toContain('/config/masks/custom/0/pattern: mask "evil"');
  });
});
