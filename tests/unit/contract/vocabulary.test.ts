/**
 * The shared vocabulary's two tests of a value: whether a run has ended, and which kind a node
 * `type` (canonical or the original tool's alias) is.
 */
import { describe, expect, it } from 'vitest';
import { isEnded, nodeKindOf, RUN_STATUSES } from '../../../src/contract/vocabulary';

describe('isEnded', () => {
  it('is true for completed and truncated runs only', () => {
    expect(RUN_STATUSES.filter(isEnded)).toEqual(['completed', 'truncated']);
    expect(isEnded('ready')).toBe(false);
    expect(isEnded('running')).toBe(false);
  });
});

describe('nodeKindOf', () => {
  it('maps the canonical kinds to themselves and the aliases to their kinds', () => {
    expect(nodeKindOf('ProcessNode')).toBe('ProcessNode');
    expect(nodeKindOf('FSMProcessNode')).toBe('FSM');
    expect(nodeKindOf('Queue')).toBe('Aggregator');
    expect(nodeKindOf('ExternalEventSource')).toBe('DataSource');
  });

  it('answers null for anything else, inherited object names included', () => {
    expect(nodeKindOf('Group')).toBeNull();
    expect(nodeKindOf('toString')).toBeNull();
    expect(nodeKindOf(3)).toBeNull();
    expect(nodeKindOf(undefined)).toBeNull();
  });
});
