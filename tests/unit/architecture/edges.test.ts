/**
 * The graph comes from the engine (issue 40): no module of src/ outside src/engine/ derives edges
 * from a scenario. The engine's loader resolves a scenario's edges (the union of `outputs` and
 * `inputs`, DSL.md §2) and serves them (`getGraph`, the gesture operations' answers, a validation's
 * `graph`); everything else draws those.
 *
 * What counts as deriving: reading where an output points — `.outputs` of a node, or
 * `destinationNodeId` read off an object (`o.destinationNodeId`, `o['destinationNodeId']`, a
 * destructuring); writing `{ destinationNodeId: x }` in a literal is not a read. The editor's
 * document edits must read the outputs they change, so three modules are named below, each with its
 * reason — and even they may not build an edge id (`a->b`) out of what they read (but for marking
 * the one edge an error's pointer names, below).
 *
 * The check runs on the real src/, and on planted violations (strings, as layers.test.ts plants
 * modules) to show it refuses each kind.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Modules that edit a template document's outputs, with why they read them. */
const DOCUMENT_EDITS: Record<string, string> = {
  'src/ui/controllers/editor/edgeEdits.ts':
    'deletes an edge from the text (the outputs that point at the target go) and lists a node’s outputs in its form',
  'src/ui/controllers/editor/authoring.ts':
    'connects two nodes in the text (no duplicate output) and removes a deleted node’s outputs to it',
  'src/ui/controllers/graph/problemMarks.ts':
    'marks the node an error’s JSON pointer (`/nodes/i/outputs/j/destinationNodeId`) names',
};

/**
 * The one module that may name an edge from what it reads: an error's pointer in a document that
 * does NOT validate (so the engine has no graph of it) names one output, and that one edge is marked
 * on the graph last drawn. One pointer, one edge id — never a list of a scenario's edges.
 */
const NAMES_AN_EDGE_AT_A_POINTER = 'src/ui/controllers/graph/problemMarks.ts';

const READS_OUTPUTS = /(?<!opts)\.outputs\b/;
const READS_DESTINATION =
  /\.destinationNodeId\b|\[\s*['"]destinationNodeId['"]\s*\]|\{[^}:]*\bdestinationNodeId\b[^}:]*\}\s*=/;
const BUILDS_EDGE_ID = /\}->\$\{|['"]->['"]/;

/** Pure: why module `path` (relative to the repository) with text `text` breaks the rule; [] when it does not. */
export function edgeDerivations(path: string, text: string): string[] {
  if (path.startsWith('src/engine/')) return [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const problems: string[] = [];
  const reads = READS_OUTPUTS.test(code) || READS_DESTINATION.test(code);
  if (reads && !(path in DOCUMENT_EDITS))
    problems.push(`${path} reads where a scenario's outputs point (the engine's graph has the edges)`);
  if (reads && BUILDS_EDGE_ID.test(code) && path !== NAMES_AN_EDGE_AT_A_POINTER)
    problems.push(`${path} builds edge ids out of a scenario's outputs`);
  return problems;
}

/** Not pure: every .ts and .svelte module under `dir`, relative to the repository. */
function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return modules(full);
    return /\.(ts|svelte)$/.test(name) ? [relative(ROOT, full).split('\\').join('/')] : [];
  });
}

/** The derivation the workspace's graph model used to make (src/ui/controllers/graph/model.ts). */
const OLD_MODEL = `
export function graphFromScenario(scenario: unknown): GraphModel {
  const rawNodes = isObj(scenario) && Array.isArray(scenario.nodes) ? scenario.nodes : [];
  for (const raw of rawNodes) {
    for (const out of Array.isArray(raw.outputs) ? raw.outputs : [])
      if (isObj(out) && str(out.destinationNodeId)) add(id, out.destinationNodeId as string, str(out.name));
  }
}`;

describe('no module outside src/engine/ derives edges from a scenario', () => {
  it('holds on the real src/', () => {
    const problems = modules(join(ROOT, 'src')).flatMap((path) =>
      edgeDerivations(path, readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('every module named as a document edit exists and still reads outputs (else it leaves the list)', () => {
    for (const path of Object.keys(DOCUMENT_EDITS)) {
      const code = readFileSync(join(ROOT, path), 'utf8');
      expect(READS_OUTPUTS.test(code) || READS_DESTINATION.test(code), path).toBe(true);
    }
  });

  it('refuses the old graph model, planted back', () => {
    expect(edgeDerivations('src/ui/controllers/graph/model.ts', OLD_MODEL)).toEqual([
      "src/ui/controllers/graph/model.ts reads where a scenario's outputs point (the engine's graph has the edges)",
    ]);
  });

  it('refuses a component, a state module and the client reading outputs, by property or destructuring', () => {
    const component = '<script lang="ts">\n  const targets = node.outputs.map((o) => o.name);\n</script>\n';
    const state = "const to = out['destinationNodeId'];\n";
    const client = 'for (const o of list) { const { destinationNodeId } = o; use(destinationNodeId); }\n';
    expect(edgeDerivations('src/ui/components/X/X.svelte', component)).toHaveLength(1);
    expect(edgeDerivations('src/ui/state/run/edges.ts', state)).toHaveLength(1);
    expect(edgeDerivations('src/client/graph.ts', client)).toHaveLength(1);
  });

  it('refuses a document edit that builds an edge list out of what it reads', () => {
    const listing = 'export const ids = (n: Obj) => n.outputs.map((o) => `${idOf(n)}->${o.destinationNodeId}`);\n';
    expect(edgeDerivations('src/ui/controllers/editor/edgeEdits.ts', listing)).toEqual([
      "src/ui/controllers/editor/edgeEdits.ts builds edge ids out of a scenario's outputs",
    ]);
  });

  it('lets the engine derive, and lets anyone write an output in a literal or mention it in a comment', () => {
    expect(edgeDerivations('src/engine/dsl/edges.ts', OLD_MODEL)).toEqual([]);
    expect(edgeDerivations('src/bench/load.ts', "const n = { outputs: [{ destinationNodeId: 'sink' }] };\n")).toEqual(
      [],
    );
    expect(edgeDerivations('src/ui/x.ts', '// a node.outputs entry names its destinationNodeId\nexport {};\n')).toEqual(
      [],
    );
  });
});
