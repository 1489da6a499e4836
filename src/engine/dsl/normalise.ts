/**
 * From a node as written (aliases, legacy fields, omitted defaults) to the `NodeSpec` the engine
 * consumes (types.ts): compat `id` → `nodeId`, `name` → `displayName`, `hardcodedValue(s)`,
 * `valueMin` as a sequence start, `formulas[0]`, `outputs[].transformation.formula`, `defaultOutput`
 * by name → index, and every default of DSL_DEFAULTS. The engine never sees an alias.
 *
 * Where two spellings of one field are both given, the canonical one wins and the other earns a
 * warning ("accepted but has no effect"). Every expression met on the way is listed with the
 * JSON Pointer it was written at, so `expressions.ts` reports parse errors where the user wrote them.
 */
import type {
  AggregatorSpec,
  DataSourceSpec,
  Generation,
  InputSpec,
  MultiplexerSpec,
  SinkSpec,
  NodeSpec,
  OutputSpec,
  ProcessNodeSpec,
} from '../types';
import { DSL_DEFAULTS } from './defaults';
import { present, SiteList, type ExprSite, type ScopeKind } from './sites';
import { copyJson } from '../jsonValues';
import { IssueList, pointer, showValue } from './issues';
import { normaliseFsm } from './normaliseFsm';
import { normaliseDelay } from './delay';
import type { InputInput, NodeEntry, OutputInput, ParsedNode } from './readNode';

type ParsedAggregator = Extract<ParsedNode, { kind: 'Aggregator' }>['node'];

export interface Normalised {
  spec: NodeSpec;
  expressions: ExprSite[];
}

