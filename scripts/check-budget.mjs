// The first screen's download budget (issue 22): the gzipped JavaScript the app page (index.html)
// and the embeddable player (embed.html) load before they can draw — each entry script and every
// chunk it imports statically (what the browser fetches before the script runs), read from the
// build's manifest (dist/.vite/manifest.json). Dynamic imports and workers load when first needed
// and are not counted. Exits 1 when a page is over its budget, so `npm test` fails.
// Usage: node scripts/check-budget.mjs [--dist dir] [--json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped kilobytes (1 KB = 1,000 bytes) each page may load before its first screen. */
export const BUDGET_KB = { 'index.html': 250, 'embed.html': 250 };

/**
 * Pure over the files it reads: the chunks `entry` loads before it runs (itself and its static
 * imports, transitively), with their raw and gzipped sizes, from the Vite manifest of `dist`.
 */
export function firstLoad(dist, entry) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry ${key}`);
    if (chunk.file.endsWith('.js')) {
      const bytes = readFileSync(join(dist, chunk.file));
      files.push({ file: chunk.file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  files.sort((a, b) => b.gzip - a.gzip);
  return { entry, files, gzip: files.reduce((n, f) => n + f.gzip, 0), bytes: files.reduce((n, f) => n + f.bytes, 0) };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dist');
  const dist = at >= 0 ? args[at + 1] : fileURLToPath(new URL('../dist', import.meta.url));
  const results = Object.entries(BUDGET_KB).map(([entry, kb]) => ({ ...firstLoad(dist, entry), budgetKb: kb }));
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else
    for (const r of results) {
      const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
      const ok = r.gzip <= r.budgetKb * 1000;
      process.stdout.write(
        `${ok ? 'ok  ' : 'OVER'} ${r.entry}: ${kb(r.gzip)} gzipped JavaScript before the first screen (budget ${r.budgetKb} KB; ${kb(r.bytes)} raw)\n`,
      );
      for (const f of r.files) process.stdout.write(`       ${kb(f.gzip).padStart(9)}  ${f.file}\n`);
    }
  process.exitCode = results.every((r) => r.gzip <= r.budgetKb * 1000) ? 0 : 1;
}
