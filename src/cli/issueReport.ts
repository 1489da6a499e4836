import type { CliIO } from './command';
import type { LoadResult } from '../engine/types';

/**
 * Writes a load result's warnings and errors to stderr, one per line as `<file>: error: <path>:
 * <sentence>` (the `validate` command's format), followed by a count line when there are errors.
 * Returns true when the scenario loaded. Not pure: writes to `io`.
 */
export function reportIssues(io: CliIO, file: string, result: LoadResult): boolean {
  for (const w of result.warnings) io.stderr(`${file}: warning: ${w.path || '/'}: ${w.message}\n`);
  for (const e of result.errors) io.stderr(`${file}: error: ${e.path || '/'}: ${e.message}\n`);
  if (result.errors.length === 0) return true;
  io.stderr(`${file}: ${result.errors.length} error(s), ${result.warnings.length} warning(s)\n`);
  return false;
}
