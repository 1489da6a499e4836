// The npm package's size per entry (docs/library.md), with a budget each: what a site's bundler adds
// for `import … from 'flowledger'` — the entry bundled with every module and dependency it imports,
// minified, gzipped — beside the bytes the package ships for it. Used by the pack test
// (tests/unit/package/pack.test.ts, on the installed package, so part of `npm test`) and by hand:
//   node scripts/package-size.mjs [package folder, default: this checkout after `npm run build:lib`]
// Exit 1 when an entry is over its budget.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Budgets in gzipped bytes of the minified bundle, per export of package.json. */
export const BUDGETS = {
  flowledger: 180_000,
  'flowledger/parser': 85_000,
  'flowledger/player': 480_000,
};

/** Pure: the entries of a package.json `exports` map as `[{entry, file}]` (wildcards and package.json left out). */
export function packageEntries(pkg) {
  return Object.entries(pkg.exports ?? {})
    .filter(([key]) => !key.includes('*') && key !== './package.json')
    .map(([key, target]) => ({
      entry: key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`,
      file: typeof target === 'string' ? target : target.default,
    }));
}

/** Not pure (reads and bundles files): every entry's sizes, and its budget (null: none set). */
export async function entrySizes(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const rows = [];
  for (const { entry, file } of packageEntries(pkg)) {
    const path = resolve(packageDir, file);
    const bundled = await build({
      entryPoints: [path],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    const code = bundled.outputFiles[0].contents;
    const own = Object.entries(bundled.metafile.inputs)
      .filter(([input]) => !input.includes('node_modules/') || input.includes(`node_modules/${pkg.name}/`))
      .reduce((sum, [, info]) => sum + info.bytes, 0);
    rows.push({
      entry,
      file,
      shipped: own,
      minified: code.byteLength,
      gzip: gzipSync(code, { level: 9 }).byteLength,
      budget: BUDGETS[entry] ?? null,
    });
  }
  return rows;
}

/** Pure: the rows as a table. */
export function sizeTable(rows) {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  const lines = rows.map(
    (r) =>
      `${r.entry.padEnd(20)} ${kb(r.shipped).padStart(10)} ${kb(r.minified).padStart(10)} ${kb(r.gzip).padStart(10)} ${(r.budget === null ? '—' : kb(r.budget)).padStart(10)}${r.budget !== null && r.gzip > r.budget ? '  OVER' : ''}`,
  );
  return [
    `${'entry'.padEnd(20)} ${'package'.padStart(10)} ${'minified'.padStart(10)} ${'gzip'.padStart(10)} ${'budget'.padStart(10)}`,
    ...lines,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const rows = await entrySizes(dir);
  process.stdout.write(
    `${sizeTable(rows)}\n(package: the entry's own modules as shipped; minified and gzip: bundled with its dependencies)\n`,
  );
  process.exitCode = rows.some((r) => r.budget !== null && r.gzip > r.budget) ? 1 : 0;
}
