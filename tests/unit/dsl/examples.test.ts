import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine/dsl';
import type { Scenario } from '../../../src/engine/types';

const dir = fileURLToPath(new URL('../../../examples/', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));

describe('examples/', () => {
  it("has at least six scenarios, including the original tool's shape", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(files).toContain('legacy-v3-original.json');
  });

  it.each(files.filter((f) => f !== 'legacy-v3-original.json'))('%s loads without errors or warnings', (file) => {
    const result = loadScenario(read(file));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.scenario).not.toBeNull();
  });

  it.each(files)('%s explains what it shows', (file) => {
    const doc = read(file) as { description?: unknown; scenario?: { description?: unknown } };
    expect(typeof (doc.description ?? doc.scenario?.description)).toBe('string');
  });

  it('legacy-v3-original.json loads through the compat path with its warnings', () => {
    const result = loadScenario(read('legacy-v3-original.json'));
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.path).sort()).toEqual([
      '/scenario/edges',
      '/scenario/nodes/3/outputs/1/destinationNodeId',
      '/scenario/nodes/4/fsm/stateActions',
      '/scenario/nodes/6',
      '/scenario/nodes/7',
    ]);
    expect(result.scenario!.nodes.map((n) => n.type)).toEqual([
      'DataSource',
      'DataSource',
      'Aggregator',
      'ProcessNode',
      'FSM',
      'Sink',
    ]);
  });

  it('together use every node kind and every feature of DSL.md section 5', () => {
    const scenarios = files.map((f) => loadScenario(read(f)).scenario!) as Scenario[];
    const nodes = scenarios.flatMap((s) => s.nodes);
    const seen = new Set<string>();
    const raw = files.map((f) => JSON.stringify(read(f))).join('\n');
    for (const n of nodes) {
      seen.add(n.type);
      switch (n.type) {
        case 'DataSource':
          seen.add(`generation:${n.generation.type}`);
          if (n.startAt > 1) seen.add('startAt');
          if (n.interval !== 1) seen.add('interval');
          if (n.count !== 10) seen.add('count');
          if (n.batchSize > 1) seen.add('batchSize');
          break;
        case 'ProcessNode':
          if (n.formula) seen.add('formula');
          if (n.transform) seen.add('transform');
          if (n.outputs.some((o) => o.formula)) seen.add('per-output formula');
          if (n.inputs.filter((i) => i.required).length >= 2 && n.inputs.some((i) => i.alias))
            seen.add('join with aliases');
          break;
        case 'FSM':
          seen.add(`instancePer:${n.fsm.instancePer}`);
          if (Object.keys(n.fsm.variables).length > 0) seen.add('variables');
          for (const t of n.fsm.transitions) {
            seen.add(`trigger:${t.trigger.kind}`);
            if (t.condition) seen.add('condition');
          }
          for (const s of n.fsm.states) {
            for (const a of s.onEntry) seen.add(`onEntry:${a.action}`);
            for (const a of s.onExit) seen.add(`onExit:${a.action}`);
            if (s.onEntry.some((a) => a.action === 'emit' && a.target)) seen.add('emit to a named output');
          }
          break;
        case 'Aggregator':
          seen.add(`method:${n.aggregation.method}`);
          seen.add(`trigger:${n.aggregation.trigger?.type ?? 'end'}`);
          if (n.aggregation.groupBy)
            seen.add(n.aggregation.groupBy === 'correlationId' ? 'groupBy:correlationId' : 'groupBy:path');
          if (n.capacity !== undefined) seen.add(`overflow:${n.overflow}`);
          break;
        case 'Multiplexer':
          seen.add(`strategy:${n.multiplexing.strategy}`);
          if (n.multiplexing.defaultOutput !== undefined) seen.add('defaultOutput');
          break;
        case 'Sink':
          break;
      }
    }
    for (const t of ['token_received', '"default"', '"timer"']) if (raw.includes(t)) seen.add(`spelled:${t}`);
    const expected = [
      'DataSource',
      'ProcessNode',
      'FSM',
      'Aggregator',
      'Multiplexer',
      'Sink',
      'generation:random',
      'generation:sequence',
      'generation:constant',
      'generation:values',
      'interval',
      'count',
      'startAt',
      'batchSize',
      'formula',
      'transform',
      'per-output formula',
      'join with aliases',
      'instancePer:node',
      'instancePer:correlationId',
      'variables',
      'condition',
      'trigger:any',
      'trigger:event',
      'trigger:timer',
      'spelled:token_received',
      'spelled:"default"',
      'spelled:"timer"',
      'onEntry:set_variable',
      'onEntry:increment',
      'onEntry:decrement',
      'onEntry:log',
      'onEntry:emit',
      'onExit:log',
      'emit to a named output',
      'method:sum',
      'method:average',
      'method:count',
      'method:min',
      'method:max',
      'method:first',
      'method:last',
      'method:collect',
      'method:formula',
      'trigger:count',
      'trigger:time',
      'trigger:threshold',
      'groupBy:correlationId',
      'groupBy:path',
      'overflow:drop_oldest',
      'overflow:reject',
      'strategy:round_robin',
      'strategy:random',
      'strategy:weighted',
      'strategy:conditional',
      'strategy:broadcast',
      'defaultOutput',
    ];
    expect(expected.filter((f) => !seen.has(f))).toEqual([]);
  });
});