/** Not pure (records warnings). The canonical spec of a node that passed its schema. */
export function normaliseNode(entry: NodeEntry, parsed: ParsedNode, index: number, issues: IssueList): Normalised {
  const { path } = entry;
  const sites = new SiteList(scopeOf(parsed.kind));
  const n = parsed.node;
  const base = {
    nodeId: entry.nodeId ?? '',
    ...(n.displayName !== undefined || n.name !== undefined ? { displayName: n.displayName ?? n.name } : {}),
    ...(n.description !== undefined ? { description: n.description } : {}),
    ...(n.position ? { position: { x: n.position.x, y: n.position.y } } : {}),
    outputs: (n.outputs ?? []).map((o, j) =>
      normaliseOutput(o, pointer(path, 'outputs', j), parsed.kind, sites, issues),
    ),
    inputs: (n.inputs ?? []).map(normaliseInput),
    index,
    path,
  };
  if (n.nodeId !== undefined && n.id !== undefined && n.id !== n.nodeId) {
    issues.warning(pointer(path, 'id'), `"id" ${showValue(n.id)} is ignored: "nodeId" ${showValue(n.nodeId)} is set`);
  }
  if (n.displayName !== undefined && n.name !== undefined && n.name !== n.displayName) {
    issues.warning(pointer(path, 'name'), `"name" is ignored: "displayName" is set`);
  }

  let spec: NodeSpec;
  switch (parsed.kind) {
    case 'DataSource': {
      const p = parsed.node;
      spec = {
        ...base,
        type: 'DataSource',
        generation: normaliseSource(p, path, issues),
        interval: p.interval ?? DSL_DEFAULTS.interval,
        count: p.count ?? DSL_DEFAULTS.count,
        startAt: p.startAt ?? DSL_DEFAULTS.startAt,
        batchSize: p.batchSize ?? DSL_DEFAULTS.batchSize,
        ...(p.arrivals !== undefined ? { arrivals: normaliseDelay(p.arrivals) } : {}),
        ...(p.horizonMs !== undefined ? { horizonMs: p.horizonMs } : {}),
      } satisfies DataSourceSpec;
      break;
    }
    case 'ProcessNode': {
      const p = parsed.node;
      const formula = pickFormula(
        [
          [pointer(path, 'processing', 'formula'), p.processing?.formula],
          [pointer(path, 'formula'), p.formula],
          [pointer(path, 'formulas', 0), p.formulas?.[0]],
        ],
        sites,
        issues,
      );
      (p.formulas ?? []).slice(1).forEach((extra, k) => {
        if (present(extra))
          issues.warning(pointer(path, 'formulas', k + 1), `only "formulas[0]" is used; this formula is ignored`);
      });
      const transform = p.transform && Object.keys(p.transform).length > 0 ? { ...p.transform } : undefined;
      for (const [field, expr] of Object.entries(transform ?? {}))
        sites.add(pointer(path, 'transform', field), `transform of "${field}"`, expr);
      spec = {
        ...base,
        type: 'ProcessNode',
        ...(formula !== undefined ? { formula } : {}),
        ...(transform ? { transform } : {}),
      } satisfies ProcessNodeSpec;
      break;
    }
    case 'FSM':
      spec = { ...base, type: 'FSM', fsm: normaliseFsm(parsed.node.fsm, pointer(path, 'fsm'), sites, issues) };
      break;
    case 'Aggregator': {
      const p = parsed.node;
      const a = p.aggregation;
      const aggPath = pointer(path, 'aggregation');
      const custom = a.method === 'custom';
      // The original's "custom" without a formula anywhere emits the batch's collected values.
      const collected =
        custom && ![a.formula, p.processing?.formula, p.formula, p.formulas?.[0]].some((f) => present(f));
      if (collected) {
        issues.warning(
          pointer(aggPath, 'method'),
          `"custom" (from the original tool) without a formula is read as "collect": the aggregate's "value" is the array of the batch's ${showValue(a.field ?? DSL_DEFAULTS.field)} fields, as the original emits the collected values`,
        );
      } else if (custom) {
        issues.warning(
          pointer(aggPath, 'method'),
          `"custom" (from the original tool) is read as "formula": the formula (JavaScript) runs over "values" and "tokens" of each batch`,
        );
      }
      const method = collected ? 'collect' : a.method === 'custom' ? 'formula' : a.method;
      if (method !== 'formula' && present(a.formula)) {
        issues.warning(
          pointer(aggPath, 'formula'),
          `"formula" is ignored: "method" is ${showValue(a.method)}, not "formula"`,
        );
      }
      const formula = aggregationFormula(p, path, method === 'formula', sites, issues);
      if (p.overflow !== undefined && p.capacity === undefined) {
        issues.warning(pointer(path, 'overflow'), `"overflow" has no effect without "capacity"`);
      }
      spec = {
        ...base,
        type: 'Aggregator',
        aggregation: {
          method,
          ...(formula !== undefined ? { formula } : {}),
          field: a.field ?? DSL_DEFAULTS.field,
          trigger: normaliseTrigger(a.trigger, pointer(aggPath, 'trigger'), issues),
          ...(a.groupBy !== undefined ? { groupBy: a.groupBy } : {}),
          flushOnEnd: a.flushOnEnd ?? DSL_DEFAULTS.flushOnEnd,
        },
        ...(p.capacity !== undefined ? { capacity: p.capacity } : {}),
        overflow: p.overflow ?? DSL_DEFAULTS.overflow,
      } satisfies AggregatorSpec;
      break;
    }
    case 'Multiplexer': {
      const m = parsed.node.multiplexing;
      const mPath = pointer(path, 'multiplexing');
      const unused = (field: string, wanted: string) =>
        issues.warning(
          pointer(mPath, field),
          `"${field}" is ignored: it is used by the "${wanted}" strategy, not "${m.strategy}"`,
        );
      if (m.weights !== undefined && m.strategy !== 'weighted') unused('weights', 'weighted');
      if (m.conditions !== undefined && m.strategy !== 'conditional') unused('conditions', 'conditional');
      if (m.defaultOutput !== undefined && m.strategy !== 'conditional') unused('defaultOutput', 'conditional');
      const conditional = m.strategy === 'conditional';
      const conditions = conditional && m.conditions ? [...m.conditions] : undefined;
      conditions?.forEach((c, k) => sites.add(pointer(mPath, 'conditions', k), 'condition', c));
      const defaultOutput = conditional ? resolveOutput(m.defaultOutput, base.outputs) : undefined;
      spec = {
        ...base,
        type: 'Multiplexer',
        multiplexing: {
          strategy: m.strategy,
          ...(m.strategy === 'weighted' && m.weights ? { weights: [...m.weights] } : {}),
          ...(conditions ? { conditions } : {}),
          ...(defaultOutput !== undefined ? { defaultOutput } : {}),
        },
      } satisfies MultiplexerSpec;
      break;
    }
    case 'Sink':
      spec = {
        ...base,
        type: 'Sink',
        ...(parsed.node.result !== undefined ? { result: parsed.node.result } : {}),
      } satisfies SinkSpec;
      break;
  }
  return { spec, expressions: sites.sites };
}

function scopeOf(kind: NodeSpec['type']): ScopeKind {
  switch (kind) {
    case 'FSM':
      return 'fsm';
    case 'Aggregator':
      return 'aggregator';
    case 'Multiplexer':
      return 'multiplexer';
    case 'DataSource':
    case 'ProcessNode':
    case 'Sink':
      return 'process';
  }
}

/**
 * The Aggregator's formula: `aggregation.formula`, else *(compat)* where the original tool's files
 * keep it on the node — `processing.formula`, `formula`, `formulas[0]` — with a warning at that
 * path saying how it is read. Candidates not used are reported as ignored.
 */
