import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openTemplate } from './panelHelpers';
import { axeOn } from './axe';
import { docShot } from './docShot';

/**
 * State machines, drawn (docs/ui.md "State machines"): after a run, selecting an FSM shows the region
 * `States of <name>` whose `States` and `Transitions` tables carry `flowledger run`'s figures — the
 * node state (`aggregates`, `currentState`) and, per transition, the STATE_TRANSITION events of the
 * ledger the command line writes (`--ledger`), so the expected figures come from the command line,
 * never from the page's own code. The diagram opens over the workflow graph; a state's machines
 * are listed as correlation ids, each a button that traces it.
 */

const root = new URL('../../', import.meta.url);
const cwd = root.pathname;

interface CliFsm {
  steps: number;
  currentState: string | null;
  aggregates: Record<string, number>;
  /** `from->to` → STATE_TRANSITION events of the node in the ledger. */
  fired: Record<string, number>;
}

/** `flowledger run examples/<name>.json [--events …] --ledger …`: the FSM `nodeId`'s node state and its transitions fired. */
function cliRun(name: string, nodeId: string, events?: string): CliFsm {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-'));
  const ledger = join(dir, 'ledger.ndjson');
  const args = ['bin/flowledger.mjs', 'run', `examples/${name}.json`, '--ledger', ledger];
  if (events) args.push('--events', events);
  const out = JSON.parse(execFileSync('node', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 })) as {
    steps: number;
    nodeStates: Record<string, { currentState: string | null; aggregates: Record<string, number> }>;
  };
  const fired: Record<string, number> = {};
  for (const line of readFileSync(ledger, 'utf8').split('\n')) {
    if (line === '') continue;
    const e = JSON.parse(line) as { nodeId: string; operation: string; from?: string; to?: string };
    if (e.nodeId === nodeId && e.operation === 'STATE_TRANSITION') {
      const key = `${e.from}->${e.to}`;
      fired[key] = (fired[key] ?? 0) + 1;
    }
  }
  const s = out.nodeStates[nodeId]!;
  return { steps: out.steps, currentState: s.currentState, aggregates: s.aggregates, fired };
}

/** The rows of the table named `name` in `region`, as their cells' texts (row header first). */
async function rows(region: Locator, name: string): Promise<string[][]> {
  const table = region.getByRole('table', { name, exact: true });
  await expect(table).toBeVisible();
  const out: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) {
    // A state's row header is its button (a state entered in the shown step also says so beside it).
    const cells = await row.locator(':scope > th button, :scope > td').allInnerTexts();
    out.push(cells.map((c) => c.trim()));
  }
  return out;
}

async function runToEnd(page: Page, steps: number): Promise<void> {
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText(`Step ${steps} of ${steps}`)).toBeVisible({ timeout: 60_000 });
}

async function selectNode(page: Page, name: string): Promise<void> {
  await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name, exact: true }).click();
}

/** The guided example: the bundled sshd log parsed with openssh-sessions, sent to a new run, run to its end. */
async function guidedSshRun(page: Page, steps: number): Promise<void> {
  await page.goto('./');
  await page.getByRole('link', { name: 'Try it with a real log' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Templates' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Send to run' }).click();
  await expect(page).toHaveURL(/execution=/, { timeout: 60_000 });
  await runToEnd(page, steps);
}

