// B6 (TARGETS.md): the Ledger panel of the built app, on a run of ~1 M events — scrolling to the middle
// (and to four other places far apart) until the rows there are drawn with their events, not
// placeholders. Driven through the real page: URL → workspace → Ledger tab → paged reads from the
// service. Used by scripts/bench-browser.mjs (`--only B6`).

/** Measures B6 on `page` (the app already open at `baseUrl`); `scenario` is the E1 document. */
export async function measureLedgerPanel(page, baseUrl, scenario, log) {
  log('B6: running the E1 pipeline to the end for the ledger panel…');
  const run = await page.evaluate(async (doc) => {
    const api = window.flowledger.api;
    const { templateId } = await api.createTemplate({ name: 'B6 ledger panel', scenario: doc });
    const { executionId } = await api.createExecution(templateId);
    await api.executeStep(templateId, executionId, 'end', 1);
    const record = await api.getExecution(executionId);
    return { templateId, executionId, ledgerSize: record.ledgerSize, steps: record.currentStep };
  }, scenario);

  log(`B6: opening the workspace on ${run.ledgerSize} events…`);
  // A desktop-sized window, so the bottom panel area has room for rows.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl}?template=${run.templateId}&execution=${run.executionId}`);
  try {
    await page.getByRole('tab', { name: 'Ledger' }).click({ timeout: 120_000 });
  } catch (err) {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 600));
    throw new Error(
      `B6: the workspace did not open the run (${err.message.split('\n')[0]}); the page shows:\n${shown}`,
    );
  }
  const grid = page.getByRole('region', { name: 'Ledger' }).getByRole('grid', { name: 'Ledger events' });
  await grid.waitFor();
  await page.waitForFunction(
    (n) => document.querySelector('[aria-label="Ledger events"]')?.getAttribute('aria-rowcount') === String(n + 1),
    run.ledgerSize,
    { timeout: 300_000 },
  );
  const firstPaintMs = await scrollAndWait(page, 0);

  const samples = [];
  for (const at of [0.5, 0.25, 0.75, 0.501, 0.9]) samples.push({ at, ms: await scrollAndWait(page, at) });
  await page.evaluate(async (id) => window.flowledger.api.deleteTemplate(id), run.templateId);

  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const medianMs = ms[Math.floor(ms.length / 2)];
  return {
    id: 'B6',
    measure: 'ledger panel: scroll to a far place in a ~1 M-event run until its rows show their events',
    ledgerEvents: run.ledgerSize,
    steps: run.steps,
    middleMs: Math.round(samples[0].ms * 10) / 10,
    medianMs: Math.round(medianMs * 10) / 10,
    maxMs: Math.round(ms.at(-1) * 10) / 10,
    firstRowsMs: Math.round(firstPaintMs * 10) / 10,
    runs: samples.map((s) => ({ at: s.at, ms: Math.round(s.ms * 10) / 10 })),
    target: '≤ 100 ms (scroll to the middle)',
    pass: samples[0].ms <= 100,
  };
}

/** Scrolls the ledger to fraction `at` of its range; ms until the rows in view carry their events. */
function scrollAndWait(page, at) {
  return page.evaluate(
    (fraction) =>
      new Promise((resolve, reject) => {
        const grid = document.querySelector('[aria-label="Ledger events"]');
        const scroller = grid?.querySelector('[role="rowgroup"]');
        if (!scroller) return reject(new Error('B6: no ledger scroller'));
        const total = Number(grid.getAttribute('aria-rowcount')) - 1;
        const t0 = performance.now();
        scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * fraction;
        scroller.dispatchEvent(new Event('scroll'));
        const expected = Math.floor(total * fraction);
        const check = () => {
          const rows = [...scroller.querySelectorAll('[role="row"]')];
          const near = rows.filter((r) => Math.abs(Number(r.getAttribute('aria-rowindex')) - 2 - expected) < 200);
          const shown = near.length > 0 && near.every((r) => !/loading row/.test(r.textContent ?? ''));
          if (shown) resolve(performance.now() - t0);
          else if (performance.now() - t0 > 30_000) reject(new Error('B6: rows did not show within 30 s'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    at,
  );
}