function aggregationFormula(
  p: ParsedAggregator,
  path: string,
  wanted: boolean,
  sites: SiteList,
  issues: IssueList,
): string | undefined {
  const aggPath = pointer(path, 'aggregation');
  const elsewhere: Array<[string, string | undefined]> = [
    [pointer(path, 'processing', 'formula'), p.processing?.formula],
    [pointer(path, 'formula'), p.formula],
    [pointer(path, 'formulas', 0), p.formulas?.[0]],
  ];
  (p.formulas ?? []).slice(1).forEach((extra, k) => {
    if (present(extra))
      issues.warning(pointer(path, 'formulas', k + 1), `only "formulas[0]" is used; this formula is ignored`);
  });
  if (!wanted) {
    for (const [at, text] of elsewhere) {
      if (present(text))
        issues.warning(
          at,
          `this formula is ignored: "aggregation.method" is ${showValue(p.aggregation.method)}, not "formula"`,
        );
    }
    return undefined;
  }
  if (present(p.aggregation.formula)) {
    for (const [at, text] of elsewhere) {
      if (present(text))
        issues.warning(at, `this formula is ignored: the formula at ${pointer(aggPath, 'formula')} is used`);
    }
    return sites.add(pointer(aggPath, 'formula'), 'aggregation formula', p.aggregation.formula);
  }
  let chosen: [string, string] | undefined;
  for (const [at, text] of elsewhere) {
    if (!present(text)) continue;
    if (chosen) {
      issues.warning(at, `this formula is ignored: the formula at ${chosen[0]} is used`);
      continue;
    }
    chosen = [at, text];
  }
  if (chosen === undefined) return sites.add(pointer(aggPath, 'formula'), 'aggregation formula', p.aggregation.formula);
  issues.warning(
    chosen[0],
    `read as the aggregation formula (the original tool kept it here): it runs once per batch over "values" (the buffered values of "aggregation.field") and "tokens", and its result is the aggregate's "value"`,
  );
  return sites.add(chosen[0], 'aggregation formula', chosen[1]);
}

/** The first non-blank candidate wins; the other non-blank ones are reported as ignored. */
function pickFormula(
  candidates: Array<[string, string | undefined]>,
  sites: SiteList,
  issues: IssueList,
): string | undefined {
  let chosen: [string, string] | undefined;
  for (const [path, formula] of candidates) {
    if (!present(formula)) continue;
    if (chosen) {
      issues.warning(path, `this formula is ignored: the formula at ${chosen[0]} is used`);
      continue;
    }
    chosen = [path, formula];
    sites.add(path, 'formula', formula);
  }
  return chosen?.[1];
}

function normaliseOutput(
  o: OutputInput,
  path: string,
  kind: NodeSpec['type'],
  sites: SiteList,
  issues: IssueList,
): OutputSpec {
  const own = present(o.formula) ? o.formula : undefined;
  const legacy = present(o.transformation?.formula) ? o.transformation.formula : undefined;
  const fieldMapping = o.transformation?.fieldMapping;
  if (
    fieldMapping !== undefined &&
    !(typeof fieldMapping === 'object' && fieldMapping !== null && Object.keys(fieldMapping).length === 0)
  ) {
    issues.warning(
      pointer(path, 'transformation', 'fieldMapping'),
      `"fieldMapping" is not supported and is ignored; use a formula that builds the object`,
    );
  }
  let formula: string | undefined;
  if (kind !== 'ProcessNode') {
    if (own !== undefined || legacy !== undefined) {
      issues.warning(
        pointer(path, own !== undefined ? 'formula' : 'transformation'),
        `a per-output formula only works on a ProcessNode; it is ignored here`,
      );
    }
  } else {
    if (own !== undefined && legacy !== undefined) {
      issues.warning(
        pointer(path, 'transformation', 'formula'),
        `"transformation.formula" is ignored: "formula" is set on this output`,
      );
    }
    formula =
      own !== undefined
        ? sites.add(pointer(path, 'formula'), 'output formula', own)
        : sites.add(pointer(path, 'transformation', 'formula'), 'output formula', legacy);
  }
  return {
    ...(o.name !== undefined ? { name: o.name } : {}),
    destinationNodeId: o.destinationNodeId,
    ...(present(o.destinationInputName) ? { destinationInputName: o.destinationInputName } : {}),
    ...(formula !== undefined ? { formula } : {}),
  };
}

function normaliseInput(i: InputInput): InputSpec {
  return {
    ...(i.name !== undefined ? { name: i.name } : {}),
    ...(i.nodeId !== undefined ? { nodeId: i.nodeId } : {}),
    ...(i.alias !== undefined ? { alias: i.alias } : {}),
    required: i.required ?? DSL_DEFAULTS.required,
  };
}

