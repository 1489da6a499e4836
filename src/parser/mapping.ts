/**
 * Event mapping: parsed events → the engine's `ExternalEvent`s. Each event carries
 * `targetDataSourceId`, `correlationId` (its group key), `event` (a name an FSM can react to: the
 * event id by default), an optional numeric-if-possible `value`, the header fields, and the built-ins
 * `lineId`, `content`, `eventId`, `template`, `params`, and `timestamp` (epoch ms) when the event's
 * time was read. Reserved keys and built-ins win over a header
 * field of the same name.
 */
import type { ExternalEvent } from '../contract/vocabulary';
import { fail } from './formats/format';
import { readFieldRef, resolveFieldRef, type FieldContext, type FieldRef } from './group';
import type { MaskSet } from './masks';
import type { EventRule, MappingConfig, ParsedEvent, Result } from '../contract/parser';
import { catastrophicReason } from './regex/regexGuard';
import { userRegex, type SafeRegex } from './regex/safeRegex';

export const DEFAULT_TARGET = 'logs';

export interface CompiledMapping {
  target: string;
  fields: 'all' | readonly string[];
  include: {
    content: boolean;
    eventId: boolean;
    template: boolean;
    params: boolean;
    lineId: boolean;
    timestamp: boolean;
  };
  event: FieldRef;
  eventRules: readonly CompiledEventRule[];
  value: FieldRef | null;
}

interface CompiledEventRule {
  /** On RE2: an event rule is always a user's pattern (src/parser/regex/safeRegex.ts). */
  re: SafeRegex;
  event: string;
  on: 'content' | 'template';
}

const RESERVED = new Set(['targetDataSourceId', 'correlationId', 'correlationIds', 'event', 'value']);

/** Pure: checks a mapping against the format's fields and masks. */
export function compileMapping(
  config: MappingConfig | undefined,
  ctx: FieldContext,
  path = '/mapping',
): Result<CompiledMapping> {
  const m = config ?? {};
  if (typeof m !== 'object' || m === null) return fail('BAD_MAPPING', 'mapping must be an object', path);
  const target = m.targetDataSourceId ?? DEFAULT_TARGET;
  if (typeof target !== 'string' || target === '')
    return fail('BAD_MAPPING', 'targetDataSourceId must be a non-empty text', `${path}/targetDataSourceId`);
  const fields = m.fields ?? 'all';
  if (fields !== 'all' && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string'))) {
    return fail('BAD_MAPPING', 'fields must be "all" or a list of field names', `${path}/fields`);
  }
  const event = resolveFieldRef(m.event ?? 'eventId', ctx, `${path}/event`, 'BAD_MAPPING');
  if (!event.ok) return event;
  let value: FieldRef | null = null;
  if (m.value !== undefined) {
    const v = resolveFieldRef(m.value, ctx, `${path}/value`, 'BAD_MAPPING');
    if (!v.ok) return v;
    value = v.value;
  }
  const rules = compileEventRules(m.eventRules, `${path}/eventRules`);
  if (!rules.ok) return rules;
  const inc = m.include ?? {};
  return {
    ok: true,
    value: {
      target,
      fields,
      include: {
        content: inc.content ?? true,
        eventId: inc.eventId ?? true,
        template: inc.template ?? true,
        params: inc.params ?? true,
        lineId: inc.lineId ?? true,
        timestamp: inc.timestamp ?? true,
      },
      event: event.value,
      eventRules: rules.value,
      value,
    },
  };
}

