/**
 * Issue 38, item 5: names that are also members of every JavaScript object. An activity named
 * `__proto__` vanished from discovery's counts (a plain object's `out["__proto__"] = n` sets no
 * property), so the template written from them named a state that did not exist and failed to
 * load; the FSM counts of a run's result and of a sharded run lost such a state the same way. Every
 * name below must be counted, become a state, run, replay and show like any other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine';
import { conform, dataSourceOf, dfgToTemplate, discover, readCaseLog } from '../../../src/engine/discovery';
import { mergeNodeStates } from '../../../src/engine/shard';
import type { NodeState } from '../../../src/engine/types';
import { expectedTransitions, runTemplate } from './helpers';

const RESERVED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
const ev = (c: string, a: string) => ({ targetDataSourceId: 'src', correlationId: c, event: a });

/** An object's own entries, in order: what JSON prints (a `__proto__` entry included). */
const own = (o: object): [string, unknown][] => Object.keys(o).map((k) => [k, (o as Record<string, unknown>)[k]]);

function graphOf(events: readonly unknown[]) {
  const r = readCaseLog(events);
  if (!r.ok) throw new Error(r.problem.message);
  return discover(r.log);
}

// Traces: c1 __proto__ constructor toString; c2 toString hasOwnProperty __proto__; c3 __proto__ hasOwnProperty.
const LOG = [
  ev('c1', '__proto__'),
  ev('c2', 'toString'),
  ev('c1', 'constructor'),
  ev('c3', '__proto__'),
  ev('c2', 'hasOwnProperty'),
  ev('c1', 'toString'),
  ev('c3', 'hasOwnProperty'),
  ev('c2', '__proto__'),
];

