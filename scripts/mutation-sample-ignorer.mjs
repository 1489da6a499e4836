// Stryker ignorer for the sampled mutation run (scripts/mutation-sample.mjs): inside the mutate
// ranges (the drawn mutants' nodes), every node that is not itself a drawn node and holds none is
// skipped, so a drawn block statement does not bring every mutant of its body into the run.
// A node that holds a drawn node cannot be skipped (skipping covers the whole subtree); it is
// outside the ranges unless it sits inside another drawn node, where its few mutants are tested too
// and left out of the estimate.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

// The drawn nodes: the sample file the generated configuration names (scripts/mutation-sample.mjs).
const { sample } = JSON.parse(readFileSync(process.env.FLOWLEDGER_SAMPLE ?? 'reports/mutation/sample-30.json', 'utf8'));
/** Drawn node locations per absolute file, in babel's terms (line 1-based, column 0-based). */
const drawn = new Map();
for (const m of sample) {
  const file = resolve(m.file);
  if (!drawn.has(file)) drawn.set(file, []);
  drawn.get(file).push({ sl: m.start.line, sc: m.start.column - 1, el: m.end.line, ec: m.end.column - 1 });
}

const before = (l1, c1, l2, c2) => l1 < l2 || (l1 === l2 && c1 <= c2);

const sampleIgnorer = {
  shouldIgnore(path) {
    const loc = path.node.loc;
    const file = path.hub?.file?.opts?.filename;
    const here = file && drawn.get(resolve(file));
    if (!loc || !here) return undefined;
    const { line: sl, column: sc } = loc.start;
    const { line: el, column: ec } = loc.end;
    for (const d of here) {
      // The node is a drawn node, or holds one.
      if (before(sl, sc, d.sl, d.sc) && before(d.el, d.ec, el, ec)) return undefined;
    }
    return 'not in the sample';
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'sample', sampleIgnorer)];
