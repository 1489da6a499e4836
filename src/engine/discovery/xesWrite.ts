/**
 * XES export (IEEE 1849-2016; issue 26, item 4): events grouped into cases become one `<trace>`
 * per case (cases in order of first appearance, events in log order), the activity as
 * `concept:name`, the time as `time:timestamp`, `lifecycle:transition` (the event's own, else
 * `complete`), and every other field as a typed attribute — arrays as `list`, objects as
 * `container`, null fields left out. A generator of text chunks, so a file is written as it is made.
 */
import type { CaseFields } from '../../contract/discovery';
import type { CaseLog } from './caseLog';
import { isTypedEvent } from './caseLog';
import { formatIsoTime } from './isoTime';
import { xmlAttr } from './xmlText';

/** Text handed out per chunk, roughly. */
const CHUNK = 1 << 16;

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<log xes.version="1849-2016" xes.features="nested-attributes" xmlns="http://www.xes-standard.org/">
  <extension name="Concept" prefix="concept" uri="http://www.xes-standard.org/concept.xesext"/>
  <extension name="Time" prefix="time" uri="http://www.xes-standard.org/time.xesext"/>
  <extension name="Lifecycle" prefix="lifecycle" uri="http://www.xes-standard.org/lifecycle.xesext"/>
  <global scope="trace">
    <string key="concept:name" value="__INVALID__"/>
  </global>
  <global scope="event">
    <string key="concept:name" value="__INVALID__"/>
    <string key="lifecycle:transition" value="complete"/>
  </global>
  <classifier name="Activity" keys="concept:name"/>
`;

/** Pure: one XES attribute element for a JSON value (null: nothing). */
export function xesAttribute(key: string, value: unknown, indent: string): string {
  const k = xmlAttr(key);
  switch (typeof value) {
    case 'string':
      return `${indent}<string key="${k}" value="${xmlAttr(value)}"/>\n`;
    case 'boolean':
      return `${indent}<boolean key="${k}" value="${value}"/>\n`;
    case 'number':
      if (!Number.isFinite(value)) return '';
      return Number.isSafeInteger(value)
        ? `${indent}<int key="${k}" value="${value}"/>\n`
        : `${indent}<float key="${k}" value="${value}"/>\n`;
    case 'object': {
      if (value === null) return '';
      const inner = `${indent}    `;
      if (Array.isArray(value)) {
        const items = value.map((v, i) => xesAttribute(String(i), v, inner)).join('');
        return `${indent}<list key="${k}">\n${indent}  <values>\n${items}${indent}  </values>\n${indent}</list>\n`;
      }
      const fields = Object.keys(value)
        .map((f) => xesAttribute(f, (value as Record<string, unknown>)[f], `${indent}  `))
        .join('');
      return `${indent}<container key="${k}">\n${fields}${indent}</container>\n`;
    }
    default:
      return '';
  }
}

/**
 * Pure: the XES text of `events` (already read into `log` with the same `fields`), in chunks of
 * about 64 KiB. `name` is the log's `concept:name`.
 */
export function* xesChunks(
  events: readonly unknown[],
  log: CaseLog,
  fields: CaseFields = {},
  name = 'Flowledger events',
): Generator<string> {
  const C = log.caseNames.length;
  const n = log.caseOf.length;
  // Per case a chain of its events: first[c], then next[i] until -1.
  const first = new Int32Array(C).fill(-1);
  const lastOf = new Int32Array(C).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const c = log.caseOf[i]!;
    if (first[c] === -1) first[c] = i;
    else next[lastOf[c]!] = i;
    lastOf[c] = i;
  }
  const written = writtenAs(fields);
  let out = `${HEAD}  <string key="concept:name" value="${xmlAttr(name)}"/>\n`;
  for (let c = 0; c < C; c++) {
    const caseName = log.caseNames[c]!;
    out += `  <trace>\n    <string key="concept:name" value="${xmlAttr(caseName)}"/>\n`;
    for (let i = first[c]!; i !== -1; i = next[i]!) {
      const ev = events[i] as Record<string, unknown>;
      out += `    <event>\n      <string key="concept:name" value="${xmlAttr(log.activityNames[log.activityOf[i]!]!)}"/>\n`;
      const t = log.timeOf[i]!;
      if (t === t) out += `      <date key="time:timestamp" value="${formatIsoTime(t)}"/>\n`;
      const life = ev['lifecycle:transition'];
      out += `      <string key="lifecycle:transition" value="${typeof life === 'string' ? xmlAttr(life) : 'complete'}"/>\n`;
      for (const key of Object.keys(ev)) {
        if (key === 'lifecycle:transition' || written(key, ev, caseName)) continue;
        out += xesAttribute(key, ev[key], '      ');
      }
      out += '    </event>\n';
      if (out.length >= CHUNK) {
        yield out;
        out = '';
      }
    }
    out += '  </trace>\n';
  }
  yield `${out}</log>\n`;
}

/**
 * Pure: a test of the fields already written as `concept:name` or `time:timestamp`, so they are not
 * repeated as attributes. An explicit field always is; the default case field `correlationId` only
 * where it equals the trace's name (an event may carry `correlationIds` instead), the default
 * activity field `event` only outside the original tool's shape (whose activity is its `type`).
 */
function writtenAs(fields: CaseFields): (key: string, ev: Record<string, unknown>, caseName: string) => boolean {
  const time = fields.time ?? 'timestamp';
  return (key, ev, caseName) => {
    if (key === time) return true;
    if (key === (fields.case ?? 'correlationId')) return fields.case !== undefined || ev[key] === caseName;
    if (key === (fields.activity ?? 'event')) return fields.activity !== undefined || !isTypedEvent(ev);
    return false;
  };
}
