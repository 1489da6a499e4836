/**
 * OCEL 2.0 JSON export (issue 26, item 4): events with the objects they touch. Every correlation
 * id of an event is an object — several ids on one event (a token that joined an order and a
 * customer) become objects of several types, the type read from the id (`order-17` is an `order`;
 * an id without a word part is a `case`). Event types are the activities, with the attribute types
 * seen. Objects and types are gathered in a first pass; the events then stream out in chunks.
 */
import type { CaseFields } from '../../contract/discovery';
import type { CaseLog } from './caseLog';
import { formatIsoTime } from './isoTime';
import { byName } from './order';

const CHUNK = 1 << 16;

/** Pure: an object's type from its id: the word before a trailing number (`order-17` → `order`), else `case`. */
export function objectType(id: string): string {
  const m = /^([A-Za-z][A-Za-z_ ]*?)[-_:#/ ]?\d+$/.exec(id);
  return m ? m[1]! : 'case';
}

/** Pure: the OCEL attribute type of a value. */
function valueType(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
  if (typeof v === 'boolean') return 'boolean';
  return 'string';
}

/** Pure: an attribute value OCEL can hold (text, number or boolean; anything else as JSON text). */
function scalar(v: unknown): unknown {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);
}

/** Pure: the correlation ids an event relates to, its case first. */
function objectsOf(ev: Record<string, unknown>, caseName: string): string[] {
  const many = ev['correlationIds'];
  const ids = [caseName];
  if (Array.isArray(many)) for (const id of many) if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
  return ids;
}

/** Pure: the OCEL 2.0 JSON text of `events` (read into `log` with `fields`), in chunks. */
export function* ocelChunks(events: readonly unknown[], log: CaseLog, fields: CaseFields = {}): Generator<string> {
  const n = log.caseOf.length;
  const skip = new Set([
    fields.case ?? 'correlationId',
    'correlationIds',
    fields.activity ?? 'event',
    fields.time ?? 'timestamp',
  ]);
  const objects = new Map<string, string>();
  const eventTypes = new Map<string, Map<string, string>>();
  for (let i = 0; i < n; i++) {
    const ev = events[i] as Record<string, unknown>;
    for (const id of objectsOf(ev, log.caseNames[log.caseOf[i]!]!))
      if (!objects.has(id)) objects.set(id, objectType(id));
    const type = log.activityNames[log.activityOf[i]!]!;
    let attrs = eventTypes.get(type);
    if (!attrs) eventTypes.set(type, (attrs = new Map()));
    for (const k of Object.keys(ev)) {
      if (skip.has(k) || ev[k] === null || ev[k] === undefined) continue;
      const t = valueType(ev[k]);
      const had = attrs.get(k);
      attrs.set(k, had === undefined || had === t ? t : 'string');
    }
  }
  const objectTypes = [...new Set(objects.values())].sort(byName).map((name) => ({ name, attributes: [] }));
  const types = [...eventTypes.keys()].sort(byName).map((name) => ({
    name,
    attributes: [...eventTypes.get(name)!].sort((a, b) => byName(a[0], b[0])).map(([k, t]) => ({ name: k, type: t })),
  }));
  const objectList = [...objects].map(([id, type]) => ({ id, type, attributes: [], relationships: [] }));
  yield `{"objectTypes":${JSON.stringify(objectTypes)},"eventTypes":${JSON.stringify(types)},"objects":${JSON.stringify(objectList)},"events":[`;
  let out = '';
  for (let i = 0; i < n; i++) {
    const ev = events[i] as Record<string, unknown>;
    const t = log.timeOf[i]!;
    const attributes: { name: string; value: unknown }[] = [];
    for (const k of Object.keys(ev)) {
      if (skip.has(k) || ev[k] === null || ev[k] === undefined) continue;
      attributes.push({ name: k, value: scalar(ev[k]) });
    }
    const ids = objectsOf(ev, log.caseNames[log.caseOf[i]!]!);
    const record = {
      id: `e${i + 1}`,
      type: log.activityNames[log.activityOf[i]!]!,
      // OCEL needs a time: events without one get the epoch plus their position in ms, keeping their order.
      time: formatIsoTime(t === t ? t : i),
      attributes,
      relationships: ids.map((objectId, k) => ({ objectId, qualifier: k === 0 ? 'case' : 'correlation' })),
    };
    out += (i === 0 ? '' : ',') + JSON.stringify(record);
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield `${out}]}\n`;
}
