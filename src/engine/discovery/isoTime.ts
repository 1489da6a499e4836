/**
 * ISO 8601 times without the platform's Date: the cores read no clock and must print the same text
 * everywhere, so epoch milliseconds and `YYYY-MM-DDTHH:MM:SS.sssZ` convert by the civil-calendar
 * arithmetic of Howard Hinnant's `days_from_civil` (proleptic Gregorian, UTC).
 */

const ISO =
  /^(-?\d{4,6})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const DAY_MS = 86_400_000;

/** The range of dates JavaScript (and the `Date#toISOString` shape) has: ±10^8 days from 1970, in ms. */
export const MAX_DATE_MS = 8.64e15;

/** Pure: whether `ms` is a time of that range (-271821-04-20 to +275760-09-13). */
export function inDateRange(ms: number): boolean {
  return ms >= -MAX_DATE_MS && ms <= MAX_DATE_MS;
}

/** Pure: days since 1970-01-01 of a proleptic Gregorian date. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Pure: the date of a day count since 1970-01-01. */
function civilFromDays(z: number): [number, number, number] {
  const zz = z + 719_468;
  const era = Math.floor(zz / 146_097);
  const doe = zz - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** Pure: epoch milliseconds of an ISO 8601 date or date-time (no zone: UTC), or NaN for other text. */
export function parseIsoTime(text: string): number {
  const m = ISO.exec(text.trim());
  if (m === null) return NaN;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    v === undefined ? undefined : Number(v),
  ) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h > 23 || mi > 59 || s > 60) return NaN;
  const frac = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000 + 1e-6);
  let offset = 0;
  const zone = m[8];
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    offset = (zone[0] === '-' ? -1 : 1) * minutes * 60_000;
  }
  return daysFromCivil(y!, mo!, d!) * DAY_MS + ((h * 60 + mi) * 60 + s) * 1000 + frac - offset;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * Pure: `YYYY-MM-DDTHH:MM:SS.sssZ` of epoch milliseconds (the shape of `Date#toISOString`). Throws
 * a RangeError outside `inDateRange`, as `toISOString` does: past it the arithmetic prints no date
 * (`+3.16e+289-…` for 1e300), so a caller refuses such times first (readCaseLog).
 */
export function formatIsoTime(ms: number): string {
  if (!inDateRange(ms)) throw new RangeError(`${ms} ms is not a time within the range of dates`);
  const t = Math.floor(ms);
  const days = Math.floor(t / DAY_MS);
  let rest = t - days * DAY_MS;
  const [y, m, d] = civilFromDays(days);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000);
  rest -= mi * 60_000;
  const s = Math.floor(rest / 1000);
  const year = y >= 0 && y <= 9999 ? pad(y, 4) : `${y < 0 ? '-' : '+'}${pad(Math.abs(y), 6)}`;
  return `${year}-${pad(m, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(rest - s * 1000, 3)}Z`;
}
