import { execFileSync } from 'node:child_process';
import { test, expect } from './fixtures';

const LEGACY = 'examples/legacy-v3-original.json';

test.describe('template library', () => {
  test('a file nested too deeply to check is refused in the import dialog with its depth: no Save, no raw stack error', async ({
    page,
  }) => {
    await page.goto('./?view=library');
    await page.getByRole('button', { name: 'Import' }).waitFor();
    await page.waitForFunction(() => (window as { flowledger?: unknown }).flowledger !== undefined);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Valid JSON (the page's JSON.parse reads it), but 20,000 levels deep: past the 256 levels JSON input may nest.
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const head = '{"name":"Deep","scenario":{"version":"3.0","nodes":[{"nodeId":"a","type":"DataSource","note":';
    const text = `${head}${deep}}]}}`;
    // Four levels before the note: its 253rd bracket is the 257th level.
    const column = head.length + 253;
    await page.getByLabel('Choose a template file').setInputFiles({
      name: 'deep.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    const dialog = page.getByRole('dialog', { name: 'Import deep.json' });
    await expect(dialog.getByRole('alert')).toHaveText(
      `This file cannot be imported: line 1, column ${column}: ` +
        'JSON nested more than 256 levels deep (arrays and objects); the limit is 256.',
    );
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Open in editor' })).toHaveCount(0);
    await expect(dialog).not.toContainText('Maximum call stack');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('import an original-V3-tool file: warnings before saving, save, run it, then delete it naming its execution', async ({
    page,
  }) => {
    await page.goto('./?view=library');
    await page.getByRole('button', { name: 'Import' }).waitFor();
    await page.getByLabel('Choose a template file').setInputFiles(LEGACY);

    const dialog = page.getByRole('dialog', { name: /Import legacy-v3-original\.json/ });
    const warnings = dialog.getByRole('list', { name: 'Import warnings' });
    await expect(warnings.getByRole('listitem').first()).toBeVisible();
    expect(await warnings.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expect(warnings).toContainText('stateActions');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported “Legacy export' })).toBeVisible();

    // The newest card is the import; open it and run it.
    await page.getByLabel('Sort').selectOption('created');
    const card = page.getByRole('listitem', { name: /Legacy export/ }).first();
    await card.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/template=.*execution=/);
    const templateId = new URL(page.url()).searchParams.get('template');
    await page.getByRole('button', { name: /Run to end/ }).click();
    const nodes = page.getByRole('table', { name: 'Nodes' });
    await expect(nodes.getByRole('row', { name: /^Collector/ })).toContainText(/[1-9]\d* collected/);

    await page.getByRole('link', { name: 'Library' }).click();
    await page.getByLabel('Sort').selectOption('created');
    await page
      .getByRole('listitem', { name: /Legacy export/ })
      .first()
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog', { name: /Delete “Legacy export/ });
    // The run just made is named among what is lost.
    // Opening the template made exactly one run, however many times the view asked to open it.
    await expect(confirm).toContainText(/Its execution and its ledger\s+will be lost/);
    await expect(confirm.getByRole('listitem')).toHaveCount(1);
    await expect(confirm.getByRole('listitem')).toContainText('Run 1');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted “Legacy export' })).toBeVisible();
    const ids = await page.evaluate(async () =>
      (
        await (
          window as unknown as { flowledger: { api: { listTemplates(): Promise<{ templates: { id: string }[] }> } } }
        ).flowledger.api.listTemplates()
      ).templates.map((t) => t.id),
    );
    expect(ids).not.toContain(templateId);
  });

  test('search, duplicate, export (the file validates with the CLI), cancel a delete', async ({ page }, testInfo) => {
    await page.goto('./?view=library');
    await page.getByRole('searchbox').fill('joined with the customer');
    await expect(page.getByRole('list', { name: 'Templates in the library' }).getByRole('listitem')).toHaveCount(1);
    const original = page.getByRole('listitem', { name: 'Order pipeline' });
    await original.getByRole('button', { name: 'Duplicate' }).click();
    const copy = page.getByRole('listitem', { name: 'Order pipeline (copy)' });
    await expect(copy).toBeVisible();

    const downloading = page.waitForEvent('download');
    await copy.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    // The exported file is a template the CLI accepts (exit 0; warnings, if any, on stderr).
    execFileSync('node', ['bin/flowledger.mjs', 'validate', file], { stdio: 'pipe' });

    await copy.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete “Order pipeline \(copy\)”/ });
    await expect(confirm).toContainText('no executions');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(copy).toBeVisible();
    await copy.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(copy).toHaveCount(0);
    await expect(original).toBeVisible();
  });

  test('New template offers the examples as starting points', async ({ page }) => {
    await page.goto('./?view=library');
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('button', { name: 'Order pipeline' }).click();
    await expect(page.getByRole('textbox', { name: 'Template JSON' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order pipeline' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
  });
});