const approval = cliRun('approval-fsm', 'desk');
const approvalDoc = JSON.parse(readFileSync(new URL('examples/approval-fsm.json', root), 'utf8'));
const deskSpec = approvalDoc.scenario.nodes.find((n: { nodeId: string }) => n.nodeId === 'desk');
const deskName: string = deskSpec.displayName;

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${viewport.width}×${viewport.height}, ${colorScheme}`, () => {
      test.use({ viewport, colorScheme });

      test(`Approval desk → Run to end → States of ${deskName} equal to flowledger run's node state`, async ({
        page,
      }) => {
        await openTemplate(page, 'Approval desk');
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await runToEnd(page, approval.steps);
        await selectNode(page, deskName);
        const region = page.getByRole('region', { name: `States of ${deskName}` });
        await expect(region).toBeVisible();
        await expect(region).toContainText(`one machine, in ${approval.currentState}`);
        // One machine: in it now is 1 for the CLI's currentState; entered in all is its aggregates.
        expect(await rows(region, 'States')).toEqual(
          deskSpec.fsm.states.map((s: { name: string }) => [
            s.name,
            s.name === approval.currentState ? '1' : '0',
            String(approval.aggregates[s.name]),
          ]),
        );
        // Step 18 brought the desk back to ready: that state is lit as entered in the step.
        await expect(region.getByRole('row', { name: /^ready entered at step 18/ })).toBeVisible();
        const transitions = await rows(region, 'Transitions');
        expect(transitions.map((r) => [r[0], r[1], r[3]])).toEqual(
          deskSpec.fsm.transitions.map((t: { from: string; to: string }) => [
            t.from,
            t.to,
            String(approval.fired[`${t.from}->${t.to}`] ?? 0),
          ]),
        );
        expect(transitions.map((r) => r[2])).toEqual(['value <= 100', 'any token', 'after 1 step', 'after 1 step']);

        // The diagram opens over the workflow graph, and closes back to it.
        await region.getByRole('button', { name: 'Show the state diagram' }).click();
        const diagram = page.getByRole('img', {
          name: new RegExp(`^State diagram of ${deskName} at step ${approval.steps}`),
        });
        await expect(diagram).toBeVisible();
        await expect(region.getByRole('button', { name: 'Show the workflow' })).toHaveAttribute('aria-pressed', 'true');
        // No axe violation on the new parts.
        expect(await axeOn(page, ['.fsm', '.fsm-diagram'])).toEqual([]);
        await page.screenshot({ path: `/tmp/fsm-approval-${viewport.width}-${colorScheme}.png` });

        // One machine: choosing a state says where it is, with no ids to trace.
        await region.getByRole('button', { name: 'approved', exact: true }).click();
        await expect(region.getByRole('region', { name: 'Machines in approved' })).toContainText(
          'One machine for the whole node; it is not in approved now',
        );

        // An earlier step: the figures follow the timeline.
        await page.getByRole('slider', { name: 'Timeline' }).fill('5');
        await expect(region).toContainText('At step 5');
        expect((await rows(region, 'States')).map((r) => r.slice(0, 3))).toEqual([
          ['ready', '0', '2'],
          ['approved', '0', '1'],
          ['rejected', '1', '1'],
        ]);
        await page.getByRole('button', { name: 'Show the workflow' }).first().click();
        await expect(diagram).toHaveCount(0);
      });
    });
  }
}

