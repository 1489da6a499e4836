import { readFileSync } from 'node:fs';
import type { FrameLocator, Page } from '@playwright/test';
import { encodeShare } from '../../src/ui/controllers/share/shareLink';
import { expect, test } from './fixtures';
import { serveHostPages, type HostPages } from './hostPages';
import { cliRunPledFixture, expected } from './workspaceHelpers';

/**
 * The embeddable player in an <iframe> on a host page served from ANOTHER local port (another
 * origin, as a docs site would be): the workflow given by `src`, by the fragment, and by
 * postMessage; it steps and plays, tells the host each step and the end, and an invalid workflow
 * shows an error inside the frame.
 */
const order = expected('order-pipeline');
const orderDoc = JSON.parse(readFileSync(new URL('../../examples/order-pipeline.json', import.meta.url), 'utf8'));

let host: HostPages;

/** The host page: one iframe, every message from it recorded in `window.received`. */
function hostPage(frameSrc: string, post?: unknown): string {
  return `<!doctype html><html><head><title>Docs page</title></head><body>
<h1>Our workflow</h1>
<iframe title="Flowledger player" src="${frameSrc}" style="width:900px;height:560px;border:0"></iframe>
<script>
  window.received = [];
  const toPost = ${JSON.stringify(post ?? null)};
  window.addEventListener('message', (e) => {
    window.received.push(e.data);
    if (e.data && e.data.type === 'flowledger:ready' && toPost) e.source.postMessage(toPost, '*');
  });
</script></body></html>`;
}

const pages: Record<string, string> = {};

test.beforeAll(async () => {
  host = await serveHostPages(pages);
});

test.afterAll(async () => {
  await host.close();
});

/** Opens a host page that frames the player at `query` (relative to the app), optionally posting a message. */
async function openHost(page: Page, baseURL: string, query: string, post?: unknown): Promise<FrameLocator> {
  const path = `/docs-${Object.keys(pages).length}.html`;
  pages[path] = hostPage(new URL(query, baseURL).href, post);
  await page.goto(`${host.url}${path}`);
  return page.frameLocator('iframe[title="Flowledger player"]');
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: { type: string; step?: number }[] }).received);