/** Pure: one parsed event as an external event. */
export function toExternalEvent(e: ParsedEvent, mapping: CompiledMapping, masks: MaskSet): ExternalEvent {
  const out: ExternalEvent = { targetDataSourceId: mapping.target };
  if (e.groupKey !== undefined) out.correlationId = e.groupKey;
  out.event = ruleEvent(e, mapping.eventRules) ?? readFieldRef(mapping.event, e, masks) ?? '';
  if (mapping.value !== null) {
    const raw = readFieldRef(mapping.value, e, masks);
    if (raw !== undefined) out.value = numericOrText(raw);
  }
  const names = mapping.fields === 'all' ? Object.keys(e.fields) : mapping.fields;
  for (const name of names) {
    if (RESERVED.has(name) || !Object.prototype.hasOwnProperty.call(e.fields, name)) continue;
    // A field named `__proto__` is kept as a field, as in the structured CSV (assigning it would set
    // the object's prototype to a text, which does nothing, and drop the field).
    if (name === '__proto__')
      Object.defineProperty(out, name, { value: e.fields[name], enumerable: true, writable: true, configurable: true });
    else out[name] = e.fields[name];
  }
  const inc = mapping.include;
  if (inc.lineId) out.lineId = e.lineId;
  if (inc.content) out.content = e.content;
  if (inc.eventId) out.eventId = e.eventId;
  if (inc.template) out.template = e.template;
  if (inc.params) out.params = e.params.slice();
  // The time the configuration read, in epoch ms: the field discovery and the XES export read.
  if (inc.timestamp && e.timestamp !== undefined) out.timestamp = e.timestamp;
  return out;
}

/** Pure: checks each rule's pattern (a bad one is an error value naming its index and the reason). */
function compileEventRules(rules: MappingConfig['eventRules'], path: string): Result<CompiledEventRule[]> {
  if (rules === undefined) return { ok: true, value: [] };
  if (!Array.isArray(rules)) return fail('BAD_MAPPING', 'eventRules must be a list of {pattern, event}', path);
  const out: CompiledEventRule[] = [];
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i] as Partial<EventRule> | null;
    const at = `${path}/${i}`;
    if (typeof r !== 'object' || r === null)
      return fail('BAD_MAPPING', 'an event rule must be an object {pattern, event}', at);
    if (typeof r.pattern !== 'string' || r.pattern === '')
      return fail('BAD_MAPPING', 'pattern must be a non-empty regular expression', `${at}/pattern`);
    if (typeof r.event !== 'string' || r.event === '')
      return fail('BAD_MAPPING', 'event must be a non-empty name', `${at}/event`);
    if (r.on !== undefined && r.on !== 'content' && r.on !== 'template')
      return fail('BAD_MAPPING', 'on must be "content" or "template"', `${at}/on`);
    const risky = catastrophicReason(r.pattern);
    if (risky !== null) return fail('BAD_MAPPING', `pattern ${JSON.stringify(r.pattern)}: ${risky}`, `${at}/pattern`);
    const flags = typeof r.flags === 'string' ? r.flags.replace(/[gy]/g, '') : '';
    const re = userRegex(r.pattern, flags);
    if (!re.ok) {
      const why = re.syntax
        ? `pattern is not a valid regular expression: ${re.reason}`
        : `pattern ${JSON.stringify(r.pattern)}: ${re.reason}`;
      return fail('BAD_MAPPING', why, re.reason.startsWith('flags') ? `${at}/flags` : `${at}/pattern`);
    }
    out.push({ re: re.value, event: r.event, on: r.on ?? 'content' });
  }
  return { ok: true, value: out };
}

function ruleEvent(e: ParsedEvent, rules: readonly CompiledEventRule[]): string | undefined {
  for (const rule of rules) if (rule.re.test(rule.on === 'template' ? e.template : e.content)) return rule.event;
  return undefined;
}

/** Pure: the events as external events, in order. */
export function toExternalEvents(
  events: readonly ParsedEvent[],
  mapping: CompiledMapping,
  masks: MaskSet,
): ExternalEvent[] {
  return events.map((e) => toExternalEvent(e, mapping, masks));
}

/** Pure: a number when `text` is one (`"42"`, `"-1.5e3"`), otherwise the text. */
export function numericOrText(text: string): number | string {
  const t = text.trim();
  if (t === '' || !/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(t)) return text;
  const n = Number(t);
  return Number.isFinite(n) ? n : text;
}
