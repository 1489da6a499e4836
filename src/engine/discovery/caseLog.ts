/**
 * Events grouped into cases, as columns: discovery, conformance and the XES writer all walk a log
 * once, so each event is read once into a case index, an activity index and a time, with names
 * interned. Which fields name the case, the activity and the time is the caller's choice
 * (CaseFields); the defaults read events the way the engine's external queue does.
 */
import type { CaseFields } from '../../contract/discovery';
import { inDateRange, parseIsoTime } from './isoTime';

export interface CaseLog {
  /** Case names, in order of first appearance. */
  caseNames: string[];
  /** Activity names, in order of first appearance. */
  activityNames: string[];
  /** Per event: its case, its activity (indices into the name lists) and its time (NaN for none). */
  caseOf: Int32Array;
  activityOf: Int32Array;
  timeOf: Float64Array;
}

/** An event the reader refused: its 0-based position, the field and a sentence. */
export interface CaseLogProblem {
  index: number;
  field: string;
  message: string;
}

export type CaseLogResult = { ok: true; log: CaseLog } | { ok: false; problem: CaseLogProblem };

/** Pure: true for an event in the original tool's shape (`type`, no target); its payload is `data`. */
export function isTypedEvent(e: Record<string, unknown>): boolean {
  return e['targetDataSourceId'] === undefined && typeof e['type'] === 'string';
}

/** Pure: the value at a dotted path (`a.b.0`) of an object, or undefined. */
export function fieldAt(e: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(e, path)) return e[path];
  let v: unknown = e;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** Pure: the default case of an event, as the engine keys a per-correlation-id FSM (its first correlation id). */
export function defaultCase(e: Record<string, unknown>): unknown {
  const from = (src: Record<string, unknown>): unknown => {
    const many = src['correlationIds'];
    if (Array.isArray(many) && many.length > 0) return many[0];
    return src['correlationId'];
  };
  if (isTypedEvent(e)) {
    const body = e['data'];
    const own = body !== null && typeof body === 'object' ? from(body as Record<string, unknown>) : undefined;
    if (own !== undefined) return own;
  }
  return from(e);
}

/** Pure: the default activity of an event: `event`, or for the original tool's shape `data.event`, else `type`. */
export function defaultActivity(e: Record<string, unknown>): unknown {
  if (!isTypedEvent(e)) return e['event'];
  const body = e['data'];
  const own = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['event'] : undefined;
  return own ?? e['type'];
}

/** Pure: a name read from a field (text, or a finite number as text), or null. */
function asName(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** Pure: reads `events` into cases in one pass; the first unreadable event is a problem naming its field. */
export function readCaseLog(events: readonly unknown[], fields: CaseFields = {}): CaseLogResult {
  const n = events.length;
  const caseOf = new Int32Array(n);
  const activityOf = new Int32Array(n);
  const timeOf = new Float64Array(n);
  const caseNames: string[] = [];
  const activityNames: string[] = [];
  const caseIds = new Map<string, number>();
  const activityIds = new Map<string, number>();
  const caseField = fields.case ?? 'correlationId';
  const activityField = fields.activity ?? 'event';
  const timeField = fields.time ?? 'timestamp';
  for (let i = 0; i < n; i++) {
    const e = events[i];
    if (e === null || typeof e !== 'object' || Array.isArray(e))
      return { ok: false, problem: { index: i, field: '', message: 'an event must be a JSON object' } };
    const ev = e as Record<string, unknown>;
    const c = asName(fields.case === undefined ? defaultCase(ev) : fieldAt(ev, caseField));
    if (c === null || c === '') return { ok: false, problem: missing(i, caseField, 'case') };
    const a = asName(fields.activity === undefined ? defaultActivity(ev) : fieldAt(ev, activityField));
    if (a === null || a === '') return { ok: false, problem: missing(i, activityField, 'activity') };
    let ci = caseIds.get(c);
    if (ci === undefined) {
      ci = caseNames.length;
      caseIds.set(c, ci);
      caseNames.push(c);
    }
    let ai = activityIds.get(a);
    if (ai === undefined) {
      ai = activityNames.length;
      activityIds.set(a, ai);
      activityNames.push(a);
    }
    caseOf[i] = ci;
    activityOf[i] = ai;
    const t = fieldAt(ev, timeField);
    if (t === undefined || t === null) timeOf[i] = NaN;
    else {
      const ms = typeof t === 'number' ? t : typeof t === 'string' ? parseIsoTime(t) : NaN;
      if (!Number.isFinite(ms))
        return {
          ok: false,
          problem: { index: i, field: timeField, message: `field "${timeField}" is not a time (epoch ms or ISO 8601)` },
        };
      // Out of the range of dates an XES or OCEL time could not be written (nor read by any tool).
      if (!inDateRange(ms))
        return { ok: false, problem: { index: i, field: timeField, message: outOfRange(timeField, t) } };
      timeOf[i] = ms;
    }
  }
  return { ok: true, log: { caseNames, activityNames, caseOf, activityOf, timeOf } };
}

/** Pure: the sentence for a time outside the range of dates, showing the value as given. */
function outOfRange(field: string, value: unknown): string {
  const shown =
    typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
  return `field "${field}" is ${shown}, outside the range of dates (epoch ms from -8.64e15 to 8.64e15: -271821-04-20 to +275760-09-13)`;
}

function missing(index: number, field: string, what: string): CaseLogProblem {
  return { index, field, message: `field "${field}" (the ${what}) is missing, empty or not text` };
}
