/**
 * The graph's edges (DSL.md §2): the union of `outputs[]` (an edge from this node) and
 * `inputs[].nodeId` (an edge into this node), de-duplicated, with each edge resolved to the
 * source's output and the destination's input it uses. An edge to or from an unknown node is an
 * error at the field that names it, with a did-you-mean hint.
 */
import { didYouMean, Suggester } from '../suggest';
import type { Edge, NodeKind } from '../types';
import { hint, idsText, IssueList, listOf, pointer, showValue } from './issues';
import { present } from './sites';

/** What the edge builder needs of a node; broken nodes take part too, so their edges are checked. */
export interface GraphNode {
  nodeId?: string;
  kind: NodeKind | null;
  path: string;
  outputs: ReadonlyArray<{ name?: string; destinationNodeId: string; destinationInputName?: string; formula?: string }>;
  inputs: ReadonlyArray<{ name?: string; nodeId?: string; sourceOutputName?: string }>;
}

/** An edge and the JSON Pointer of the `outputs[j]` or `inputs[k]` entry that declared it first. */
export interface EdgeDraft extends Edge {
  declaredAt: string;
}

/**
 * Not pure (records issues). The edges of `nodes`, ordered by source node, then declaration (a
 * source's own outputs first, then edges declared by destinations' inputs). `dropped` maps the ids
 * of dropped presentational nodes to their type, for a clearer message.
 */
export function buildEdges(
  nodes: readonly GraphNode[],
  dropped: ReadonlyMap<string, string>,
  issues: IssueList,
): EdgeDraft[] {
  const byId = new Map<string, { node: GraphNode; order: number }>();
  nodes.forEach((node, order) => {
    if (node.nodeId !== undefined && !byId.has(node.nodeId)) byId.set(node.nodeId, { node, order });
  });
  // Every edge to an unknown node asks for a hint among all ids: one index, one budget (suggest.ts).
  const suggester = new Suggester([...byId.keys()]);
  // The ids that exist, named once for every such error (a long list is cut: idsText).
  let existing: string | null = null;
  const existingIds = () => (existing ??= idsText([...byId.keys()]));
  const perSource: EdgeDraft[][] = nodes.map(() => []);
  // The first edge of each signature (`edgeKey`), and the output edges by destination and input:
  // lookups by key keep a node with many outputs linear.
  const firstOf = new Map<string, EdgeDraft>();
  const byInput = new Map<string, EdgeDraft[]>();
  const fromInputs: EdgeDraft[][] = nodes.map(() => []);

  const lookup = (id: string, path: string): { node: GraphNode; order: number } | undefined => {
    const found = byId.get(id);
    if (found) return found;
    const droppedType = dropped.get(id);
    issues.error(
      path,
      droppedType !== undefined
        ? `node ${showValue(id)} is a ${droppedType} node, which is dropped on load; connect a simulated node instead`
        : `node ${showValue(id)} does not exist${hint(suggester.suggest(id))}${byId.size > 0 ? `; the nodes are ${existingIds()}` : ''}`,
    );
    return undefined;
  };

  nodes.forEach((source, order) => {
    if (source.kind === 'Sink' || source.nodeId === undefined) return; // a Sink's outputs are one error, in validate.ts
    source.outputs.forEach((o, j) => {
      const at = pointer(source.path, 'outputs', j);
      if (!present(o.destinationNodeId)) {
        issues.warning(
          pointer(at, 'destinationNodeId'),
          `this output is not connected to any node; tokens sent to it go nowhere`,
        );
        return;
      }
      const dest = lookup(o.destinationNodeId, pointer(at, 'destinationNodeId'));
      if (!dest || !canReceive(dest.node, pointer(at, 'destinationNodeId'), issues)) return;
      const inputIndex = resolveInput(
        source.nodeId!,
        o.destinationInputName,
        dest.node,
        pointer(at, 'destinationInputName'),
        issues,
      );
      const input = inputIndex === undefined ? undefined : dest.node.inputs[inputIndex];
      const inputName = input?.name ?? (present(o.destinationInputName) ? o.destinationInputName : undefined);
      const edge: EdgeDraft = {
        from: source.nodeId!,
        to: dest.node.nodeId!,
        ...(o.name !== undefined ? { outputName: o.name } : {}),
        ...(inputName !== undefined ? { inputName } : {}),
        ...(o.formula !== undefined ? { formula: o.formula } : {}),
        outputIndex: j,
        ...(inputIndex !== undefined ? { inputIndex } : {}),
        declaredAt: at,
      };
      const key = `${order}\u0000${edgeKey(edge)}`;
      const twin = source.kind === 'Multiplexer' ? undefined : firstOf.get(key);
      if (twin) {
        issues.warning(
          at,
          `this output repeats ${twin.declaredAt} (same destination, input and formula); the edge is used once`,
        );
        return;
      }
      perSource[order]!.push(edge);
      if (!firstOf.has(key)) firstOf.set(key, edge);
      const inputKey = `${order}\u0000${edge.to}\u0000${String(edge.inputIndex)}`;
      const list = byInput.get(inputKey);
      if (list === undefined) byInput.set(inputKey, [edge]);
      else list.push(edge);
    });
  });

  nodes.forEach((dest) => {
    if (dest.nodeId === undefined) return;
    dest.inputs.forEach((input, k) => {
      if (!present(input.nodeId)) return;
      const at = pointer(dest.path, 'inputs', k);
      const source = lookup(input.nodeId, pointer(at, 'nodeId'));
      if (!source) return;
      if (!canReceive(dest, pointer(at, 'nodeId'), issues)) return;
      if (source.node.kind === 'Sink') {
        issues.error(pointer(at, 'nodeId'), `node ${showValue(input.nodeId)} is a Sink, which cannot send tokens`);
        return;
      }
      const wanted = input.sourceOutputName;
      const merged = byInput
        .get(`${source.order}\u0000${dest.nodeId}\u0000${k}`)
        ?.find((e) => wanted === undefined || e.outputName === wanted);
      if (merged) return; // declared in both forms: one edge
      const outputIndex = wanted === undefined ? -1 : source.node.outputs.findIndex((o) => o.name === wanted);
      if (wanted !== undefined && outputIndex < 0 && source.node.outputs.length > 0) {
        const names = source.node.outputs.flatMap((o) => (o.name === undefined ? [] : [o.name]));
        issues.warning(
          pointer(at, 'sourceOutputName'),
          `node ${showValue(input.nodeId)} has no output named ${showValue(wanted)}${hint(didYouMean(wanted, names))}; the edge is kept without one`,
        );
      }
      fromInputs[source.order]!.push({
        from: input.nodeId,
        to: dest.nodeId!,
        ...(wanted !== undefined ? { outputName: wanted } : {}),
        ...(input.name !== undefined ? { inputName: input.name } : {}),
        ...(outputIndex >= 0 ? { outputIndex } : {}),
        inputIndex: k,
        declaredAt: at,
      });
    });
  });

  return nodes.flatMap((_, order) => [...perSource[order]!, ...fromInputs[order]!]);
}

