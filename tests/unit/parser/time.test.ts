// Event times (src/parser/time.ts, docs/parser.md "Times"): every strftime directive, ISO 8601 with
// and without a zone, epoch seconds and milliseconds, the year of year-less layouts and its wrap from
// December to January, fixed-offset zones, the presets' times, and an unreadable time counted as
// `untimed`. Every expected value is epoch ms computed by hand (written with its UTC date).
import { describe, expect, it } from 'vitest';
import { compileConfig, mapEvents, parseLog, type ParserConfig, type TimeConfig } from '../../../src/parser';

/** A line `time|message`: the field `T` holds the time. */
const PIPE = { kind: 'regex', pattern: String.raw`^(?<T>[^|]*)\|(?<Content>.*)$` } as const;

function times(lines: string[], time: TimeConfig, format: ParserConfig['format'] = PIPE) {
  const r = parseLog(lines.join('\n'), { name: 't', format, time });
  if (!r.ok) throw new Error(r.error.message);
  return { stamps: r.events.map((e) => e.timestamp), untimed: r.stats.untimed, events: r.events };
}

const one = (text: string, layout: string | string[], extra: TimeConfig = {}) =>
  times([`${text}|x`], { fields: ['T'], layout, ...extra }).stamps[0];

describe('strftime layouts', () => {
  it('%Y %m %d %H %M %S, %F and %T', () => {
    expect(one('2024-02-29 13:45:30', '%Y-%m-%d %H:%M:%S')).toBe(1_709_214_330_000); // 2024-02-29T13:45:30Z
    expect(one('2024-02-29 13:45:30', '%F %T')).toBe(1_709_214_330_000);
    // One-digit numbers read as strptime reads them.
    expect(one('2024-2-9 3:05:07', '%Y-%m-%d %H:%M:%S')).toBe(1_707_447_907_000); // 2024-02-09T03:05:07Z
  });

  it('%y: 69–99 are 19xx, 00–68 are 20xx; two digits each, so %y%m%d reads 081109', () => {
    expect(one('081109 203615', '%y%m%d %H%M%S')).toBe(1_226_262_975_000); // 2008-11-09T20:36:15Z
    expect(one('690101 000000', '%y%m%d %H%M%S')).toBe(-31_536_000_000); // 1969-01-01T00:00:00Z
  });

  it('%b (any case), %z with a negative offset', () => {
    expect(one('10/Oct/2000:13:55:36 -0700', '%d/%b/%Y:%H:%M:%S %z')).toBe(971_211_336_000); // 2000-10-10T20:55:36Z
    expect(one('10/OCT/2000:13:55:36 +00:00', '%d/%b/%Y:%H:%M:%S %z')).toBe(971_186_136_000); // 2000-10-10T13:55:36Z
  });

  it('%a and %f (microseconds, read to the millisecond)', () => {
    expect(one('Wed Oct 11 14:32:52.123456 2000', '%a %b %d %H:%M:%S.%f %Y')).toBe(971_274_772_123);
  });

  it('%B, %e (space-padded day), %I with %p', () => {
    expect(one('March  5 2021 12:07 AM', '%B %e %Y %I:%M %p')).toBe(1_614_902_820_000); // 2021-03-05T00:07Z
    expect(one('March  5 2021 12:07 pm', '%B %e %Y %I:%M %p')).toBe(1_614_946_020_000); // 2021-03-05T12:07Z
  });

  it('%A, %h, %Z and %%', () => {
    expect(one('Sunday, 04 Dec 2005 04:47:44 GMT', '%A, %d %h %Y %T %Z')).toBe(1_133_671_664_000);
    expect(one('2024-01-01 %', '%F %%')).toBe(1_704_067_200_000); // 2024-01-01T00:00Z
  });

  it('an offset in the text wins over the configured zone; the configured zone applies otherwise', () => {
    expect(one('2024-01-01 00:00:00+05:30', '%F %T%z', { zone: '-01:00' })).toBe(1_704_047_400_000); // 2023-12-31T18:30Z
    expect(one('2024-03-10 12:00:00', '%F %T', { zone: '+02:00' })).toBe(1_710_064_800_000); // 2024-03-10T10:00Z
  });

  it('a list of layouts is tried in order', () => {
    const layouts = ['%a %b %d %H:%M:%S %Y', '%a %b %d %H:%M:%S.%f %Y'];
    expect(one('Sun Dec 04 04:47:44 2005', layouts)).toBe(1_133_671_664_000);
    expect(one('Sun Dec 04 04:47:44.5 2005', layouts)).toBe(1_133_671_664_500);
  });
});

