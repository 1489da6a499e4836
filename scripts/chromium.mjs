// Finds the Chromium the end-to-end tests drive, installing Debian's package when it is missing and
// this machine can (root + apt-get). Never downloads a browser build of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function find() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

const HOW =
  "Install Debian's Chromium as root:\n" +
  '  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-dejavu-core\n' +
  'or point CHROMIUM_PATH at an installed Chromium or Chrome binary.';

/** Returns the Chromium path, installing Debian's `chromium` first when needed; throws with what to do otherwise. */
export function ensureChromium(log = (m) => process.stdout.write(`${m}\n`)) {
  const found = find();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.\n${HOW}`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium was not found and cannot be installed here (${!hasApt ? 'no apt-get' : 'not root'}).\n${HOW}`,
    );
  }
  log("Chromium not found: installing Debian's chromium package with apt-get (for the end-to-end tests)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  });
  const installed = find();
  if (!installed) throw new Error(`apt-get finished but no Chromium binary was found.\n${HOW}`);
  return installed;
}

/** The version string of a Chromium binary (logged by CI: Debian updates it in place). */
export function chromiumVersion(path) {
  const r = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return (r.stdout || '').trim() || 'unknown version';
}
