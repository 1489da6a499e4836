/**
 * The time reader (src/parser/time.ts) reads every text as its straightforward reference
 * (timeReference.ts, the reading before it was made faster) does: generated layouts and texts —
 * month and weekday names in any case, full or cut, non-ASCII letters beside them, fractions,
 * offsets and zone names, 12-hour clocks, dates that do not exist, numbers out of range, stray
 * spaces — read line after line by both, so the year of year-less layouts moves the same way;
 * repeated texts (which the reader keeps the last reading of) included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTime, TimeReader } from '../../../src/parser/time';
import * as reference from './timeReference';
import type { TimeConfig } from '../../../src/contract/parser';

const directive = fc.constantFrom(
  '%Y',
  '%y',
  '%m',
  '%d',
  '%e',
  '%H',
  '%M',
  '%S',
  '%f',
  '%b',
  '%B',
  '%h',
  '%a',
  '%A',
  '%z',
  '%Z',
  '%T',
  '%F',
  '%%',
);
const glue = fc.constantFrom('', ' ', '  ', '-', ':', '/', '.', ', ', 'T', '\t');
const layoutText = fc
  .array(fc.tuple(directive, glue), { minLength: 1, maxLength: 7 })
  .map((parts) =>
    parts
      .map(([d, g]) => d + g)
      .join('')
      .trim(),
  )
  .filter((l) => l.includes('%'));
/** A 12-hour layout, which needs %I and %p together. */
const hour12 = fc.constantFrom('%I:%M %p', '%b %d %I:%M:%S %p', '%Y-%m-%d %I %p');

