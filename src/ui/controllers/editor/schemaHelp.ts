/**
 * Completion and hover help from the DSL's JSON Schema (public/schema/v3.json): the property names an
 * object at a path may have, the values a field may take (`const`/`enum`), and a field's description.
 * Alternatives (`anyOf`/`oneOf`) are narrowed by the object's `type` when the document has one, so a
 * Sink is offered Sink fields. Pure: schema and document values in, plain lists out.
 */

export type Schema = { [k: string]: unknown };
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface FieldHelp {
  name: string;
  description: string;
}

/** Pure. The schemas `s` stands for: its `$ref` followed, its alternatives (`anyOf`/`oneOf`) spread. */
export function resolve(root: Schema, s: unknown): Schema[] {
  if (!isObj(s)) return [];
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/$defs/')) {
    const def = (root.$defs as Obj | undefined)?.[s.$ref.slice(8)];
    return resolve(root, def);
  }
  const alts = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  // `anyOf: [{required: [nodeId]}, …]` only adds requirements; keep the schema itself.
  const branches = alts.flatMap((a) => resolve(root, a)).filter((b) => b.properties || b.const !== undefined || b.enum);
  return s.properties || s.const !== undefined || s.enum || s.items || branches.length === 0
    ? [s, ...branches]
    : branches;
}

/** The schemas that may describe the value at `path`, narrowed by the values in `doc` along the way. */
export function schemasAt(root: Schema, doc: unknown, path: readonly (string | number)[]): Schema[] {
  let current = narrow(resolve(root, root), doc);
  let value = doc;
  for (const seg of path) {
    value = isObj(value) || Array.isArray(value) ? (value as Obj)[seg as string] : undefined;
    const next: Schema[] = [];
    for (const s of current) {
      if (typeof seg === 'number' || /^\d+$/.test(String(seg))) {
        if (s.items) next.push(...resolve(root, s.items));
      } else if (isObj(s.properties) && seg in s.properties) next.push(...resolve(root, s.properties[seg]));
    }
    current = narrow(next, value);
  }
  return current;
}

/** Keeps the alternatives whose `type` const matches the value's `type` (all of them when none does). */
function narrow(schemas: Schema[], value: unknown): Schema[] {
  if (!isObj(value) || typeof value.type !== 'string') return schemas;
  const t = value.type;
  const matching = schemas.filter((s) => {
    const p = isObj(s.properties) ? (s.properties.type as Obj | undefined) : undefined;
    return isObj(p) && (p.const === t || (Array.isArray(p.enum) && p.enum.includes(t)));
  });
  return matching.length
    ? matching
    : schemas.filter((s) => !(isObj(s.properties) && isObj(s.properties.type) && 'const' in s.properties.type));
}

/** Pure. The property names an object at `path` may have (minus those it has), with their descriptions. */
export function propertyNames(
  root: Schema,
  doc: unknown,
  path: readonly (string | number)[],
  present: readonly string[] = [],
): FieldHelp[] {
  const out = new Map<string, string>();
  for (const s of schemasAt(root, doc, path))
    if (isObj(s.properties))
      for (const [name, sub] of Object.entries(s.properties))
        if (!present.includes(name) && !out.has(name)) out.set(name, describe(root, sub));
  return [...out].map(([name, description]) => ({ name, description }));
}

/** Pure. The values a field at `path` may take (`const`, `enum`, `true/false`). */
export function valueChoices(root: Schema, doc: unknown, path: readonly (string | number)[]): unknown[] {
  const out: unknown[] = [];
  const add = (v: unknown) => {
    if (!out.some((o) => JSON.stringify(o) === JSON.stringify(v))) out.push(v);
  };
  // The parent decides which alternative applies (e.g. a node's `type`): take every alternative's
  // choices here, since the value being typed is the discriminator itself.
  const parent = path.slice(0, -1);
  const key = path[path.length - 1];
  const parents = key === undefined ? [] : schemasAtAll(root, doc, parent);
  for (const p of parents)
    if (isObj(p.properties) && typeof key === 'string' && key in p.properties)
      for (const s of resolve(root, p.properties[key])) {
        if (s.const !== undefined) add(s.const);
        if (Array.isArray(s.enum)) s.enum.forEach(add);
        if (s.type === 'boolean') [true, false].forEach(add);
      }
  return out;
}

/** Like schemasAt, without narrowing the last step by the document (every alternative). */
function schemasAtAll(root: Schema, doc: unknown, path: readonly (string | number)[]): Schema[] {
  if (path.length === 0) return resolve(root, root);
  const before = schemasAt(root, doc, path.slice(0, -1));
  const seg = path[path.length - 1]!;
  const next: Schema[] = [];
  for (const s of before) {
    if (typeof seg === 'number' || /^\d+$/.test(String(seg))) {
      if (s.items) next.push(...resolve(root, s.items));
    } else if (isObj(s.properties) && seg in s.properties) next.push(...resolve(root, s.properties[seg]));
  }
  return next;
}

/** Pure. The description of the field at `path` (its own, or its definition's), '' when the schema has none. */
export function describeAt(root: Schema, doc: unknown, path: readonly (string | number)[]): string {
  if (path.length === 0) return typeof root.description === 'string' ? root.description : '';
  const key = path[path.length - 1];
  for (const p of schemasAt(root, doc, path.slice(0, -1))) {
    if (typeof key === 'string' && isObj(p.properties) && key in p.properties) {
      const d = describe(root, p.properties[key]);
      if (d) return d;
    }
  }
  return '';
}

function describe(root: Schema, s: unknown): string {
  if (!isObj(s)) return '';
  if (typeof s.description === 'string') return s.description;
  for (const r of resolve(root, s)) if (typeof r.description === 'string') return r.description;
  if (s.const !== undefined) return `Always ${JSON.stringify(s.const)}.`;
  return '';
}