describe('ISO 8601 and epoch layouts', () => {
  it('ISO with Z, with an offset, without a zone (UTC, or the configured zone), with a fraction, a date alone', () => {
    expect(one('2024-03-10T12:00:00Z', 'iso8601')).toBe(1_710_072_000_000);
    expect(one('2024-03-10T12:00:00+02:00', 'iso8601')).toBe(1_710_064_800_000);
    expect(one('2024-03-10T12:00:00', 'iso8601')).toBe(1_710_072_000_000);
    expect(one('2024-03-10T12:00:00', 'iso8601', { zone: '+02:00' })).toBe(1_710_064_800_000);
    expect(one('2024-03-10 12:00:00.5', 'iso8601')).toBe(1_710_072_000_500);
    expect(one('2024-03-10', 'iso8601')).toBe(1_710_028_800_000);
  });

  it('epoch seconds (with a fraction) and milliseconds', () => {
    expect(one('1700000000', 'epoch-s')).toBe(1_700_000_000_000);
    expect(one('1700000000.25', 'epoch-s')).toBe(1_700_000_000_250);
    expect(one('1700000000123', 'epoch-ms')).toBe(1_700_000_000_123);
    expect(one('1700000000.5', 'epoch-ms')).toBeUndefined();
  });
});

describe('the year of a layout without one', () => {
  it('is 2000 by default (UTC)', () => {
    expect(one('Dec 10 06:55:46', '%b %d %H:%M:%S')).toBe(976_431_346_000); // 2000-12-10T06:55:46Z
  });

  it('is the configured year, and advances when the months wrap from December to January', () => {
    const r = times(['Dec 31 23:59:59|a', 'Jan  1 00:00:01|b', 'Jan  1 00:00:02|c'], {
      fields: ['T'],
      layout: '%b %e %H:%M:%S',
      year: 2015,
    });
    // 2015-12-31T23:59:59Z, 2016-01-01T00:00:01Z, 2016-01-01T00:00:02Z: two seconds across the new year.
    expect(r.stamps).toEqual([1_451_606_399_000, 1_451_606_401_000, 1_451_606_402_000]);
    expect(r.untimed).toBe(0);
  });

  it('reads 29 February in the default (leap) year, but not in 2015', () => {
    expect(one('Feb 29 00:00:00', '%b %d %H:%M:%S')).toBe(951_782_400_000); // 2000-02-29T00:00Z
    expect(one('Feb 29 00:00:00', '%b %d %H:%M:%S', { year: 2015 })).toBeUndefined();
  });
});

describe('a time that cannot be read', () => {
  it('leaves the event without a timestamp and is counted as untimed, never guessed', () => {
    const r = times(['2024-03-10 12:00:00|a', 'Feb 30 2024|b', 'soon|c', '2024-02-30 00:00:00|d'], {
      fields: ['T'],
      layout: '%F %T',
    });
    expect(r.stamps).toEqual([1_710_072_000_000, undefined, undefined, undefined]);
    expect(r.events.map((e) => 'timestamp' in e)).toEqual([true, false, false, false]);
    expect(r.untimed).toBe(3);
  });

  it('does not move the year: an unreadable line between December and January changes nothing', () => {
    const r = times(['Dec 31 23:59:59|a', 'Mar 99 00:00:00|b', 'Jan  1 00:00:01|c'], {
      fields: ['T'],
      layout: '%b %e %H:%M:%S',
      year: 2015,
    });
    expect(r.stamps).toEqual([1_451_606_399_000, undefined, 1_451_606_401_000]);
  });

  it('counts no untimed events when no time is configured', () => {
    const r = times(['x|a'], { enabled: false });
    expect(r.stamps).toEqual([undefined]);
    expect(r.untimed).toBe(0);
  });
});

