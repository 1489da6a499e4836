// The answer first and the whole graph in view (issue 41): at 390 px the Result is in view after Run
// to end without scrolling, the SSH templates' sinks are in view at Fit, the player's new parts (its
// Result, the node list, the status) pass axe, and the docs pictures of both.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import AxeBuilder from './axe';
import { docShot } from './docShot';
import { expect, test } from './fixtures';
import { button, openTemplate } from './workspaceHelpers';

const inViewStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'nodes in view' });

/** The ids of `examples/<file>.json`'s Sinks. */
function sinksOf(file: string): string[] {
  const doc = JSON.parse(readFileSync(new URL(`../../examples/${file}.json`, import.meta.url), 'utf8')) as {
    scenario: { nodes: { nodeId: string; type: string }[] };
  };
  return doc.scenario.nodes.filter((n) => n.type === 'Sink').map((n) => n.nodeId);
}

/** Node `id`'s shape lies wholly inside the graph's canvas (read from the page's graph). */
async function nodeInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((nodeId) => {
    const host = document.querySelector('[aria-label^="Workflow graph"]') as unknown as {
      _cyreg: {
        cy: {
          width(): number;
          height(): number;
          getElementById(id: string): {
            nonempty(): boolean;
            renderedBoundingBox(o: object): { x1: number; y1: number; x2: number; y2: number };
          };
        };
      };
    };
    const cy = host._cyreg.cy;
    const n = cy.getElementById(nodeId);
    if (!n.nonempty()) return false;
    const b = n.renderedBoundingBox({ includeLabels: false });
    return b.x1 >= -0.5 && b.y1 >= -0.5 && b.x2 <= cy.width() + 0.5 && b.y2 <= cy.height() + 0.5;
  }, id);
}

test.describe('at 390 px', () => {
  for (const name of ['Order pipeline', 'Sensor windows', 'Load balancer'])
    test(`${name}: after Run to end the Result is in view without scrolling`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openTemplate(page, name);
      await button(page, 'Run to end').click();
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result.getByText(/^Completed/)).toBeVisible();
      // The Result's heading and its Sinks table are on screen: the person reads the answer where
      // they pressed the button (the test never scrolls the page itself).
      await expect(result.getByRole('heading', { name: 'Result' })).toBeInViewport();
      await expect(result.getByRole('table', { name: 'Sinks' })).toBeInViewport({ ratio: 0.9 });
      // The answer first: the Result stands above the graph.
      const resultTop = (await result.boundingBox())!.y;
      const graphTop = (await page.getByRole('img', { name: /^Workflow graph/ }).boundingBox())!.y;
      expect(resultTop).toBeLessThan(graphTop);
    });

  for (const [name, file] of [
    ['SSH sessions from logs', 'ssh-sessions'],
    ['SSH attempts from a real sshd log', 'ssh-log-sessions'],
  ] as const)
    test(`${name}: every Sink is in view at Fit (it was off screen)`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openTemplate(page, name);
      await page.getByRole('group', { name: 'Graph view' }).getByRole('button', { name: 'Fit' }).click();
      const total = await page.getByRole('table', { name: 'Nodes' }).locator('tbody tr').count();
      await expect(inViewStatus(page)).toHaveText(new RegExp(`^${total} of ${total} nodes in view`));
      const sinks = sinksOf(file);
      expect(sinks.length).toBeGreaterThan(0);
      for (const id of sinks) expect(await nodeInView(page, id), id).toBe(true);
    });
});

test.describe('the player at docs widths', () => {
  for (const width of [320, 520])
    test(`no serious accessibility violations at ${width} px after Run to end, light and dark`, async ({ page }) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 520 });
        await page.goto(`embed.html?src=examples/load-balancer.json&theme=${theme}`);
        await button(page, 'Run to end').click();
        await expect(page.getByRole('region', { name: 'Result' })).toContainText('Completed at step');
        await expect(inViewStatus(page)).toBeVisible();
        if (width < 400) await expect(page.getByRole('list', { name: 'Nodes and counts' })).toBeVisible();
        const violations = await new AxeBuilder(page).seriousViolations();
        expect(violations, `${width} px, ${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      }
    });
});

test.describe('screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`workspace at Fit with the Result open, 1440 px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await openTemplate(page, 'Load balancer');
      await button(page, 'Run to end').click();
      await expect(page.getByRole('region', { name: 'Result' }).getByText(/^Completed/)).toBeVisible();
      await page.getByRole('group', { name: 'Graph view' }).getByRole('button', { name: 'Fit' }).click();
      await expect(inViewStatus(page)).toHaveText(/^16 of 16 nodes in view/);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({ path: docShot(`docs/screenshots/workspace-fit-${theme}.png`) });
    });

    test(`workspace at 390 px after Run to end, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await openTemplate(page, 'Approval desk');
      await button(page, 'Run to end').click();
      await expect(page.getByRole('region', { name: 'Result' }).getByText(/^Completed/)).toBeVisible();
      await expect(inViewStatus(page)).toHaveText(/^4 of 4 nodes in view/);
      await page.screenshot({ path: docShot(`docs/screenshots/workspace-fit-mobile-${theme}.png`) });
    });

    for (const width of [320, 520])
      test(`player at ${width} px after Run to end, ${theme}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 520 });
        await page.goto(`embed.html?src=examples/load-balancer.json&theme=${theme}`);
        await button(page, 'Run to end').click();
        await expect(page.getByRole('region', { name: 'Result' })).toContainText('Completed at step');
        await page.getByRole('button', { name: 'Fit', exact: true }).click();
        await expect(inViewStatus(page)).toBeVisible();
        await page.screenshot({ path: docShot(`docs/screenshots/embed-${width}-${theme}.png`) });
      });
  }
});
