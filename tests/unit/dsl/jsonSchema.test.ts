import { Validator } from '@cfworker/json-schema';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import { buildJsonSchema } from '../../../src/engine/dsl/jsonSchema';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const committed = JSON.parse(readFileSync(join(root, 'public/schema/v3.json'), 'utf8')) as Record<string, unknown>;
const validator = new Validator(committed as never, '2020-12', false);
const examples = readdirSync(join(root, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('JSON Schema (public/schema/v3.json)', () => {
  it('is what the generator produces now (run `npm run schema` after changing the DSL schemas)', () => {
    expect(committed).toEqual(buildJsonSchema());
  });

  it('is draft 2020-12 and describes the document', () => {
    expect(committed.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(committed.title).toBe('Flowledger V3 DSL document');
  });

  it.each(examples)('accepts examples/%s', (file) => {
    const doc = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8'));
    const result = validator.validate(doc);
    expect(result.valid, JSON.stringify(result.errors.slice(0, 5))).toBe(true);
    expect(loadScenario(doc).errors).toEqual([]);
  });

  const ok = { nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] };
  const invalid: Array<[string, unknown]> = [
    ['no version', { nodes: [] }],
    ['a wrong version', { version: '2.0', nodes: [] }],
    ['an unknown node type', { version: '3.0', nodes: [{ nodeId: 'a', type: 'Procesnode' }] }],
    ['a node without an id', { version: '3.0', nodes: [{ type: 'Sink' }] }],
    ['a node id that breaks the pattern', { version: '3.0', nodes: [{ nodeId: '1a', type: 'Sink' }] }],
    [
      'a negative interval',
      {
        version: '3.0',
        nodes: [
          { ...ok, interval: -1 },
          { nodeId: 'sink', type: 'Sink' },
        ],
      },
    ],
    ['a seed that is not a number', { version: '3.0', seed: 'x', nodes: [] }],
    [
      'a random generation without valueMax',
      {
        version: '3.0',
        nodes: [
          { ...ok, generation: { type: 'random', valueMin: 1 } },
          { nodeId: 'sink', type: 'Sink' },
        ],
      },
    ],
    [
      'a constant generation without a value',
      {
        version: '3.0',
        nodes: [
          { ...ok, generation: { type: 'constant' } },
          { nodeId: 'sink', type: 'Sink' },
        ],
      },
    ],
    [
      'an unknown aggregation method',
      { version: '3.0', nodes: [{ nodeId: 'a', type: 'Aggregator', aggregation: { method: 'avg' } }] },
    ],
    ['a template whose scenario is not an object', { name: 't', version: '3.0', scenario: 5 }],
  ];
  it.each(invalid)('rejects %s, as the loader does', (_name, doc) => {
    expect(validator.validate(doc).valid).toBe(false);
    expect(loadScenario(doc).errors.length).toBeGreaterThan(0);
  });
});
