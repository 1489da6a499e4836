/**
 * The reference for time reading: src/parser/time.ts as it was before its per-line reading was made
 * faster (pieces of one shape, a reused parts array, names matched in place, the last text's reading
 * kept per layout). Straightforward and slow; tests/unit/parser/timeFast.test.ts checks that the
 * parser's reader gives the same time, the same null and the same year state on generated lines.
 * Not used by the product.
 */
import { fail } from '../../../src/parser/formats/format';
import type { Result, TimeConfig } from '../../../src/contract/parser';

/** The year of a layout without one, unless `time.year` says otherwise: a leap year, so 29 Feb reads. */
export const DEFAULT_YEAR = 2000;
/** The layout of time fields marked in a format string when `time.layout` is not given. */
export const DEFAULT_LAYOUT = 'iso8601';
/** The range of dates JavaScript has: ±10^8 days from 1970, in ms. */
const MAX_MS = 8.64e15;
const DAY_MS = 86_400_000;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

type NumField = 'Y' | 'y' | 'm' | 'd' | 'e' | 'H' | 'I' | 'M' | 'S';

/** One piece of a strftime layout. */
type Piece =
  | { kind: 'literal'; text: string }
  | { kind: 'space' }
  | { kind: 'number'; field: NumField; least: number; most: number; digits: number }
  | { kind: 'fraction' }
  | { kind: 'month' }
  | { kind: 'weekday' }
  | { kind: 'ampm' }
  | { kind: 'offset' }
  | { kind: 'zoneName' };

type Layout =
  | { kind: 'strftime'; pieces: Piece[]; hasYear: boolean; hasMonth: boolean; hasZone: boolean }
  | { kind: 'iso' }
  | { kind: 'epoch'; msPerUnit: number };

const NUMBERS: Record<NumField, [least: number, most: number, digits: number]> = {
  Y: [0, 9999, 4],
  y: [0, 99, 2],
  m: [1, 12, 2],
  d: [1, 31, 2],
  e: [1, 31, 2],
  H: [0, 23, 2],
  I: [1, 12, 2],
  M: [0, 59, 2],
  S: [0, 60, 2],
};

/** What a compiled time setting reads: the fields, the layouts in order, the zone and the year. */
export interface TimeSpec {
  /** Fields whose texts, joined by one space, are the time (all of them must be present). */
  fields: readonly string[] | null;
  /** Or: the first of these fields an event has. */
  firstOf: readonly string[] | null;
  layouts: readonly Layout[];
  /** Offset of the configured zone from UTC, in ms (local = UTC + offset). */
  offsetMs: number;
  year: number;
}

/**
 * Pure: the time setting of `config` over a preset's (`config`'s keys win), checked against the
 * format's fields (`fieldNames`, null when they vary per line) with `marked` the fields a format
 * string marks as time fields (`<Date:time>`): null when no time is read, or the first problem.
 */
