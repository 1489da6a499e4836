// The workspace graph as a person reads it: at Fit the whole graph of every bundled example in view
// (1440, 1280 and 390 px) with labels of a readable size or none, tokens travelling along their edges
// after Step (and standing still, with their counts, when reduced motion is asked for), and axe-core
// at both widths and in both themes.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import AxeBuilder from './axe';
import { expect, test } from './fixtures';
import { covered, graphGeometry } from './graphGeometry';
import { button, openTemplate } from './workspaceHelpers';

/** The names of the bundled examples, as the template list shows them. */
const EXAMPLES: string[] = readdirSync(new URL('../../examples/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => {
    const doc = JSON.parse(readFileSync(new URL(`../../examples/${f}`, import.meta.url), 'utf8'));
    return String(doc.name ?? doc.scenario?.name);
  });

interface LabelSizes {
  nodes: number;
  /** Nodes whose label is drawn, and the smallest of their on-screen font sizes (px). */
  shown: number;
  smallestNode: number;
  /** Waiting edges whose count badge is drawn, and the smallest badge font on screen (px). */
  badges: number;
  smallestBadge: number;
}

/** The on-screen size of every label the graph draws: its font size in graph units × the zoom. */
async function labelSizes(page: Page): Promise<LabelSizes> {
  return page.evaluate(() => {
    type Ele = {
      style(name: string): string;
      hasClass(c: string): boolean;
    };
    type Coll = { map<T>(f: (e: Ele) => T): T[]; length: number };
    const host = document.querySelector('[aria-label^="Workflow graph"]') as unknown as {
      _cyreg: { cy: { zoom(): number; nodes(): Coll; edges(sel?: string): Coll } };
    };
    const cy = host._cyreg.cy;
    const zoom = cy.zoom();
    const size = (e: Ele) => parseFloat(e.style('font-size')) * zoom;
    const drawn = (e: Ele) => e.style('label') !== '' && e.style('display') !== 'none';
    const nodeSizes = cy
      .nodes()
      .map((n) => (drawn(n) ? size(n) : null))
      .filter((s): s is number => s !== null);
    const badgeSizes = cy
      .edges('.waiting')
      .map((e) => (drawn(e) ? size(e) : null))
      .filter((s): s is number => s !== null);
    return {
      nodes: cy.nodes().length,
      shown: nodeSizes.length,
      smallestNode: Math.min(...nodeSizes),
      badges: badgeSizes.length,
      smallestBadge: badgeSizes.length > 0 ? Math.min(...badgeSizes) : Infinity,
    };
  });
}

/** The graph's status line (how much of it is in view). */
const inViewStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'nodes in view' });

// Fit shows the whole graph in the canvas beside the Result, the Inspector and the panels (issue
// 41): every node in view, no tool or legend box over a node box, and the labels either drawn at
// 10 px or more or — a graph too wide for that — hidden, the status saying how to read them.
for (const [width, height] of [
  [1440, 900],
  [1280, 720],
  [390, 844],
] as const) {
  test(`at ${width}×${height} every example at Fit, the Result open, shows all its nodes clear of the tools and legend`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(6);
    await page.setViewportSize({ width, height });
    for (const name of EXAMPLES) {
      await openTemplate(page, name);
      const total = await page.getByRole('table', { name: 'Nodes' }).locator('tbody tr').count();
      expect(total, name).toBeGreaterThan(2);
      // Tokens on their edges, so the count badges are measured too (a run with nothing to do, such
      // as the log-driven example without its parsed log, has no step to take).
      for (let step = 1; step <= 2 && (await button(page, 'Step').isEnabled()); step++) {
        await button(page, 'Step').click();
        await expect(page.getByText(`Step ${step} of ${step}`)).toBeVisible();
      }
      // The Result open beside (or, in one column, above) the graph.
      const toggle = page.getByRole('button', { name: /^Result at step/ });
      if (await toggle.isVisible()) await toggle.click();
      await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();
      await page.getByRole('group', { name: 'Graph view' }).getByRole('button', { name: 'Fit' }).click();
      await expect(inViewStatus(page), name).toHaveText(new RegExp(`^${total} of ${total} nodes in view`));
      const g = await graphGeometry(page.mainFrame());
      expect(g.overlays.map((o) => o.name)).toContain('Graph view');
      expect(covered(g), name).toEqual([]);
      const s = await labelSizes(page);
      if (s.shown > 0) {
        // Every node's label is drawn, at a readable size.
        expect(s.shown, `${name}: labels drawn`).toBe(s.nodes);
        expect(s.smallestNode, `${name}: smallest node label`).toBeGreaterThanOrEqual(10);
        await expect(inViewStatus(page)).not.toContainText('zoom in');
      } else
        await expect(inViewStatus(page), name).toHaveText(`${total} of ${total} nodes in view · zoom in for names`);
      expect(s.smallestBadge, `${name}: smallest count badge`).toBeGreaterThanOrEqual(10);
    }
  });
}

