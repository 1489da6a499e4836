// Where a picture taken for the docs is written. `npm test` must leave a clean checkout clean, so the
// suite writes its pictures under test-results/ (ignored); `npm run screenshots` sets
// FLOWLEDGER_DOC_SHOTS=1 and the same journeys then refresh the tracked files under docs/.

/** Pure: `path` (relative to the project, e.g. `docs/screenshot.png`) when docs pictures are asked
 * for, else the same name under `test-results/`. */
export function docShot(path: string): string {
  return process.env['FLOWLEDGER_DOC_SHOTS'] === '1' ? path : `test-results/${path}`;
}
