import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core in the page under test. The script goes in through DevTools evaluation (`page.evaluate`),
 * which the page's Content-Security-Policy does not apply to — a `<script>` tag would be refused.
 */
export default class AxeBuilder {
  constructor(private readonly page: Page) {}

  /** Violations of impact `serious` or `critical` (WCAG 2.x A/AA and best-practice rules). */
  async seriousViolations(): Promise<Violation[]> {
    await this.page.evaluate(axeSource);
    const all = await this.page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: unknown,
              opts: unknown,
            ) => Promise<{
              violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
            }>;
          };
        }
      ).axe;
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }
}

/** Every axe-core violation, whatever its impact, in the elements `selectors` match only (`id: targets`). */
export async function axeOn(page: Page, selectors: string[]): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const present = include.filter((s) => document.querySelector(s) !== null);
    const r = await axe.run({ include: present.map((s) => [s]) }, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selectors);
}
