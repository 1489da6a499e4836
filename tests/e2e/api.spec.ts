import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { Engine } from '../../src/engine';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The page's documented automation handle (src/main.ts). */
type Handle = { flowledger?: { api: EngineAPIService } };

const scenario = {
  version: '3.0',
  name: 'Orders',
  seed: 11,
  nodes: [
    { nodeId: 'orders', type: 'DataSource', outputs: [{ destinationNodeId: 'price' }] },
    {
      nodeId: 'price',
      type: 'ProcessNode',
      processing: { formula: 'value * 1.2' },
      outputs: [{ destinationNodeId: 'done' }],
    },
    { nodeId: 'done', type: 'Sink' },
  ],
};
const events = [
  { targetDataSourceId: 'orders', correlationId: 'order-1', value: 10 },
  { targetDataSourceId: 'orders', correlationId: 'order-2', value: 20 },
  { targetDataSourceId: 'orders', correlationId: 'order-3', value: 30 },
];

/**
 * Opens the app, waits until its API answers (the handle is set once the service worker is in
 * control) and asserts that the Mock Service Worker controls the page — without it, MSW would fall
 * back to patching fetch in the page and the test would prove nothing about the service worker.
 */
async function openApp(page: Page): Promise<void> {
  await page.goto('./');
  await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/**
 * Chromium logs every non-2xx answer as "Failed to load resource: … status of 404 (Not Found)", which
 * the fixture counts as a console error. Drop exactly the statuses a test provokes on purpose.
 */
function allowStatuses(problems: string[], statuses: number[]): void {
  const expected = (p: string) =>
    statuses.some((s) => p.includes(`Failed to load resource: the server responded with a status of ${s} `));
  problems.splice(0, problems.length, ...problems.filter((p) => !expected(p)));
}

function uninterruptedHash(): string {
  const engine = new Engine();
  engine.initialize(scenario);
  engine.getExternalEventQueue().addEvents(events);
  engine.runToEnd();
  return engine.ledgerHash();
}

test.describe('in-browser API', () => {
  test('is served by the Mock Service Worker controlling the page', async ({ page, pageProblems }) => {
    await openApp(page);
    const state = await page.evaluate(async () => {
      const res = await fetch('api/no/such/path');
      return {
        controlled: navigator.serviceWorker.controller !== null,
        status: res.status,
        type: res.headers.get('content-type'),
        body: await res.json(),
      };
    });
    expect(state.controlled).toBe(true);
    expect(state.status).toBe(404);
    expect(state.type).toContain('application/json');
    expect(state.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    allowStatuses(pageProblems, [404]);
  });

  test('answers a malformed percent-escape in a path with 400 BAD_REQUEST through the service worker, not a 500 with a stack', async ({
    page,
    pageProblems,
  }) => {
    await openApp(page);
    const answers = await page.evaluate(async () => {
      const out: { status: number; type: string | null; body: unknown; controlled: boolean }[] = [];
      for (const path of ['api/admin/templates/%E0%A4%A', 'api/engine/templates/%ZZ/graph', 'api/%E0%A4%A']) {
        const res = await fetch(path);
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: kept as text, which the assertion below shows.
        }
        out.push({
          status: res.status,
          type: res.headers.get('content-type'),
          body,
          controlled: navigator.serviceWorker.controller !== null,
        });
      }
      return out;
    });
    for (const [i, path] of [
      '/api/admin/templates/%E0%A4%A',
      '/api/engine/templates/%ZZ/graph',
      '/api/%E0%A4%A',
    ].entries()) {
      expect(answers[i]).toEqual({
        status: 400,
        type: expect.stringContaining('application/json'),
        controlled: true,
        body: {
          success: false,
          error: {
            code: 'BAD_REQUEST',
            message: `The path ${path} holds a malformed percent-escape`,
            details: { path },
          },
        },
      });
    }
    allowStatuses(pageProblems, [400]);
  });

  test('POST /api/parser/sources through the service worker: a log is stored and read back the same; a body over the bound is answered 413 at once with its size', async ({
    page,
    pageProblems,
  }) => {
    await openApp(page);
    const text = 'Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user ünïcødé ✓\n'.repeat(1000);
    const small = await page.evaluate(async (content) => {
      const res = await fetch('api/parser/sources', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'mine.log', type: 'log', content }),
      });
      const added = (await res.json()) as { source: { id: string; bytes: number } };
      const back = (await (await fetch(`api/parser/sources/${added.source.id}`)).json()) as { content: string };
      // The row as the browser stores it: the text as a Blob, not as one string value (refused over ~128 MB).
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('flowledger');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const row = await new Promise<{ content: string; blob?: Blob }>((resolve, reject) => {
        const get = db.transaction('sources').objectStore('sources').get(added.source.id);
        get.onsuccess = () => resolve(get.result as { content: string; blob?: Blob });
        get.onerror = () => reject(get.error);
      });
      db.close();
      return {
        status: res.status,
        bytes: added.source.bytes,
        same: back.content === content,
        stored: { content: row.content, blob: row.blob instanceof Blob ? (await row.blob.text()) === content : 'none' },
      };
    }, text);
    expect(small).toEqual({
      status: 201,
      bytes: new TextEncoder().encode(text).length,
      same: true,
      stored: { content: '', blob: true },
    });

    // A body past the 272 MiB request bound, made of repeated parts (no copy of it in the page).
    const over = await page.evaluate(async () => {
      const part = new Blob(['x'.repeat(1024 * 1024)]);
      const body = new Blob([
        '{"name":"big.log","type":"log","content":"',
        ...Array.from({ length: 273 }, () => part),
        '"}',
      ]);
      const t0 = performance.now();
      const res = await fetch('api/parser/sources', { method: 'POST', body });
      const answer = (await res.json()) as { error: { code: string; message: string; details: unknown } };
      const list = (await (await fetch('api/parser/sources')).json()) as { sources: { name: string }[] };
      return {
        status: res.status,
        error: answer.error,
        ms: Math.round(performance.now() - t0),
        size: body.size,
        stored: list.sources.some((s) => s.name === 'big.log'),
      };
    });
    expect(over.status).toBe(413);
    expect(over.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining(String(over.size)),
      details: { limit: 272 * 1024 * 1024, size: over.size },
    });
    // Refused on its declared size, before its 273 MiB are read. The ceiling is only a hang guard with
    // room for a busy machine (11.8 s measured at a load average of 15 with a second browser beside it);
    // that nothing was stored is asserted below.
    expect(over.ms).toBeLessThan(45_000);
    expect(over.stored).toBe(false);
    // Chromium reports the 413 on the console a moment after the answer.
    await expect.poll(() => pageProblems.some((p) => p.includes('status of 413 '))).toBe(true);
    allowStatuses(pageProblems, [413]);
  });

  test('stores the example templates on first open and lists them in the sidebar', async ({ page }) => {
    await openApp(page);
    const names = await page.evaluate(async () =>
      (await (window as Handle).flowledger!.api.listTemplates()).templates.map((t) => t.name),
    );
    expect(names.length).toBeGreaterThanOrEqual(5);
    const items = page.getByRole('navigation', { name: 'Templates' }).getByRole('link');
    await expect(items).toHaveCount(names.length);
    await expect(items.first()).toContainText(names[0]!);
  });

  test('renders a template name as text, never as HTML', async ({ page }) => {
    page.on('dialog', (d) => {
      throw new Error(`a dialog opened: ${d.message()}`);
    });
    await openApp(page);
    const name = '<img src=x onerror=alert(1)>';
    await page.evaluate(
      async ([n, s]) =>
        (window as Handle).flowledger!.api.createTemplate({
          name: n as string,
          scenario: s as Record<string, unknown>,
        }),
      [name, scenario] as const,
    );
    await page.reload();
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    await expect(page.getByRole('navigation', { name: 'Templates' }).getByText(name, { exact: true })).toBeVisible();
    expect(await page.locator('nav img').count()).toBe(0);
  });

  test('drives a whole scenario through EngineAPIService in the page', async ({ page, pageProblems }) => {
    await openApp(page);
    const r = await page.evaluate(
      async ([s, evs]) => {
        const api = (window as Handle).flowledger!.api;
        const created = await api.createTemplate({ name: 'E2E orders', scenario: s as Record<string, unknown> });
        const t = created.templateId;
        const run = await api.createExecution(t, {
          name: 'e2e',
          externalEvents: (evs as unknown[]).slice(0, 2) as never,
        });
        const e = run.executionId;
        const added = await api.addExternalEvents(t, e, (evs as unknown[]).slice(2) as never);
        const step2 = await api.executeStep(t, e, 2);
        const events = await api.getNodeEvents(t, e, 'price');
        const end = await api.executeStep(t, e, 'end');
        const activity = await api.getNodeActivity(t, e, 'done', 1);
        const aggregate = await api.getSinkAggregation(t, e, 'done', 'sum');
        const lineage = await api.getTokenLineage(t, e, 'order-2');
        const record = await api.getExecution(e);
        const read = await api.executeStep(t, e, 1);
        let notSink = '';
        try {
          await api.getSinkAggregation(t, e, 'price', 'sum');
        } catch (err) {
          notSink = `${(err as { status: number }).status} ${(err as { code: string }).code}`;
        }
        const deleted = await api.deleteTemplate(t);
        let gone = '';
        try {
          await api.getExecution(e);
        } catch (err) {
          gone = `${(err as { status: number }).status} ${(err as { code: string }).code}`;
        }
        return {
          created,
          run,
          added,
          step2,
          events,
          end,
          activity,
          aggregate,
          lineage,
          record,
          read,
          notSink,
          deleted,
          gone,
        };
      },
      [scenario, events] as const,
    );
    expect(r.created).toMatchObject({ success: true, slug: 'e2e-orders', message: "Template 'E2E orders' created" });
    expect(r.run.execution).toMatchObject({ status: 'ready', currentStep: 0, externalEventCount: 2 });
    expect(r.added).toMatchObject({ success: true, added: 1 });
    expect(r.step2).toMatchObject({ success: true, step: 2 });
    expect(r.step2.message).toContain('step 2');
    expect(r.events.length).toBeGreaterThan(0);
    expect(r.events.every((ev) => ev.nodeId === 'price')).toBe(true);
    expect(r.end.status).toBe('completed');
    expect(r.activity).toHaveLength(1);
    expect(r.activity[0]).toMatchObject({ operation: 'TOKEN_COLLECTED', nodeId: 'done' });
    expect(r.aggregate).toMatchObject({ sinkId: 'done', formula: 'sum', count: 3, value: 72 });
    expect(r.lineage.path.map((p) => p.nodeId)).toEqual(['orders', 'price', 'done']);
    expect(r.record.ledgerHash).toBe(uninterruptedHash());
    expect(r.read.step).toBe(1);
    expect(r.notSink).toBe('400 NOT_A_SINK');
    expect(r.deleted.message).toBe("Template 'E2E orders' deleted with 1 execution");
    expect(r.gone).toBe('404 EXECUTION_NOT_FOUND');
    allowStatuses(pageProblems, [400, 404]);
  });

  test('keeps an execution across a reload: same step, and the same ledger hash at the end', async ({ page }) => {
    await openApp(page);
    const ids = await page.evaluate(
      async ([s, evs]) => {
        const api = (window as Handle).flowledger!.api;
        const { templateId } = await api.createTemplate({ name: 'Reload', scenario: s as Record<string, unknown> });
        const { executionId } = await api.createExecution(templateId, { externalEvents: evs as never });
        await api.executeStep(templateId, executionId, 3);
        return { templateId, executionId };
      },
      [scenario, events] as const,
    );
    await page.reload();
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    const after = await page.evaluate(async ({ templateId, executionId }) => {
      const api = (window as Handle).flowledger!.api;
      const record = await api.getExecution(executionId);
      const at3 = await api.executeStep(templateId, executionId, 3);
      const end = await api.executeStep(templateId, executionId, 'end');
      return { record, at3: at3.step, status: end.status, hash: (await api.getExecution(executionId)).ledgerHash };
    }, ids);
    expect(after.record.currentStep).toBe(3);
    expect(after.at3).toBe(3);
    expect(after.status).toBe('completed');
    expect(after.hash).toBe(uninterruptedHash());
  });
});
