// Writes the automatic layouts of the bundled examples that have no positions of their own
// (src/ui/controllers/graph/exampleLayouts.json), so opening one draws at once instead of starting the
// layout worker (Cytoscape and dagre, ~150 KB gzipped) first. The layout code is the app's own
// (layout.ts, bundled here with esbuild and run on a headless Cytoscape); each entry is keyed by
// `layoutKey`, which changes with the graph and the layout's options, so an edited example or new
// layout options never get a stale entry — they are laid out as any template is.
// Run after changing an example or the layout: `node scripts/precompute-layouts.mjs` (a unit test,
// tests/unit/ui/exampleLayouts.test.ts, fails while the file is out of date).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'src/ui/controllers/graph/exampleLayouts.json');

const bundled = await build({
  stdin: {
    contents: `export { computeLayout, layoutKey, LAYOUT_VERSION } from './src/ui/controllers/graph/layout';
export { graphFromScenario } from './src/ui/controllers/graph/model';`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'silent',
});
const { computeLayout, layoutKey, graphFromScenario, LAYOUT_VERSION } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);

const round = (n) => Math.round(n * 10) / 10;
const layouts = {};
for (const file of readdirSync(join(root, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const doc = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8'));
  const model = graphFromScenario(doc.scenario ?? doc);
  if (model.nodes.length === 0 || model.nodes.every((n) => n.position)) continue;
  const positions = computeLayout(model);
  const ids = model.nodes.map((n) => n.id);
  layouts[layoutKey(model)] = {
    example: file.replace(/\.json$/, ''),
    ids,
    xy: ids.flatMap((id) => [round(positions[id].x), round(positions[id].y)]),
  };
}
const text = JSON.stringify({ version: LAYOUT_VERSION, layouts });
writeFileSync(out, await format(text, { ...(await resolveConfig(out)), filepath: out }));
process.stdout.write(`wrote ${Object.keys(layouts).length} layouts to ${out}\n`);
