// Builds the npm package's library entries into dist-lib/ (docs/library.md). Runs before `npm pack`
// and `npm publish` (the prepack script); `npm run build:lib` by hand.
//   flowledger         src/engine/library.ts  → dist-lib/index.js
//   flowledger/parser  src/parser/index.ts    → dist-lib/parser.js
//   flowledger/player  src/ui/player/index.ts → dist-lib/player/player.js (+ its chunks and workers)
// Each entry is bundled by esbuild from the same sources the app and the command line build from;
// the packages the cores import (package.json `dependencies`) stay imports, so a consumer's bundler
// shares them. The types are tsc's declarations (tsconfig.package.json), with every relative import
// given its `.js` file so they resolve under `moduleResolution: node16` as well as `bundler`.
// The player is built by Vite in library mode (its Svelte components and its engine worker, with
// relative addresses, so it works served as plain files and inside another site's build); its types
// are src/ui/player/player.d.ts as written.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
export const OUT = join(root, 'dist-lib');

/** The package's library entries: the output file's name (without .js) → its source. */
export const ENTRIES = { index: 'src/engine/library.ts', parser: 'src/parser/index.ts' };

/** Pure: the declaration file of the source `src/<path>.ts`, relative to dist-lib/types. */
export function declarationOf(src) {
  return src.replace(/^src\//, '').replace(/\.ts$/, '.d.ts');
}

/** Pure: `spec` (a relative import in the declaration file `file`) as the `.js` path it resolves to. */
export function withJsExtension(spec, file, exists) {
  if (/\.(js|mjs|cjs|json)$/.test(spec)) return spec;
  const base = join(dirname(file), spec);
  if (exists(`${base}.d.ts`)) return `${spec}.js`;
  if (exists(join(base, 'index.d.ts'))) return `${spec}/index.js`;
  return spec;
}

/** Pure: `text` (a declaration file at `file`) with every relative module specifier given its `.js` file. */
export function rewriteDeclaration(text, file, exists) {
  return text.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g,
    (_, lead, quote, spec) => `${lead}${quote}${withJsExtension(spec, file, exists)}${quote}`,
  );
}

/** Pure: the relative module specifiers of a declaration file's text. */
export function relativeSpecifiers(text) {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\1/g)].map((m) => m[2]);
}

/**
 * Not pure (reads files): the declaration files reachable from `entries` through their imports. tsc
 * writes one for every module the entries' code imports; the package ships only those its types
 * name.
 */
export function reachableDeclarations(entries) {
  const seen = new Set();
  const todo = [...entries];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of relativeSpecifiers(readFileSync(file, 'utf8')))
      todo.push(join(dirname(file), spec.replace(/\.js$/, '.d.ts')));
  }
  return seen;
}

function declarationFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return declarationFiles(path);
    return e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Not pure: builds dist-lib/ from scratch. */
export async function buildLib() {
  rmSync(OUT, { recursive: true, force: true });
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.package.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (tsc.status !== 0) throw new Error('the declarations did not build (tsc -p tsconfig.package.json)');
  const exists = (p) => existsSync(p) && statSync(p).isFile();
  for (const file of declarationFiles(join(OUT, 'types')))
    writeFileSync(file, rewriteDeclaration(readFileSync(file, 'utf8'), file, exists));
  const kept = reachableDeclarations(Object.values(ENTRIES).map((src) => join(OUT, 'types', declarationOf(src))));
  for (const file of declarationFiles(join(OUT, 'types'))) if (!kept.has(file)) rmSync(file);

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: OUT,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    // Neither Node nor the browser: the cores use ES2022 and nothing of either platform.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    external: Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
    legalComments: 'none',
    logLevel: 'warning',
  });
  await buildPlayer();
}

/** Not pure: builds `flowledger/player` into dist-lib/player/ and puts its declaration beside the others. */
async function buildPlayer() {
  await viteBuild({
    root,
    configFile: false,
    // Chunks and workers are found relative to the entry (`new URL(…, import.meta.url)`).
    base: './',
    logLevel: 'warn',
    // Library mode leaves `process.env.NODE_ENV` to the site's bundler; a plain page has none.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Styles go with their components into the element's shadow root (Svelte's injected CSS is added
    // to the root node the component is mounted in).
    plugins: [svelte({ compilerOptions: { css: 'injected' } })],
    build: {
      outDir: join(OUT, 'player'),
      emptyOutDir: true,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry: 'src/ui/player/index.ts', formats: ['es'], fileName: () => 'player.js' },
    },
    worker: { format: 'es' },
  });
  mkdirSync(join(OUT, 'types/ui/player'), { recursive: true });
  copyFileSync(join(root, 'src/ui/player/player.d.ts'), join(OUT, 'types/ui/player/index.d.ts'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildLib();
