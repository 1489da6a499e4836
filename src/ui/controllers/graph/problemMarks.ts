/**
 * The editor's errors on the element: which drawn nodes and edges an error of the template is about
 * (the node whose entry holds it; the edge its `outputs[k]` or `inputs[k]` declares, when that edge
 * is drawn), and the mark that shows them on the graph — a dashed border or line in the theme's
 * danger colour. A style bypass under its own class, as `markEdge` does, so the workspace's
 * stylesheet stays as it is; the graph keeps the last version that validated while the text breaks a
 * rule, so only what that version draws can be marked (an edge to a node that does not exist is
 * marked at its source node).
 */
import type { Core } from 'cytoscape';

/** What the graph marks: node ids and edge ids (`source->target`). */
export interface ProblemTargets {
  nodes: string[];
  edges: string[];
}

/** Nothing to mark. */
export const NO_MARKS: ProblemTargets = { nodes: [], edges: [] };

const NODE_PATH = /^\/scenario\/nodes\/(\d+)(?:\/(outputs|inputs)\/(\d+))?/;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Pure: the nodes and edges of `doc` (a template: `{ scenario: { nodes } }`) that the errors among
 * `problems` point into, each listed once, in the problems' order. Warnings mark nothing.
 */
export function problemTargets(
  doc: Record<string, unknown> | null,
  problems: ReadonlyArray<{ severity: string; path: string }>,
): ProblemTargets {
  const nodes: string[] = [];
  const edges: string[] = [];
  const raw = (doc?.['scenario'] as { nodes?: unknown } | undefined)?.nodes;
  if (!Array.isArray(raw)) return { nodes, edges };
  for (const p of problems) {
    if (p.severity !== 'error') continue;
    const m = NODE_PATH.exec(p.path);
    if (!m) continue;
    const entry = raw[Number(m[1])] as Record<string, unknown> | undefined;
    if (!entry || typeof entry !== 'object') continue;
    const id = str(entry['nodeId']) ?? str(entry['id']);
    if (id === null) continue;
    if (!nodes.includes(id)) nodes.push(id);
    if (m[2] === undefined) continue;
    const list = entry[m[2]];
    const item = Array.isArray(list) ? (list[Number(m[3])] as Record<string, unknown> | undefined) : undefined;
    const other =
      item && typeof item === 'object' ? str(m[2] === 'outputs' ? item['destinationNodeId'] : item['nodeId']) : null;
    if (other === null) continue;
    const edge = m[2] === 'outputs' ? `${id}->${other}` : `${other}->${id}`;
    if (!edges.includes(edge)) edges.push(edge);
  }
  return { nodes, edges };
}

/** Not pure (reads the drawing): `targets` cut to what `cy` draws. */
export function drawnTargets(cy: Core, targets: ProblemTargets): ProblemTargets {
  return {
    nodes: targets.nodes.filter((id) => cy.getElementById(id).nonempty()),
    edges: targets.edges.filter((id) => cy.getElementById(id).nonempty()),
  };
}

/** Not pure: marks `targets` on `cy` in `colour` (the theme's danger colour), clearing the earlier marks. */
export function markProblems(cy: Core, targets: ProblemTargets, colour: string): void {
  cy.batch(() => {
    cy.nodes('.has-problem').removeStyle('border-color border-width border-style').removeClass('has-problem');
    cy.edges('.has-problem').removeStyle('line-color target-arrow-color line-style width').removeClass('has-problem');
    for (const id of targets.nodes) {
      const n = cy.getElementById(id);
      if (n.nonempty() && n.isNode())
        n.addClass('has-problem').style({ 'border-color': colour, 'border-width': 4, 'border-style': 'dashed' });
    }
    for (const id of targets.edges) {
      const e = cy.getElementById(id);
      if (e.nonempty() && e.isEdge())
        e.addClass('has-problem').style({
          'line-color': colour,
          'target-arrow-color': colour,
          'line-style': 'dashed',
          width: 4,
        });
    }
  });
}
