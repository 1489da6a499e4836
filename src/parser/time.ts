/**
 * Event times (docs/parser.md, "Times"): which header fields hold a line's time, in which layout —
 * a strftime-style pattern, ISO 8601, or epoch seconds or milliseconds — in which time zone (UTC
 * or a fixed offset), and for layouts without a year, which year. A time is read into epoch
 * milliseconds by calendar arithmetic (proleptic Gregorian), never by the platform's Date, and no
 * clock is read: the same lines give the same times everywhere. A time that cannot be read is
 * none (the parser counts it as `untimed`); nothing is guessed.
 *
 * Zones are UTC and fixed offsets only: IANA names (`Europe/Berlin`) need the runtime's time-zone
 * data, which differs between runtimes and versions, so the same log could read differently.
 */
import { fail } from './formats/format';
import type { Result, TimeConfig } from '../contract/parser';

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

/**
 * One piece of a strftime layout. Every piece has the same fields (unused ones zero or empty) and a
 * numeric code, so the loop reading a time over them sees one object shape (it runs once per line).
 */
interface Piece {
  code: PieceCode;
  /** A literal's text. */
  text: string;
  /** A number's field (`Y`, `m`, …), its range, its fewest and most digits, and its slot in the parts. */
  field: NumField | '';
  least: number;
  most: number;
  fewest: number;
  digits: number;
  slot: number;
}

const LITERAL = 0;
const SPACE = 1;
const NUMBER = 2;
const FRACTION = 3;
const MONTH = 4;
const WEEKDAY = 5;
const AMPM = 6;
const OFFSET = 7;
const ZONE_NAME = 8;
type PieceCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

function piece(code: PieceCode, text = '', field: NumField | '' = '', least = 0, most = 0, digits = 0): Piece {
  // %Y takes exactly four digits, the others one or two (as strptime reads them).
  const fewest = field === 'Y' ? 4 : 1;
  return { code, text, field, least, most, fewest, digits, slot: field === '' ? 0 : SLOT[field] };
}

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
    if (last?.code === LITERAL) last.text += s;
    else pieces.push(piece(LITERAL, s));
  };
  const expand = text.replace(/%T/g, '%H:%M:%S').replace(/%F/g, '%Y-%m-%d');
  for (let i = 0; i < expand.length; i++) {
    const c = expand[i]!;
    if (c === ' ' || c === '\t') {
      if (pieces[pieces.length - 1]?.code !== SPACE) pieces.push(piece(SPACE));
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
        pieces.push(piece(NUMBER, '', d, least, most, digits));
        if (d === 'Y' || d === 'y') hasYear = true;
        if (d === 'm') hasMonth = true;
        break;
      }
      case 'f':
        pieces.push(piece(FRACTION));
        break;
      case 'b':
      case 'B':
      case 'h':
        pieces.push(piece(MONTH));
        hasMonth = true;
        break;
      case 'a':
      case 'A':
        pieces.push(piece(WEEKDAY));
        break;
      case 'p':
        pieces.push(piece(AMPM));
        break;
      case 'z':
        pieces.push(piece(OFFSET));
        hasZone = true;
        break;
      case 'Z':
        pieces.push(piece(ZONE_NAME));
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
  const has = (f: NumField) => pieces.some((p) => p.code === NUMBER && p.field === f);
  if (has('I') !== pieces.some((p) => p.code === AMPM))
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
  /** The `names` list the field positions below were worked out for. */
  private namesSeen: readonly string[] | null = null;
  private at: readonly number[] = [];
  /**
   * Per layout: the last text it read and what it read there (the parts, and whether it read).
   * Reading pieces depends on the text alone, and neighbouring lines often share their time.
   */
  private readonly parts: Int32Array[];
  private readonly lastText: (string | null)[];
  private readonly lastRead: boolean[];

  constructor(private readonly spec: TimeSpec) {
    this.year = spec.year;
    this.parts = spec.layouts.map(() => new Int32Array(PARTS));
    this.lastText = spec.layouts.map(() => null);
    this.lastRead = spec.layouts.map(() => false);
  }

  /** The epoch ms of an event with these header fields, or null when its time cannot be read. */
  read(names: readonly string[], values: readonly string[]): number | null {
    const text = this.text(names, values);
    if (text === null) return null;
    const { layouts } = this.spec;
    for (let k = 0; k < layouts.length; k++) {
      const ms = this.readLayout(layouts[k]!, k, text);
      if (ms !== null) return ms;
    }
    return null;
  }

  /**
   * Where each of the spec's fields (or `firstOf` names) stands in `names`, −1 where it is absent.
   * A format's reader gives every line the same `names` list, so this is worked out once per list.
   */
  private fieldsAt(names: readonly string[]): readonly number[] {
    if (names !== this.namesSeen) {
      this.namesSeen = names;
      this.at = (this.spec.firstOf ?? this.spec.fields!).map((name) => names.indexOf(name));
    }
    return this.at;
  }

  private text(names: readonly string[], values: readonly string[]): string | null {
    const at = this.fieldsAt(names);
    if (this.spec.firstOf !== null) {
      for (const i of at) if (i !== -1) return values[i]!.trim();
      return null;
    }
    let out = '';
    for (const i of at) {
      if (i === -1) return null;
      out = out === '' ? values[i]!.trim() : `${out} ${values[i]!.trim()}`;
    }
    return out;
  }

  private readLayout(layout: Layout, k: number, text: string): number | null {
    if (layout.kind === 'epoch') return readEpoch(text, layout.msPerUnit);
    if (layout.kind === 'iso') return readIso(text, this.spec.offsetMs);
    const p = this.parts[k]!;
    if (text !== this.lastText[k]) {
      this.lastText[k] = text;
      this.lastRead[k] = readPieces(layout.pieces, text, p);
    }
    if (!this.lastRead[k]) return null;
    let year = p[YEAR]!;
    const month = p[MONTH_OF_YEAR]!;
    if (!layout.hasYear) {
      year = this.year;
      // Only a time that reads advances the year; a time-only layout has no month to follow.
      if (layout.hasMonth && month < this.lastMonth) year++;
    }
    const offsetMs = p[HAS_OFFSET] === 1 ? p[OFFSET_MS]! : this.spec.offsetMs;
    const ms = civilMs(year, month, p[DAY]!, p[HOUR]!, p[MINUTE]!, p[SECOND]!, p[MILLI]!, offsetMs);
    if (ms !== null && !layout.hasYear && layout.hasMonth) {
      this.year = year;
      this.lastMonth = month;
    }
    return ms;
  }
}

