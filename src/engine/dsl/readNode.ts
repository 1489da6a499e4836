/**
 * Reading one node of the input: which kind it is (resolving the *(compat)* type aliases), whether
 * its fields have the right shapes, which fields are unknown, and which id it declares. A node that
 * fails its schema is kept as "broken" — its id and its well-formed edges still take part in the
 * cross-node checks, so one typo does not hide every other problem nor cascade into false ones.
 */
import * as v from 'valibot';
import { FORBIDDEN_NAMES } from '../expr';
import { didYouMean } from '../suggest';
import { NODE_TYPE_KINDS } from '../../contract/vocabulary';
import { NODE_KINDS, type NodeKind } from '../types';
import { hint, IssueList, isRecord, listOf, pointer, showValue } from './issues';
import {
  AggregatorSchema,
  DataSourceSchema,
  FsmSchema,
  InputSchema,
  MultiplexerSchema,
  NODE_SCHEMAS,
  OutputSchema,
  PRESENTATIONAL_TYPES,
  ProcessNodeSchema,
  SinkSchema,
} from './schema';
import { schemaIssues } from './schemaIssues';
import { unknownFields } from './unknownFields';

export type OutputInput = v.InferOutput<typeof OutputSchema>;
export type InputInput = v.InferOutput<typeof InputSchema>;

/** A node that passed its kind's schema, tagged by its canonical kind. */
export type ParsedNode =
  | { kind: 'DataSource'; node: v.InferOutput<typeof DataSourceSchema> }
  | { kind: 'ProcessNode'; node: v.InferOutput<typeof ProcessNodeSchema> }
  | { kind: 'FSM'; node: v.InferOutput<typeof FsmSchema> }
  | { kind: 'Aggregator'; node: v.InferOutput<typeof AggregatorSchema> }
  | { kind: 'Multiplexer'; node: v.InferOutput<typeof MultiplexerSchema> }
  | { kind: 'Sink'; node: v.InferOutput<typeof SinkSchema> };

export interface NodeEntry {
  /** Index in the input's `nodes` array. */
  inputIndex: number;
  /** JSON Pointer of the node in the document. */
  path: string;
  /** Canonical kind, or null when the type is missing or unknown. */
  kind: NodeKind | null;
  /** The id the node declares (`nodeId`, else compat `id`), when it is a string. */
  nodeId?: string;
  /** Pointer of the field the id came from. */
  idPath: string;
  /** The node as parsed, or null when it failed its schema ("broken"). */
  parsed: ParsedNode | null;
  /** Well-formed `outputs` / `inputs` (also of a broken node), for the edge checks. */
  outputs: OutputInput[];
  inputs: InputInput[];
}

// Every node type the loader has a schema for is in the contract's alias table (checked here).
const TYPE_TO_KIND: Record<keyof typeof NODE_SCHEMAS, NodeKind> = NODE_TYPE_KINDS;

const ALL_TYPES = [...NODE_KINDS, 'FSMProcessNode', 'Queue', 'ExternalEventSource', ...PRESENTATIONAL_TYPES];

/**
 * Not pure (records issues). Reads the node at `path`; returns null for a presentational node
 * (`Group`, `MarkdownComment`), which is dropped with a warning.
 */
export function readNode(raw: unknown, inputIndex: number, path: string, issues: IssueList): NodeEntry | null {
  if (!isRecord(raw)) {
    issues.error(path, `a node must be an object; got ${showValue(raw)}`);
    return { inputIndex, path, kind: null, idPath: pointer(path, 'nodeId'), parsed: null, outputs: [], inputs: [] };
  }
  const type = raw.type;
  if (typeof type === 'string' && (PRESENTATIONAL_TYPES as readonly string[]).includes(type)) {
    const label =
      typeof raw.id === 'string' || typeof raw.nodeId === 'string' ? ` ${JSON.stringify(raw.nodeId ?? raw.id)}` : '';
    issues.warning(path, `${type} node${label} is presentational (from the original editor) and is dropped`);
    return null;
  }
  const entry: NodeEntry = {
    inputIndex,
    path,
    kind: null,
    ...declaredId(raw, path),
    parsed: null,
    outputs: [],
    inputs: [],
  };
  entry.outputs = wellFormed(v.array(OutputSchema), raw.outputs);
  entry.inputs = wellFormed(v.array(InputSchema), raw.inputs);

  if (type === undefined) {
    issues.error(pointer(path, 'type'), `required field "type" is missing (one of ${listOf(NODE_KINDS)})`);
    return entry;
  }
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(NODE_SCHEMAS, type)) {
    const suggestion = typeof type === 'string' ? didYouMean(type, ALL_TYPES) : undefined;
    issues.error(
      pointer(path, 'type'),
      `unknown node type ${showValue(type)}${hint(suggestion)}; expected one of ${listOf(NODE_KINDS)}`,
    );
    return entry;
  }
  const kind = TYPE_TO_KIND[type as keyof typeof NODE_SCHEMAS];
  entry.kind = kind;
  const schema = NODE_SCHEMAS[type as keyof typeof NODE_SCHEMAS];
  for (const w of unknownFields(schema, raw, path)) issues.warning(w.path, w.message);

  reservedKeys(raw, path, issues);

  if (entry.nodeId === undefined && raw.nodeId === undefined && raw.id === undefined) {
    issues.error(pointer(path, 'nodeId'), `required field "nodeId" is missing: every node needs a unique id`);
  }
  const result = v.safeParse(schema, raw, { abortEarly: false });
  if (!result.success) {
    for (const issue of schemaIssues(result.issues, path)) issues.error(issue.path, issue.message);
    return entry;
  }
  entry.parsed = { kind, node: result.output } as ParsedNode;
  return entry;
}

function declaredId(raw: Record<string, unknown>, path: string): { nodeId?: string; idPath: string } {
  if (typeof raw.nodeId === 'string') return { nodeId: raw.nodeId, idPath: pointer(path, 'nodeId') };
  if (raw.nodeId === undefined && typeof raw.id === 'string') return { nodeId: raw.id, idPath: pointer(path, 'id') };
  return { idPath: pointer(path, 'nodeId') };
}

function wellFormed<T>(schema: v.GenericSchema<unknown, T[]>, value: unknown): T[] {
  if (value === undefined) return [];
  const r = v.safeParse(schema, value);
  return r.success ? r.output : [];
}

/**
 * Field names that are maps of user keys (`transform`, FSM `variables`) cannot use `__proto__`,
 * `constructor` or `prototype`: formulas may not read them, and a schema record would drop them
 * without a word. Reported as errors at the key's path.
 */
function reservedKeys(raw: Record<string, unknown>, path: string, issues: IssueList): void {
  const maps: [unknown, string[], string][] = [
    [raw.transform, ['transform'], 'a transform field'],
    [isRecord(raw.fsm) ? raw.fsm.variables : undefined, ['fsm', 'variables'], 'a variable'],
  ];
  for (const [map, at, what] of maps) {
    if (!isRecord(map)) continue;
    for (const key of Object.keys(map)) {
      if (FORBIDDEN_NAMES.includes(key))
        issues.error(
          pointer(path, ...at, key),
          `"${key}" cannot be ${what} name: it is reserved, and formulas cannot read it`,
        );
    }
  }
}
