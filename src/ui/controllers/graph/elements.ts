/**
 * Cytoscape element definitions for a graph model, and the per-step data patched onto them. Pure:
 * plain objects in, plain objects out. Tokens are never elements — a step changes node and edge
 * `data` fields only, so the element count stays the graph's size however many tokens flow.
 */
import type { GraphModel } from './model';
import { nodeCaption, nodeRows, type StepView } from './stepState';

export interface ElementDef {
  group: 'nodes' | 'edges';
  data: Record<string, string | number>;
  position?: { x: number; y: number };
  classes?: string;
}

/**
 * Pure. One element per node and per edge; positions from the DSL when the model has them, else from
 * `positions` (a known automatic layout) when given. With `patch`, the elements carry that step's
 * labels and classes from the start, so a new graph is styled once, not once per label change.
 */
export function toElements(
  model: GraphModel,
  patch?: StepPatch,
  positions?: Record<string, { x: number; y: number }> | null,
): ElementDef[] {
  const els: ElementDef[] = [];
  for (const n of model.nodes) {
    const p = patch?.nodes[n.id];
    const el: ElementDef = {
      group: 'nodes',
      data: { id: n.id, kind: n.kind, name: n.name, label: p ? p.label : n.name, caption: '' },
      classes: p?.acted ? `kind-${n.kind} acted` : `kind-${n.kind}`,
    };
    const at = n.position ?? positions?.[n.id];
    if (at) el.position = { x: at.x, y: at.y };
    els.push(el);
  }
  for (const e of model.edges) {
    const p = patch?.edges[e.id];
    const el: ElementDef = {
      group: 'edges',
      data: { id: e.id, source: e.source, target: e.target, waiting: p?.waiting ?? 0, label: p?.label ?? '' },
    };
    if (p && p.waiting > 0) el.classes = 'waiting';
    els.push(el);
  }
  return els;
}

/** The per-step patch: for each element id, the data fields and classes to set. */
export interface StepPatch {
  nodes: Record<string, { label: string; acted: boolean }>;
  edges: Record<string, { waiting: number; label: string }>;
}

/** Pure. The labels, acted flags and waiting counts of `view` (null: before any step is shown). */
export function stepPatch(model: GraphModel, view: StepView | null): StepPatch {
  const nodes: StepPatch['nodes'] = {};
  for (const row of nodeRows(model, view))
    nodes[row.id] = { label: `${row.name}\n${nodeCaption(row)}`, acted: row.acted };
  const edges: StepPatch['edges'] = {};
  for (const e of model.edges) {
    const waiting = view?.edgeWaiting[e.id] ?? 0;
    edges[e.id] = { waiting, label: waiting > 0 ? `${waiting} waiting` : '' };
  }
  return { nodes, edges };
}

/** Pure. Whether every node has a DSL position (else the controller runs the automatic layout). */
export function hasPositions(model: GraphModel): boolean {
  return model.nodes.length > 0 && model.nodes.every((n) => n.position !== null);
}
