import { test } from './fixtures';
import { openTemplate, button } from './workspaceHelpers';
import { openPanel } from './panelHelpers';
const line = (event: string, correlationId: string) =>
  JSON.stringify({ targetDataSourceId: 'sshLog', correlationId, event, user: 'carol', host: '10.0.0.7' });
for (const w of [1440, 390]) test(`probe charts ${w}`, async ({ page }) => {
  await page.setViewportSize({ width: w, height: w === 390 ? 844 : 900 });
  await openTemplate(page, 'SSH sessions from logs');
  const events = await openPanel(page, 'External events');
  const ls = [];
  for (let i = 0; i < 6; i++) { ls.push(line('connect', 's-'+i)); if (i%2) ls.push(line('auth_ok','s-'+i)); if (i%3==0) ls.push(line('auth_fail','s-'+i)); if (i>3) ls.push(line('disconnect','s-'+i)); }
  await events.getByRole('textbox', { name: 'Events' }).fill(ls.join('\n'));
  await events.getByRole('button', { name: 'Add events' }).click();
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await page.waitForTimeout(500);
  await openPanel(page, 'Charts');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/gprobe/charts-${w}.png`, fullPage: true });
});
