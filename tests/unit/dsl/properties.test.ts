import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import type { LoadResult } from '../../../src/engine/types';

const dir = fileURLToPath(new URL('../../../examples/', import.meta.url));
const examples = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown);

/** Every result has the documented shape, whatever the input. */
function wellFormed(result: LoadResult): void {
  expect(Array.isArray(result.errors) && Array.isArray(result.warnings)).toBe(true);
  for (const issue of [...result.errors, ...result.warnings]) {
    expect(typeof issue.message).toBe('string');
    expect(issue.message.length).toBeGreaterThan(0);
    expect(issue.path === '' || issue.path.startsWith('/')).toBe(true);
  }
  expect(result.scenario === null).toBe(result.errors.length > 0);
  expect(result.errors.some((e) => e.message.startsWith('internal error'))).toBe(false);
}

/** Replaces the value at a random place inside `doc` with `replacement`, or deletes the key. */
function mutate(doc: unknown, choices: number[], replacement: unknown, remove: boolean): unknown {
  if (choices.length === 0 || doc === null || typeof doc !== 'object') return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(doc)
    ? [...doc]
    : { ...(doc as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return replacement;
  const key = keys[choices[0]! % keys.length]!;
  const [, ...rest] = choices;
  const target = copy as Record<string, unknown>;
  if (rest.length === 0 && remove && !Array.isArray(copy)) delete target[key];
  else target[key] = mutate(target[key], rest, replacement, remove);
  return copy;
}

describe('loadScenario — properties', () => {
  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        wellFormed(loadScenario(value));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary values, prototype-named keys included', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: true,
          withObjectString: true,
          key: fc.constantFrom('__proto__', 'constructor', 'nodes', 'type', 'scenario', 'x'),
        }),
        (value) => {
          wellFormed(loadScenario(value));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary JSON shaped like a scenario', () => {
    const node = fc.record(
      {
        nodeId: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string()),
        type: fc.constantFrom(
          'DataSource',
          'ProcessNode',
          'FSM',
          'FSMProcessNode',
          'Aggregator',
          'Queue',
          'Multiplexer',
          'Sink',
          'Group',
          'x',
        ),
        outputs: fc.array(
          fc.record({ destinationNodeId: fc.constantFrom('a', 'b', 'c', ''), name: fc.string() }, { requiredKeys: [] }),
        ),
        inputs: fc.array(
          fc.record(
            { nodeId: fc.constantFrom('a', 'b', 'c'), name: fc.string(), alias: fc.string() },
            { requiredKeys: [] },
          ),
        ),
        fsm: fc.jsonValue(),
        aggregation: fc.jsonValue(),
        multiplexing: fc.jsonValue(),
        generation: fc.jsonValue(),
        formula: fc.string(),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(fc.array(node, { maxLength: 6 }), fc.boolean(), (nodes, wrapped) => {
        const scenario = { version: '3.0', nodes };
        wellFormed(loadScenario(wrapped ? { name: 't', scenario } : scenario));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on mutated valid examples', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: examples.length - 1 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.boolean(),
        (which, choices, replacement, remove) => {
          wellFormed(loadScenario(mutate(examples[which], choices, replacement, remove)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is deterministic: the same input gives the same result', () => {
    for (const doc of examples)
      expect(JSON.stringify(loadScenario(doc))).toBe(JSON.stringify(loadScenario(structuredClone(doc))));
  });

  it('does not modify its input', () => {
    for (const doc of examples) {
      const before = JSON.stringify(doc);
      loadScenario(doc);
      expect(JSON.stringify(doc)).toBe(before);
    }
  });
});
