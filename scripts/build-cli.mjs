// Bundles the command line (src/cli) into dist-cli/flowledger.mjs. Runs on `npm install` (prepare),
// so `node bin/flowledger.mjs` works straight after an install, from a build rather than tsx.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/entry.ts'],
  outfile: 'dist-cli/flowledger.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
