// B4 (TARGETS.md): the workspace of the built app plays a 100,000-token run to its end at `Max`
// speed. While it plays: every main-thread task over 50 ms (PerformanceObserver `longtask`) and every
// animation frame (requestAnimationFrame), so the frame rate is read as the page shows it — both on
// average and in its slowest second. Used by scripts/bench-browser.mjs (`--only B4`).

/**
 * Measures B4 on `page` (the app already open at `baseUrl`); `scenario` is the E1 document with 100 k
 * tokens. `fsm`: the name of an FSM whose state diagram is open while the run plays (`--fsm-open`).
 */
export async function measurePlay(page, baseUrl, scenario, log, fsm = null) {
  const templateId = await page.evaluate(
    async (doc) =>
      (await window.flowledger.api.createTemplate({ name: 'B4 play 100k tokens', scenario: doc })).templateId,
    scenario,
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl}?template=${templateId}`);
  const play = page.getByRole('button', { name: 'Play' });
  await play.waitFor({ timeout: 120_000 });
  if (fsm) await openStateDiagram(page, fsm);
  await page.getByLabel('Speed').selectOption('0');
  await observe(page);
  log('B4: playing a 100,000-token run at Max speed…');
  const t0 = await page.evaluate(() => performance.now());
  await play.click();
  await untilCompleted(page, log);
  const out = await readPlay(page, t0);
  await page.evaluate(async (id) => window.flowledger.api.deleteTemplate(id), templateId);
  return row(
    'B4',
    `the workspace plays a 100,000-token run (E1 pipeline) to its end at Max speed, 1440×900${fsm ? `, the state diagram of ${fsm} open` : ''}`,
    out,
  );
}

/**
 * Selects FSM `name` in the Nodes table and opens its state diagram over the workflow graph. A build
 * without state diagrams (a baseline) only selects it: the Inspector then reads it at every step.
 */
async function openStateDiagram(page, name) {
  await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name }).waitFor();
  const show = page
    .getByRole('region', { name: `States of ${name}` })
    .getByRole('button', { name: 'Show the state diagram' });
  if ((await show.count()) === 0) return;
  await show.click();
  await page.getByRole('img', { name: new RegExp(`^State diagram of ${name}`) }).waitFor();
}

/** Starts collecting long tasks and animation frames on `page`. */
async function observe(page) {
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
}

/**
 * B4 on the SSH example driven by its log (`--fsm-open`): the bundled sshd log parsed with the
 * openssh-sessions configuration is enqueued into a new run, the state diagram of Connection attempt
 * (519 machines) is opened, and the run plays at Max speed to its end.
 */
export async function measurePlaySsh(page, baseUrl, log, doc) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(baseUrl);
  await page.waitForFunction(() => window.flowledger !== undefined);
  const ids = await page.evaluate(async (d) => {
    const api = window.flowledger.api;
    const t = await api.createTemplate({ name: 'B4 SSH', description: d.description, scenario: d.scenario });
    const x = await api.createExecution(t.templateId, {});
    await api.enqueue('openssh-sessions', {
      templateId: t.templateId,
      executionId: x.executionId,
      targetDataSourceId: 'sshLog',
    });
    return { templateId: t.templateId, executionId: x.executionId };
  }, doc);
  await page.goto(`${baseUrl}?template=${ids.templateId}&execution=${ids.executionId}`);
  const play = page.getByRole('button', { name: 'Play' });
  await play.waitFor({ timeout: 120_000 });
  await openStateDiagram(page, 'Connection attempt');
  await page.getByLabel('Speed').selectOption('0');
  await observe(page);
  log('B4 (SSH): playing the log-driven SSH run at Max speed with its state diagram open…');
  const t0 = await page.evaluate(() => performance.now());
  await play.click();
  await untilCompleted(page, log);
  const out = await readPlay(page, t0);
  await page.evaluate(async (id) => window.flowledger.api.deleteTemplate(id), ids.templateId);
  return row(
    'B4-SSH',
    'the workspace plays the SSH example (2,000 log events, 519 machines) to its end at Max speed, 1440×900, the state diagram of Connection attempt open',
    out,
  );
}

async function untilCompleted(page, log) {
  const done = page.getByTestId('run-status').filter({ hasText: 'Completed' });
  for (let waited = 0; !(await done.isVisible()); waited += 5) {
    if (waited > 1200) throw new Error('B4: the run did not end within 20 minutes of play');
    if (waited % 30 === 0 && waited > 0)
      log(
        `B4: step ${await page.getByRole('slider', { name: 'Timeline' }).getAttribute('aria-valuenow')} after ${waited} s`,
      );
    await page.waitForTimeout(waited === 0 ? 500 : 5000);
  }
}

async function readPlay(page, t0) {
  return page.evaluate((start) => {
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
}

function row(id, measure, out) {
  const fps = out.frames / (out.ms / 1000);
  const slowest = out.perSecond.length > 0 ? Math.min(...out.perSecond) : Math.round(fps);
  const over50 = out.long.filter((d) => d > 50);
  return {
    id,
    measure,
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
