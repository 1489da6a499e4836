// `npm run screenshots`: refreshes the pictures under docs/ (README, docs/ui.md, docs/panels.md) from
// the built app in Debian's Chromium. `npm test` takes the same pictures under test-results/ only, so
// a clean checkout stays clean after its own tests; this is the one command that rewrites docs/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { freePort } from './ports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stderr.write(`screenshots: \`${cmd} ${args.join(' ')}\` failed\n`);
    process.exit(r.status ?? 1);
  }
}

run('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn']);
const chromium = ensureChromium();
const env = {
  FLOWLEDGER_DOC_SHOTS: '1',
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(await freePort()),
  E2E_DEV_PORT: String(await freePort()),
};
run('npx', ['--no-install', 'playwright', 'test', '--grep', 'screenshot'], env);
run('node', ['scripts/ingest-screenshots.mjs'], { SHOT_PORT: String(await freePort()) });
process.stdout.write('screenshots: docs/ refreshed — review them before committing\n');
