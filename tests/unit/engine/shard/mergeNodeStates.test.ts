/**
 * The node states a sharded run reports: each shard ran every node over its own correlation ids,
 * so the counts add up across shards, the last update is the latest and anything else comes from
 * the first shard that has it (src/engine/shard/mergeNodeStates.ts). Worked out by hand on two
 * and three shards; tests/unit/cli/shard.test.ts checks the same end to end through the command
 * line (the merged summary equals the single run's).
 */
import { describe, expect, it } from 'vitest';
import { mergeNodeStates } from '../../../../src/engine/shard';
import type { NodeState } from '../../../../src/engine/types';

const state = (nodeId: string, s: Partial<NodeState>): NodeState => ({
  nodeId,
  currentState: null,
  tokensProcessed: 0,
  aggregates: {},
  lastUpdate: null,
  ...s,
});

describe('mergeNodeStates', () => {
  it('adds up tokens processed and numeric aggregates (nested too), keeps the latest update and the first text', () => {
    const shards = [
      {
        fsm: state('fsm', { tokensProcessed: 3, aggregates: { open: 1, closed: 2 }, lastUpdate: 4000 }),
        src: state('src', { tokensProcessed: 2, aggregates: { mode: 'external', emitted: 2 }, lastUpdate: 3000 }),
      },
      {
        fsm: state('fsm', { tokensProcessed: 4, aggregates: { open: 2, timedOut: 1 }, lastUpdate: 6000 }),
        src: state('src', { tokensProcessed: 5, aggregates: { mode: 'external', emitted: 5 }, lastUpdate: 2000 }),
      },
      {
        fsm: state('fsm', { tokensProcessed: 1, aggregates: { closed: 1 }, lastUpdate: null }),
        src: state('src', { tokensProcessed: 0, aggregates: { mode: 'external', emitted: 0 }, lastUpdate: null }),
      },
    ];
    expect(mergeNodeStates(shards)).toEqual({
      // 3 + 4 + 1 tokens; open 1 + 2, closed 2 + 1, timedOut 1; the latest update 6000.
      fsm: state('fsm', { tokensProcessed: 8, aggregates: { open: 3, closed: 3, timedOut: 1 }, lastUpdate: 6000 }),
      // 2 + 5 + 0; the text is the first shard's; 3000 is later than 2000.
      src: state('src', { tokensProcessed: 7, aggregates: { mode: 'external', emitted: 7 }, lastUpdate: 3000 }),
    });
  });

  it('keeps a last update before 1970 (a negative startTime) over a shard where the node never ran', () => {
    // startTime may be any safe integer (DSL.md: epoch ms of step 0), so a run dated 1969 has
    // negative times; a shard whose node did nothing reports null, which is no update at all.
    const merged = mergeNodeStates([
      { fsm: state('fsm', { tokensProcessed: 2, lastUpdate: -4000 }) },
      { fsm: state('fsm', { tokensProcessed: 0, lastUpdate: null }) },
    ]);
    expect(merged).toEqual({ fsm: state('fsm', { tokensProcessed: 2, lastUpdate: -4000 }) });
  });

  it('adds nested counts member by member and takes the first current state', () => {
    const merged = mergeNodeStates([
      { m: state('m', { tokensProcessed: 1, aggregates: { routed: { a: 1 } } }) },
      { m: state('m', { currentState: 'busy', tokensProcessed: 2, aggregates: { routed: { a: 2, b: 1 } } }) },
    ]);
    expect(merged).toEqual({
      m: state('m', { currentState: 'busy', tokensProcessed: 3, aggregates: { routed: { a: 3, b: 1 } } }),
    });
  });

  it('keeps from the first shard that has it a member that is not a number in both (text, null, a record)', () => {
    // Only numbers are added, and records member by member; for anything else the first shard's
    // value stands, whatever a later shard holds under that name (a trailer edited by hand, say).
    const merged = mergeNodeStates([
      { n: state('n', { aggregates: { mode: 'external', count: 2, routed: { a: 1 }, label: 'x', gone: null } }) },
      { n: state('n', { aggregates: { mode: 3, count: 'many', routed: 4, label: { a: 1 }, gone: 5 } }) },
      { n: state('n', { aggregates: { late: null, count: 1 } }) },
    ]);
    expect(merged).toEqual({
      // count 2 + 1 (the text of shard 1 is passed over); late is first met in shard 2, as null.
      n: state('n', {
        aggregates: { mode: 'external', count: 3, routed: { a: 1 }, label: 'x', gone: null, late: null },
      }),
    });
  });

  it('adds up a node over the shards whose trailer lists it, when a later one lacks it', () => {
    // The node ids come from the first shard; a shard file whose trailer leaves a node out (edited
    // by hand) adds nothing to it rather than stopping the merge.
    const merged = mergeNodeStates([
      { a: state('a', { tokensProcessed: 2, lastUpdate: 1000 }), b: state('b', { tokensProcessed: 1 }) },
      { a: state('a', { tokensProcessed: 3, lastUpdate: 2000 }) },
      { a: state('a', { tokensProcessed: 4 }), b: state('b', { tokensProcessed: 5, lastUpdate: 3000 }) },
    ]);
    expect(merged).toEqual({
      a: state('a', { tokensProcessed: 9, lastUpdate: 2000 }),
      b: state('b', { tokensProcessed: 6, lastUpdate: 3000 }),
    });
  });
});
