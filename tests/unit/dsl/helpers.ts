/**
 * Small builders for DSL tests: a valid minimal scenario to mutate, and matchers that find one
 * issue by its exact JSON Pointer and a piece of its sentence.
 */
import { expect } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import type { Issue, LoadResult } from '../../../src/engine/types';

export type Json = Record<string, unknown>;

/** A bare scenario around `nodes`. */
export function bare(nodes: unknown[], extra: Json = {}): Json {
  return { version: '3.0', ...extra, nodes };
}

export const source = (nodeId = 'src', to = 'sink', extra: Json = {}): Json => ({
  nodeId,
  type: 'DataSource',
  ...extra,
  outputs: [{ destinationNodeId: to }],
});

export const sink = (nodeId = 'sink', extra: Json = {}): Json => ({ nodeId, type: 'Sink', ...extra });

/** src → (node) → sink, with `node` given. */
export function around(node: Json, extra: Json = {}): Json {
  return bare([source('src', String(node.nodeId)), node, sink()], extra);
}

export interface Expected {
  severity: 'error' | 'warning';
  path: string;
  /** A piece of the message, or several. */
  message: string | string[];
}

/** Asserts that `result` has an issue with exactly `path` whose message contains every piece. */
export function expectIssue(result: LoadResult, expected: Expected): Issue {
  const list = expected.severity === 'error' ? result.errors : result.warnings;
  const pieces = Array.isArray(expected.message) ? expected.message : [expected.message];
  const found = list.find((i) => i.path === expected.path && pieces.every((p) => i.message.includes(p)));
  expect(
    found,
    `expected ${expected.severity} at ${expected.path} containing ${JSON.stringify(pieces)}; got ${JSON.stringify({ errors: result.errors, warnings: result.warnings })}`,
  ).toBeDefined();
  if (expected.severity === 'error') expect(result.scenario).toBeNull();
  return found!;
}

/** Loads `input` and asserts the issue. */
export function expectRule(input: unknown, expected: Expected): Issue {
  return expectIssue(loadScenario(input), expected);
}

/** Loads `input` and asserts there is no error (warnings allowed); returns the result. */
export function loadOk(input: unknown): LoadResult & { scenario: NonNullable<LoadResult['scenario']> } {
  const result = loadScenario(input);
  expect(result.errors, JSON.stringify(result.errors, null, 1)).toEqual([]);
  expect(result.scenario).not.toBeNull();
  return result as LoadResult & { scenario: NonNullable<LoadResult['scenario']> };
}
