import { describe, expect, it } from 'vitest';
import { compileConfig, mapEvents, numericOrText, parseLog, type ParserConfig } from '../../../src/parser';

function external(lines: string[], config: ParserConfig) {
  const r = parseLog(lines.join('\n'), config);
  if (!r.ok) throw new Error('bad config');
  const mapped = mapEvents(r.events, config);
  if (!mapped.ok) throw new Error('bad config');
  return mapped.value;
}

const SYSLOG: ParserConfig = { name: 't', format: { kind: 'preset', name: 'syslog' }, groupByField: 'Pid' };
const LINE = 'Dec 10 06:55:46 box sshd[7]: Accepted password for bob from 10.0.0.1 port 22 ssh2';

describe('event mapping', () => {
  it('by default: target `logs`, correlation id = group key, event = event id, every header field and the built-ins', () => {
    expect(external([LINE], SYSLOG)).toEqual([
      {
        targetDataSourceId: 'logs',
        correlationId: '7',
        event: 'E1',
        Month: 'Dec',
        Day: '10',
        Time: '06:55:46',
        Host: 'box',
        Program: 'sshd',
        Pid: '7',
        lineId: 1,
        content: 'Accepted password for bob from 10.0.0.1 port 22 ssh2',
        eventId: 'E1',
        template: 'Accepted password for bob from <IP> port <NUM> ssh2',
        params: ['10.0.0.1', '22'],
        // The syslog preset reads the time; no year in the line: the default year 2000 (UTC).
        timestamp: 976_431_346_000,
      },
    ]);
  });

  it('names the event from the template or a field, takes a numeric value, picks fields and built-ins', () => {
    const [byTemplate] = external([LINE], { ...SYSLOG, mapping: { event: 'template' } });
    expect(byTemplate!.event).toBe('Accepted password for bob from <IP> port <NUM> ssh2');
    const [e] = external([LINE], {
      ...SYSLOG,
      mapping: {
        targetDataSourceId: 'auth',
        event: 'Program',
        value: 'param:1',
        fields: ['Host'],
        include: { content: false, params: false, lineId: false, timestamp: false },
      },
    });
    expect(e).toEqual({
      targetDataSourceId: 'auth',
      correlationId: '7',
      event: 'sshd',
      value: 22,
      Host: 'box',
      eventId: 'E1',
      template: 'Accepted password for bob from <IP> port <NUM> ssh2',
    });
  });

  it('leaves out the correlation id when there is no group, and value when the field is missing', () => {
    const [e] = external(['hello'], { name: 't', mapping: { value: 'param:0' } });
    expect(e).not.toHaveProperty('correlationId');
    expect(e).not.toHaveProperty('value');
  });

  it('lets reserved keys and built-ins win over header fields of the same name', () => {
    const [e] = external(['{"msg":"m","event":"x","value":"v","content":"c","targetDataSourceId":"z"}'], {
      name: 't',
      format: { kind: 'json' },
    });
    expect(e).toMatchObject({ targetDataSourceId: 'logs', event: 'E1', content: 'm' });
    expect(e).not.toHaveProperty('value');
  });

  it('names events by the first matching rule, on the content or the template, else by `event`', () => {
    const lines = [
      LINE,
      'Dec 10 06:55:47 box sshd[7]: pam_unix(sshd:session): session closed for user bob',
      'Dec 10 06:55:48 box sshd[8]: Failed password for root from 10.0.0.2 port 22 ssh2',
      'Dec 10 06:55:49 box sshd[8]: Received disconnect from 10.0.0.2: 11: Bye Bye [preauth]',
    ];
    const events = external(lines, {
      ...SYSLOG,
      mapping: {
        event: 'template',
        eventRules: [
          { pattern: '^Accepted ', event: 'auth_ok' },
          { pattern: '^failed password', flags: 'i', event: 'auth_fail' },
          { pattern: 'session closed', event: 'disconnect' },
          // Matches the masked template only: the content holds the address itself.
          { pattern: 'from <IP>: .*Bye', event: 'bye' },
          { pattern: 'from <IP>: .*Bye', event: 'bye (template)', on: 'template' },
        ],
      },
    });
    expect(events.map((e) => e.event)).toEqual(['auth_ok', 'disconnect', 'auth_fail', 'bye (template)']);
  });

  it('rejects a bad mapping', () => {
    for (const [mapping, path] of [
      [{ targetDataSourceId: '' }, '/mapping/targetDataSourceId'],
      [{ event: 'Nope' }, '/mapping/event'],
      [{ value: 'param:' }, '/mapping/value'],
      [{ fields: 'some' }, '/mapping/fields'],
      [{ eventRules: {} }, '/mapping/eventRules'],
      [{ eventRules: [{ pattern: '(', event: 'x' }] }, '/mapping/eventRules/0/pattern'],
      [{ eventRules: [{ pattern: 'a', event: 'x' }, { pattern: 'b' }] }, '/mapping/eventRules/1/event'],
      [{ eventRules: [{ pattern: 'a', event: 'x', on: 'fields' }] }, '/mapping/eventRules/0/on'],
    ] as const) {
      const r = compileConfig({ ...SYSLOG, mapping: mapping as never });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: 'BAD_MAPPING', path });
    }
  });
});

describe('numericOrText', () => {
  it.each([
    ['42', 42],
    ['-1.5e3', -1500],
    [' 7 ', 7],
    ['.5', 0.5],
    ['0x10', '0x10'],
    ['12ms', '12ms'],
    ['', ''],
    ['Infinity', 'Infinity'],
  ])('%j → %j', (text, value) => {
    expect(numericOrText(text)).toBe(value);
  });
});

describe('a log field named __proto__', () => {
  // It was dropped from the external events (`--out`) but kept in the structured CSV; failed before.
  it('is kept as an own field of the external event, as in the structured CSV, and changes no prototype', () => {
    const config: ParserConfig = { name: 't', format: { kind: 'json' } };
    const r = parseLog('{"message":"hi","__proto__":"x","a":"1"}', config);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.fieldNames).toEqual(['__proto__', 'a']);
    const mapped = mapEvents(r.events, config);
    if (!mapped.ok) throw new Error(mapped.error.message);
    const event = mapped.value[0]!;
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(event, '__proto__')).toBe(true);
    expect(JSON.stringify(event)).toContain('"__proto__":"x","a":"1"');
  });
});
