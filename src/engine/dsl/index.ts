/**
 * Loading a V3 DSL document (DSL.md §1–3, §5) into the engine's `Scenario`: read → normalise →
 * edges → validate. Every problem is collected as `{path, message}` with a JSON Pointer into the
 * document as given; the scenario is returned only when there is no error.
 */
import * as v from 'valibot';
import type { Issue, LoadResult, Scenario } from '../types';
import { DSL_DEFAULTS, DSL_LIMITS } from './defaults';
import { DSL_VERSION } from './constants';
import { EmbeddedScenarioShellSchema, ScenarioShellSchema } from './documentSchema';
import { buildEdges, toEdge, type GraphNode } from './edges';
import { checkFiniteNumbers } from './finiteNumbers';
import { IssueList, isRecord, pointer, showValue } from './issues';
import { normaliseNode } from './normalise';
import { readNode } from './readNode';
import { schemaIssues } from './schemaIssues';
import { checkEmbeddedVersion, checkTemplate, unwrapTemplate, type TemplateFacts } from './template';
import { unknownFields } from './unknownFields';
import { validateScenario, type LoadedNode } from './validate';

export { DSL_DEFAULTS } from './defaults';
export { DSL_VERSION, NODE_ID_PATTERN } from './constants';
export { EXPRESSION_SCOPES, joinBindings } from './expressions';
export { unwrapTemplate, type Unwrapped } from './template';

/**
 * Pure; never throws. Loads a template (`{id, name, description, version, scenario, …}`), a compat
 * template (`{name, description, version, scenario}`) or a bare scenario. `scenario` is null when
 * there is at least one error; warnings never block loading.
 */
export function loadScenario(input: unknown): LoadResult {
  try {
    return load(input);
  } catch (err) {
    // A bug in the loader must not take down the caller (worker, CLI, API): report it as an issue.
    const reason = err instanceof Error ? err.message : String(err);
    return {
      scenario: null,
      warnings: [],
      errors: [{ path: '', message: `internal error while loading the scenario: ${reason}` }],
    };
  }
}

function load(input: unknown): LoadResult {
  const issues = new IssueList();
  if (!isRecord(input)) {
    issues.error('', `a scenario must be a JSON object; got ${showValue(input)}`);
    return finish(null, issues);
  }
  const { scenario: raw, base, template } = unwrapTemplate(input);
  const facts: TemplateFacts = template ? checkTemplate(template, issues) : {};
  if (!isRecord(raw)) {
    issues.error(base, `"scenario" must be an object; got ${showValue(raw)}`);
    return finish(null, issues);
  }
  if (template) checkEmbeddedVersion(raw, facts, issues);

  const shell = template ? EmbeddedScenarioShellSchema : ScenarioShellSchema;
  const top = v.safeParse(shell, raw, { abortEarly: false });
  if (!top.success) for (const issue of schemaIssues(top.issues, base)) issues.error(issue.path, issue.message);
  for (const w of unknownFields(shell, raw, base)) issues.warning(w.path, w.message);
  if (raw.edges !== undefined) {
    issues.warning(
      pointer(base, 'edges'),
      `"edges" is ignored: the graph's edges come from the nodes' "outputs" and "inputs"`,
    );
  }

  const dropped = new Map<string, string>();
  const nodes: LoadedNode[] = [];
  const rawNodes = Array.isArray(raw.nodes) ? raw.nodes : [];
  if (rawNodes.length > DSL_LIMITS.maxNodes) {
    issues.error(
      pointer(base, 'nodes'),
      `the scenario has ${rawNodes.length} nodes; a scenario holds at most ${DSL_LIMITS.maxNodes.toLocaleString('en-US')}`,
    );
  }
  rawNodes.forEach((rawNode, i) => {
    const entry = readNode(rawNode, i, pointer(base, 'nodes', i), issues);
    if (entry) nodes.push({ entry, spec: null, expressions: [] });
    else if (isRecord(rawNode)) {
      const id = typeof rawNode.nodeId === 'string' ? rawNode.nodeId : rawNode.id;
      if (typeof id === 'string') dropped.set(id, String(rawNode.type));
    }
  });
  nodes.forEach((node, index) => {
    if (!node.entry.parsed) return;
    const normalised = normaliseNode(node.entry, node.entry.parsed, index, issues);
    node.spec = normalised.spec;
    node.expressions = normalised.expressions;
  });

  const graph: GraphNode[] = nodes.map(({ entry, spec }) => ({
    ...(entry.nodeId !== undefined ? { nodeId: entry.nodeId } : {}),
    kind: entry.kind,
    path: entry.path,
    outputs: spec?.outputs ?? entry.outputs,
    inputs: entry.inputs,
  }));
  const edges = buildEdges(graph, dropped, issues);
  const maxEvents = top.success ? (top.output.maxEvents ?? DSL_DEFAULTS.maxEvents) : DSL_DEFAULTS.maxEvents;
  validateScenario(nodes, edges, pointer(base, 'nodes'), maxEvents, issues);
  if (top.success) {
    const timing = {
      tickMs: top.output.tickMs ?? DSL_DEFAULTS.tickMs,
      startTime: top.output.startTime ?? DSL_DEFAULTS.startTime,
      maxSteps: top.output.maxSteps ?? DSL_DEFAULTS.maxSteps,
    };
    checkFiniteNumbers(
      nodes.flatMap((n) => (n.spec ? [n.spec] : [])),
      timing,
      base,
      issues,
    );
  }

  if (issues.errors.length > 0 || !top.success) return finish(null, issues);
  const s = top.output;
  const scenario: Scenario = {
    version: DSL_VERSION,
    name: facts.name ?? s.name ?? DSL_DEFAULTS.name,
    description: facts.description ?? s.description ?? DSL_DEFAULTS.description,
    seed: s.seed ?? DSL_DEFAULTS.seed,
    tickMs: s.tickMs ?? DSL_DEFAULTS.tickMs,
    startTime: s.startTime ?? DSL_DEFAULTS.startTime,
    maxSteps: s.maxSteps ?? DSL_DEFAULTS.maxSteps,
    maxEvents: s.maxEvents ?? DSL_DEFAULTS.maxEvents,
    maxWork: s.maxWork ?? DSL_DEFAULTS.maxWork,
    nodes: nodes.map((n) => n.spec!),
    edges: edges.map(toEdge),
  };
  return finish(scenario, issues);
}

function finish(scenario: Scenario | null, issues: IssueList): LoadResult {
  return {
    scenario,
    errors: inDocumentOrder(unique(issues.errors)),
    warnings: inDocumentOrder(unique(issues.warnings)),
  };
}

/** Issues sorted as they appear in the document (`/nodes/2` before `/nodes/10`); stable for equal paths. */
function inDocumentOrder(list: Issue[]): Issue[] {
  const key = (path: string) => path.split('/').slice(1);
  return list
    .map((issue, order) => ({ issue, order, segments: key(issue.path) }))
    .sort((a, b) => comparePointers(a.segments, b.segments) || a.order - b.order)
    .map((x) => x.issue);
}

function comparePointers(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** The same sentence at the same path once (e.g. one unknown variable read twice in a formula). */
function unique(list: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  return list.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
