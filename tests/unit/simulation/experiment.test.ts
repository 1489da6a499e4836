import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../../src/engine';
import {
  compareVariants,
  parseSetValue,
  replicationFigures,
  setPath,
  type Replication,
} from '../../../src/engine/simulation';
import { horizonOption, splitValues } from '../../../src/cli/commands/experiment';

const doc = {
  name: 't',
  scenario: {
    version: '3.0',
    nodes: [
      { nodeId: 'src', type: 'DataSource', interval: 1, outputs: [{ destinationNodeId: 'sink' }] },
      { nodeId: 'sink', type: 'Sink' },
    ],
  },
};

describe('setPath', () => {
  it('sets by JSON pointer and by nodeId.field, on a copy', () => {
    const a = setPath(doc, '/scenario/nodes/0/interval', 5);
    expect(a.ok && (a.doc as typeof doc).scenario.nodes[0]!.interval).toBe(5);
    const b = setPath(doc, 'src.generation', { type: 'constant', value: 2 });
    expect(
      b.ok && (b.doc as { scenario: { nodes: Record<string, unknown>[] } }).scenario.nodes[0]!['generation'],
    ).toEqual({ type: 'constant', value: 2 });
    expect(doc.scenario.nodes[0]!.interval).toBe(1);
    // A bare scenario, and RFC 6901 escapes.
    const bare = setPath(doc.scenario, 'sink.displayName', 'Done');
    expect(bare.ok).toBe(true);
    const esc = setPath({ 'a/b': { '~c': 1 } }, '/a~1b/~0c', 2);
    expect(esc.ok && esc.doc).toEqual({ 'a/b': { '~c': 2 } });
  });

  it('names what is missing', () => {
    expect(setPath(doc, 'snk.x', 1)).toEqual({
      ok: false,
      message: 'no node "snk" (did you mean "sink"?); the nodes are "src", "sink"',
    });
    expect(setPath(doc, '/scenario/nodes/4/interval', 1)).toEqual({
      ok: false,
      message: '"/scenario/nodes/4/interval": /scenario/nodes/4 does not exist or holds no fields',
    });
    expect(setPath(doc, 'src', 1).ok).toBe(false);
    expect(setPath(doc, 'src.__proto__.x', 1).ok).toBe(false);
  });

  it('reads values as JSON when they are JSON, else as text', () => {
    expect(parseSetValue('5')).toBe(5);
    expect(parseSetValue('[1,2]')).toEqual([1, 2]);
    expect(parseSetValue('fast')).toBe('fast');
  });

  it('splits --vary values at top-level commas only', () => {
    expect(splitValues('1,2,3')).toEqual(['1', '2', '3']);
    expect(splitValues('[1,2],{"a":"x,y"},"p,q"')).toEqual(['[1,2]', '{"a":"x,y"}', '"p,q"']);
  });

  it('reads --horizon as steps or as a duration in whole steps', () => {
    expect(horizonOption('500', 1000)).toBe(500);
    expect(horizonOption('2h', 1000)).toBe(7200);
    expect(horizonOption('90min', 60_000)).toBe(90);
    expect(horizonOption('1500ms', 1000)).toBe(2);
    expect(() => horizonOption('0', 1000)).toThrow('--horizon');
  });
});

describe('compareVariants', () => {
  const runs = (xs: number[]): Replication[] => xs.map((x, i) => ({ seed: i + 1, figures: { m: x } }));

  it('pairs replications by seed: differences 1, 2, 3 give 2 ± t(0.975, 2) / √3, marked', () => {
    const [first, second] = compareVariants([
      { label: 'a', runs: runs([10, 20, 30]) },
      { label: 'b', runs: runs([11, 22, 33]) },
    ]);
    expect(first!.difference).toBeUndefined();
    const d = second!.difference!['m']!;
    expect(d.mean).toBe(2);
    expect(d.ci95[0]).toBeCloseTo(2 - 2.4841377, 6);
    expect(d.significant).toBe(false);
    const [, third] = compareVariants([
      { label: 'a', runs: runs([10, 20, 30]) },
      { label: 'c', runs: runs([15, 25, 36]) },
    ]);
    expect(third!.difference!['m']!.significant).toBe(true);
  });
});

describe('replication figures', () => {
  it("count and sum every Sink as the run's Result does, on every example", () => {
    const dir = join(__dirname, '../../../examples');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const engine = new Engine();
      if (engine.initialize(JSON.parse(readFileSync(join(dir, f), 'utf8'))).scenario === null) continue;
      engine.runToEnd();
      const figures = replicationFigures(engine);
      const result = engine.runResult();
      if (!result.ok) throw new Error(f);
      for (const s of result.value.sinks) {
        expect(figures[`sinks.${s.sinkId}.count`], f).toBe(s.count);
        expect(figures[`sinks.${s.sinkId}.sum`], f).toBe(s.sum);
      }
      expect(figures['run.steps']).toBe(engine.getCurrentTick());
    }
  });
});
