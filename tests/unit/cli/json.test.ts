import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readJson, readJsonOrNdjson } from '../../../src/cli/json';
import { locateJsonError } from '../../../src/cli/jsonLocate';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('readJson', () => {
  it('names the file, line and column of a syntax error and what was expected', () => {
    const r = readJson('{\n  "version": "3.0",\n  "nodes": [,]\n}\n', 's.json');
    expect(r).toEqual({ ok: false, message: 's.json:3:13: not valid JSON: expected a value, found ","' });
  });

  it.each([
    ['{"a": 1,}', '1:9', 'a property name in double quotes'],
    ['{"a" 1}', '1:6', '":"'],
    ['[1 2]', '1:4', '"," or "]"'],
    ['{"a": tru}', '1:10', '"true"'],
    ['"abc', '1:5', 'a closing quote'],
    ['{"a": 1} x', '1:10', 'the end of the text'],
    ['', '1:1', 'a value (the text ended)'],
  ])('locates %j at %s', (text, where, expected) => {
    const r = readJson(text, 'f');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.startsWith(`f:${where}: not valid JSON: expected ${expected}, found `)).toBe(true);
  });

  it('accepts a byte-order mark', () => {
    expect(readJson('\ufeff{"a": 1}', 'f')).toEqual({ ok: true, value: { a: 1 } });
  });
});

describe('readJsonOrNdjson', () => {
  it('reads an array document or one value per line', () => {
    expect(readJsonOrNdjson('[{"a":1},{"a":2}]', 'f')).toEqual({ ok: true, values: [{ a: 1 }, { a: 2 }] });
    expect(readJsonOrNdjson('{"a":1}\n\n{"a":2}\n', 'f')).toEqual({
      ok: true,
      values: [{ a: 1 }, { a: 2 }],
      lines: [1, 3],
    });
  });

  it('names the line of a bad NDJSON record', () => {
    const r = readJsonOrNdjson('{"a":1}\n{"b":\n', 'e.ndjson');
    expect(r).toEqual({
      ok: false,
      message: 'e.ndjson:2:6: not valid JSON: expected a value (the text ended), found the end of the text',
    });
  });
});

describe('locateJsonError', () => {
  it('agrees with JSON.parse on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'{}[],:"\\ 0123456789.-eEtruefalsn\nabc'.split('')), maxLength: 30 }),
        (text) => {
          expect(locateJsonError(text) === null).toBe(parses(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('accepts everything JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        expect(locateJsonError(JSON.stringify(value, null, pretty ? 2 : undefined))).toBeNull();
      }),
    );
  });
});
