import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { covered, graphGeometry } from './graphGeometry';
import { serveHostPages, type HostPages } from './hostPages';
import { expected } from './workspaceHelpers';

/**
 * The embeddable player at the sizes docs pages give it (issue 22): in a 320, 520 and 900 px wide
 * frame, light and dark, it draws one legend at most (none in the narrowest), and after Fit no node
 * — label included — lies under anything floating over the graph (zoom buttons, overview, legend).
 * A `src` that is wrong, not JSON, blocked or invalid gets a sentence naming the file.
 * The frame sits on a host page of another origin, as on a docs site.
 */
let host: HostPages;
const pages: Record<string, string> = {};

test.beforeAll(async () => {
  host = await serveHostPages(pages);
});

test.afterAll(async () => {
  await host.close();
});

/**
 * Drops from the page's recorded problems the failed request a test provokes on purpose (the
 * browser logs a failed fetch as a console error); anything else still fails the test.
 */
function allowFailedRequests(problems: string[], failure: RegExp): void {
  const provoked = problems.filter((p) => /^console\.error: Failed to load resource: /.test(p) && failure.test(p));
  problems.splice(0, problems.length, ...problems.filter((p) => !provoked.includes(p)));
}

/** A host page framing the player at `query`, `width`×520 px (the size embed-example.html gives it). */
async function frameAt(page: Page, baseURL: string, query: string, width: number): Promise<FrameLocator> {
  const path = `/doc-${Object.keys(pages).length}.html`;
  pages[path] = `<!doctype html><html lang="en"><head><title>Docs</title></head><body style="margin:0">
<iframe title="Flowledger player" src="${new URL(query, baseURL).href}" style="width:${width}px;height:520px;border:0"></iframe>
</body></html>`;
  await page.setViewportSize({ width: Math.max(width + 40, 400), height: 640 });
  await page.goto(`${host.url}${path}`);
  return page.frameLocator('iframe[title="Flowledger player"]');
}

/** The player's frame (the page's child frame that shows embed.html). */
const playerFrame = (page: Page) => page.frames().find((f) => f.url().includes('embed.html'))!;

