/**
 * Field specs and grouping. A field spec names where a value comes from: a header field or regex
 * group (`Pid`), a JSON/logfmt key, a template parameter (`param:0`), the first text a mask matched
 * (`blk`, or `mask:blk`), or a built-in (`content`, `eventId`, `template`, `lineId`, `lineNo`).
 * `groupByField` uses one to give every event a group key — its correlation id.
 *
 * A bare name resolves as a header field of the format first, then a mask, then a built-in; for JSON
 * and logfmt (whose keys are only known per line) an unknown bare name is a key.
 */
import { fail } from './formats/format';
import type { MaskSet } from './masks';
import type { GroupSummary, ParsedEvent, Result } from '../contract/parser';

export const BUILTIN_FIELDS = ['content', 'eventId', 'template', 'lineId', 'lineNo'] as const;
type Builtin = (typeof BUILTIN_FIELDS)[number];

export type FieldRef =
  | { kind: 'field'; name: string }
  | { kind: 'param'; index: number }
  | { kind: 'mask'; name: string }
  | { kind: 'builtin'; name: Builtin };

export interface FieldContext {
  /** Header fields known from the format; null when keys vary per line (JSON, logfmt). */
  fieldNames: readonly string[] | null;
  maskNames: readonly string[];
}

/** Pure: resolves a field spec against a format and its masks, or explains why it names nothing. */
export function resolveFieldRef(
  spec: unknown,
  ctx: FieldContext,
  path: string,
  code: 'BAD_GROUP_BY' | 'BAD_MAPPING' = 'BAD_GROUP_BY',
): Result<FieldRef> {
  if (typeof spec !== 'string' || spec.trim() === '')
    return fail(code, 'a field spec must be a non-empty text (e.g. "Pid", "param:0", "mask:blk")', path);
  const colon = spec.indexOf(':');
  const prefix = colon === -1 ? '' : spec.slice(0, colon);
  const rest = spec.slice(colon + 1);
  if (prefix === 'param') {
    if (!/^\d+$/.test(rest)) return fail(code, `"${spec}": a parameter is param:N with N a number from 0`, path);
    return { ok: true, value: { kind: 'param', index: Number(rest) } };
  }
  if (prefix === 'mask') {
    if (!ctx.maskNames.includes(rest))
      return fail(code, `"${spec}": no mask is named "${rest}" (masks: ${ctx.maskNames.join(', ') || 'none'})`, path);
    return { ok: true, value: { kind: 'mask', name: rest } };
  }
  if (prefix === 'field') {
    if (ctx.fieldNames !== null && !ctx.fieldNames.includes(rest))
      return fail(
        code,
        `"${spec}": the format has no field "${rest}" (fields: ${ctx.fieldNames.join(', ') || 'none'})`,
        path,
      );
    return { ok: true, value: { kind: 'field', name: rest } };
  }
  if (ctx.fieldNames?.includes(spec)) return { ok: true, value: { kind: 'field', name: spec } };
  if (ctx.maskNames.includes(spec)) return { ok: true, value: { kind: 'mask', name: spec } };
  if ((BUILTIN_FIELDS as readonly string[]).includes(spec))
    return { ok: true, value: { kind: 'builtin', name: spec as Builtin } };
  if (ctx.fieldNames === null) return { ok: true, value: { kind: 'field', name: spec } };
  return fail(
    code,
    `"${spec}" is not a field of the format (${ctx.fieldNames.join(', ') || 'none'}), a mask (${ctx.maskNames.join(', ') || 'none'}), param:N or a built-in (${BUILTIN_FIELDS.join(', ')})`,
    path,
  );
}

/** Pure: the value `ref` names in `event`, or undefined when the event has none. */
export function readFieldRef(ref: FieldRef, event: ParsedEvent, masks: MaskSet): string | undefined {
  switch (ref.kind) {
    case 'field':
      return Object.prototype.hasOwnProperty.call(event.fields, ref.name) ? event.fields[ref.name] : undefined;
    case 'param':
      return event.params[ref.index];
    case 'mask':
      return masks.capture(ref.name, event.content);
    case 'builtin':
      return ref.name === 'lineId' || ref.name === 'lineNo' ? String(event[ref.name]) : event[ref.name];
    default: {
      const never: never = ref;
      return never;
    }
  }
}

/** Counts events per group key, in order of first appearance. Memory grows with groups, not events. */
export class GroupCounter {
  private readonly groups = new Map<string, GroupSummary>();
  ungrouped = 0;

  /** `missingKey`: the bucket for events without a key, or null to leave them ungrouped. */
  constructor(
    private readonly ref: FieldRef,
    private readonly masks: MaskSet,
    private readonly missingKey: string | null,
  ) {}

  /** Sets `event.groupKey` (unless it has none and there is no bucket); returns it. Counts nothing. */
  keyOf(event: ParsedEvent): string | undefined {
    let key = readFieldRef(this.ref, event, this.masks);
    if (key === undefined || key === '') {
      if (this.missingKey === null) return undefined;
      key = this.missingKey;
    }
    event.groupKey = key;
    return key;
  }

  /** Sets `event.groupKey` as `keyOf` does and counts the event in its group. */
  assign(event: ParsedEvent): void {
    const found = readFieldRef(this.ref, event, this.masks);
    if (found === undefined || found === '') this.ungrouped++;
    const key = this.keyOf(event);
    if (key === undefined) return;
    const g = this.groups.get(key);
    if (g) g.count++;
    else this.groups.set(key, { key, count: 1, firstLine: event.lineNo });
  }

  get size(): number {
    return this.groups.size;
  }

  /** The groups in order of first appearance. */
  summary(): GroupSummary[] {
    return [...this.groups.values()].map((g) => ({ ...g }));
  }
}
