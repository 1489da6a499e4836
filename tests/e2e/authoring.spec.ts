import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import AxeBuilder from './axe';
import { test, expect } from './fixtures';

/** Opens the editor on a new template from the blank scenario, through the library. */
async function newBlank(page: Page): Promise<void> {
  await page.goto('./?view=library');
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByRole('button', { name: 'Blank scenario' }).click();
  await expect(page.getByRole('textbox', { name: 'Template JSON' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
}

/** The editor's text, read from the page (CodeMirror renders only what is visible; read the state). */
async function editorText(page: Page): Promise<string> {
  return page.evaluate(
    () => (window as unknown as { __flowledgerEditor?: { text(): string } }).__flowledgerEditor?.text() ?? '',
  );
}

type Handle = { flowledger: { api: EngineAPIService } };

/** The CLI (`flowledger run`) on `doc`: its sinks' collected values. */
function cliSinkValues(doc: unknown): Record<string, unknown[]> {
  const dir = mkdtempSync(join(tmpdir(), 'flowledger-authoring-'));
  try {
    const file = join(dir, 'saved.json');
    writeFileSync(file, JSON.stringify(doc));
    const out = execFileSync(process.execPath, ['bin/flowledger.mjs', 'run', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const summary = JSON.parse(out) as { sinks: Record<string, { values: unknown[] }> };
    return Object.fromEntries(Object.entries(summary.sinks).map(([id, s]) => [id, s.values]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test.describe('visual authoring', () => {
  test('blank → delete the edge → ProcessNode and FSM through the forms → save → run: the sink gets twice the source', async ({
    page,
  }) => {
    await newBlank(page);
    const edges = page.getByRole('list', { name: 'Edges' });
    const nodesList = page.getByRole('list', { name: 'Nodes' });
    const props = page.getByRole('region', { name: 'Node properties' });

    // The blank scenario's source → sink edge, selected and deleted.
    await edges.getByRole('button', { name: 'source → sink' }).click();
    await page.getByRole('button', { name: 'Delete edge' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted the edge “source” → “sink”' })).toBeVisible();
    await expect(edges.getByRole('button')).toHaveCount(0);

    // A ProcessNode, connected source → process1 → sink through the outputs form.
    await page.getByRole('button', { name: 'Add ProcessNode' }).click();
    await expect(props.getByRole('heading', { name: /process1/ })).toBeVisible();
    await nodesList.getByRole('button', { name: 'source', exact: true }).click();
    await props.getByRole('combobox', { name: 'Add output to' }).selectOption('process1');
    await props.getByRole('button', { name: 'Add output' }).click();
    await nodesList.getByRole('button', { name: 'process1' }).click();
    await props.getByRole('combobox', { name: 'Add output to' }).selectOption('sink');
    await props.getByRole('button', { name: 'Add output' }).click();
    await expect(edges.getByRole('button')).toHaveText(['source → process1', 'process1 → sink']);

    // The formula, through the form.
    const formula = props.getByRole('textbox', { name: 'Formula' });
    await expect(formula).toHaveValue('value');
    await formula.fill('value * 2');
    await expect
      .poll(async () => JSON.parse(await editorText(page)).scenario.nodes[2].processing)
      .toEqual({
        formula: 'value * 2',
      });

    // An FSM with two states and one transition, through the form, fed by the process node.
    await page.getByRole('button', { name: 'Add FSM' }).click();
    await expect(props.getByRole('heading', { name: /fsm1/ })).toBeVisible();
    await props.getByRole('button', { name: 'Remove transition 1' }).click();
    await props.getByRole('button', { name: 'Remove state done' }).click();
    await props.getByRole('button', { name: 'Remove state idle' }).click();
    await props.getByRole('button', { name: 'Add state' }).click();
    await props.getByRole('button', { name: 'Add state' }).click();
    await props.getByRole('textbox', { name: 'State 1 name' }).fill('waiting');
    await props.getByRole('textbox', { name: 'State 1 name' }).press('Enter');
    await props.getByRole('textbox', { name: 'State 2 name' }).fill('seen');
    await props.getByRole('textbox', { name: 'State 2 name' }).press('Enter');
    await props.getByRole('button', { name: 'Add transition' }).click();
    await expect(props.getByRole('combobox', { name: 'Transition 1 to' })).toHaveValue('seen');
    await nodesList.getByRole('button', { name: 'process1' }).click();
    await props.getByRole('combobox', { name: 'Add output to' }).selectOption('fsm1');
    await props.getByRole('button', { name: 'Add output' }).click();
    await expect
      .poll(async () => JSON.parse(await editorText(page)).scenario.nodes[3].fsm)
      .toEqual({
        states: [{ name: 'waiting', isInitial: true }, { name: 'seen' }],
        transitions: [{ from: 'waiting', to: 'seen', trigger: 'token_received' }],
      });

    // Try shows the effect before saving: twice the source's 1…10.
    await page.getByRole('spinbutton', { name: 'Steps to try' }).fill('100');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Sinks after the try' })).toContainText(
      'sink: 10 collected — 2, 4, 6, 8, 10, 12, 14, 16, 18, 20',
    );

    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved “Untitled workflow”' })).toBeVisible();
    await expect(page).toHaveURL(/view=editor&template=/);
    const templateId = new URL(page.url()).searchParams.get('template')!;

    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page).toHaveURL(/execution=/);
    await page.getByRole('button', { name: /Run to end/ }).click();
    const sinkRow = page.getByRole('table', { name: 'Nodes' }).getByRole('row', { name: /^Sink/ });
    await expect(sinkRow).toContainText('10 collected');
    const executionId = new URL(page.url()).searchParams.get('execution')!;

    // The app's sink against the command line on the saved JSON, and both against 2 × (1…10).
    const { saved, listed } = await page.evaluate(
      async ({ templateId, executionId }) => {
        const api = (window as unknown as Handle).flowledger.api;
        const t = await api.getTemplate(templateId);
        const agg = await api.getSinkAggregation(templateId, executionId, 'sink', 'list');
        return { saved: { name: t.name, scenario: t.scenario }, listed: agg.value };
      },
      { templateId, executionId },
    );
    const doubled = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20];
    expect(listed).toEqual(doubled);
    expect(cliSinkValues(saved).sink).toEqual(doubled);
  });

  test("an FSM state's actions and a transition's ends, edited through the form", async ({ page }) => {
    await newBlank(page);
    const props = page.getByRole('region', { name: 'Node properties' });
    const announced = (text: string) => page.getByRole('status').filter({ hasText: text });
    await page.getByRole('button', { name: 'Add FSM' }).click();
    await expect(props.getByRole('heading', { name: /fsm1/ })).toBeVisible();

    // A log action on entry: its message.
    await props.getByRole('combobox', { name: 'Action for idle' }).selectOption('onEntry:log');
    await props.getByRole('button', { name: 'Add action to idle' }).click();
    const message = props.getByRole('textbox', { name: 'idle onEntry action 1 message' });
    await expect(message).toHaveValue('entered idle');
    await message.fill('hello');
    await message.press('Enter');
    await expect(announced('Action message set.')).toBeVisible();

    // A set_variable action on entry: its target and value (a number stays a number).
    await props.getByRole('combobox', { name: 'Action for idle' }).selectOption('onEntry:set_variable');
    await props.getByRole('button', { name: 'Add action to idle' }).click();
    const target = props.getByRole('textbox', { name: 'idle onEntry action 2 target' });
    await expect(target).toHaveAttribute('placeholder', 'variable');
    await target.fill('y');
    await target.press('Enter');
    await expect(announced('Action target set.')).toBeVisible();
    const value = props.getByRole('textbox', { name: 'idle onEntry action 2 value' });
    await value.fill('3');
    await value.press('Enter');
    await expect(announced('Action value set.')).toBeVisible();

    // An emit action on exit: its output and formula.
    await props.getByRole('combobox', { name: 'Action for idle' }).selectOption('onExit:emit');
    await props.getByRole('button', { name: 'Add action to idle' }).click();
    const output = props.getByRole('textbox', { name: 'idle onExit action 1 output' });
    await expect(output).toHaveAttribute('placeholder', 'output name (all)');
    await output.fill('out');
    await output.press('Enter');
    await expect(announced('Action output set.')).toBeVisible();
    const formula = props.getByRole('textbox', { name: 'idle onExit action 1 formula' });
    await expect(formula).toHaveAttribute('placeholder', "data (default: the token's)");
    await formula.fill('value');
    await formula.press('Enter');
    await expect(announced('Action formula set.')).toBeVisible();

    // The first state's final flag, and the second's initial flag (the only initial state then), by their checkboxes.
    await props.getByRole('checkbox', { name: 'final' }).first().check();
    await expect(announced('State “idle” final: yes.')).toBeVisible();
    await props.getByRole('checkbox', { name: 'initial' }).nth(1).check();
    await expect(announced('State “done” initial: yes.')).toBeVisible();

    // The transition's ends, turned round.
    await props.getByRole('combobox', { name: 'Transition 1 from' }).selectOption('done');
    await expect(announced('Transition 1 from “done”.')).toBeVisible();
    await props.getByRole('combobox', { name: 'Transition 1 to' }).selectOption('idle');
    await expect(announced('Transition 1 to “idle”.')).toBeVisible();

    await expect
      .poll(async () => JSON.parse(await editorText(page)).scenario.nodes[2].fsm)
      .toEqual({
        states: [
          {
            name: 'idle',
            isFinal: true,
            onEntry: [
              { action: 'log', message: 'hello' },
              { action: 'set_variable', target: 'y', value: 3 },
            ],
            onExit: [{ action: 'emit', target: 'out', formula: 'value' }],
          },
          { name: 'done', isInitial: true, isFinal: true },
        ],
        transitions: [{ from: 'done', to: 'idle' }],
      });
  });

  test('a JSON syntax error: line and column, the graph marked stale, the title kept; fixing it clears both', async ({
    page,
  }) => {
    await newBlank(page);
    const editor = page.getByRole('textbox', { name: 'Template JSON' });
    // Drop the comma after the name (line 2): the reader stops at line 3, column 3.
    await editor.locator('.cm-line', { hasText: '"name": "Untitled workflow"' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    const problems = page.getByRole('list', { name: 'Problems' });
    await expect(problems.getByRole('button')).toHaveCount(1);
    await expect(problems.getByRole('button')).toContainText('line 3, column 3');
    await expect(page.getByRole('status').filter({ hasText: /Graph stale since edit 1 / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Untitled workflow');
    await expect(editor.locator('.cm-lintRange-error')).toHaveCount(1);

    await page.keyboard.type(',');
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
    await expect(problems.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /Graph stale/ })).toHaveCount(0);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])
    test(`an edge to a node that does not exist at ${size.width} px: did you mean, the ids that exist, the graph stale and the node marked; fixing it clears them`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await newBlank(page);
      const editor = page.getByRole('textbox', { name: 'Template JSON' });
      await editor.locator('.cm-line', { hasText: '"destinationNodeId": "sink"' }).click();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type('k');
      const problems = page.getByRole('list', { name: 'Problems' });
      const errors = problems.getByRole('button', { name: /^error/ });
      await expect(errors).toHaveCount(1);
      await expect(errors).toContainText(
        'node "sinkk" does not exist (did you mean "sink"?); the nodes are "source" and "sink"',
      );
      const banner = page.getByRole('status').filter({ hasText: /Graph stale since edit 1 / });
      await expect(banner).toContainText(
        'the template breaks a rule (see Problems); marked on the graph: node “source”',
      );
      await expect(
        page.getByRole('img', { name: /^Preview of the scenario graph.*, problems at node “source”$/ }),
      ).toBeVisible();
      // The banner and the marked graph pass axe-core (serious and critical rules), light and dark
      // (the pointer moved off the JSON first: its hover help is not part of this).
      await page.mouse.move(0, 0);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await new AxeBuilder(page).seriousViolations()).toEqual([]);
      }
      // The message wraps inside its row: nothing is cut off at the right (390 px included).
      const row = errors.first();
      await row.scrollIntoViewIfNeeded();
      const fits = await row.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth + 1 && box.right <= document.documentElement.clientWidth + 1;
      });
      expect(fits).toBe(true);

      await editor.locator('.cm-line', { hasText: '"destinationNodeId": "sinkk"' }).click();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Backspace');
      await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
      await expect(problems.getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: /Graph stale/ })).toHaveCount(0);
      await expect(page.getByRole('img', { name: /problems at/ })).toHaveCount(0);
      await expect(page.getByRole('img', { name: /Preview of the scenario graph/ })).toBeVisible();
    });

  test('an edge selected on the canvas goes with Delete; a node dropped onto an edge is spliced in', async ({
    page,
  }) => {
    await newBlank(page);
    const canvas = page.getByRole('img', { name: /Preview of the scenario graph/ });
    const centre = (id: string) =>
      page.evaluate(
        (nodeId) =>
          (
            window as unknown as { __flowledgerEditor: { centre(id: string): { x: number; y: number } } }
          ).__flowledgerEditor.centre(nodeId),
        id,
      );
    // Add a node, then drag it onto the middle of source → sink.
    await page.getByRole('button', { name: 'Add ProcessNode' }).click();
    const rendered = () =>
      page.evaluate(() => (window as unknown as { __flowledgerEditor?: { nodes: number } }).__flowledgerEditor?.nodes);
    await expect.poll(rendered).toBe(3);
    const box = (await canvas.boundingBox())!;
    const a = await centre('source');
    const b = await centre('sink');
    const p = await centre('process1');
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    await page.mouse.move(box.x + p.x, box.y + p.y);
    await page.mouse.down();
    await page.mouse.move(box.x + (p.x + mid.x) / 2, box.y + (p.y + mid.y) / 2, { steps: 5 });
    await page.mouse.move(box.x + mid.x, box.y + mid.y, { steps: 5 });
    await page.mouse.up();
    await expect(
      page.getByRole('status').filter({ hasText: 'Spliced “process1” into “source” → “sink”' }),
    ).toBeVisible();
    const edges = page.getByRole('list', { name: 'Edges' });
    await expect(edges.getByRole('button')).toHaveText(['source → process1', 'process1 → sink']);

    // Click the edge process1 → sink on the canvas (a quarter of the way), then press Delete.
    // The graph is redrawn with the new edges once the text is checked.
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
    await expect.poll(rendered).toBe(3);
    const p2 = await centre('process1');
    const s2 = await centre('sink');
    await page.mouse.click(box.x + (p2.x + s2.x) / 2, box.y + (p2.y + s2.y) / 2);
    await expect(canvas).toHaveAccessibleName(/edge process1 → sink selected/);
    await page.keyboard.press('Delete');
    await expect(edges.getByRole('button')).toHaveText(['source → process1']);
    const doc = JSON.parse(await editorText(page));
    expect(doc.scenario.nodes[2].outputs).toEqual([]);
  });

  test('the formula box completes names, shows the validator’s error under it, and the panel passes axe', async ({
    page,
  }) => {
    await newBlank(page);
    await page.getByRole('button', { name: 'Add ProcessNode' }).click();
    const props = page.getByRole('region', { name: 'Node properties' });
    const formula = props.getByRole('textbox', { name: 'Formula' });
    await formula.fill('');
    await formula.pressSequentially('ro');
    const options = props.getByRole('listbox', { name: 'Formula completions' });
    await expect(options.getByRole('option')).toHaveText([/^round\(\)/]);
    await page.keyboard.press('Enter');
    await expect(formula).toHaveValue('round(');
    await formula.pressSequentially('value * ');
    // Checked as typed: the validator's message shows under the box, which is marked invalid.
    await expect(formula).toHaveAttribute('aria-invalid', 'true');
    await expect(props).toContainText('does not parse');
    // A pause longer than the editor's undo grouping (500 ms), then the rest in one burst.
    await page.waitForTimeout(700);
    await formula.pressSequentially('2)', { delay: 20 });
    await expect(formula).not.toHaveAttribute('aria-invalid');
    expect(JSON.parse(await editorText(page)).scenario.nodes[2].processing.formula).toBe('round(value * 2)');
    // The form's typing is grouped like typed text: one undo in the JSON takes the last burst back
    // whole (both characters), not one character.
    await page.getByRole('textbox', { name: 'Template JSON' }).focus();
    await page.keyboard.press('Control+z');
    await expect(formula).toHaveValue('round(value * ');

    await page.getByRole('button', { name: 'Add FSM' }).click();
    await expect(props.getByRole('heading', { name: /fsm1/ })).toBeVisible();
    const violations = await new AxeBuilder(page).seriousViolations();
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
  });

  test('a node picked on the graph brings its properties into view at 1440×900', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('./?view=library');
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByRole('dialog', { name: 'New template' }).getByRole('button', { name: 'Order pipeline' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
    const canvas = page.getByRole('img', { name: /Preview of the scenario graph/ });
    type Handle = { __flowledgerEditor?: { nodes: number; centre(id: string): { x: number; y: number } } };
    await expect.poll(() => page.evaluate(() => (window as unknown as Handle).__flowledgerEditor?.nodes)).toBe(11);
    const props = page.getByRole('region', { name: 'Node properties' });
    const at = await page.evaluate(() => (window as unknown as Handle).__flowledgerEditor!.centre('router'));
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + at.x, box.y + at.y);
    await expect(props.getByRole('heading', { name: /router/ })).toBeVisible();
    // Its first fields are on screen, not below the fold of the column.
    await expect(props.getByRole('textbox', { name: 'Display name' })).toBeInViewport();
  });
});