describe('the presets read their times', () => {
  const cases: [preset: string, line: string, ms: number][] = [
    ['syslog', 'Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user x', 976_431_346_000],
    ['openssh', 'Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user x', 976_431_346_000],
    ['hdfs', '081109 203615 148 INFO dfs.DataNode$PacketResponder: Received block', 1_226_262_975_000],
    ['apache', '[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok', 1_133_671_664_000],
    ['apache-access', '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif HTTP/1.0" 200 2326', 971_211_336_000],
    ['nginx', '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 612 "-" "curl"', 971_211_336_000],
    ['apache-error', '[Wed Oct 11 14:32:52.123456 2000] [core:error] [pid 35:tid 4] oops', 971_274_772_123],
    ['proxifier', '[10.30 16:49:06] chrome.exe - a.b.com:443 open through proxy', 972_924_546_000],
    ['json', '{"time": "2024-03-10T12:00:00Z", "msg": "hello"}', 1_710_072_000_000],
    ['json', '{"ts": 1700000000123, "msg": "hello"}', 1_700_000_000_123],
    ['logfmt', 'ts=2024-03-10T12:00:00+02:00 msg=hello', 1_710_064_800_000],
  ];
  it.each(cases)('%s', (preset, line, ms) => {
    const r = parseLog(line, { name: 't', format: { kind: 'preset', name: preset } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events[0]!.timestamp).toBe(ms);
  });

  it('a configuration changes one key of a preset`s time (the year), or turns it off', () => {
    const line = 'Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user x';
    const preset = { kind: 'preset', name: 'openssh' } as const;
    const y = parseLog(line, { name: 't', format: preset, time: { year: 2015 } });
    expect(y.ok && y.events[0]!.timestamp).toBe(1_449_730_546_000); // 2015-12-10T06:55:46Z
    const off = parseLog(line, { name: 't', format: preset, time: { enabled: false } });
    expect(off.ok && off.events[0]!.timestamp).toBeUndefined();
  });

  it('a format string marks its time fields with :time; the names stay without the mark', () => {
    const r = parseLog('10:00:05 2024-03-10 hello', {
      name: 't',
      format: { kind: 'format', pattern: '<Clock:time> <Day:time> <Content>' },
      time: { layout: '%H:%M:%S %Y-%m-%d' },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events[0]!.fields).toEqual({ Clock: '10:00:05', Day: '2024-03-10' });
    expect(r.events[0]!.timestamp).toBe(1_710_064_805_000); // 2024-03-10T10:00:05Z
  });
});

describe('the mapped event', () => {
  it('carries the time read as timestamp (epoch ms, over a field of that name), unless include.timestamp is false', () => {
    const line = '{"timestamp": "2024-03-10T12:00:00Z", "msg": "x"}';
    const mapped = (config: ParserConfig) => {
      const r = parseLog(line, config);
      if (!r.ok) throw new Error(r.error.message);
      const m = mapEvents(r.events, config);
      if (!m.ok) throw new Error(m.error.message);
      return m.value[0]!;
    };
    const json = { name: 't', format: { kind: 'preset', name: 'json' } } as const;
    expect(mapped(json)['timestamp']).toBe(1_710_072_000_000);
    expect(mapped({ ...json, mapping: { include: { timestamp: false } } })['timestamp']).toBe('2024-03-10T12:00:00Z');
  });
});

describe('bad time settings', () => {
  const refusal = (time: unknown, format: ParserConfig['format'] = PIPE) => {
    const r = compileConfig({ name: 't', format, time } as ParserConfig);
    return r.ok ? null : r.error;
  };
  it('name the path and the reason', () => {
    expect(refusal({ fields: ['T'], layout: '%Y-%Q' })).toMatchObject({
      code: 'BAD_TIME',
      path: '/time/layout',
      message: expect.stringContaining('%Q is not a supported directive'),
    });
    expect(refusal({ fields: ['T'], layout: ['iso8601', 'nonsense'] })).toMatchObject({ path: '/time/layout/1' });
    expect(refusal({ fields: ['T'], zone: 'Europe/Berlin' })).toMatchObject({
      path: '/time/zone',
      message: expect.stringContaining('fixed offset'),
    });
    expect(refusal({ fields: ['Nope'] })).toMatchObject({ path: '/time/fields/0' });
    expect(refusal({ fields: ['T'], year: 2015.5 })).toMatchObject({ path: '/time/year' });
    expect(refusal({ layout: '%H' })).toMatchObject({ path: '/time/fields' });
    expect(refusal({ fields: ['T'], layout: '%I:%M' })).toMatchObject({ message: expect.stringContaining('%p') });
    expect(refusal({ fields: 'T' })).toMatchObject({ code: 'BAD_TIME', path: '/time/fields' });
    expect(refusal(undefined, { kind: 'format', pattern: '<Content:time>' })).toMatchObject({ code: 'BAD_FORMAT' });
  });
});