test.describe('embeddable player at any size', () => {
  for (const theme of ['light', 'dark'] as const)
    for (const width of [320, 520, 900])
      test(`${width} px, ${theme}: at most one legend, and no node under an overlay after Fit`, async ({
        page,
        baseURL,
      }) => {
        const frame = await frameAt(
          page,
          baseURL!,
          `embed.html?src=examples/order-pipeline.json&theme=${theme}`,
          width,
        );
        await expect(frame.getByRole('heading', { name: 'Order pipeline' })).toBeVisible({ timeout: 20_000 });
        const legends = frame.getByRole('list', { name: 'Legend' });
        if (width < 400) await expect(legends).toHaveCount(0);
        else await expect(legends).toHaveCount(1);
        await frame.getByRole('button', { name: 'Fit', exact: true }).click();
        // The graph is laid out and drawn: every node has a box.
        await expect.poll(async () => (await graphGeometry(playerFrame(page))).nodes.length).toBeGreaterThan(3);
        const g = await graphGeometry(playerFrame(page));
        // The tools at least are measured (under the graph in the player), whatever else floats.
        expect(g.overlays.map((o) => o.name)).toContain('Graph view');
        expect(covered(g)).toEqual([]);
      });

  // The load balancer at docs widths (issue 41): after Run to end, a compact Result under the graph
  // names every Sink with the count `flowledger run` prints; the nodes' names are on the graph at
  // 10 px or more where they fit (520 and 900 px), and listed with their counts beside the shapes
  // where they cannot (320 px).
  const balancer = expected('load-balancer');
  const doc = JSON.parse(readFileSync(new URL('../../examples/load-balancer.json', import.meta.url), 'utf8')) as {
    scenario: { nodes: { nodeId: string; type: string; displayName?: string }[] };
  };
  const sinks = doc.scenario.nodes.filter((n) => n.type === 'Sink').map((n) => n.nodeId);
  /** The Sinks table's rows as `name: collected`. */
  const sinkRows = async (frame: FrameLocator): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const row of await frame.getByRole('table', { name: 'Sinks' }).locator('tbody tr').all())
      out[await row.locator('th').innerText()] = Number(await row.locator('td').first().innerText());
    return out;
  };
  for (const width of [320, 520, 900])
    test(`load balancer at ${width} px: every Sink's name and count after Run to end, ${
      width < 400 ? 'the names listed beside the shapes' : 'names on the graph at 10 px or more'
    }`, async ({ page, baseURL }) => {
      const frame = await frameAt(page, baseURL!, 'embed.html?src=examples/load-balancer.json', width);
      await expect(frame.getByRole('heading', { name: 'Load balancer' })).toBeVisible({ timeout: 20_000 });
      await frame.getByRole('button', { name: 'Run to end' }).click();
      const steps = balancer.steps;
      await expect(frame.getByText(`Step ${steps} of ${steps}`)).toBeVisible();
      const result = frame.getByRole('region', { name: 'Result' });
      await expect(result).toContainText(`Completed at step ${steps}`);
      const collected = (step: number) =>
        Object.fromEntries(sinks.map((id) => [balancer.names[id]!, balancer.statesAt(step)[id]!.tokensProcessed]));
      expect(sinks.length).toBeGreaterThanOrEqual(3);
      await expect.poll(() => sinkRows(frame)).toEqual(collected(steps));
      await expect(result).toBeInViewport();
      // The Result follows the timeline.
      await frame.getByRole('slider', { name: 'Timeline' }).fill('12');
      await expect(result).toContainText('at step 12');
      await expect.poll(() => sinkRows(frame)).toEqual(collected(12));

      await frame.getByRole('button', { name: 'Fit', exact: true }).click();
      const g = await graphGeometry(playerFrame(page));
      expect(covered(g)).toEqual([]);
      const list = frame.getByRole('list', { name: 'Nodes and counts' });
      if (width < 400) {
        // The whole graph as shapes, its names in the list beside it.
        await expect(frame.getByRole('status').filter({ hasText: 'nodes in view' })).toHaveText(
          `${g.nodeCount} of ${g.nodeCount} nodes in view`,
        );
        await expect(list).toBeVisible();
        await expect(list.getByRole('listitem')).toHaveCount(doc.scenario.nodes.length);
        for (const n of doc.scenario.nodes) await expect(list).toContainText(n.displayName ?? n.nodeId);
        expect(g.labelPx).toEqual([]);
      } else {
        await expect(list).toHaveCount(0);
        expect(g.labelPx).toHaveLength(g.nodeCount);
        expect(Math.min(...g.labelPx)).toBeGreaterThanOrEqual(10);
      }
    });

  test('a wrong src names the file and says what to do', async ({ page, baseURL, pageProblems }) => {
    const frame = await frameAt(page, baseURL!, 'embed.html?src=examples/no-such-flow.json', 520);
    const alert = frame.getByRole('alert');
    await expect(alert).toContainText('no-such-flow.json', { timeout: 20_000 });
    await expect(alert).toContainText("Check the src in the player's address");
    await expect(alert).not.toContainText('Unexpected token');
    allowFailedRequests(pageProblems, /status of 404/);
  });

  test('a src that is a web page, a blocked fetch and a template failing validation each name the file', async ({
    page,
    baseURL,
    pageProblems,
  }) => {
    await page.route('**/examples/blocked-flow.json', (route) => route.abort('blockedbyclient'));
    await page.route('**/examples/broken-flow.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          name: 'Broken',
          scenario: { version: '3.0', nodes: [{ nodeId: 'x', type: 'Teleporter' }] },
        }),
      }),
    );
    const asPage = await frameAt(page, baseURL!, 'embed.html?src=index.html', 520);
    await expect(asPage.getByRole('alert')).toContainText('index.html', { timeout: 20_000 });
    await expect(asPage.getByRole('alert')).toContainText('is a web page, not a template');
    await expect(asPage.getByRole('alert')).not.toContainText('Unexpected token');

    const blocked = await frameAt(page, baseURL!, 'embed.html?src=examples/blocked-flow.json', 520);
    await expect(blocked.getByRole('alert')).toContainText('blocked-flow.json could not be fetched', {
      timeout: 20_000,
    });

    const broken = await frameAt(page, baseURL!, 'embed.html?src=examples/broken-flow.json', 520);
    await expect(broken.getByRole('alert')).toContainText('broken-flow.json cannot be shown', { timeout: 20_000 });
    await expect(broken.getByRole('alert')).toContainText('/scenario/nodes/0/type');
    allowFailedRequests(pageProblems, /ERR_BLOCKED_BY_CLIENT/);
  });
});