export function compileTime(
  config: TimeConfig | undefined,
  preset: TimeConfig | undefined,
  marked: readonly string[],
  fieldNames: readonly string[] | null,
): Result<TimeSpec | null> {
  const t: TimeConfig = { ...preset, ...config };
  if (t.enabled === false) return ok(null);
  if (t.fields !== undefined && t.firstOf !== undefined)
    return fail('BAD_TIME', 'give fields (joined) or firstOf (the first present), not both', '/time/firstOf');
  const fields = t.fields ?? (t.firstOf === undefined && marked.length > 0 ? [...marked] : undefined);
  const names = fields ?? t.firstOf;
  if (names === undefined) {
    if (config === undefined || Object.keys(config).every((k) => k === 'enabled')) return ok(null);
    return fail(
      'BAD_TIME',
      'say which fields hold the time: "fields": ["Date", "Time"], or mark them in the format string (<Time:time>)',
      '/time/fields',
    );
  }
  const key = fields !== undefined ? 'fields' : 'firstOf';
  if (names.length === 0) return fail('BAD_TIME', `${key} must name at least one field`, `/time/${key}`);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name === '') return fail('BAD_TIME', 'a field name is empty', `/time/${key}/${i}`);
    if (fieldNames !== null && !fieldNames.includes(name))
      return fail(
        'BAD_TIME',
        `the format has no field "${name}" (fields: ${fieldNames.join(', ') || 'none'})`,
        `/time/${key}/${i}`,
      );
  }
  const given = t.layout ?? DEFAULT_LAYOUT;
  const texts = typeof given === 'string' ? [given] : given;
  if (texts.length === 0) return fail('BAD_TIME', 'layout must name at least one layout', '/time/layout');
  const layouts: Layout[] = [];
  for (let i = 0; i < texts.length; i++) {
    const layout = compileLayout(texts[i]!);
    if (typeof layout === 'string')
      return fail('BAD_TIME', layout, typeof given === 'string' ? '/time/layout' : `/time/layout/${i}`);
    layouts.push(layout);
  }
  const offsetMs = zoneOffset(t.zone ?? 'UTC');
  if (offsetMs === null)
    return fail(
      'BAD_TIME',
      `zone ${JSON.stringify(t.zone)} is not UTC or a fixed offset such as "+02:00" (time-zone names need the runtime's time-zone data, which differs between runtimes, so they are not read)`,
      '/time/zone',
    );
  const year = t.year ?? DEFAULT_YEAR;
  if (!Number.isInteger(year) || year < 0 || year > 9999)
    return fail('BAD_TIME', 'year must be a whole number from 0 to 9999', '/time/year');
  return ok({
    fields: fields ?? null,
    firstOf: fields === undefined ? (t.firstOf ?? null) : null,
    layouts,
    offsetMs,
    year,
  });
}

/** Pure: a layout, or a sentence saying what is wrong with it. */
function compileLayout(text: string): Layout | string {
  if (text === 'iso8601') return { kind: 'iso' };
  if (text === 'epoch-s') return { kind: 'epoch', msPerUnit: 1000 };
  if (text === 'epoch-ms') return { kind: 'epoch', msPerUnit: 1 };
  if (!text.includes('%'))
    return `layout ${JSON.stringify(text)} is not "iso8601", "epoch-s", "epoch-ms" or a strftime pattern such as "%b %d %H:%M:%S"`;
  const pieces: Piece[] = [];
  let hasYear = false;
  let hasMonth = false;
  let hasZone = false;
  const literal = (s: string) => {
    const last = pieces[pieces.length - 1];
    if (last?.kind === 'literal') last.text += s;
    else pieces.push({ kind: 'literal', text: s });
  };
  const expand = text.replace(/%T/g, '%H:%M:%S').replace(/%F/g, '%Y-%m-%d');
  for (let i = 0; i < expand.length; i++) {
    const c = expand[i]!;
    if (c === ' ' || c === '\t') {
      if (pieces[pieces.length - 1]?.kind !== 'space') pieces.push({ kind: 'space' });
      continue;
    }
    if (c !== '%') {
      literal(c);
      continue;
    }
    const d = expand[++i];
    switch (d) {
      case 'Y':
      case 'y':
      case 'm':
      case 'd':
      case 'e':
      case 'H':
      case 'I':
      case 'M':
      case 'S': {
        const [least, most, digits] = NUMBERS[d];
        pieces.push({ kind: 'number', field: d, least, most, digits });
        if (d === 'Y' || d === 'y') hasYear = true;
        if (d === 'm') hasMonth = true;
        break;
      }
      case 'f':
        pieces.push({ kind: 'fraction' });
        break;
      case 'b':
      case 'B':
      case 'h':
        pieces.push({ kind: 'month' });
        hasMonth = true;
        break;
      case 'a':
      case 'A':
        pieces.push({ kind: 'weekday' });
        break;
      case 'p':
        pieces.push({ kind: 'ampm' });
        break;
      case 'z':
        pieces.push({ kind: 'offset' });
        hasZone = true;
        break;
      case 'Z':
        pieces.push({ kind: 'zoneName' });
        hasZone = true;
        break;
      case '%':
        literal('%');
        break;
      default:
        return d === undefined
          ? `layout ${JSON.stringify(text)} ends with a lone %`
          : `layout ${JSON.stringify(text)}: %${d} is not a supported directive (supported: %Y %y %m %d %e %H %I %p %M %S %f %b %B %h %a %A %z %Z %T %F %%)`;
    }
  }
  const has = (f: NumField) => pieces.some((p) => p.kind === 'number' && p.field === f);
  if (has('I') !== pieces.some((p) => p.kind === 'ampm'))
    return `layout ${JSON.stringify(text)}: %I (12-hour clock) and %p (AM/PM) go together`;
  return { kind: 'strftime', pieces, hasYear, hasMonth, hasZone };
}

