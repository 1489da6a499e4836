import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Engine } from '../../src/engine';
import type { NodeState } from '../../src/engine/types';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * What a person should see, computed independently of the page: the example's scenario run by the
 * engine in Node (step by step) and the ledger hash printed by the command line.
 */
export interface Expected {
  steps: number;
  activeAt(step: number): string[];
  statesAt(step: number): Record<string, NodeState>;
  names: Record<string, string>;
  /** `node bin/flowledger.mjs run <file>`'s ledgerHash. */
  cliHash: string;
}

const root = new URL('../../', import.meta.url);

/**
 * Not pure: `flowledger run tests/fixtures/pled/<name>.json --events tests/fixtures/pled/<name>.events.json`,
 * its step count and ledgerHash.
 */
export function cliRunPledFixture(name: string): { steps: number; ledgerHash: string } {
  const file = `tests/fixtures/pled/${name}`;
  return JSON.parse(
    execFileSync('node', ['bin/flowledger.mjs', 'run', `${file}.json`, '--events', `${file}.events.json`], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
}

/** Runs `examples/<name>.json` in Node and with the CLI. */
export function expected(name: string): Expected {
  const file = new URL(`examples/${name}.json`, root);
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const engine = new Engine();
  expect(engine.initialize(doc.scenario).errors).toEqual([]);
  engine.runToEnd();
  const cli = JSON.parse(
    execFileSync('node', ['bin/flowledger.mjs', 'run', `examples/${name}.json`], { cwd: root, encoding: 'utf8' }),
  );
  const at = (step: number) => {
    const r = engine.stepResult(step);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  const names: Record<string, string> = {};
  for (const n of doc.scenario.nodes) names[n.nodeId] = n.displayName ?? n.nodeId;
  return {
    steps: engine.getCurrentTick(),
    activeAt: (s) => at(s).activeNodeIds,
    statesAt: (s) => at(s).nodeStates,
    names,
    cliHash: cli.ledgerHash,
  };
}

/** Opens the app and the template named `name` from the list, and waits for its run to show. */
export async function openTemplate(page: Page, name: string): Promise<void> {
  await page.goto('./');
  await page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Timeline' })).toBeAttached();
  await expect(page).toHaveURL(/[?&]execution=[^&]+/);
}

/** The Nodes table's rows as `{name: [processed, held, state, acted]}`. */
export async function nodesTable(
  page: Page,
): Promise<Record<string, { processed: number; held: string; state: string; acted: boolean }>> {
  const table = page.getByRole('table', { name: 'Nodes' });
  const rows = await table.locator('tbody tr').all();
  const out: Record<string, { processed: number; held: string; state: string; acted: boolean }> = {};
  for (const row of rows) {
    const name = (await row.getByRole('button').innerText()).trim();
    const cells = await row.getByRole('cell').allInnerTexts();
    out[name] = {
      state: cells[1]!.trim(),
      processed: Number(cells[2]),
      held: cells[3]!.trim(),
      acted: (await row.getByText('(acted)').count()) > 0,
    };
  }
  return out;
}

/** The names of the nodes the table marks as having acted in the shown step. */
export async function actedNames(page: Page): Promise<string[]> {
  const t = await nodesTable(page);
  return Object.keys(t).filter((k) => t[k]!.acted);
}

/** The transport's buttons by exact name. */
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
