/**
 * Test helper: the workspace's graph model of a scenario as the app gets it — the engine's graph
 * (`loadScenario` + `scenarioGraph`, what `getGraph` and the gesture operations answer) through
 * `graphModel`. A sketch that does not load as a scenario (layout and drawing tests give just nodes
 * with `outputs`) is drawn from its outputs here, in the test: src/ derives no edges outside the engine.
 */
import { loadScenario, scenarioGraph } from '../../../src/engine';
import type { ScenarioGraph } from '../../../src/contract/queries';
import { graphModel, type GraphModel } from '../../../src/ui/controllers/graph/model';

type Obj = Record<string, unknown>;

/** Not pure (none, really): the graph model of `scenario`. */
export function graphOf(scenario: unknown): GraphModel {
  const loaded = loadScenario(scenario);
  if (loaded.scenario) return graphModel(scenarioGraph(loaded.scenario));
  return graphModel(sketch(scenario as { nodes: Obj[] }));
}

/** Pure: a hand-drawn scenario's graph: its nodes, and an edge per output naming a destination. */
function sketch(scenario: { nodes: Obj[] }): ScenarioGraph {
  const nodes = scenario.nodes.map((n) => ({
    nodeId: String(n.nodeId ?? n.id),
    kind: n.type as ScenarioGraph['nodes'][number]['kind'],
    displayName: String(n.displayName ?? n.nodeId ?? n.id),
    ...(n.position ? { position: n.position as { x: number; y: number } } : {}),
    ...((n.fsm as Obj | undefined)?.instancePer === 'correlationId' ? { perCorrelation: true } : {}),
    inputs: [],
    outputs: [],
  }));
  const edges = scenario.nodes.flatMap((n) =>
    ((n.outputs as Obj[] | undefined) ?? []).map((o, i) => ({
      id: `edge-${i}`,
      from: String(n.nodeId ?? n.id),
      to: String(o.destinationNodeId),
      ...(typeof o.name === 'string' ? { outputName: o.name } : {}),
    })),
  );
  return { name: 'sketch', description: '', nodes, edges };
}
