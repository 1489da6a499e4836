import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  issueRange,
  minimalEdit,
  pathAt,
  pointerSegments,
  rangeOfPointer,
  readJson,
  toPointer,
} from '../../../../src/ui/controllers/editor/jsonRanges';
import { describeAt, propertyNames, valueChoices, type Schema } from '../../../../src/ui/controllers/editor/schemaHelp';

const text = `{
  "name": "T",
  "scenario": {
    "nodes": [
      { "nodeId": "a", "type": "Bogus" },
      { "nodeId": "p", "type": "ProcessNode", "formula": "x + * 2" },
      { "nodeId": "e", "type": "Sink", "displayName": "caf\\u00e9 \\"q\\"" }
    ]
  }
}`;

describe('JSON ranges', () => {
  it('reads like JSON.parse and reports the first syntax error with its offset', () => {
    const r = readJson(text);
    expect(r.ok).toBe(true);
    const bad = readJson('{"a": 1,, "b": 2}');
    expect(bad).toMatchObject({ ok: false, offset: 8 });
    expect(readJson('{"a": "x').ok).toBe(false);
    expect(readJson('[1, 2] x').ok).toBe(false);
  });

  it('finds the text of a pointer, and the deepest existing ancestor when it is missing', () => {
    const r = readJson(text);
    if (!r.ok) throw new Error('parse');
    const t = rangeOfPointer(r.root, '/scenario/nodes/0/type');
    expect(t.exact).toBe(true);
    expect(text.slice(t.from, t.to)).toBe('"Bogus"');
    const m = rangeOfPointer(r.root, '/scenario/nodes/0/generation/type');
    expect(m.exact).toBe(false);
    expect(text.slice(m.from, m.to)).toBe('{ "nodeId": "a", "type": "Bogus" }');
    const d = rangeOfPointer(r.root, '/scenario/nodes/2/displayName');
    expect(JSON.parse(text.slice(d.from, d.to))).toBe('café "q"');
  });

  it('maps an offset back to its path (keys count as their value)', () => {
    const r = readJson(text);
    if (!r.ok) throw new Error('parse');
    const at = text.indexOf('Bogus');
    expect(pathAt(r.root, at)).toEqual(['scenario', 'nodes', 0, 'type']);
    expect(pathAt(r.root, text.indexOf('"formula"') + 2)).toEqual(['scenario', 'nodes', 1, 'formula']);
    expect(pathAt(r.root, 0)).toEqual([]);
  });

  it('round-trips pointers with escapes', () => {
    expect(pointerSegments('/a~1b/0/c~0d')).toEqual(['a/b', '0', 'c~d']);
    expect(toPointer(['a/b', 0, 'c~d'])).toBe('/a~1b/0/c~0d');
    expect(pointerSegments('')).toEqual([]);
  });

  it('puts an expression error on the character the parser named', () => {
    const r = readJson(text);
    if (!r.ok) throw new Error('parse');
    const range = issueRange(
      text,
      r.root,
      '/scenario/nodes/1/formula',
      'formula "x + * 2" does not parse: unexpected "*" at 4',
    );
    expect(text.slice(range.from, range.to)).toBe('*');
    const plain = issueRange(text, r.root, '/scenario/nodes/0/type', 'unknown node type');
    expect(text.slice(plain.from, plain.to)).toBe('"Bogus"');
  });

  it('makes the smallest single edit', () => {
    expect(minimalEdit('abcdef', 'abXYef')).toEqual({ from: 2, to: 4, insert: 'XY' });
    expect(minimalEdit('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' });
    expect(minimalEdit('same', 'same')).toBeNull();
    const e = minimalEdit('hello world', 'hello')!;
    expect('hello world'.slice(0, e.from) + e.insert + 'hello world'.slice(e.to)).toBe('hello');
  });
});

describe('schema help', () => {
  const schema = JSON.parse(readFileSync('public/schema/v3.json', 'utf8')) as Schema;
  const doc = JSON.parse(text);

  it('offers the fields of the node kind being written', () => {
    const sink = propertyNames(schema, doc, ['scenario', 'nodes', 2], ['nodeId', 'type']).map((f) => f.name);
    expect(sink).toContain('displayName');
    expect(sink).not.toContain('processing');
    expect(sink).not.toContain('nodeId');
    const proc = propertyNames(schema, doc, ['scenario', 'nodes', 1]).map((f) => f.name);
    expect(proc).toContain('processing');
    const top = propertyNames(schema, doc, []).map((f) => f.name);
    expect(top).toEqual(expect.arrayContaining(['name', 'scenario', 'referenceDoc']));
  });

  it('offers every node type and enum values', () => {
    expect(valueChoices(schema, doc, ['scenario', 'nodes', 0, 'type'])).toEqual(
      expect.arrayContaining(['DataSource', 'ProcessNode', 'FSM', 'Aggregator', 'Multiplexer', 'Sink']),
    );
    const mux = { scenario: { nodes: [{ type: 'Multiplexer', multiplexing: {} }] } };
    expect(valueChoices(schema, mux, ['scenario', 'nodes', 0, 'multiplexing', 'strategy'])).toEqual(
      expect.arrayContaining(['round_robin', 'conditional']),
    );
  });

  it('describes fields from the schema', () => {
    expect(describeAt(schema, doc, ['scenario', 'seed'])).toMatch(/seed/i);
    expect(describeAt(schema, doc, ['scenario', 'nodes', 2, 'displayName'])).toMatch(/label/i);
  });
});
