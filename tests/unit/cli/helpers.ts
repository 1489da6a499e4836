import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built command line exactly as a user does (`node bin/flowledger.mjs …`). The bundle is
 * built by `npm install` and by `npm test` before the unit tests run.
 */
export function cli(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/flowledger.mjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Writes `files` ({name: content}) into a fresh temporary folder and returns its path. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'flowledger-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}