describe('activities named like members of Object.prototype', () => {
  it('are counted by discovery, become states of a template that loads and runs, and show in its node state (by hand)', () => {
    const graph = graphOf(LOG);
    // __proto__ 3 (c1, c3, c2), hasOwnProperty 2 and toString 2 (ties by name), constructor 1.
    expect(own(graph.activities)).toEqual([
      ['__proto__', 3],
      ['hasOwnProperty', 2],
      ['toString', 2],
      ['constructor', 1],
    ]);
    expect(own(graph.starts)).toEqual([
      ['__proto__', 2],
      ['toString', 1],
    ]);
    expect(own(graph.ends)).toEqual([
      ['__proto__', 1],
      ['hasOwnProperty', 1],
      ['toString', 1],
    ]);
    expect(JSON.parse(JSON.stringify(graph.activities))).toHaveProperty(['__proto__'], 3);

    const doc = dfgToTemplate(graph, { dataSourceId: dataSourceOf(LOG) });
    expect(loadScenario(doc).errors).toEqual([]);
    const run = runTemplate(doc, LOG);
    expect(run.status).toBe('completed');
    expect(run.transitions).toEqual({
      'start>__proto__': 2,
      'start>toString': 1,
      '__proto__>constructor': 1,
      'constructor>toString': 1,
      'toString>hasOwnProperty': 1,
      'hasOwnProperty>__proto__': 1,
      '__proto__>hasOwnProperty': 1,
    });
    expect(run.sinks).toEqual({ endedCases: 3 });
    // One machine per case: c1 ends in toString, c2 in __proto__, c3 in hasOwnProperty.
    const counts: [string, unknown][] = [
      ['start', 0],
      ['__proto__', 1],
      ['hasOwnProperty', 1],
      ['toString', 1],
      ['constructor', 0],
    ];
    expect(own(run.engine.getNodeState('process')!.aggregates)).toEqual(counts);
    const result = run.engine.runResult();
    expect(result.ok && own(result.value.fsms[0]!.counts)).toEqual(counts);
  });

  it('are the states and events conformance reports a deviation at', () => {
    const doc = dfgToTemplate(graphOf(LOG), { dataSourceId: 'src' });
    const scenario = loadScenario(doc).scenario!;
    // c4 starts with constructor (no start>constructor); c5 repeats __proto__ (no self-loop).
    const r = conform(scenario, [ev('c4', 'constructor'), ev('c5', '__proto__'), ev('c5', '__proto__')]);
    expect(r).toMatchObject({
      ok: true,
      report: {
        cases: 2,
        fittingCases: 0,
        deviations: [
          { case: 'c4', index: 0, event: 'constructor', state: 'start', position: 0 },
          { case: 'c5', index: 1, event: '__proto__', state: '__proto__', position: 2 },
        ],
      },
    });
    const report = r!.ok ? r!.report : null;
    expect(own(report!.byState)).toEqual([
      ['__proto__', 1],
      ['start', 1],
    ]);
    expect(own(report!.byEvent)).toEqual([
      ['__proto__', 1],
      ['constructor', 1],
    ]);
  });

  it('reads an event field named constructor only from the event itself, as the engine does', () => {
    // eventField "constructor": an event without that field has no name (null), never
    // Object.prototype.constructor printed as text; one with it is named by its own value.
    const scenario = loadScenario({
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            eventField: 'constructor',
            states: ['idle', 'done'],
            transitions: [{ from: 'idle', to: 'done', trigger: 'go' }],
          },
          outputs: [{ destinationNodeId: 'out' }],
        },
        { nodeId: 'out', type: 'Sink' },
      ],
    }).scenario!;
    const r = conform(scenario, [
      { targetDataSourceId: 'src', correlationId: 'a' },
      { targetDataSourceId: 'src', correlationId: 'b', constructor: 'go' },
    ]);
    expect(r).toMatchObject({
      ok: true,
      report: { consumedEvents: 1, deviations: [{ case: '', event: null, state: 'idle' }] },
    });
  });

  it('add up across shards like any other state', () => {
    const state = (aggregates: Record<string, unknown>): NodeState => ({
      nodeId: 'process',
      currentState: null,
      tokensProcessed: 1,
      aggregates,
      lastUpdate: null,
    });
    const shards = [
      { process: state(JSON.parse('{"__proto__": 2, "constructor": 1, "nested": {"__proto__": 1}}')) },
      { process: state(JSON.parse('{"__proto__": 3, "toString": 1, "nested": {"__proto__": 4}}')) },
    ];
    const merged = mergeNodeStates(shards).process!.aggregates;
    expect(own(merged)).toEqual([
      ['__proto__', 5],
      ['constructor', 1],
      ['nested', JSON.parse('{"__proto__": 5}')],
      ['toString', 1],
    ]);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });

  it('discovery counts, templates, runs and replays any log over them exactly (property)', () => {
    const names = [...RESERVED, 'valueOf', 'a', 'b'];
    const event = fc.record({ c: fc.constantFrom('c1', 'c2', 'c3', 'c4'), a: fc.constantFrom(...names) });
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 30 }), (pairs) => {
        const log = pairs.map((p) => ev(p.c, p.a));
        const counted = new Map<string, number>();
        for (const p of pairs) counted.set(p.a, (counted.get(p.a) ?? 0) + 1);
        const graph = graphOf(log);
        expect(new Map(own(graph.activities))).toEqual(counted);
        expect(Object.values(graph.starts).reduce((s, n) => s + n, 0)).toBe(graph.cases);
        expect(Object.values(graph.ends).reduce((s, n) => s + n, 0)).toBe(graph.cases);
        const doc = dfgToTemplate(graph, { dataSourceId: 'src' });
        const run = runTemplate(doc, log);
        expect(run.transitions).toEqual(expectedTransitions(graph));
        const states = Object.keys(run.engine.getNodeState('process')!.aggregates);
        expect(states).toEqual(['start', ...Object.keys(graph.activities)]);
        const r = conform(loadScenario(doc).scenario!, log);
        expect(r).toMatchObject({ ok: true, report: { events: log.length, eventFitness: 1 } });
      }),
      { numRuns: 60 },
    );
  });
});
