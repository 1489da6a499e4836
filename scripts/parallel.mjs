// Finds GNU parallel, which a unit test drives as a scheduler of shard runs (tests/unit/cli/
// shardParallel.test.ts), installing Debian's package when it is missing and this machine can
// (root + apt-get), as scripts/chromium.mjs does for the browser.
import { execFileSync, spawnSync } from 'node:child_process';

const HOW =
  "Install Debian's GNU parallel as root:\n  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends parallel";

function find() {
  const r = spawnSync('sh', ['-c', 'command -v parallel'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Returns the path of `parallel`, installing Debian's `parallel` first when needed; throws with what to do otherwise. */
export function ensureParallel(log = (m) => process.stdout.write(`${m}\n`)) {
  const found = find();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt)
    throw new Error(
      `GNU parallel was not found and cannot be installed here (${!hasApt ? 'no apt-get' : 'not root'}).\n${HOW}`,
    );
  log("GNU parallel not found: installing Debian's parallel package with apt-get (for the sharding test)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'parallel'], { stdio: 'inherit', env });
  const installed = find();
  if (!installed) throw new Error(`apt-get finished but no parallel binary was found.\n${HOW}`);
  return installed;
}
