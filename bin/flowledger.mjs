#!/usr/bin/env node
// The Flowledger command line. The bundle is built by `npm install` (the prepare script);
// rebuild it by hand with `npm run build:cli`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist-cli/flowledger.mjs', import.meta.url);
if (!existsSync(fileURLToPath(bundle))) {
  process.stderr.write(
    'flowledger: the command line is not built yet; run `npm install` (or `npm run build:cli`) in the project folder first.\n',
  );
  process.exit(1);
}
await import(bundle.href);