type GenerationInput = Extract<ParsedNode, { kind: 'DataSource' }>['node']['generation'];
type DataSourceInput = Extract<ParsedNode, { kind: 'DataSource' }>['node'];
type TriggerInput = Extract<ParsedNode, { kind: 'Aggregator' }>['node']['aggregation']['trigger'];

/** The trigger of an Aggregator; *(compat)* a count trigger's `threshold` is its `window`. */
function normaliseTrigger(t: TriggerInput, path: string, issues: IssueList): AggregatorSpec['aggregation']['trigger'] {
  if (t === undefined) return null;
  if (t.type === 'threshold') return { type: 'threshold', value: t.value };
  if (t.type === 'time') return { type: 'time', window: t.window };
  if (t.window !== undefined) {
    if (t.threshold !== undefined)
      issues.warning(pointer(path, 'threshold'), `"threshold" is ignored: "window" is set`);
    return { type: 'count', window: t.window };
  }
  if (t.threshold !== undefined) {
    issues.warning(
      pointer(path, 'threshold'),
      `a count trigger's "threshold" (from the original tool) is read as "window": one emission per ${t.threshold} tokens`,
    );
    return { type: 'count', window: t.threshold };
  }
  issues.error(pointer(path, 'window'), 'required field "window" is missing');
  return { type: 'count', window: 1 };
}

/**
 * The generation of a DataSource. *(compat)* An `ExternalEventSource`, or `generation: {type:
 * "execution-events", eventType}`, generates nothing and emits the external events of that type.
 */
function normaliseSource(p: DataSourceInput, path: string, issues: IssueList): Generation {
  if (p.type === 'ExternalEventSource') {
    const eventType = p.eventType ?? (p.generation?.type === 'execution-events' ? p.generation.eventType : undefined);
    if (eventType === undefined) {
      issues.error(
        pointer(path, 'eventType'),
        `an ExternalEventSource needs "eventType": the type of the events it emits`,
      );
      return { type: 'execution-events', eventType: '' };
    }
    if (p.generation !== undefined && p.generation.type !== 'execution-events')
      issues.warning(pointer(path, 'generation'), `"generation" is ignored: an ExternalEventSource only emits events`);
    issues.warning(
      pointer(path, 'type'),
      `"ExternalEventSource" (from the original tool) is read as a DataSource that generates nothing and emits the external events of type ${JSON.stringify(eventType)}`,
    );
    return { type: 'execution-events', eventType };
  }
  if (p.eventType !== undefined)
    issues.warning(pointer(path, 'eventType'), `"eventType" has no effect on a DataSource; use "generation"`);
  if (p.generation?.type === 'execution-events') {
    issues.warning(
      pointer(path, 'generation'),
      `"execution-events" generation (from the original tool): this DataSource generates nothing and emits the external events of type ${JSON.stringify(p.generation.eventType)} (events without "targetDataSourceId" are routed by "type"; the token's data is the event's "data")`,
    );
  }
  return normaliseGeneration(p.generation, pointer(path, 'generation'), issues);
}

function normaliseGeneration(g: GenerationInput, path: string, issues: IssueList): Generation {
  if (g === undefined) return { type: 'sequence', start: DSL_DEFAULTS.sequenceStart, step: DSL_DEFAULTS.sequenceStep };
  const shadowed = (alias: string, canonical: string) =>
    issues.warning(pointer(path, alias), `"${alias}" is ignored: "${canonical}" is set`);
  switch (g.type) {
    case 'random':
      return { type: 'random', valueMin: g.valueMin, valueMax: g.valueMax };
    case 'sequence':
      if (g.start !== undefined && g.valueMin !== undefined) shadowed('valueMin', 'start');
      return {
        type: 'sequence',
        start: g.start ?? g.valueMin ?? DSL_DEFAULTS.sequenceStart,
        step: g.step ?? DSL_DEFAULTS.sequenceStep,
      };
    case 'constant':
      if (g.value !== undefined && g.hardcodedValue !== undefined) shadowed('hardcodedValue', 'value');
      return { type: 'constant', value: copyJson(g.value !== undefined ? g.value : g.hardcodedValue) };
    case 'values':
      if (g.values !== undefined && g.hardcodedValues !== undefined) shadowed('hardcodedValues', 'values');
      return { type: 'values', values: copyJson(g.values ?? g.hardcodedValues ?? []) as unknown[] };
    case 'execution-events':
      return { type: 'execution-events', eventType: g.eventType };
  }
}

/** Pure: `defaultOutput` (an output name or an index) as an index into `outputs`; undefined when absent or unknown. */
export function resolveOutput(ref: string | number | undefined, outputs: readonly OutputSpec[]): number | undefined {
  if (ref === undefined) return undefined;
  if (typeof ref === 'number') return ref < outputs.length ? ref : undefined;
  const i = outputs.findIndex((o) => o.name === ref);
  return i >= 0 ? i : undefined;
}