const fragment = fc.constantFrom(
  '2024',
  '1999',
  '0000',
  '9999',
  '24',
  '69',
  '68',
  '00',
  '0',
  '1',
  '01',
  '02',
  '2',
  '12',
  '13',
  '28',
  '29',
  '30',
  '31',
  '32',
  '23',
  '24',
  '59',
  '60',
  '61',
  '7',
  '123',
  '5',
  '999999999',
  '1234567891',
  'jan',
  'Jan',
  'JAN',
  'January',
  'january',
  'FEBRUARY',
  'feb',
  'Mar',
  'march',
  'may',
  'May',
  'jun',
  'June',
  'jul',
  'July',
  'sep',
  'Sept',
  'september',
  'SEPTEMBER',
  'oct',
  'Dec',
  'december',
  'decem',
  'mon',
  'Mon',
  'Monday',
  'tue',
  'Tues',
  'wed',
  'Wednesday',
  'WEDNESDAY',
  'thu',
  'Thursday',
  'fri',
  'Friday',
  'sat',
  'sun',
  'Sunday',
  'Frİ',
  'frİday',
  'İ',
  'é',
  'Décembre',
  'Mär',
  '\u212a',
  'AM',
  'pm',
  'Pm',
  'xm',
  'Z',
  'z',
  '+00:00',
  '-07:00',
  '+0530',
  '-0700',
  '+05',
  '+24:00',
  '+05:61',
  'UTC',
  'GMT',
  'CET',
  ' ',
  '  ',
  '\t',
  '-',
  ':',
  '/',
  '.',
  ',',
  'T',
  'x',
  '%',
);
const textOf = fc.array(fragment, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

/** Texts that fit a layout: each directive given a value of its kind, now and then a wrong one. */
function fitting(layout: string): fc.Arbitrary<string> {
  const pieces = layout.replace(/%T/g, '%H:%M:%S').replace(/%F/g, '%Y-%m-%d').split(/(%.)/);
  const values: Record<string, string[]> = {
    '%Y': ['2024', '1999', '2015', '0400', '24'],
    '%y': ['24', '99', '69', '68', '7'],
    '%m': ['01', '2', '12', '13', '00'],
    '%d': ['01', '29', '30', '31', '9'],
    '%e': [' 5', '12', '  7', '31'],
    '%H': ['00', '7', '23', '24'],
    '%I': ['12', '1', '07', '13'],
    '%M': ['00', '59', '60', '5'],
    '%S': ['00', '60', '61', '9'],
    '%f': ['1', '12', '123456', '123456789', ''],
    '%b': ['Jan', 'feb', 'DEC', 'Sept', 'September', 'Frİ', 'jux'],
    '%B': ['January', 'february', 'MAY', 'Dec', 'Décembre'],
    '%h': ['Mar', 'march', 'oct'],
    '%a': ['Mon', 'tue', 'Wednesday', 'Thursday', 'Frİ', 'xyz'],
    '%A': ['Sunday', 'friday', 'Sat'],
    '%p': ['AM', 'pm', 'XM'],
    '%z': ['Z', '+05:30', '-0700', '+05', '+25:00'],
    '%Z': ['UTC', 'GMT', 'Z', 'CET'],
    '%%': ['%', 'x'],
  };
  return fc
    .tuple(
      ...pieces.map((p) =>
        values[p] ? fc.constantFrom(...values[p]!) : fc.constantFrom(p, p, p, p.replace(/ /g, '  '), ''),
      ),
    )
    .map((parts) => parts.join('').trim());
}

/** Reads `texts` in order with both readers; the names list changes identity now and then. */
function both(
  config: TimeConfig,
  fields: string[],
  rows: string[][],
): { fast: (number | null)[]; slow: (number | null)[] } {
  const a = compileTime(config, undefined, [], null);
  const b = reference.compileTime(config, undefined, [], null);
  expect(a.ok).toBe(b.ok);
  if (!a.ok || !b.ok || a.value === null || b.value === null) return { fast: [], slow: [] };
  const fast = new TimeReader(a.value);
  const slow = new reference.TimeReader(b.value);
  const out = { fast: [] as (number | null)[], slow: [] as (number | null)[] };
  let names = [...fields];
  rows.forEach((values, i) => {
    if (i % 3 === 2) names = [...fields];
    out.fast.push(fast.read(names, values));
    out.slow.push(slow.read(names, values));
  });
  return out;
}

describe('the time reader reads as its reference does', () => {
  it('on generated layouts and texts made of date-like fragments, line after line', () => {
    fc.assert(
      fc.property(
        fc.oneof(layoutText, hour12),
        fc.array(textOf, { minLength: 1, maxLength: 12 }),
        fc.constantFrom<number | undefined>(undefined, 2015, 2024),
        fc.constantFrom<string | undefined>(undefined, '+02:00', '-05:30'),
        (layout, texts, year, zone) => {
          const config: TimeConfig = { fields: ['T'], layout, ...(year ? { year } : {}), ...(zone ? { zone } : {}) };
          const r = both(
            config,
            ['T'],
            texts.map((t) => [t]),
          );
          expect(r.fast).toEqual(r.slow);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('on texts that fit their layout (most of them read), repeated and in two fields joined', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(layoutText, hour12)
          .chain((layout) => fc.tuple(fc.constant(layout), fc.array(fitting(layout), { minLength: 1, maxLength: 15 }))),
        fc.array(fc.nat(3), { minLength: 15, maxLength: 15 }),
        ([layout, texts], repeats) => {
          // Some texts twice or more in a row, as neighbouring log lines share their time.
          const rows = texts.flatMap((t, i) => Array.from({ length: 1 + repeats[i]! }, () => t));
          const one = both(
            { fields: ['T'], layout },
            ['T'],
            rows.map((t) => [t]),
          );
          expect(one.fast).toEqual(one.slow);
          // The same texts cut at their first space into two fields, joined again by the readers.
          const two = both(
            { fields: ['A', 'B'], layout },
            ['A', 'x', 'B'],
            rows.map((t) => {
              const sp = t.indexOf(' ');
              return sp === -1 ? [t, '', ''] : [t.slice(0, sp), 'x', t.slice(sp + 1)];
            }),
          );
          expect(two.fast).toEqual(two.slow);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('with several layouts in order, firstOf fields, ISO 8601 and epoch layouts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(layoutText, fc.constantFrom('iso8601', 'epoch-s', 'epoch-ms', '%b %d %H:%M:%S')), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(
          fc.oneof(
            textOf,
            fc.constantFrom(
              '2024-02-29T13:45:30.5+01:00',
              '1700000000',
              '1700000000123',
              'Dec 31 23:59:59',
              'Jan  1 00:00:00',
            ),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        (layouts, texts) => {
          const r = both(
            { firstOf: ['a', 'T'], layout: layouts },
            ['x', 'T'],
            texts.map((t) => ['-', t]),
          );
          expect(r.fast).toEqual(r.slow);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('hand-picked edges: names cut or whole in any case, a non-ASCII letter, no 30 February, the year at the December wrap', () => {
    const cases: [string, string[]][] = [
      [
        '%a %b %d %H:%M:%S %Y',
        [
          'Sun Dec 04 04:47:44 2005',
          'SUNDAY DECEMBER 04 04:47:44 2005',
          'Frİ Dec 04 04:47:44 2005',
          'Sun Dec 04 04:47:44 2005',
        ],
      ],
      [
        '%b %d %H:%M:%S',
        [
          'Dec 31 23:59:59',
          'Dec 31 23:59:59',
          'Jan 01 00:00:00',
          'Feb 29 12:00:00',
          'Feb 30 12:00:00',
          'Mär 01 00:00:00',
        ],
      ],
      ['%B %e %Y %I:%M %p', ['March  5 2021 12:07 AM', 'March  5 2021 12:07 pm', 'march 5 2021 13:07 pm']],
      ['%y%m%d %H%M%S', ['081109 203615', '081109 203615', '081109 2036', '081131 203615']],
      [
        '%d/%b/%Y:%H:%M:%S %z',
        ['10/Oct/2000:13:55:36 -0700', '10/oct/2000:13:55:36 +05:30', '10/Oct/2000:13:55:36 +24:00'],
      ],
      ['%F %T.%f%Z', ['2024-01-01 00:00:00.123456UTC', '2024-01-01 00:00:00.1GMT', '2024-01-01 00:00:00.CET']],
    ];
    for (const [layout, texts] of cases) {
      const r = both(
        { fields: ['T'], layout },
        ['T'],
        texts.map((t) => [t]),
      );
      expect(r.fast).toEqual(r.slow);
      expect(r.fast.some((ms) => ms !== null)).toBe(true);
    }
  });
});
