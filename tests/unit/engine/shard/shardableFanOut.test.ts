/**
 * Shardability of templates in which one token reaches several nodes in the same step: the order
 * keys (`orderKeys.ts`, `deliveryKeys.ts`) place a delivery by its token's last output of the step
 * before, so two nodes that both pass the same token on in one step make the merge misplace another
 * id's delivery; the analysis refuses such a sender, and accepts the fan-outs that keep tokens apart.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../src/engine';
import { shardability } from '../../../../src/engine/shard';

function scenarioOf(nodes: unknown[]) {
  const engine = new Engine();
  const loaded = engine.initialize({ version: '3.0', seed: 1, tickMs: 1000, maxSteps: 100, nodes });
  if (loaded.scenario === null) throw new Error(JSON.stringify(loaded.errors));
  return engine.scenario;
}

const source = { nodeId: 'log', type: 'DataSource', count: 0 };

describe('shardability of a token sent on to several nodes', () => {
  const pass = (nodeId: string, to: string[]) => ({
    nodeId,
    type: 'ProcessNode',
    outputs: to.map((d) => ({ destinationNodeId: d })),
  });
  const done = { nodeId: 'done', type: 'Sink' };

  it('refuses a node that sends one token to two nodes that both pass it on unchanged', () => {
    // logT → a and c (both pass the token on), a, b, c → n → done; logV → b. Ids x (token T) and y
    // (token V) in different shards: the single run's step 3 at n is T (from a), V (from b), T (from
    // c), but both of T's step-2 lines output T and the keys took c's for both deliveries, so the
    // merge put V first. The analysis now refuses the template, naming logT.
    const verdict = shardability(
      scenarioOf([
        {
          nodeId: 'logT',
          type: 'DataSource',
          count: 0,
          outputs: [{ destinationNodeId: 'a' }, { destinationNodeId: 'c' }],
        },
        { nodeId: 'logV', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'b' }] },
        pass('a', ['n']),
        pass('b', ['n']),
        pass('c', ['n']),
        pass('n', ['done']),
        done,
      ]),
    );
    expect(verdict).toEqual({
      shardable: false,
      blockers: [
        {
          nodeId: 'logT',
          reason:
            'sends one token to "a", "c", which pass it on unchanged in the same step: the merge cannot tell which of them sent it on (not supported by sharding yet)',
        },
      ],
    });
  });

  it('refuses a broadcast Multiplexer into two such nodes, and a ProcessNode passing its token to a Multiplexer and a node with no outputs', () => {
    const verdict = shardability(
      scenarioOf([
        { ...source, outputs: [{ destinationNodeId: 'fan' }] },
        {
          nodeId: 'fan',
          type: 'Multiplexer',
          multiplexing: { strategy: 'broadcast' },
          outputs: [
            { name: 'one', destinationNodeId: 'p' },
            { name: 'two', destinationNodeId: 'q' },
          ],
        },
        pass('p', ['done']),
        pass('q', ['route', 'quiet']),
        {
          nodeId: 'route',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: ['value > 1'] },
          outputs: [{ name: 'big', destinationNodeId: 'done' }],
        },
        pass('quiet', []),
        done,
      ]),
    );
    expect(verdict.blockers.map((b) => b.nodeId)).toEqual(['fan', 'q']);
    expect(verdict.blockers[1]!.reason).toMatch(/^sends one token to "route", "quiet", which pass it on unchanged/);
  });

  it('accepts a token sent to one such node and a Sink, outputs with formulas of their own, and a conditional Multiplexer’s outputs', () => {
    const verdict = shardability(
      scenarioOf([
        { ...source, outputs: [{ destinationNodeId: 'p' }, { destinationNodeId: 'done' }] },
        {
          nodeId: 'p',
          type: 'ProcessNode',
          outputs: [
            { destinationNodeId: 'route' },
            { destinationNodeId: 'q', formula: 'value + 1' },
            { destinationNodeId: 'r', formula: 'value + 2' },
          ],
        },
        {
          nodeId: 'route',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: ['value > 1', 'value > 0'] },
          outputs: [
            { name: 'big', destinationNodeId: 'q' },
            { name: 'small', destinationNodeId: 'r' },
          ],
        },
        pass('q', ['done']),
        pass('r', ['done']),
        done,
      ]),
    );
    expect(verdict).toEqual({ shardable: true, blockers: [] });
  });
});