test.describe('embeddable player', () => {
  test('given by src: shows the graph and step counter, steps and tells the host page', async ({ page, baseURL }) => {
    const frame = await openHost(page, baseURL!, 'embed.html?src=examples/order-pipeline.json');
    await expect(frame.getByRole('heading', { name: 'Order pipeline' })).toBeVisible({ timeout: 20_000 });
    await expect(frame.getByText('Step 0 of 0')).toBeVisible();
    // Only the player: no template library, no panels.
    await expect(frame.getByRole('navigation', { name: 'Templates' })).toHaveCount(0);
    await expect(frame.getByRole('tablist')).toHaveCount(0);
    await frame.getByRole('button', { name: 'Step', exact: true }).click();
    await frame.getByRole('button', { name: 'Step', exact: true }).click();
    await expect(frame.getByText('Step 2 of 2')).toBeVisible();
    await expect(frame.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuenow', '2');
    await expect
      .poll(async () => (await received(page)).filter((m) => m.type === 'flowledger:step').map((m) => m.step))
      .toEqual(expect.arrayContaining([0, 1, 2]));
    // It needs no service worker: none controls the frame.
    const frameHandle = page.frames().find((f) => f.url().includes('embed.html'))!;
    expect(await frameHandle.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
  });

  test('given inline in the fragment, with a start step, autoplay and speed: plays to the end and says so', async ({
    page,
    baseURL,
  }) => {
    const json = encodeURIComponent(JSON.stringify(orderDoc));
    const frame = await openHost(page, baseURL!, `embed.html?step=3&autoplay=1&speed=30&theme=dark#json=${json}`);
    await expect(frame.getByRole('heading', { name: 'Order pipeline' })).toBeVisible({ timeout: 20_000 });
    await expect(frame.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await received(page)).some((m) => m.type === 'flowledger:ended')).toBe(true);
    const all = await received(page);
    const ended = all.find((m) => m.type === 'flowledger:ended') as unknown as { ledgerHash: string; step: number };
    expect(ended.step).toBe(order.steps);
    expect(ended.ledgerHash).toBe(order.cliHash);
    // The run started from step 3, not 0.
    const steps = all.filter((m) => m.type === 'flowledger:step').map((m) => m.step!);
    expect(steps[0]).toBe(3);
    const frameHandle = page.frames().find((f) => f.url().includes('embed.html'))!;
    expect(await frameHandle.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  test('given by postMessage from the host page', async ({ page, baseURL }) => {
    const frame = await openHost(page, baseURL!, 'embed.html', {
      type: 'flowledger:load',
      template: orderDoc,
    });
    await expect(frame.getByRole('heading', { name: 'Order pipeline' })).toBeVisible({ timeout: 20_000 });
    await frame.getByRole('button', { name: 'Run to end' }).click();
    await expect(frame.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible();
    await expect.poll(async () => (await received(page)).some((m) => m.type === 'flowledger:ended')).toBe(true);
  });

  test('events in the original tool shape, posted or in a share fragment, replay to the CLI hash', async ({
    page,
    baseURL,
  }) => {
    // tests/fixtures/pled/document-review: typed events (no targetDataSourceId), routed by type.
    const fixture = (file: string) =>
      readFileSync(new URL(`../../tests/fixtures/pled/${file}`, import.meta.url), 'utf8');
    const doc = JSON.parse(fixture('document-review.json'));
    const events = JSON.parse(fixture('document-review.events.json'));
    const cli = cliRunPledFixture('document-review');
    const endedHash = async () => {
      await expect.poll(async () => (await received(page)).some((m) => m.type === 'flowledger:ended')).toBe(true);
      return ((await received(page)).find((m) => m.type === 'flowledger:ended') as unknown as { ledgerHash: string })
        .ledgerHash;
    };

    const posted = await openHost(page, baseURL!, 'embed.html', { type: 'flowledger:load', template: doc, events });
    await expect(posted.getByRole('heading', { name: doc.name })).toBeVisible({ timeout: 20_000 });
    await posted.getByRole('button', { name: 'Run to end' }).click();
    await expect(posted.getByText(`Step ${cli.steps} of ${cli.steps}`)).toBeVisible();
    expect(await endedHash()).toBe(cli.ledgerHash);

    const link = encodeShare({
      template: { name: doc.name, description: doc.description, scenario: doc.scenario },
      seed: 1,
      inputLog: [{ step: 0, events }],
      step: cli.steps,
      ended: true,
      ledgerHash: cli.ledgerHash,
      view: { step: null, node: null, lineage: null },
    });
    if (!link.ok) throw new Error('expected a link');
    const shared = await openHost(page, baseURL!, `embed.html?autoplay=1&speed=30${link.fragment}`);
    await expect(shared.getByRole('heading', { name: doc.name })).toBeVisible({ timeout: 20_000 });
    await expect(shared.getByText(`Step ${cli.steps} of ${cli.steps}`)).toBeVisible({ timeout: 30_000 });
    expect(await endedHash()).toBe(cli.ledgerHash);
  });

  test('an invalid workflow shows its problems inside the frame, not a blank frame', async ({ page, baseURL }) => {
    const bad = { name: 'Broken', scenario: { version: '3.0', nodes: [{ nodeId: 'x', type: 'Teleporter' }] } };
    const frame = await openHost(page, baseURL!, `embed.html#json=${encodeURIComponent(JSON.stringify(bad))}`);
    const alert = frame.getByRole('alert');
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('This workflow cannot be shown');
    await expect(alert).toContainText('/scenario/nodes/0/type');
    await expect.poll(async () => (await received(page)).some((m) => m.type === 'flowledger:error')).toBe(true);
  });

  test('the live example page shipped with the build frames the player and shows its messages', async ({ page }) => {
    await page.goto('embed-example.html');
    const frame = page.frameLocator('iframe[title="Order pipeline"]');
    await expect(frame.getByRole('heading', { name: 'Order pipeline' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status')).toHaveText('The player shows step 0 of 0 (ready).');
    await frame.getByRole('button', { name: 'Step', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(/The player shows step 1 of 1/);
  });
});