test.describe('the SSH example after a log-driven run', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("per-state instance counts equal the CLI's; a state's machines trace one by a button", async ({ page }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), 'ssh-'));
    const events = join(dir, 'events.ndjson');
    execFileSync(
      'node',
      [
        'bin/flowledger.mjs',
        'parse',
        'public/parser/sources/openssh-2k.log',
        '--config',
        'public/parser/configs/openssh-sessions.json',
        '--out',
        events,
      ],
      { cwd, encoding: 'utf8' },
    );
    const ssh = cliRun('ssh-log-sessions', 'attempt', events);
    const doc = JSON.parse(readFileSync(new URL('examples/ssh-log-sessions.json', root), 'utf8'));
    const spec = doc.scenario.nodes.find((n: { nodeId: string }) => n.nodeId === 'attempt');

    await guidedSshRun(page, ssh.steps);
    await selectNode(page, spec.displayName);
    const region = page.getByRole('region', { name: `States of ${spec.displayName}` });
    const states = await rows(region, 'States');
    expect(states.map((r) => [r[0], r[1]])).toEqual(
      spec.fsm.states.map((s: { name: string }) => [s.name, String(ssh.aggregates[s.name])]),
    );
    const transitions = await rows(region, 'Transitions');
    expect(transitions.map((r) => [r[0], r[1], r[3]])).toEqual(
      spec.fsm.transitions.map((t: { from: string; to: string }) => [
        t.from,
        t.to,
        String(ssh.fired[`${t.from}->${t.to}`] ?? 0),
      ]),
    );

    // The largest state lists its first machines and says how many more there are.
    const largest = Object.entries(ssh.aggregates).sort((a, b) => b[1] - a[1])[0]!;
    await region.getByRole('button', { name: largest[0], exact: true }).click();
    const machines = region.getByRole('region', { name: `Machines in ${largest[0]}` });
    await expect(machines).toContainText(`${largest[1]} machines in ${largest[0]}`);
    const traces = machines.getByRole('button', { name: /^Trace / });
    await expect(traces).toHaveCount(Math.min(50, largest[1]));
    if (largest[1] > 50) {
      await expect(machines).toContainText(`${largest[1] - 50} more.`);
      await machines.getByRole('button', { name: 'Show more' }).click();
      await expect(traces).toHaveCount(Math.min(100, largest[1]));
    }
    // Tracing one opens its lineage.
    const first = traces.first();
    const id = (await first.innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`[?&]lineage=${id}(&|$)`));
    const lineage = page.getByRole('region', { name: 'Lineage' });
    await expect(lineage).toBeVisible();
    await expect(lineage).toContainText(id);

    // The diagram with the SSH machine drawn: states and transitions, counts on them.
    await region.getByRole('button', { name: 'Show the state diagram' }).click();
    await expect(page.getByRole('img', { name: /^State diagram of Connection attempt/ })).toBeVisible();
    await page.screenshot({ path: '/tmp/fsm-ssh-1440.png' });
  });
});

test.describe('screenshots', () => {
  test("screenshots: the SSH state diagram opened, 1440 and 390, light and dark, its per-state counts the CLI's", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const dir = mkdtempSync(join(tmpdir(), 'ssh-'));
    const events = join(dir, 'events.ndjson');
    execFileSync(
      'node',
      [
        'bin/flowledger.mjs',
        'parse',
        'public/parser/sources/openssh-2k.log',
        '--config',
        'public/parser/configs/openssh-sessions.json',
        '--out',
        events,
      ],
      { cwd, encoding: 'utf8' },
    );
    const ssh = cliRun('ssh-log-sessions', 'attempt', events);
    const doc = JSON.parse(readFileSync(new URL('examples/ssh-log-sessions.json', root), 'utf8'));
    const spec = doc.scenario.nodes.find((n: { nodeId: string }) => n.nodeId === 'attempt');
    await guidedSshRun(page, ssh.steps);
    await selectNode(page, 'Connection attempt');
    const region = page.getByRole('region', { name: 'States of Connection attempt' });
    await region.getByRole('button', { name: 'failing', exact: true }).click();
    await region.getByRole('button', { name: 'Show the state diagram' }).click();
    const diagram = page.getByRole('img', { name: /^State diagram of Connection attempt/ });
    await expect(diagram).toBeVisible();
    for (const width of [1440, 390]) {
      await page.setViewportSize(width === 1440 ? { width: 1440, height: 900 } : { width: 390, height: 844 });
      for (let i = 0; i < 2; i++) {
        const theme = (await page.locator('html').getAttribute('data-theme'))!;
        await page.locator('.fsm-diagram').getByRole('button', { name: 'Fit', exact: true }).click();
        await diagram.scrollIntoViewIfNeeded();
        if (width === 390) await page.locator('.fsm-diagram').evaluate((e) => e.scrollIntoView({ block: 'start' }));
        expect(await axeOn(page, ['.fsm', '.fsm-diagram'])).toEqual([]);
        // At each width and in each theme, the per-state counts are the CLI's.
        const states = await rows(region, 'States');
        expect(states.map((r) => [r[0], r[1]])).toEqual(
          spec.fsm.states.map((s: { name: string }) => [s.name, String(ssh.aggregates[s.name])]),
        );
        await page.screenshot({ path: docShot(`docs/screenshots/workspace-fsm-${width}-${theme}.png`) });
        await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
      }
    }
  });
});
