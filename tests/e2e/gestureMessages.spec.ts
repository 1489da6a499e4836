/**
 * One gesture, one message (issue 40): the page's own UI reaches the engine worker directly, one
 * Comlink call per gesture. Every message the page posts to a worker is counted per worker script
 * (Worker.prototype.postMessage wrapped before the app loads); after the workspace is open, New run
 * posts at most 2 messages to the engine worker, Step 1, Run to end 1 and a timeline seek 1. The
 * real service worker, engine worker and IndexedDB are in play; the service worker controls the page.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { button, openTemplate } from './workspaceHelpers';

interface Tally {
  /** Messages posted per worker script (its path, without the build's hash). */
  posted: Record<string, number>;
  /** What each engine-worker message asked for (Comlink's member path), in order. */
  asked: string[];
  /** Engine-worker answers received (Comlink answers each call once). */
  answered: number;
}

declare global {
  interface Window {
    __tally: Tally;
  }
}

/** Not pure: counts, from the first script on, every message the page posts to each worker. */
async function countWorkerMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tally: Tally = { posted: {}, asked: [], answered: 0 };
    window.__tally = tally;
    const scripts = new WeakMap<Worker, string>();
    const Original = window.Worker;
    const script = (url: string | URL) => new URL(String(url), location.href).pathname.replace(/-[\w-]{8}\.js$/, '.js');
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const name = script(url);
        scripts.set(this, name);
        if (name.includes('engine.worker')) this.addEventListener('message', () => void tally.answered++);
      }
    };
    const post = Original.prototype.postMessage;
    Original.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const name = scripts.get(this) ?? 'unknown';
      tally.posted[name] = (tally.posted[name] ?? 0) + 1;
      if (name.includes('engine.worker')) {
        const path = (args[0] as { path?: unknown } | null)?.path;
        tally.asked.push(Array.isArray(path) ? path.join('.') : String((args[0] as { type?: unknown })?.type));
      }
      return (post as (...a: unknown[]) => void).apply(this, args);
    } as Worker['postMessage'];
  });
}

/** The engine worker's tally since `from`: messages posted to it and what they asked. */
async function engineSince(page: Page, from: { posted: number; asked: number }) {
  const t = await page.evaluate(() => window.__tally);
  const posted = Object.entries(t.posted)
    .filter(([name]) => name.includes('engine.worker'))
    .reduce((a, [, n]) => a + n, 0);
  return { posted: posted - from.posted, asked: t.asked.slice(from.asked), answered: t.answered };
}

/** Not pure: waits until every message posted to the engine worker has its answer; answers the mark to count from. */
async function settled(page: Page): Promise<{ posted: number; asked: number }> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const t = window.__tally;
        return t.asked.filter((a) => a !== 'RELEASE').length - t.answered;
      }),
    )
    .toBeLessThanOrEqual(0);
  // Two frames: whatever the shown step makes the screen read has been asked by then.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const t = await page.evaluate(() => window.__tally);
  const posted = Object.entries(t.posted)
    .filter(([name]) => name.includes('engine.worker'))
    .reduce((a, [, n]) => a + n, 0);
  return { posted, asked: t.asked.length };
}

test.describe('one gesture, one message to the engine worker', () => {
  test('New run ≤ 2, Step 1, Run to end 1, a timeline seek 1', async ({ page }) => {
    await countWorkerMessages(page);
    await openTemplate(page, 'Order pipeline');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // On a first visit the engine worker is replaced once the service worker takes control (src/main.ts,
    // `appEngine.renew()`), and the new worker's first message tells it the app's address
    // (`setAppBase`): a one-time message that can land in any gesture. Counted here is the page as it
    // is from then on: reloaded, under the service worker from its first request.
    await page.reload();
    await expect(button(page, 'Step')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    for (const n of [1, 2]) {
      const step = await countSince(page, await settled(page), async () => {
        await button(page, 'Step').click();
        await expect(page.getByText(`Step ${n} of ${n}`)).toBeVisible();
      });
      expect(step.asked, `Step ${n}`).toEqual(['advanceRun']);
      expect(step.posted, `Step ${n}`).toBe(1);
    }

    const seek = await countSince(page, await settled(page), async () => {
      const slider = page.getByRole('slider', { name: 'Timeline' });
      await slider.fill('1');
      await expect(slider).toHaveAttribute('aria-valuenow', '1');
      await expect(page.getByText('Step 1 of 2')).toBeVisible();
    });
    expect(seek.asked, 'a timeline seek').toEqual(['stepView']);
    expect(seek.posted, 'a timeline seek').toBe(1);

    const end = await countSince(page, await settled(page), async () => {
      await button(page, 'Run to end').click();
      await expect(page.getByTestId('run-status')).toHaveText('Completed');
    });
    expect(end.asked, 'Run to end').toEqual(['advanceRun']);
    expect(end.posted, 'Run to end').toBe(1);

    const newRun = await countSince(page, await settled(page), async () => {
      await button(page, 'New run').click();
      await expect(page.getByText('Step 0 of 0')).toBeVisible();
    });
    expect(newRun.asked, 'New run').toContain('startRun');
    expect(newRun.posted, `New run posted ${newRun.asked.join(', ')}`).toBeLessThanOrEqual(2);
  });
});

/** Not pure: does `gesture`, waits for the engine worker to have answered all, and answers what was posted to it meanwhile. */
async function countSince(page: Page, mark: { posted: number; asked: number }, gesture: () => Promise<void>) {
  await gesture();
  await settled(page);
  const since = await engineSince(page, mark);
  return { posted: since.posted, asked: since.asked };
}