/** Slots of the parts a strftime layout reads (a reader's scratch array, filled anew for each time). */
const YEAR = 0;
const MONTH_OF_YEAR = 1;
const DAY = 2;
const HOUR = 3;
const MINUTE = 4;
const SECOND = 5;
const MILLI = 6;
/** 1 when the text gave its own offset (%z, %Z), which is then OFFSET_MS. */
const HAS_OFFSET = 7;
const OFFSET_MS = 8;
/** %I's hour (1–12), −1 without one. */
const HOUR12 = 9;
const PARTS = 10;
const SLOT: Record<NumField, number> = {
  Y: YEAR,
  y: YEAR,
  m: MONTH_OF_YEAR,
  d: DAY,
  e: DAY,
  H: HOUR,
  I: HOUR12,
  M: MINUTE,
  S: SECOND,
};

/**
 * Pure apart from `p`, which it fills: whether the pieces of a strftime layout read `text` (the
 * whole of it), and the parts they read. Runs once per line: no allocation where a piece reads
 * digits, spaces, literals or ASCII names.
 */
function readPieces(pieces: readonly Piece[], text: string, p: Int32Array): boolean {
  p[YEAR] = 0;
  p[MONTH_OF_YEAR] = 1;
  p[DAY] = 1;
  p[HOUR] = 0;
  p[MINUTE] = 0;
  p[SECOND] = 0;
  p[MILLI] = 0;
  p[HAS_OFFSET] = 0;
  p[OFFSET_MS] = 0;
  p[HOUR12] = -1;
  let pm = false;
  let i = 0;
  const n = text.length;
  for (let k = 0; k < pieces.length; k++) {
    const piece = pieces[k]!;
    switch (piece.code) {
      case LITERAL:
        if (!text.startsWith(piece.text, i)) return false;
        i += piece.text.length;
        break;
      case SPACE: {
        const from = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c !== 32 && c !== 9) break;
          i++;
        }
        if (i === from) return false;
        break;
      }
      case NUMBER: {
        const field = piece.field;
        if (field === 'e') while (i < n && text.charCodeAt(i) === 32) i++;
        const from = i;
        let v = 0;
        // Bounded before each read: no read past the text's end (which would slow the loop down).
        while (i - from < piece.digits && i < n) {
          const c = text.charCodeAt(i);
          if (c < 48 || c > 57) break;
          v = v * 10 + c - 48;
          i++;
        }
        if (i - from < piece.fewest || v < piece.least || v > piece.most) return false;
        // POSIX: 69–99 are 1969–1999, 00–68 are 2000–2068.
        p[piece.slot] = field === 'y' ? (v >= 69 ? 1900 + v : 2000 + v) : v;
        break;
      }
      case FRACTION: {
        const from = i;
        while (i - from < 9 && isDigit(text.charCodeAt(i))) i++;
        if (i === from) return false;
        // The first three digits, padded with zeros: milliseconds.
        let ms = 0;
        for (let d = 0; d < 3; d++) ms = ms * 10 + (from + d < i ? text.charCodeAt(from + d) - 48 : 0);
        p[MILLI] = ms;
        break;
      }
      case MONTH:
      case WEEKDAY: {
        const names = piece.code === MONTH ? MONTHS : WEEKDAYS;
        const end = nameEnd(names, text, i, p);
        if (end === -1) return false;
        i = end;
        break;
      }
      case AMPM: {
        const two = text.slice(i, i + 2).toUpperCase();
        if (two !== 'AM' && two !== 'PM') return false;
        pm = two === 'PM';
        i += 2;
        break;
      }
      case OFFSET: {
        const m = /^(?:Z|([+-])(\d{2})(?::?(\d{2}))?)/.exec(text.slice(i, i + 6));
        if (m === null) return false;
        const offsetMs = m[1] === undefined ? 0 : zoneOffset(m[0]);
        if (offsetMs === null) return false;
        p[HAS_OFFSET] = 1;
        p[OFFSET_MS] = offsetMs;
        i += m[0].length;
        break;
      }
      case ZONE_NAME: {
        const m = /^(?:UTC|GMT|Z)/.exec(text.slice(i, i + 3));
        if (m === null) return false;
        p[HAS_OFFSET] = 1;
        p[OFFSET_MS] = 0;
        i += m[0].length;
        break;
      }
    }
  }
  if (i !== n) return false;
  if (p[HOUR12] !== -1) p[HOUR] = (p[HOUR12]! % 12) + (pm ? 12 : 0);
  return true;
}

