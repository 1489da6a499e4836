// Screenshots of the log ingestion screens for docs/ui.md: the guided example at 1440 and 390 px,
// light and dark, on the BUILT app (npm run build first). Usage: node scripts/ingest-screenshots.mjs
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

const PORT = Number(process.env.SHOT_PORT ?? 4391);
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
  stdio: 'ignore',
});
await new Promise((r) => setTimeout(r, 4000));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const [width, height] of [
    [1440, 1000],
    [390, 900],
  ]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
      await page.goto(`http://127.0.0.1:${PORT}/?view=ingest&example=openssh`);
      await page
        .getByRole('table', { name: 'Templates' })
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      await page.screenshot({ path: `docs/ingest-${width}-${scheme}.png`, fullPage: width < 500 ? false : true });
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
