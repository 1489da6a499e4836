import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { serveHostPages, type HostPages } from './hostPages';

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

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** In the player's frame: every node's drawn box (label included) and every overlay's, in frame pixels. */
async function boxes(page: Page): Promise<{ nodes: (Box & { id: string })[]; overlays: (Box & { name: string })[] }> {
  const frame = page.frames().find((f) => f.url().includes('embed.html'))!;
  return frame.evaluate(() => {
    const canvas = document.querySelector('[aria-label^="Workflow graph"]') as HTMLElement & {
      _cyreg: {
        cy: {
          nodes(): {
            map<T>(
              f: (n: { id(): string; renderedBoundingBox(): { x1: number; y1: number; x2: number; y2: number } }) => T,
            ): T[];
          };
        };
      };
    };
    const frameBox = canvas.getBoundingClientRect();
    const nodes = canvas._cyreg.cy.nodes().map((n) => {
      const b = n.renderedBoundingBox();
      return {
        id: n.id(),
        left: frameBox.left + b.x1,
        top: frameBox.top + b.y1,
        right: frameBox.left + b.x2,
        bottom: frameBox.top + b.y2,
      };
    });
    // Whatever floats over the graph: the canvas's siblings that are drawn. A transparent layer that
    // lets the pointer through (the travelling tokens, drawn on the graph's own edges) hides nothing.
    const seeThrough = (el: Element) => {
      const cs = getComputedStyle(el);
      return cs.pointerEvents === 'none' && cs.backgroundColor === 'rgba(0, 0, 0, 0)';
    };
    const overlays = [...(canvas.parentElement?.children ?? [])]
      .filter((el) => el !== canvas && !seeThrough(el))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(({ el, r }) => ({
        name: el.getAttribute('aria-label') ?? el.className,
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
      }));
    return { nodes, overlays };
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

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
        await expect.poll(async () => (await boxes(page)).nodes.length).toBeGreaterThan(3);
        const { nodes, overlays } = await boxes(page);
        expect(overlays.length).toBeGreaterThan(0);
        const covered = nodes.flatMap((n) =>
          overlays.filter((o) => overlaps(n, o)).map((o) => `${n.id} under ${o.name}`),
        );
        expect(covered).toEqual([]);
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
