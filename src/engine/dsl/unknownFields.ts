/**
 * Finding fields the DSL does not know — a typo (`formla`), a field of another node kind
 * (`capacity` on a ProcessNode), a field the chosen variant does not use (`valueMax` on a sequence
 * generation). They are kept and ignored, and each earns a warning, never a silent surprise.
 *
 * The known fields are read from the valibot schemas themselves, so the schema stays the one list.
 */
import { didYouMean } from '../suggest';
import { hint, isRecord, pointer } from './issues';

/** The parts of a valibot schema object this walker reads (valibot keeps them public and stable). */
interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: ReadonlyArray<SchemaNode | string>;
  key?: string;
  value?: SchemaNode;
  literal?: unknown;
  pipe?: ReadonlyArray<{ type: string; title?: string }>;
}

export interface UnknownField {
  path: string;
  message: string;
}

/**
 * Pure. Every field of `value` (recursively) that `schema` does not declare, as warnings with
 * JSON Pointers under `base`. Parts of `value` that do not match the schema's shape are skipped:
 * the schema's own type errors cover them.
 */
export function unknownFields(schema: unknown, value: unknown, base: string): UnknownField[] {
  const out: UnknownField[] = [];
  walk(schema as SchemaNode, value, base, out);
  return out;
}

function walk(schema: SchemaNode, value: unknown, path: string, out: UnknownField[]): void {
  switch (schema.type) {
    case 'optional':
    case 'nullable':
    case 'nullish':
      if (schema.wrapped) walk(schema.wrapped, value, path, out);
      return;
    case 'array':
      if (Array.isArray(value) && schema.item)
        value.forEach((item, i) => walk(schema.item!, item, pointer(path, i), out));
      return;
    case 'record':
      if (isRecord(value) && schema.value)
        for (const [k, item] of Object.entries(value)) walk(schema.value, item, pointer(path, k), out);
      return;
    case 'union': {
      const option = (schema.options ?? []).find((o): o is SchemaNode => typeof o !== 'string' && sameShape(o, value));
      if (option) walk(option, value, path, out);
      return;
    }
    case 'variant': {
      if (!isRecord(value) || !schema.key) return;
      const option = (schema.options ?? []).find(
        (o): o is SchemaNode => typeof o !== 'string' && matchesDiscriminator(o, schema.key!, value[schema.key!]),
      );
      if (option) walk(option, value, path, out);
      return;
    }
    case 'object':
    case 'loose_object':
    case 'strict_object':
      if (isRecord(value) && schema.entries) checkObject(schema, schema.entries, value, path, out);
      return;
    default:
      return;
  }
}

function checkObject(
  schema: SchemaNode,
  entries: Record<string, SchemaNode>,
  value: Record<string, unknown>,
  path: string,
  out: UnknownField[],
): void {
  const known = Object.keys(entries);
  for (const [key, item] of Object.entries(value)) {
    // Own entries only: a field named "constructor" or "__proto__" is unknown, not Object.prototype's.
    const entry = Object.prototype.hasOwnProperty.call(entries, key) ? entries[key] : undefined;
    if (entry) {
      walk(entry, item, pointer(path, key), out);
      continue;
    }
    const where = titleOf(schema) ?? 'this object';
    out.push({
      path: pointer(path, key),
      message: `unknown field ${JSON.stringify(key)} in ${where} is ignored${hint(didYouMean(key, known))}`,
    });
  }
}

function titleOf(schema: SchemaNode): string | undefined {
  return schema.pipe?.find((action) => action.type === 'title')?.title;
}

function sameShape(schema: SchemaNode, value: unknown): boolean {
  const type = schema.type;
  if (type.endsWith('object') || type === 'variant' || type === 'record') return isRecord(value);
  if (type === 'array') return Array.isArray(value);
  return false;
}

function matchesDiscriminator(option: SchemaNode, key: string, discriminator: unknown): boolean {
  const field = option.entries?.[key];
  if (!field) return false;
  if (field.type === 'literal') return field.literal === discriminator;
  if (field.type === 'picklist') return (field.options ?? []).includes(discriminator as string);
  return false;
}
