import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvField, csvRow, readCsv, structuredCsv, structuredRow, templatesCsv } from '../../../src/parser';
import { parsed, withFormat } from './helpers';

describe('CSV (RFC 4180)', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('')).toBe('');
  });

  it('writes the benchmark structured layout: LineId, header fields in format order, Content, EventId, EventTemplate', () => {
    const r = parsed(
      ['2024-01-01 INFO close, 5 bytes sent', '2024-01-02 WARN say "hi"'],
      withFormat('<Date> <Level> <Content>'),
    );
    expect(structuredCsv(r.events, r.fieldNames)).toBe(
      [
        'LineId,Date,Level,Content,EventId,EventTemplate',
        '1,2024-01-01,INFO,"close, 5 bytes sent",E1,"close, <SIZE> sent"',
        '2,2024-01-02,WARN,"say ""hi""",E2,"say ""hi"""',
        '',
      ].join('\r\n'),
    );
  });

  it('writes templates with occurrences', () => {
    expect(templatesCsv([{ eventId: 'E1', template: 'a, <*>', occurrences: 3 }])).toBe(
      'EventId,EventTemplate,Occurrences\r\nE1,"a, <*>",3\r\n',
    );
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ') }), {
            minLength: 1,
            maxLength: 4,
          }),
          { maxLength: 5 },
        ),
        (rows) => {
          // A row of one empty field is an empty line, which CSV cannot tell from no row.
          const kept = rows.filter((r) => !(r.length === 1 && r[0] === ''));
          const text = kept.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
          expect(readCsv(text)).toEqual(kept);
        },
      ),
    );
  });

  it('reads LF files, a BOM, and a last record without a line break', () => {
    expect(readCsv('\ufeffa,b\n1,"x\ny"\n2,3')).toEqual([
      ['a', 'b'],
      ['1', 'x\ny'],
      ['2', '3'],
    ]);
  });

  it('takes a quote inside an unquoted field literally', () => {
    expect(readCsv('a"b,c\n"x"y\n')).toEqual([['a"b', 'c'], ['xy']]);
  });

  it('ends a last record without a line break after a comma with an empty field', () => {
    expect(readCsv('a,')).toEqual([['a', '']]);
    expect(readCsv('a,b\n,')).toEqual([
      ['a', 'b'],
      ['', ''],
    ]);
  });

  it('writes records with CRLF unless told otherwise', () => {
    expect(csvRow(['a', 'b,c'])).toBe('a,"b,c"\r\n');
    expect(csvRow(['a'], '\n')).toBe('a\n');
  });

  it('writes an empty cell for a field the event lacks, even one named like an Object property', () => {
    const e = {
      lineId: 3,
      lineNo: 5,
      fields: { Level: 'INFO' },
      content: 'c',
      eventId: 'E1',
      template: 't',
      params: [],
    };
    expect(structuredRow(e, ['Level', 'constructor', 'Pid'])).toBe('3,INFO,,,c,E1,t\r\n');
  });

  it('ends a last record that is a quoted field without a line break', () => {
    expect(readCsv('"a"')).toEqual([['a']]);
    expect(readCsv('x\n""')).toEqual([['x'], ['']]);
  });

  it('reads a lone CR as a line break and keeps an empty line between records as an empty record', () => {
    expect(readCsv('a\rb')).toEqual([['a'], ['b']]);
    expect(readCsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
  });
});
