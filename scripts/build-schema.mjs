// Writes public/schema/v3.json, the JSON Schema of V3 DSL documents, from the valibot schemas in
// src/engine/dsl (one source for the loader and the schema). Bundles the generator with esbuild to
// a temporary file, imports it, and writes the result pretty-printed so diffs stay readable.
// `node scripts/build-schema.mjs --check` exits 1 when the committed file is out of date.
import { build } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'public', 'schema', 'v3.json');
const check = process.argv.includes('--check');

const dir = await mkdtemp(join(tmpdir(), 'flowledger-schema-'));
try {
  const outfile = join(dir, 'json-schema.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: ['src/engine/dsl/jsonSchema.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const { buildJsonSchema } = await import(pathToFileURL(outfile).href);
  const text = `${JSON.stringify(buildJsonSchema(), null, 2)}\n`;
  if (check) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== text) {
      console.error(`${target} is out of date: run npm run schema`);
      process.exitCode = 1;
    } else {
      console.log(`${target} is up to date`);
    }
  } else {
    await mkdir(join(root, 'public', 'schema'), { recursive: true });
    await writeFile(target, text);
    console.log(`wrote ${target}`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