test('a graph too wide for its labels at Fit shows its shapes; zooming in brings the names back, and the status follows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTemplate(page, 'Load balancer');
  const tools = page.getByRole('group', { name: 'Graph view' });
  await tools.getByRole('button', { name: 'Fit' }).click();
  await expect(inViewStatus(page)).toHaveText('16 of 16 nodes in view · zoom in for names');
  expect((await labelSizes(page)).shown).toBe(0);
  // Zoomed in to where the labels are 10 px or more: every label drawn again, part of the graph in view.
  await tools.getByRole('button', { name: 'Zoom in' }).click();
  await tools.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await labelSizes(page)).shown).toBe(16);
  expect((await labelSizes(page)).smallestNode).toBeGreaterThanOrEqual(10);
  await expect(inViewStatus(page)).toHaveText(/^([0-9]|1[0-5]) of 16 nodes in view$/);
  await tools.getByRole('button', { name: 'Fit' }).click();
  await expect(inViewStatus(page)).toHaveText('16 of 16 nodes in view · zoom in for names');
});

test('a graph shown fitted is fitted again when its canvas shrinks', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTemplate(page, 'Approval desk');
  await expect(inViewStatus(page)).toHaveText('4 of 4 nodes in view');
  const before = await page.evaluate(() => document.querySelector('[aria-label^="Workflow graph"]')!.clientHeight);
  // A short window leaves the graph less room: still every node in view, clear of the tools.
  await page.setViewportSize({ width: 1440, height: 640 });
  await expect
    .poll(() => page.evaluate(() => document.querySelector('[aria-label^="Workflow graph"]')!.clientHeight))
    .toBeLessThan(before);
  await expect(inViewStatus(page)).toHaveText('4 of 4 nodes in view');
  expect(covered(await graphGeometry(page.mainFrame()))).toEqual([]);
});

test('a 3,000-node chain (dagre overflows the stack near 2,500) is drawn in simple layers, with a note saying so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('./');
  await page.waitForFunction(() => (window as { flowledger?: unknown }).flowledger !== undefined);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const count = 3000;
  await page.evaluate(async (n) => {
    const nodes: Record<string, unknown>[] = [
      { nodeId: 'n0', type: 'DataSource', count: 1, outputs: [{ destinationNodeId: 'n1' }] },
    ];
    for (let i = 1; i < n - 1; i++)
      nodes.push({ nodeId: `n${i}`, type: 'ProcessNode', outputs: [{ destinationNodeId: `n${i + 1}` }] });
    nodes.push({ nodeId: `n${n - 1}`, type: 'Sink' });
    const api = (window as unknown as { flowledger: { api: { createTemplate(b: unknown): Promise<unknown> } } })
      .flowledger.api;
    await api.createTemplate({ name: 'Deep chain', scenario: { version: '3.0', nodes } });
  }, count);
  await openTemplate(page, 'Deep chain');
  // Opening validates and lays out 3,000 nodes: seconds alone, over 15 s on a machine busy with a
  // second browser, so this one wait is longer than the suite's default.
  await expect(page.getByRole('note')).toHaveText(
    'This graph has 3,000 nodes, more than the 1,200 the full layout handles: its nodes are placed in simple layers, each a column right of its inputs.',
    { timeout: 60_000 },
  );
  const drawn = await page.evaluate(() => {
    const host = document.querySelector('[aria-label^="Workflow graph"]') as unknown as {
      _cyreg: { cy: { nodes(): { map<T>(f: (n: { id(): string; position(): { x: number; y: number } }) => T): T[] } } };
    };
    return host._cyreg.cy.nodes().map((n) => ({ id: n.id(), ...n.position() }));
  });
  expect(drawn).toHaveLength(count);
  // Each node of the chain one column right of the one before it.
  const x = new Map(drawn.map((d) => [d.id, d.x]));
  for (let i = 1; i < count; i++) expect(x.get(`n${i}`)!).toBeGreaterThan(x.get(`n${i - 1}`)!);
});