/**
 * The end of the month or weekday name at `at` (see nameAt), −1 for none; a month's number goes in
 * `p`. Text of ASCII letters is compared in place (lower case is `| 0x20` there); other text goes to
 * nameAt, whose lower-casing may change its length.
 */
function nameEnd(names: readonly string[], text: string, at: number, p: Int32Array): number {
  const stop = Math.min(text.length, at + 9);
  for (let j = at; j < stop; j++) {
    if (text.charCodeAt(j) >= 128) {
      const found = nameAt(names, text, at);
      if (found === null) return -1;
      if (names === MONTHS) p[MONTH_OF_YEAR] = found.index + 1;
      return found.end;
    }
  }
  if (at + 3 > stop) return -1;
  // Each name begins with its own three letters and no two share them, so those three say which
  // name it can be; the whole name is read where the text goes on with it, else the three letters.
  const key = threeLetters(text.charCodeAt(at) | 0x20, text.charCodeAt(at + 1) | 0x20, text.charCodeAt(at + 2) | 0x20);
  const k = (names === MONTHS ? MONTH_KEYS : WEEKDAY_KEYS).indexOf(key);
  if (k === -1) return -1;
  if (names === MONTHS) p[MONTH_OF_YEAR] = k + 1;
  const name = names[k]!;
  if (at + name.length > stop) return at + 3;
  let j = 3;
  while (j < name.length && (text.charCodeAt(at + j) | 0x20) === name.charCodeAt(j)) j++;
  return j === name.length ? at + j : at + 3;
}

/** Three character codes (each below 128) as one number. */
function threeLetters(a: number, b: number, c: number): number {
  return (a << 14) | (b << 7) | c;
}

const keyOf = (name: string) => threeLetters(name.charCodeAt(0), name.charCodeAt(1), name.charCodeAt(2));
const MONTH_KEYS = MONTHS.map(keyOf);
const WEEKDAY_KEYS = WEEKDAYS.map(keyOf);

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