/** Pure: the offset from UTC of `UTC`, `Z` or `±hh[:mm]`, in ms, or null. */
function zoneOffset(zone: unknown): number | null {
  if (zone === 'UTC' || zone === 'Z' || zone === 'GMT') return 0;
  if (typeof zone !== 'string') return null;
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zone);
  if (m === null) return null;
  const h = Number(m[2]);
  const mi = Number(m[3] ?? '0');
  if (h > 23 || mi > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (h * 60 + mi) * 60_000;
}

/**
 * Reads times line after line. Stateful for layouts without a year: the year starts at `spec.year`
 * and advances by one whenever a time's month is earlier than the month of the time read before it
 * (a log running from December into January). Feed it the lines in input order.
 */
export class TimeReader {
  private year: number;
  private lastMonth = 0;

  constructor(private readonly spec: TimeSpec) {
    this.year = spec.year;
  }

  /** The epoch ms of an event with these header fields, or null when its time cannot be read. */
  read(names: readonly string[], values: readonly string[]): number | null {
    const text = this.text(names, values);
    if (text === null) return null;
    for (const layout of this.spec.layouts) {
      const ms = this.readLayout(layout, text);
      if (ms !== null) return ms;
    }
    return null;
  }

  private text(names: readonly string[], values: readonly string[]): string | null {
    const { fields, firstOf } = this.spec;
    if (firstOf !== null) {
      for (const name of firstOf) {
        const i = names.indexOf(name);
        if (i !== -1) return values[i]!.trim();
      }
      return null;
    }
    let out = '';
    for (const name of fields!) {
      const i = names.indexOf(name);
      if (i === -1) return null;
      out = out === '' ? values[i]!.trim() : `${out} ${values[i]!.trim()}`;
    }
    return out;
  }

  private readLayout(layout: Layout, text: string): number | null {
    if (layout.kind === 'epoch') return readEpoch(text, layout.msPerUnit);
    if (layout.kind === 'iso') return readIso(text, this.spec.offsetMs);
    const p = readPieces(layout.pieces, text);
    if (p === null) return null;
    let year = p.year;
    if (!layout.hasYear) {
      year = this.year;
      // Only a time that reads advances the year; a time-only layout has no month to follow.
      if (layout.hasMonth && p.month < this.lastMonth) year++;
    }
    const ms = civilMs(year, p.month, p.day, p.hour, p.minute, p.second, p.ms, p.offsetMs ?? this.spec.offsetMs);
    if (ms !== null && !layout.hasYear && layout.hasMonth) {
      this.year = year;
      this.lastMonth = p.month;
    }
    return ms;
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  offsetMs: number | null;
}

/** Pure: the parts of `text` read by the pieces of a strftime layout (the whole text), or null. */
function readPieces(pieces: readonly Piece[], text: string): Parts | null {
  const p: Parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0, offsetMs: null };
  let hour12 = -1;
  let pm = false;
  let i = 0;
  for (const piece of pieces) {
    switch (piece.kind) {
      case 'literal':
        if (!text.startsWith(piece.text, i)) return null;
        i += piece.text.length;
        break;
      case 'space': {
        const from = i;
        while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
        if (i === from) return null;
        break;
      }
      case 'number': {
        if (piece.field === 'e') while (text[i] === ' ') i++;
        const from = i;
        // %Y takes exactly four digits, the others one or two (as strptime reads them).
        const least = piece.field === 'Y' ? 4 : 1;
        let n = 0;
        while (i - from < piece.digits && isDigit(text.charCodeAt(i))) n = n * 10 + text.charCodeAt(i++) - 48;
        if (i - from < least || n < piece.least || n > piece.most) return null;
        switch (piece.field) {
          case 'Y':
            p.year = n;
            break;
          case 'y':
            // POSIX: 69–99 are 1969–1999, 00–68 are 2000–2068.
            p.year = n >= 69 ? 1900 + n : 2000 + n;
            break;
          case 'm':
            p.month = n;
            break;
          case 'd':
          case 'e':
            p.day = n;
            break;
          case 'H':
            p.hour = n;
            break;
          case 'I':
            hour12 = n;
            break;
          case 'M':
            p.minute = n;
            break;
          case 'S':
            p.second = n;
            break;
        }
        break;
      }
      case 'fraction': {
        const from = i;
        while (i - from < 9 && isDigit(text.charCodeAt(i))) i++;
        if (i === from) return null;
        p.ms = Number(text.slice(from, Math.min(i, from + 3)).padEnd(3, '0'));
        break;
      }
      case 'month':
      case 'weekday': {
        const names = piece.kind === 'month' ? MONTHS : WEEKDAYS;
        const at = nameAt(names, text, i);
        if (at === null) return null;
        if (piece.kind === 'month') p.month = at.index + 1;
        i = at.end;
        break;
      }
      case 'ampm': {
        const two = text.slice(i, i + 2).toUpperCase();
        if (two !== 'AM' && two !== 'PM') return null;
        pm = two === 'PM';
        i += 2;
        break;
      }
      case 'offset': {
        const m = /^(?:Z|([+-])(\d{2})(?::?(\d{2}))?)/.exec(text.slice(i, i + 6));
        if (m === null) return null;
        p.offsetMs = m[1] === undefined ? 0 : zoneOffset(m[0]);
        if (p.offsetMs === null) return null;
        i += m[0].length;
        break;
      }
      case 'zoneName': {
        const m = /^(?:UTC|GMT|Z)/.exec(text.slice(i, i + 3));
        if (m === null) return null;
        p.offsetMs = 0;
        i += m[0].length;
        break;
      }
    }
  }
  if (i !== text.length) return null;
  if (hour12 !== -1) p.hour = (hour12 % 12) + (pm ? 12 : 0);
  return p;
}