test('the 500-node bench template at Fit: all 500 nodes in view as shapes; zooming in brings the names back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('./');
  await page.waitForFunction(() => (window as { flowledger?: unknown }).flowledger !== undefined);
  // The benchmark's template (scripts/bench-ui.mjs): a source broadcast to 6 chains of 82 steps.
  await page.evaluate(async () => {
    const nodes: Record<string, unknown>[] = [
      { nodeId: 'src', type: 'DataSource', interval: 1, count: 20, outputs: [{ destinationNodeId: 'fan' }] },
      {
        nodeId: 'fan',
        type: 'Multiplexer',
        multiplexing: { strategy: 'broadcast' },
        outputs: Array.from({ length: 6 }, (_, c) => ({ name: `c${c}`, destinationNodeId: `p${c}_0` })),
      },
    ];
    for (let c = 0; c < 6; c++) {
      for (let i = 0; i < 82; i++)
        nodes.push({
          nodeId: `p${c}_${i}`,
          type: 'ProcessNode',
          displayName: `Chain ${c} step ${i}`,
          processing: { formula: 'input.data.value + 1' },
          outputs: [{ destinationNodeId: i + 1 < 82 ? `p${c}_${i + 1}` : `sink${c}` }],
        });
      nodes.push({ nodeId: `sink${c}`, type: 'Sink', displayName: `Sink ${c}` });
    }
    const api = (window as unknown as { flowledger: { api: { createTemplate(b: unknown): Promise<unknown> } } })
      .flowledger.api;
    await api.createTemplate({ name: 'Five hundred', scenario: { version: '3.0', maxSteps: 200, nodes } });
  });
  await openTemplate(page, 'Five hundred');
  await expect(inViewStatus(page)).toHaveText('500 of 500 nodes in view · zoom in for names', { timeout: 30_000 });
  expect((await labelSizes(page)).shown).toBe(0);
  expect(covered(await graphGeometry(page.mainFrame()))).toEqual([]);
  // Zoom in until the names come back: drawn at 10 px or more, part of the graph in view.
  const zoomIn = page.getByRole('group', { name: 'Graph view' }).getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 20 && (await labelSizes(page)).shown === 0; i++) await zoomIn.click();
  await expect.poll(async () => (await labelSizes(page)).shown).toBe(500);
  expect((await labelSizes(page)).smallestNode).toBeGreaterThanOrEqual(10);
  await expect(inViewStatus(page)).toHaveText(/^[0-9]{1,3} of 500 nodes in view$/);
  await expect(inViewStatus(page)).not.toHaveText(/^500 of/);
});

test('zoomed out past the readable size, labels are hidden rather than shrunk', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTemplate(page, 'Approval desk');
  await expect.poll(async () => (await labelSizes(page)).shown).toBe(4);
  const zoomOut = page.getByRole('group', { name: 'Graph view' }).getByRole('button', { name: 'Zoom out' });
  await zoomOut.click();
  await zoomOut.click();
  await expect.poll(async () => (await labelSizes(page)).shown).toBe(0);
  await expect(inViewStatus(page)).toHaveText('4 of 4 nodes in view · zoom in for names');
  await page.getByRole('group', { name: 'Graph view' }).getByRole('button', { name: 'Fit' }).click();
  await expect.poll(async () => (await labelSizes(page)).shown).toBe(4);
  await expect(inViewStatus(page)).toHaveText('4 of 4 nodes in view');
});