/** Pure: the edge as the engine sees it (without where it was declared). */
export function toEdge(draft: EdgeDraft): Edge {
  const { declaredAt: _declaredAt, ...edge } = draft;
  return edge;
}

function canReceive(dest: GraphNode, path: string, issues: IssueList): boolean {
  if (dest.kind !== 'DataSource') return true;
  issues.error(path, `node ${showValue(dest.nodeId)} is a DataSource, which cannot receive tokens`);
  return false;
}

/**
 * Which of `dest`'s inputs an edge from `from` feeds: the one named by `destinationInputName` (of
 * several with that name, the one whose `nodeId` is the source), else the one whose `nodeId` is the
 * source, else the only input when it names no source.
 */
function resolveInput(
  from: string,
  inputName: string | undefined,
  dest: GraphNode,
  path: string,
  issues: IssueList,
): number | undefined {
  if (present(inputName)) {
    // Several inputs may share a name (the original tool's files call them all "input"): the one
    // naming this source wins, else the first.
    const own = dest.inputs.findIndex((i) => i.name === inputName && i.nodeId === from);
    if (own >= 0) return own;
    const k = dest.inputs.findIndex((i) => i.name === inputName);
    if (k >= 0) return k;
    const names = dest.inputs.flatMap((i) => (i.name === undefined ? [] : [i.name]));
    if (dest.inputs.length === 0) {
      issues.warning(
        path,
        `node ${showValue(dest.nodeId)} declares no inputs, so input name ${showValue(inputName)} has no effect`,
      );
    } else {
      const known = names.length > 0 ? `; its inputs are ${listOf(names, 'and')}` : '; none of its inputs has a name';
      issues.error(
        path,
        `node ${showValue(dest.nodeId)} has no input named ${showValue(inputName)}${hint(didYouMean(inputName, names))}${known}`,
      );
    }
    return undefined;
  }
  const k = dest.inputs.findIndex((i) => i.nodeId === from);
  if (k >= 0) return k;
  if (dest.inputs.length === 1 && !present(dest.inputs[0]!.nodeId)) return 0;
  return undefined;
}

/** Pure: a text equal for two edges exactly when they have the same destination, input, output name and formula. */
function edgeKey(e: Edge): string {
  return JSON.stringify([e.to, e.inputIndex ?? null, e.inputName ?? null, e.outputName ?? null, e.formula ?? null]);
}