/** Pure: the English month or weekday name (full or its first three letters, any case) at `at`. */
function nameAt(names: readonly string[], text: string, at: number): { index: number; end: number } | null {
  const lower = text.slice(at, at + 9).toLowerCase();
  for (let k = 0; k < names.length; k++)
    if (lower.startsWith(names[k]!)) return { index: k, end: at + names[k]!.length };
  for (let k = 0; k < names.length; k++) if (lower.startsWith(names[k]!.slice(0, 3))) return { index: k, end: at + 3 };
  return null;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Pure: epoch ms of an ISO 8601 date or date-time; without its own zone in `offsetMs`'s. */
function readIso(text: string, offsetMs: number): number | null {
  const m = ISO.exec(text);
  if (m === null) return null;
  const n = (s: string | undefined) => (s === undefined ? 0 : Number(s));
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  const zone = m[8] === undefined ? offsetMs : zoneOffset(m[8].toUpperCase());
  if (zone === null) return null;
  const hour = n(m[4]);
  const minute = n(m[5]);
  const second = n(m[6]);
  if (hour > 23 || minute > 59 || second > 60) return null;
  return civilMs(n(m[1]), n(m[2]), n(m[3]), hour, minute, second, ms, zone);
}

/** Pure: epoch ms of a whole number of seconds or ms (seconds may have a fraction), or null. */
function readEpoch(text: string, msPerUnit: number): number | null {
  const re = msPerUnit === 1 ? /^-?\d{1,16}$/ : /^-?\d{1,13}(?:\.\d{1,9})?$/;
  if (!re.test(text)) return null;
  const dot = text.indexOf('.');
  const whole = Number(dot === -1 ? text : text.slice(0, dot));
  const frac = dot === -1 ? 0 : Number(text.slice(dot + 1, dot + 4).padEnd(3, '0'));
  const ms = whole * msPerUnit + (text.startsWith('-') ? -frac : frac);
  return ms >= -MAX_MS && ms <= MAX_MS ? ms : null;
}

/** Pure: epoch ms of a civil date and time at `offsetMs` from UTC, or null for a date that does not exist. */
function civilMs(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  offsetMs: number,
): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  const out = daysFromCivil(y, mo, d) * DAY_MS + ((h * 60 + mi) * 60 + s) * 1000 + ms - offsetMs;
  return out >= -MAX_MS && out <= MAX_MS ? out : null;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Pure: days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
