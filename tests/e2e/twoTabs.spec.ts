import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import AxeBuilder from './axe';

/**
 * Two tabs of one browser editing one template (issue 39): a save made on an older revision is
 * never a silent overwrite. The second tab is a page of the same browser context (same origin, same
 * database, same service worker), as a second tab of one window is.
 */

/** Makes a blank template in the editor and saves it; answers its editor address. */
async function savedBlank(page: Page): Promise<string> {
  await page.goto('./?view=library');
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByRole('button', { name: 'Blank scenario' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Untitled workflow”' })).toBeVisible();
  await expect(page).toHaveURL(/view=editor&template=/);
  return page.url();
}

/** Opens the editor at `url` and waits until the text is checked. */
async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('textbox', { name: 'Template JSON' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Valid\s*·\s*saved/ })).toBeVisible();
}

/** Types `suffix` at the end of the template's name. */
async function appendToName(page: Page, suffix: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Template JSON' });
  await editor.locator('.cm-line', { hasText: '"name": "Untitled workflow"' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(suffix);
}

/** Replaces the scenario's `maxSteps` value by `value`. */
async function setMaxSteps(page: Page, value: number): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Template JSON' });
  await editor.locator('.cm-line', { hasText: '"maxSteps":' }).getByText('100').dblclick();
  await page.keyboard.type(String(value));
  await expect(page.getByRole('status').filter({ hasText: /^Valid\s*·\s*unsaved changes/ })).toBeVisible();
}

/** The stored templates, read through the page's API (the service worker answers). */
async function storedTemplates(page: Page): Promise<{ name: string; scenario: { maxSteps: number } }[]> {
  return page.evaluate(async () => {
    const r = await fetch('/api/admin/templates');
    const { templates } = (await r.json()) as { templates: { name: string; scenario: { maxSteps: number } }[] };
    // The examples stored on first open are not this test's.
    return templates.filter((t) => t.name.startsWith('Untitled workflow'));
  });
}

/** The editor's whole text (CodeMirror renders only what is visible). */
async function editorText(page: Page): Promise<string> {
  return page.evaluate(
    () => (window as unknown as { __flowledgerEditor?: { text(): string } }).__flowledgerEditor?.text() ?? '',
  );
}

test.describe('two tabs editing one template', () => {
  test('A renames and saves, B changes maxSteps and saves: B gets a conflict, compares, keeps its version as a copy; nothing is lost', async ({
    page: a,
    context,
  }) => {
    const url = await savedBlank(a);
    const b = await context.newPage();
    const bErrors: string[] = [];
    b.on('pageerror', (err) => bErrors.push(err.message));
    await openEditor(b, url);

    await a.bringToFront();
    await appendToName(a, ' Renamed');
    await a.getByRole('button', { name: 'Save' }).click();
    await expect(a.getByRole('status').filter({ hasText: 'Saved “Untitled workflow Renamed”' })).toBeVisible();

    await b.bringToFront();
    await setMaxSteps(b, 250);
    await b.getByRole('button', { name: 'Save' }).click();
    const conflict = b.getByRole('alertdialog', { name: 'Not saved: this template was changed elsewhere' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('changed its name');
    // B never says "saved" while its change is not stored.
    await expect(b.getByRole('status').filter({ hasText: /·\s*unsaved changes/ })).toBeVisible();
    expect((await storedTemplates(b)).map((t) => [t.name, t.scenario.maxSteps])).toEqual([
      ['Untitled workflow Renamed', 100],
    ]);

    // Keyboard: the choice has the focus; Tab reaches the others.
    await expect(conflict.getByRole('button', { name: 'Reload theirs' })).toBeFocused();
    await b.keyboard.press('Tab');
    await expect(conflict.getByRole('button', { name: 'Keep mine as a copy' })).toBeFocused();
    await b.keyboard.press('Tab');
    await expect(conflict.getByRole('button', { name: 'Compare' })).toBeFocused();
    await b.keyboard.press('Enter');
    const theirs = conflict.getByRole('figure', { name: /^Theirs/ });
    const mine = conflict.getByRole('figure', { name: /^Mine/ });
    await expect(theirs).toContainText('"name": "Untitled workflow Renamed"');
    await expect(theirs).toContainText('"maxSteps": 100');
    await expect(mine).toContainText('"name": "Untitled workflow"');
    await expect(mine).toContainText('"maxSteps": 250');
    expect(await new AxeBuilder(b).seriousViolations()).toEqual([]);

    await conflict.getByRole('button', { name: 'Keep mine as a copy' }).click();
    await expect(conflict).toBeHidden();
    await expect(
      b.getByRole('status').filter({ hasText: 'Kept your version as the new template “Untitled workflow (copy)”' }),
    ).toBeVisible();
    await expect(b.getByRole('status').filter({ hasText: /^Valid\s*·\s*saved/ })).toBeVisible();
    expect(b.url()).not.toBe(url);

    const stored = (await storedTemplates(b)).map((t) => [t.name, t.scenario.maxSteps]);
    expect(stored).toEqual([
      ['Untitled workflow (copy)', 250],
      ['Untitled workflow Renamed', 100],
    ]);
    expect(bErrors).toEqual([]);
  });

  test('a tab that regains focus says its template changed elsewhere; after a conflict, Reload theirs takes the stored text and the next save goes through', async ({
    page: a,
    context,
  }) => {
    const url = await savedBlank(a);
    const b = await context.newPage();
    await openEditor(b, url);

    await a.bringToFront();
    await appendToName(a, ' Renamed');
    await a.getByRole('button', { name: 'Save' }).click();
    await expect(a.getByRole('status').filter({ hasText: 'Saved “Untitled workflow Renamed”' })).toBeVisible();

    // B regains focus: it says the template changed elsewhere, and no longer says "saved".
    // Playwright keeps every page focused (bringToFront sends no focus event), so the focus event a
    // real tab switch sends is sent here.
    await b.bringToFront();
    await b.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    const notice = b.getByRole('alert').filter({ hasText: 'This template was changed elsewhere' });
    await expect(notice).toContainText('its name');
    await expect(b.getByRole('status').filter({ hasText: /·\s*changed elsewhere/ })).toBeVisible();

    // B saves anyway: the conflict, not an overwrite; B reloads theirs.
    await setMaxSteps(b, 250);
    await b.getByRole('button', { name: 'Save' }).click();
    const conflict = b.getByRole('alertdialog', { name: 'Not saved: this template was changed elsewhere' });
    await conflict.getByRole('button', { name: 'Reload theirs' }).press('Enter');
    await expect(conflict).toBeHidden();
    await expect(b.getByRole('status').filter({ hasText: /^Valid\s*·\s*saved/ })).toBeVisible();
    expect(await editorText(b)).toContain('"name": "Untitled workflow Renamed"');
    expect(await editorText(b)).toContain('"maxSteps": 100');

    // Made again on the stored revision, B's change is saved over A's rename, which it keeps.
    await setMaxSteps(b, 250);
    await b.getByRole('button', { name: 'Save' }).click();
    await expect(b.getByRole('status').filter({ hasText: 'Saved “Untitled workflow Renamed”' })).toBeVisible();
    expect((await storedTemplates(b)).map((t) => [t.name, t.scenario.maxSteps])).toEqual([
      ['Untitled workflow Renamed', 250],
    ]);

    // A, back in front, says the template changed elsewhere (its scenario).
    await a.bringToFront();
    await a.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    await expect(a.getByRole('alert').filter({ hasText: 'This template was changed elsewhere' })).toContainText(
      'its scenario',
    );
  });
});
