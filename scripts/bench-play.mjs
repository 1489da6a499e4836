// B4 (TARGETS.md): the workspace of the built app plays a 100,000-token run to its end at `Max`
// speed. While it plays: every main-thread task over 50 ms (PerformanceObserver `longtask`) and every
// animation frame (requestAnimationFrame), so the frame rate is read as the page shows it — both on
// average and in its slowest second. Used by scripts/bench-browser.mjs (`--only B4`).

/** Measures B4 on `page` (the app already open at `baseUrl`); `scenario` is the E1 document with 100 k tokens. */
export async function measurePlay(page, baseUrl, scenario, log) {
  const templateId = await page.evaluate(
    async (doc) =>
      (await window.flowledger.api.createTemplate({ name: 'B4 play 100k tokens', scenario: doc })).templateId,
    scenario,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl}?template=${templateId}`);
  const play = page.getByRole('button', { name: 'Play' });
  await play.waitFor({ timeout: 120_000 });
  await page.getByLabel('Speed').selectOption('0');
  await page.evaluate(() => {
    const w = window;
    w.__b4 = { long: [], frames: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__b4.long.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    const frame = (t) => {
      w.__b4.frames.push(t);
      if (!w.__b4.done) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  log('B4: playing a 100,000-token run at Max speed…');
  const t0 = await page.evaluate(() => performance.now());
  await play.click();
  const done = page.getByTestId('run-status').filter({ hasText: 'Completed' });
  for (let waited = 0; !(await done.isVisible()); waited += 5) {
    if (waited > 1200) throw new Error('B4: the run did not end within 20 minutes of play');
    if (waited % 30 === 0 && waited > 0)
      log(
        `B4: step ${await page.getByRole('slider', { name: 'Timeline' }).getAttribute('aria-valuenow')} after ${waited} s`,
      );
    await page.waitForTimeout(5000);
  }
  const out = await page.evaluate((start) => {
    const w = window;
    w.__b4.done = true;
    const end = performance.now();
    const frames = w.__b4.frames.filter((t) => t >= start && t <= end);
    // Frames in each whole second of the play, for its slowest second.
    const perSecond = [];
    for (let s = start; s + 1000 <= end; s += 1000) perSecond.push(frames.filter((t) => t >= s && t < s + 1000).length);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    return {
      ms: end - start,
      frames: frames.length,
      perSecond,
      longestGapMs: gaps.reduce((m, g) => Math.max(m, g), 0),
      long: w.__b4.long,
      step: document.querySelector('[aria-label="Timeline"]')?.getAttribute('aria-valuenow') ?? null,
    };
  }, t0);
  await page.evaluate(async (id) => window.flowledger.api.deleteTemplate(id), templateId);
  const fps = out.frames / (out.ms / 1000);
  const slowest = out.perSecond.length > 0 ? Math.min(...out.perSecond) : Math.round(fps);
  const over50 = out.long.filter((d) => d > 50);
  return {
    id: 'B4',
    measure: 'the workspace plays a 100,000-token run (E1 pipeline) to its end at Max speed, 1440×900',
    steps: Number(out.step),
    ms: Math.round(out.ms),
    fps: Math.round(fps * 10) / 10,
    slowestSecondFps: slowest,
    longestFrameGapMs: Math.round(out.longestGapMs),
    longTasksOver50ms: over50.length,
    longestTaskMs: Math.round(out.long.reduce((m, d) => Math.max(m, d), 0)),
    target: 'no main-thread task > 50 ms; ≥ 30 FPS',
    pass: over50.length === 0 && slowest >= 30,
  };
}