/** Where the tokens on the graph are drawn now (their computed transforms), and how many are moving. */
async function tokens(page: Page): Promise<{ moving: number; at: string[] }> {
  return page.evaluate(() => {
    const dots = [...document.querySelectorAll<HTMLElement>('.graph .tokens .token')].filter(
      (d) => getComputedStyle(d).display !== 'none',
    );
    return {
      moving: dots.filter((d) => d.classList.contains('moving')).length,
      at: dots.map((d) => getComputedStyle(d).transform),
    };
  });
}

test('after Step, the tokens that moved travel along their edges, then rest with their counts', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTemplate(page, 'Order pipeline');
  await button(page, 'Step').click();
  await expect(page.getByText('Step 1 of 1')).toBeVisible();
  // A journey lasts most of the time since the step before (journeyMs): stepping again at once gives
  // one too short to sample. A person reading the graph between steps gives it its full length.
  await page.waitForTimeout(800);
  await button(page, 'Step').click();
  // Tokens appear moving, and their positions change from one frame to a later one while they still
  // move. Sampled until two frames are seen: on a loaded machine the page may draw no frame between
  // two samples, and the animation's time only advances with frames.
  await expect.poll(async () => (await tokens(page)).moving).toBeGreaterThan(0);
  const first = await tokens(page);
  await expect
    .poll(
      async () => {
        const now = await tokens(page);
        return now.moving > 0 && JSON.stringify(now.at) !== JSON.stringify(first.at);
      },
      { intervals: [16] },
    )
    .toBe(true);
  // The journey ends: nothing moves, one token rests on each waiting edge beside its count.
  await expect.poll(async () => (await tokens(page)).moving).toBe(0);
  const sizes = await labelSizes(page);
  expect(sizes.badges).toBeGreaterThan(0);
  expect((await tokens(page)).at.length).toBeGreaterThanOrEqual(sizes.badges);
});

test('with reduced motion, no token moves: they stand on their edges with their counts', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTemplate(page, 'Order pipeline');
  await button(page, 'Step').click();
  await expect(page.getByText('Step 1 of 1')).toBeVisible();
  await button(page, 'Step').click();
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  // Sampled over more than a journey's length: never a moving token, the same positions throughout.
  const first = await tokens(page);
  expect(first.at.length).toBeGreaterThan(0);
  for (let i = 0; i < 8; i++) {
    await page.waitForTimeout(100);
    const now = await tokens(page);
    expect(now.moving).toBe(0);
    expect(now.at).toEqual(first.at);
  }
  expect((await labelSizes(page)).badges).toBeGreaterThan(0);
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`no serious accessibility violations on the workspace at ${width} px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openTemplate(page, 'Load balancer');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Canary split' }).click();
    for (let i = 0; i < 2; i++) {
      const theme = await page.locator('html').getAttribute('data-theme');
      const violations = await new AxeBuilder(page).seriousViolations();
      expect(violations, `${width} px, ${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    }
  });
}

test.describe('legend', () => {
  test('a short graph keeps only a Legend button; pressing it shows the legend', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTemplate(page, 'Order pipeline');
    const legend = page.getByRole('main').getByRole('list', { name: 'Legend' });
    const canvasHeight = () =>
      page.evaluate(() => document.querySelector('[aria-label^="Workflow graph"]')!.clientHeight);
    // A tall canvas shows the legend itself.
    expect(await canvasHeight()).toBeGreaterThanOrEqual(360);
    await expect(legend).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Legend' })).toHaveCount(0);
    // A short window leaves the canvas a narrow band: the legend folds into a button.
    await page.setViewportSize({ width: 1440, height: 560 });
    await expect.poll(canvasHeight).toBeLessThan(360);
    const toggle = page.getByRole('main').getByRole('button', { name: 'Legend' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(legend).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(legend).toBeVisible();
    await expect(legend.getByRole('listitem')).toHaveCount(7);
    await toggle.click();
    await expect(legend).toBeHidden();
  });
});
