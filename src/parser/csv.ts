/**
 * CSV in the public log-parsing benchmark's layout: `_structured.csv` (one row per event: `LineId`,
 * the header fields in format order, `Content`, `EventId`, `EventTemplate`) and `_templates.csv`
 * (`EventId,EventTemplate,Occurrences`). Quoting follows RFC 4180: a field holding a comma, a double
 * quote, CR or LF is enclosed in double quotes, with inner quotes doubled; records end with CRLF.
 * A reader for the same dialect reads the benchmark's ground truth.
 */
import type { ParsedEvent, TemplateSummary } from '../contract/parser';

export const CRLF = '\r\n';

/** Pure: one field, quoted when it needs to be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Pure: one record with its line break. */
export function csvRow(fields: readonly string[], eol = CRLF): string {
  return fields.map(csvField).join(',') + eol;
}

/** Pure: the structured CSV's header record. */
export function structuredHeader(fieldNames: readonly string[], eol = CRLF): string {
  return csvRow(['LineId', ...fieldNames, 'Content', 'EventId', 'EventTemplate'], eol);
}

/** Pure: one event's structured record (a field the event lacks is empty). */
export function structuredRow(event: ParsedEvent, fieldNames: readonly string[], eol = CRLF): string {
  const cells = [String(event.lineId)];
  for (const name of fieldNames)
    cells.push(Object.prototype.hasOwnProperty.call(event.fields, name) ? event.fields[name]! : '');
  cells.push(event.content, event.eventId, event.template);
  return csvRow(cells, eol);
}

/** Pure: the whole structured CSV. */
export function structuredCsv(events: readonly ParsedEvent[], fieldNames: readonly string[], eol = CRLF): string {
  let out = structuredHeader(fieldNames, eol);
  for (const e of events) out += structuredRow(e, fieldNames, eol);
  return out;
}

/** Pure: the templates CSV. */
export function templatesCsv(templates: readonly TemplateSummary[], eol = CRLF): string {
  let out = csvRow(['EventId', 'EventTemplate', 'Occurrences'], eol);
  for (const t of templates) out += csvRow([t.eventId, t.template, String(t.occurrences)], eol);
  return out;
}

/**
 * Pure: the records of an RFC 4180 text (CRLF or LF line breaks; quoted fields may hold commas,
 * doubled quotes and line breaks). A trailing line break does not make an empty record.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let fieldStarted = false;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
