/**
 * The property panel's generated part: the fields of a node's form, read from the DSL's JSON Schema
 * (public/schema/v3.json) for the node's kind — a text box per string, a number box per number, a
 * check box per boolean, a choice per enum, a formula box per expression string (the schema marks
 * them "An expression") — through nested objects such as `generation`, `processing`, `aggregation`
 * and its `trigger`, and `multiplexing`. Lists (FSM states, outputs, weights) have widgets of their
 * own. Setting a field is a JSON edit of the text; switching a nested object's `type` keeps only the
 * fields of the new kind and fills its required ones. Pure.
 */
import { getIn, idOf, isObj, parseDoc, readDoc, setIn, editNode, setNodeValue, type Obj, type Path } from './nodeEdits';
import { resolve, schemasAt, valueChoices, type Schema } from './schemaHelp';

export type FieldKind = 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'formula';

export interface FormField {
  /** Path inside the node. */
  path: string[];
  label: string;
  kind: FieldKind;
  /** The values a choice may take. */
  choices: string[];
  /** The value in the document (undefined: absent). */
  value: unknown;
  description: string;
}

/** Fields with widgets of their own, or not edited in the form (identity, edges, position, compat). */
const SKIP_TOP = new Set(['nodeId', 'id', 'name', 'type', 'position', 'outputs', 'inputs', 'fsl']);
/** The kinds' main settings objects: their fields are labelled without the object's name. */
const MAIN = new Set(['processing', 'aggregation', 'multiplexing', 'fsm']);

const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Pure. The label a field at `path` (inside a node) is shown with, e.g. `Trigger window`, `Formula`. */
export function fieldLabel(path: readonly string[]): string {
  const last = path[path.length - 1]!;
  const parent = path[path.length - 2];
  if (parent === undefined || MAIN.has(parent)) return humanize(last);
  return `${humanize(parent)} ${humanize(last).toLowerCase()}`;
}

function descriptionOf(root: Schema, s: unknown): string {
  for (const r of [s, ...resolve(root, s)]) if (isObj(r) && typeof r.description === 'string') return r.description;
  return '';
}

function kindOf(
  root: Schema,
  prop: unknown,
  description: string,
): { kind: FieldKind | 'object' | null; choices: string[] } {
  const alts = resolve(root, prop);
  const objects = alts.filter((a) => isObj(a.properties));
  if (objects.length) return { kind: 'object', choices: [] };
  const choices = alts.flatMap((a) => (a.const !== undefined ? [a.const] : Array.isArray(a.enum) ? a.enum : []));
  if (choices.length) return { kind: 'choice', choices: choices.map(String) };
  const types = alts.map((a) => a.type);
  if (types.includes('array')) return { kind: null, choices: [] };
  if (types.includes('boolean')) return { kind: 'boolean', choices: [] };
  if (types.includes('string')) return { kind: /An expression/.test(description) ? 'formula' : 'text', choices: [] };
  if (types.includes('integer') && !types.includes('number')) return { kind: 'integer', choices: [] };
  if (types.includes('number') || types.includes('integer')) return { kind: 'number', choices: [] };
  return { kind: null, choices: [] };
}

/** Pure. The form of node `nodeId` in the document `text` from `schema`; null when the node cannot be read. */
export function formFields(schema: Schema, text: string, nodeId: string): FormField[] | null {
  const p = readDoc(text);
  if (!p) return null;
  const index = p.nodes.findIndex((n) => idOf(n) === nodeId);
  if (index < 0) return null;
  const node = p.nodes[index];
  const base = ['scenario', 'nodes', index];
  const out: FormField[] = [];
  const seen = new Set<string>();
  const walk = (sub: string[], depth: number) => {
    for (const s of schemasAt(schema, p.doc, [...base, ...sub])) {
      if (!isObj(s.properties)) continue;
      for (const [name, prop] of Object.entries(s.properties)) {
        const path = [...sub, name];
        const key = path.join('.');
        if (seen.has(key) || (sub.length === 0 && SKIP_TOP.has(name))) continue;
        const description = descriptionOf(schema, prop);
        if (/^\(compat\)/.test(description)) continue;
        seen.add(key);
        if (sub.length > 0 && name === 'type') {
          // A nested object's kind: every alternative's, so it can be switched.
          const choices = valueChoices(schema, p.doc, [...base, ...path]).map(String);
          out.push({ path, label: fieldLabel(path), kind: 'choice', choices, value: getIn(node, path), description });
          continue;
        }
        const k = kindOf(schema, prop, description);
        if (k.kind === 'object') {
          if (depth < 2) walk(path, depth + 1);
        } else if (k.kind) {
          // An alias of a field shown already (a top-level `formula` beside `processing.formula`):
          // only when the document uses it, and then named by its path.
          let label = fieldLabel(path);
          const value = getIn(node, path);
          if (out.some((f) => f.label === label)) {
            if (value === undefined) continue;
            label = `${label} (${path.join('.')})`;
          }
          out.push({ path, label, kind: k.kind, choices: k.choices, value, description });
        }
      }
    }
  };
  walk([], 0);
  return out;
}

/** A value of `prop`'s type for a required field the document lacks: its default, else 0, '' or []. */
function filler(root: Schema, prop: unknown): unknown {
  for (const a of [prop, ...resolve(root, prop)]) if (isObj(a) && a.default !== undefined) return a.default;
  const types = resolve(root, prop).map((a) => a.type);
  if (types.includes('array')) return [];
  if (types.includes('string')) return '';
  return 1;
}

/**
 * Pure. `text` with the form field `path` of node `nodeId` set to `value` (undefined or '' removes an
 * optional field); a nested `type` switched keeps only the new kind's fields and fills its required
 * ones. Null when the node cannot be edited.
 */
export function setField(
  schema: Schema | null,
  text: string,
  nodeId: string,
  path: Path,
  value: unknown,
): string | null {
  const v = value === '' ? undefined : value;
  if (!(schema && path.length > 1 && path[path.length - 1] === 'type')) return setNodeValue(text, nodeId, path, v);
  const p = parseDoc(text);
  const index = p ? p.nodes.findIndex((n) => idOf(n) === nodeId) : -1;
  if (!p || index < 0) return null;
  const objPath = path.slice(0, -1);
  return editNode(text, nodeId, (node, doc) => {
    setIn(node, path, v);
    const obj = getIn(node, objPath);
    if (!isObj(obj)) return;
    const branches = schemasAt(schema, doc, ['scenario', 'nodes', index, ...objPath]).filter((s) =>
      isObj(s.properties),
    );
    const branch = branches.find(
      (b) => (b.properties as Obj).type && resolve(schema, (b.properties as Obj).type)[0]?.const === v,
    );
    if (!branch) return;
    const props = branch.properties as Obj;
    for (const k of Object.keys(obj)) if (!(k in props)) delete obj[k];
    const required = Array.isArray(branch.required) ? (branch.required as string[]) : [];
    // `anyOf: [{required: [a]}, {required: [b]}]`: the first alternative's names are required too.
    const firstAlt = Array.isArray(branch.anyOf) && isObj(branch.anyOf[0]) ? branch.anyOf[0].required : [];
    for (const k of [...required, ...(Array.isArray(firstAlt) ? (firstAlt as string[]) : [])])
      if (obj[k] === undefined) obj[k] = filler(schema, props[k]);
  });
}
