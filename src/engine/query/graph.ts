/**
 * The normalised graph of a scenario, as a UI draws it: every node with its kind, display name,
 * position and ports, and the edges the loader resolved (DSL.md §2) — so no caller re-derives edges
 * from the raw document. Edge ids (`edge-<i>`) are the keys a step view counts by.
 */
import type { ScenarioGraph, ScenarioGraphEdge, ScenarioGraphNode } from '../../contract/queries';
import type { Scenario } from '../types';

/** Pure: the graph of loaded scenario `scenario`. */
export function scenarioGraph(scenario: Scenario): ScenarioGraph {
  const nodes = scenario.nodes.map((n): ScenarioGraphNode => {
    const node: ScenarioGraphNode = {
      nodeId: n.nodeId,
      kind: n.type,
      displayName: n.displayName ?? n.nodeId,
      inputs: n.inputs.map((i, index) => ({
        index,
        ...(i.name !== undefined ? { name: i.name } : {}),
        required: i.required,
      })),
      outputs: n.outputs.map((o, index) => ({ index, ...(o.name !== undefined ? { name: o.name } : {}) })),
    };
    if (n.description !== undefined) node.description = n.description;
    if (n.position !== undefined) node.position = { x: n.position.x, y: n.position.y };
    if (n.type === 'FSM') node.states = n.fsm.states.map((s) => s.name);
    if (n.type === 'FSM' && n.fsm.instancePer === 'correlationId') node.perCorrelation = true;
    if (n.type === 'DataSource' && n.generation.type === 'execution-events') node.eventType = n.generation.eventType;
    return node;
  });
  const edges = scenario.edges.map((e, i): ScenarioGraphEdge => ({ id: edgeId(i), ...e }));
  return { name: scenario.name, description: scenario.description, nodes, edges };
}

/** Pure: the id of the edge at index `i` of a scenario's edge list. */
export function edgeId(i: number): string {
  return `edge-${i}`;
}
