/**
 * The package as a user gets it: `npm pack` (which builds the library and the command line, the
 * prepack script), then the tarball installed with `npm install` into a fresh project under the
 * system's temporary folder. The package's own dependencies come from the npm registry (or the npm
 * cache). Shared by the pack test and the player's end-to-end test.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Installed {
  /** The consumer project's folder (it has `node_modules/flowledger`). */
  dir: string;
  /** The packed tarball. */
  tarball: string;
  /** The tarball's files, as `npm pack` lists them. */
  files: string[];
}

/** Not pure: runs `cmd` in `cwd`; throws with its output when it fails. */
export function sh(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Not pure: packs the checkout and installs the tarball into a new project, whose folder it returns. */
export function installPackedPackage(): Installed {
  const dir = mkdtempSync(join(tmpdir(), 'flowledger-package-'));
  const packs = join(dir, 'packs');
  mkdirSync(packs);
  // `--json` lists the tarball's files; the prepack script's own output goes to stderr then.
  const listing = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', packs], ROOT)) as {
    files: { path: string }[];
  }[];
  const tarball = join(
    packs,
    readdirSync(packs).find((f) => f.endsWith('.tgz'))!,
  );
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], project);
  return { dir: project, tarball, files: listing[0]!.files.map((f) => f.path) };
}
