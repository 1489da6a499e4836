/**
 * Sink aggregation: every formula at several steps — step 0, a step before the first token
 * arrived, part-way and at the end — with values worked out by hand, over the default field and
 * another one; and the error values.
 */
import { describe, expect, it } from 'vitest';
import type { QueryResult, SinkAggregateValue } from '../../../src/contract/queries';
import { SINK_FORMULAS } from '../../../src/engine';
import { run, scenario, sink, source } from './helpers';

// Tokens leave the source at steps 3, 4, 5, 6 and reach the sink one step later (4, 5, 6, 7).
const doc = scenario([
  source('src', 'sink', { count: 4, startAt: 3, generation: { type: 'values', values: [5, 'x', 2, 5] } }),
  sink(),
]);

function agg(r: QueryResult<SinkAggregateValue>): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value.value;
}

describe('sinkAggregate', () => {
  const engine = run(doc);
  const at = (formula: string, step?: number) =>
    agg(engine.sinkAggregate('sink', formula, step === undefined ? {} : { step }));

  it('answers every formula before anything arrived (step 0, and step 3 when the first token is on its way)', () => {
    for (const step of [0, 3]) {
      expect(SINK_FORMULAS.map((f) => [f, at(f, step)])).toEqual([
        ['latest', null],
        ['earliest', null],
        ['sum', 0],
        ['count', 0],
        ['average', null],
        ['min', null],
        ['max', null],
        ['list', []],
        ['distinct', []],
      ]);
    }
  });

  it('answers every formula part-way: 5 and "x" collected by step 5', () => {
    expect(SINK_FORMULAS.map((f) => [f, at(f, 5)])).toEqual([
      ['latest', 'x'],
      ['earliest', 5],
      ['sum', 5],
      ['count', 2],
      ['average', 5],
      ['min', 5],
      ['max', 5],
      ['list', [5, 'x']],
      ['distinct', [5, 'x']],
    ]);
  });

  it('answers every formula at the end (default step): 5, "x", 2, 5', () => {
    expect(engine.getCurrentTick()).toBe(7);
    expect(SINK_FORMULAS.map((f) => [f, at(f)])).toEqual([
      ['latest', 5],
      ['earliest', 5],
      ['sum', 12],
      ['count', 4],
      ['average', 4],
      ['min', 2],
      ['max', 5],
      ['list', [5, 'x', 2, 5]],
      ['distinct', [5, 'x', 2]],
    ]);
    expect(engine.sinkAggregate('sink', 'sum', { step: 6 })).toEqual({
      ok: true,
      value: { sinkId: 'sink', formula: 'sum', field: 'value', value: 7, count: 3, step: 6 },
    });
  });

  it('reads another field, and treats a missing field as null', () => {
    const e = run(scenario([source('src', 'sink', { count: 0 }), sink()]), {
      events: [
        { targetDataSourceId: 'src', value: 1, region: 'eu', order: { total: 10 } },
        { targetDataSourceId: 'src', value: 2, region: 'us' },
        { targetDataSourceId: 'src', value: 3, region: 'eu', order: { total: 5.5 } },
      ],
    });
    expect(agg(e.sinkAggregate('sink', 'distinct', { field: 'region' }))).toEqual(['eu', 'us']);
    expect(agg(e.sinkAggregate('sink', 'list', { field: 'order.total' }))).toEqual([10, null, 5.5]);
    expect(agg(e.sinkAggregate('sink', 'sum', { field: 'order.total' }))).toBe(15.5);
    expect(agg(e.sinkAggregate('sink', 'average', { field: 'order.total' }))).toBe(7.75);
    expect(agg(e.sinkAggregate('sink', 'latest', { field: 'order.total', step: 3 }))).toBeNull();
    expect(agg(e.sinkAggregate('sink', 'count', { field: 'nothing' }))).toBe(3);
    expect(agg(e.sinkAggregate('sink', 'max', { field: 'nothing' }))).toBeNull();
  });

  it('keeps up as the run grows (the index extends, earlier answers stay)', () => {
    const stepped = run(scenario([source('src', 'sink', { count: 0 }), sink()]));
    expect(agg(stepped.sinkAggregate('sink', 'count'))).toBe(0);
    stepped.getExternalEventQueue().addEvents([{ targetDataSourceId: 'src', value: 4 }]);
    stepped.runToEnd();
    expect(agg(stepped.sinkAggregate('sink', 'sum'))).toBe(4);
    stepped.getExternalEventQueue().addEvents([{ targetDataSourceId: 'src', value: 6 }]);
    stepped.runToEnd();
    expect(agg(stepped.sinkAggregate('sink', 'list'))).toEqual([4, 6]);
    expect(agg(stepped.sinkAggregate('sink', 'list', { step: 2 }))).toEqual([4]);
  });

  it('names the problem: not a sink, unknown formula (listing the valid ones), unknown node, step out of range', () => {
    const notSink = engine.sinkAggregate('src', 'sum');
    expect(!notSink.ok && notSink.error).toMatchObject({
      code: 'NOT_A_SINK',
      message: expect.stringContaining('DataSource'),
    });
    const formula = engine.sinkAggregate('sink', 'median');
    expect(!formula.ok && formula.error.code).toBe('UNKNOWN_FORMULA');
    expect(!formula.ok && formula.error.message).toContain(
      'latest, earliest, sum, count, average, min, max, list, distinct',
    );
    const unknown = engine.sinkAggregate('nope', 'sum');
    expect(!unknown.ok && unknown.error.code).toBe('UNKNOWN_NODE');
    const beyond = engine.sinkAggregate('sink', 'sum', { step: 8 });
    expect(!beyond.ok && beyond.error.code).toBe('STEP_OUT_OF_RANGE');
  });
});
