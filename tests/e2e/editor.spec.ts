import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/** Opens the editor on a new template from the blank scenario, through the library. */
async function newBlank(page: Page): Promise<void> {
  await page.goto('./?view=library');
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByRole('button', { name: 'Blank scenario' }).click();
  await expect(page.getByRole('textbox', { name: 'Template JSON' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
}

/** Types `suffix` at the end of the template's name (line `"name": "…",`). */
async function appendToName(page: Page, suffix: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Template JSON' });
  await editor.locator('.cm-line', { hasText: '"name": "Untitled workflow"' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(suffix);
}

/** The editor's text, read from the page (CodeMirror renders only what is visible; read the state). */
async function editorText(page: Page): Promise<string> {
  return page.evaluate(
    () => (window as unknown as { __flowledgerEditor?: { text(): string } }).__flowledgerEditor?.text() ?? '',
  );
}

test.describe('editor', () => {
  test('blank → unknown type shown inline with its path → click lands on it → fix → save → run → sink count', async ({
    page,
  }) => {
    await newBlank(page);
    const editor = page.getByRole('textbox', { name: 'Template JSON' });
    // Rename the workflow so the run is ours, then break the sink's type.
    await appendToName(page, ' Typed');
    const sinkType = editor.locator('.cm-line', { hasText: '"type": "Sink"' }).getByText('"Sink"');
    await sinkType.dblclick();
    await page.keyboard.type('Bogus');

    const problems = page.getByRole('list', { name: 'Problems' });
    const problem = problems.getByRole('button', { name: /\/scenario\/nodes\/1\/type/ });
    await expect(problem).toContainText('unknown node type "Bogus"');
    await expect(editor.locator('.cm-lintRange-error')).toHaveText('"Bogus"');

    // Move the cursor elsewhere, then let the problem bring it back.
    await editor.locator('.cm-line').first().click();
    await problem.click();
    await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe('"Bogus"');

    await page.keyboard.type('"Sink"');
    await expect(problems.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved “Untitled workflow Typed”' })).toBeVisible();
    await expect(page).toHaveURL(/view=editor&template=/);

    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page).toHaveURL(/execution=/);
    await page.getByRole('button', { name: /Run to end/ }).click();
    const sinkRow = page.getByRole('table', { name: 'Nodes' }).getByRole('row', { name: /^Sink/ });
    await expect(sinkRow).toContainText('10 collected');
  });

  test('Save refuses an invalid template and lists the reasons', async ({ page }) => {
    await newBlank(page);
    const editor = page.getByRole('textbox', { name: 'Template JSON' });
    await editor.locator('.cm-line', { hasText: '"destinationNodeId": "sink"' }).getByText('"sink"').dblclick();
    await page.keyboard.type('nowhere');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(alert).toContainText('/scenario/nodes/0/outputs/0/destinationNodeId');
    await expect(page).not.toHaveURL(/template=/);
  });

  test('a formula error is marked at the character the expression parser names', async ({ page }) => {
    await newBlank(page);
    await page.getByRole('button', { name: 'Add ProcessNode' }).click();
    await expect.poll(() => editorText(page)).toContain('"formula": "value"');
    const editor = page.getByRole('textbox', { name: 'Template JSON' });
    await editor.focus();
    // Find the formula with the editor's own search, then type after `value`.
    await page.keyboard.press('Control+f');
    await page.keyboard.type('"formula": "value');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type(' + * 2');
    const problem = page.getByRole('list', { name: 'Problems' }).getByRole('button', { name: /processing\/formula/ });
    await expect(problem).toContainText('does not parse');
    await expect(editor.locator('.cm-lintRange-error')).toHaveText('*');
  });

  test('palette adds a node with a fresh id; dragging it onto another connects them; each is one undo step', async ({
    page,
  }) => {
    await newBlank(page);
    await page.getByRole('button', { name: 'Add ProcessNode' }).click();
    await expect.poll(() => editorText(page)).toContain('"nodeId": "process1"');
    await page.getByRole('button', { name: 'Add Sink' }).click();
    await expect.poll(() => editorText(page)).toContain('"nodeId": "sink1"');
    // The graph shows the new nodes once the document validates.
    const rendered = () =>
      page.evaluate(
        () => (window as unknown as { __flowledgerEditor?: { nodes: number } }).__flowledgerEditor?.nodes ?? 0,
      );
    await expect.poll(rendered).toBe(4);

    await page.getByRole('button', { name: 'Connect mode' }).click();
    const canvas = page.getByRole('img', { name: /Preview of the scenario graph/ });
    const centre = async (id: string) =>
      page.evaluate((nodeId) => {
        const g = (window as unknown as { __flowledgerEditor: { centre(id: string): { x: number; y: number } } })
          .__flowledgerEditor;
        return g.centre(nodeId);
      }, id);
    const box = (await canvas.boundingBox())!;
    const from = await centre('process1');
    const to = await centre('sink1');
    await page.mouse.move(box.x + from.x, box.y + from.y);
    await page.mouse.down();
    await page.mouse.move(box.x + (from.x + to.x) / 2, box.y + (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(box.x + to.x, box.y + to.y, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByRole('status').filter({ hasText: 'Connected “process1” → “sink1”' })).toBeVisible();
    const doc = JSON.parse(await editorText(page));
    const process1 = doc.scenario.nodes.find((n: { nodeId: string }) => n.nodeId === 'process1');
    expect(process1.outputs).toEqual([{ destinationNodeId: 'sink1' }]);

    // One undo takes the connection back, and only it.
    await page.getByRole('textbox', { name: 'Template JSON' }).focus();
    await page.keyboard.press('Control+z');
    const undone = JSON.parse(await editorText(page));
    expect(undone.scenario.nodes.find((n: { nodeId: string }) => n.nodeId === 'process1').outputs).toEqual([]);
    expect(undone.scenario.nodes.map((n: { nodeId: string }) => n.nodeId)).toContain('sink1');
  });

  test('a draft survives a reload', async ({ page }) => {
    await newBlank(page);
    const editor = page.getByRole('textbox', { name: 'Template JSON' });
    await appendToName(page, ' Draft kept');
    // The draft is written shortly after typing stops.
    await page.waitForTimeout(900);
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Restored your unsaved draft' })).toBeVisible();
    await expect.poll(() => editorText(page)).toContain('"name": "Untitled workflow Draft kept"');
  });

  test('a referenceDoc with a script, an onerror image and a javascript: link renders none of them active', async ({
    page,
  }) => {
    await page.goto('./');
    await page.waitForFunction(() => !!(window as unknown as { flowledger?: unknown }).flowledger);
    const referenceDoc = [
      '# Notes',
      '',
      '<script>window.__xss = "script"</script>',
      '<img src="x" onerror="window.__xss = \'img\'">',
      '[click me](javascript:window.__xss=%22link%22)',
      '<a href="javascript:window.__xss=1">raw link</a>',
      '',
      'Plain **bold** text.',
    ].join('\n');
    const id = await page.evaluate(
      async ({ referenceDoc }) => {
        const fl = (
          window as unknown as { flowledger: { api: { createTemplate(b: unknown): Promise<{ templateId: string }> } } }
        ).flowledger;
        const r = await fl.api.createTemplate({
          name: 'XSS reference',
          referenceDoc,
          scenario: {
            version: '3.0',
            nodes: [
              {
                nodeId: 's',
                type: 'DataSource',
                generation: { type: 'constant', value: 1 },
                outputs: [{ destinationNodeId: 'k' }],
              },
              { nodeId: 'k', type: 'Sink' },
            ],
          },
        });
        return r.templateId;
      },
      { referenceDoc },
    );
    await page.goto(`./?view=editor&template=${id}`);
    const doc = page.getByLabel('Reference doc', { exact: true });
    await expect(doc.getByText('bold')).toBeVisible();
    await expect(doc.locator('script')).toHaveCount(0);
    await expect(doc.locator('[onerror]')).toHaveCount(0);
    await expect(doc.locator('a[href^="javascript:" i]')).toHaveCount(0);
    // Raw HTML is shown as text, never as markup; the Markdown link stays text without a target.
    await expect(doc).toContainText('<script>');
    await expect(doc.getByText('click me')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });
});
