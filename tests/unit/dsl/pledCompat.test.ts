// The original V3 tool's constructs: each loads with a warning saying how it was read (or an error
// naming what is missing), and runs with the original's meaning. Expected values are worked out by
// hand in the comments.
import { describe, expect, it } from 'vitest';
import { Engine, type ExternalEvent } from '../../../src/engine';
import { loadScenario } from '../../../src/engine/dsl';
import { bare, expectIssue, sink, type Json } from './helpers';

const events = (nodeId: string, eventType: string, to = 'sink'): Json => ({
  nodeId,
  type: 'DataSource',
  generation: { type: 'execution-events', eventType },
  outputs: [{ destinationNodeId: to }],
});

function runWith(scenario: Json, input: unknown[]): { engine: Engine; added: unknown } {
  const engine = new Engine();
  const loaded = engine.initialize(scenario);
  if (loaded.scenario === null) throw new Error(JSON.stringify(loaded.errors));
  const added = engine.getExternalEventQueue().addEvents(input);
  engine.runToEnd();
  return { engine, added };
}

function sinkData(engine: Engine, id = 'sink'): Record<string, unknown>[] {
  const node = engine.scenario.nodes.find((n) => n.nodeId === id)!;
  return [...engine.ledger.seqsOfNode(node.index)].map((seq) => engine.ledger.get(seq).inputToken!.data);
}

describe('execution-events DataSources and ExternalEventSource', () => {
  it('an ExternalEventSource without eventType is an error at its path', () => {
    const r = loadScenario(
      bare([{ nodeId: 'ev', type: 'ExternalEventSource', outputs: [{ destinationNodeId: 'sink' }] }, sink()]),
    );
    expectIssue(r, { severity: 'error', path: '/nodes/0/eventType', message: 'needs "eventType"' });
  });

  it('an ExternalEventSource warns that a generation of another type is ignored, not an execution-events one', () => {
    const ext = (extra: Json): Json => ({
      nodeId: 'ev',
      type: 'ExternalEventSource',
      ...extra,
      outputs: [{ destinationNodeId: 'sink' }],
    });
    const atGeneration = (r: ReturnType<typeof loadScenario>) =>
      r.warnings.filter((w) => w.path === '/nodes/0/generation').map((w) => w.message);
    // A random generation has no meaning on a source that only emits events: ignored, with a warning.
    const random = loadScenario(
      bare([ext({ eventType: 'order', generation: { type: 'random', valueMin: 1, valueMax: 2 } }), sink()]),
    );
    expect(random.errors).toEqual([]);
    expect(atGeneration(random)).toEqual(['"generation" is ignored: an ExternalEventSource only emits events']);
    // An execution-events generation is where the source's eventType is read from: nothing is ignored.
    const typed = loadScenario(bare([ext({ generation: { type: 'execution-events', eventType: 'order' } }), sink()]));
    expect(typed.errors).toEqual([]);
    expect(typed.scenario!.nodes[0]).toMatchObject({ generation: { type: 'execution-events', eventType: 'order' } });
    expect(atGeneration(typed)).toEqual([]);
  });

  it('an eventType on a DataSource has no effect and says to use "generation"', () => {
    // Only an ExternalEventSource reads "eventType"; on a DataSource it is accepted with no effect
    // (docs/dsl.md, "accepted but no effect" warnings), and the random generation still applies.
    const r = loadScenario(
      bare([
        {
          nodeId: 'src',
          type: 'DataSource',
          eventType: 'order',
          generation: { type: 'random', valueMin: 1, valueMax: 2 },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        sink(),
      ]),
    );
    expect(r.errors).toEqual([]);
    expect(r.warnings.filter((w) => w.path === '/nodes/0/eventType').map((w) => w.message)).toEqual([
      '"eventType" has no effect on a DataSource; use "generation"',
    ]);
    expect(r.scenario!.nodes[0]).toMatchObject({ generation: { type: 'random' } });
  });

  it('an execution-events generation needs a non-empty eventType', () => {
    const r = loadScenario(bare([events('ev', ''), sink()]));
    expect(r.scenario).toBeNull();
    expect(r.errors.map((e) => e.path)).toContain('/nodes/0/generation/eventType');
  });

  it('generates nothing, and emits the typed events routed to it by type, payload as token data', () => {
    const { engine, added } = runWith(bare([events('a', 'x.created'), events('b', 'x.deleted'), sink()]), [
      { id: '1', type: 'x.created', source: 's', data: { n: 1, correlationId: 'k1' } },
      { id: '2', type: 'x.deleted', source: 's', data: { n: 2, event: 'own' } },
      { id: '3', type: 'x.created', source: 's', data: { n: 3 } },
    ]);
    expect(added).toEqual({ ok: true, added: 3 });
    // a emits events 1 and 3 (steps 1, 2), b emits event 2 (step 1); nothing is generated.
    const data = sinkData(engine);
    expect(data).toHaveLength(3);
    expect(data).toContainEqual({ n: 1, correlationId: 'k1', event: 'x.created' });
    expect(data).toContainEqual({ n: 2, event: 'own' });
    expect(data).toContainEqual({ n: 3, event: 'x.created' });
    const first = [...engine.ledger.seqsOfNode(0)].map((s) => engine.ledger.get(s).outputToken!.correlationIds);
    expect(first[0]).toEqual(['k1']);
  });

  it('an event with no target and a type nobody listens for is refused, naming the types listened for', () => {
    const engine = new Engine();
    engine.initialize(bare([events('a', 'x.created'), sink()]));
    const r = engine.getExternalEventQueue().addEvents([{ type: 'y.unknown', data: {} }]);
    expect(r).toEqual({
      ok: false,
      index: 0,
      error:
        'the event has no "targetDataSourceId" and no DataSource listens for its type "y.unknown" (types: "x.created")',
    });
  });

  it('the ExternalEvent type is a target or a type: both shapes compile without casts, an event with neither does not', () => {
    const engine = new Engine();
    engine.initialize(
      bare([
        events('a', 'x.created'),
        { nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] },
        sink(),
      ]),
    );
    const queue = engine.getExternalEventQueue();
    const targeted: ExternalEvent = { targetDataSourceId: 'src', correlationId: 'k1', value: 1 };
    const typed: ExternalEvent = { id: 'e1', timestamp: 1, type: 'x.created', source: 's', data: { n: 1 } };
    expect(queue.addEvent(targeted)).toEqual({ ok: true, added: 1 });
    expect(queue.addEvent(typed)).toEqual({ ok: true, added: 1 });
    // The type checker (`node scripts/typecheck.mjs`, tests project) fails if either line below compiles.
    // @ts-expect-error neither a targetDataSourceId nor a type
    const neither: ExternalEvent = { correlationId: 'k2', value: 2 };
    // @ts-expect-error the original shape's payload is an object
    const badPayload: ExternalEvent = { type: 'x.created', data: 3 };
    // The engine refuses them at run time too (an untyped caller, e.g. JSON from a file).
    expect(queue.addEvent(neither)).toMatchObject({ ok: false, error: 'the event has no "targetDataSourceId"' });
    expect(queue.addEvent(badPayload)).toMatchObject({
      ok: false,
      error: '"data" must be an object (the event\'s payload)',
    });
  });

  it('a scenario without execution-events sources still needs targetDataSourceId', () => {
    const engine = new Engine();
    engine.initialize(bare([{ nodeId: 'src', type: 'DataSource', outputs: [{ destinationNodeId: 'sink' }] }, sink()]));
    expect(engine.getExternalEventQueue().addEvents([{ type: 'x', data: {} }])).toMatchObject({
      ok: false,
      error: 'the event has no "targetDataSourceId"',
    });
  });
});

describe('Queue custom aggregation and count threshold', () => {
  const queue = (aggregation: Json): Json =>
    bare([
      {
        nodeId: 'src',
        type: 'DataSource',
        count: 4,
        generation: { type: 'sequence', start: 1 },
        outputs: [{ destinationNodeId: 'q' }],
      },
      { nodeId: 'q', type: 'Queue', aggregation, outputs: [{ destinationNodeId: 'sink' }] },
      sink(),
    ]);

  it('reads "custom" as a JavaScript formula and threshold as the count window', () => {
    const scenario = queue({
      method: 'custom',
      formula: 'const evens = values.filter((v) => v % 2 === 0);\nreturn evens.length > 0 ? Math.max(...evens) : -1;',
      trigger: { type: 'count', threshold: 2 },
    });
    const r = loadScenario(scenario);
    expectIssue(r, { severity: 'warning', path: '/nodes/1/aggregation/method', message: 'read as "formula"' });
    expectIssue(r, {
      severity: 'warning',
      path: '/nodes/1/aggregation/trigger/threshold',
      message: 'read as "window"',
    });
    // values 1..4 in batches of two: [1, 2] → 2, [3, 4] → 4
    const { engine } = runWith(scenario, []);
    expect(sinkData(engine).map((d) => d['value'])).toEqual([2, 4]);
  });

  it('a count trigger with both window and threshold counts by window and says threshold is ignored', () => {
    // docs/dsl.md: threshold is the compat spelling of window, and a field accepted with no effect is
    // warned about; with both given, window (2) is used, so values 1..4 make [1, 2] → 3 and [3, 4] → 7.
    const scenario = queue({ method: 'sum', trigger: { type: 'count', window: 2, threshold: 3 } });
    const r = loadScenario(scenario);
    expect(r.errors).toEqual([]);
    expect(r.warnings.filter((w) => w.path === '/nodes/1/aggregation/trigger/threshold')).toEqual([
      { path: '/nodes/1/aggregation/trigger/threshold', message: '"threshold" is ignored: "window" is set' },
    ]);
    const { engine } = runWith(scenario, []);
    expect(sinkData(engine).map((d) => d['value'])).toEqual([3, 7]);
  });

  it('method "formula" with its formula on the node (processing.formula, formula, formulas[0]) reads it there, with a warning naming the path', () => {
    const wherever: Array<[Json, string]> = [
      [{ processing: { formula: 'sum(values) * 10' } }, '/nodes/1/processing/formula'],
      [{ formula: 'sum(values) * 10' }, '/nodes/1/formula'],
      [{ formulas: ['sum(values) * 10'] }, '/nodes/1/formulas/0'],
    ];
    for (const [fields, path] of wherever) {
      const scenario = queue({ method: 'formula', trigger: { type: 'count', window: 2 } }) as { nodes: Json[] };
      Object.assign(scenario.nodes[1] as object, fields);
      const r = loadScenario(scenario);
      expect(r.errors).toEqual([]);
      expectIssue(r, { severity: 'warning', path, message: 'read as the aggregation formula' });
      // values 1..4 in batches of two: (1 + 2) × 10 = 30, (3 + 4) × 10 = 70
      const { engine } = runWith(scenario, []);
      expect(sinkData(engine).map((d) => d['value'])).toEqual([30, 70]);
    }
  });

  it('aggregation.formula wins over a formula on the node, which is reported as ignored', () => {
    const scenario = queue({ method: 'formula', formula: 'max(values)', trigger: { type: 'count', window: 2 } }) as {
      nodes: Json[];
    };
    Object.assign(scenario.nodes[1] as object, { formulas: ['sum(values)'] });
    const r = loadScenario(scenario);
    expectIssue(r, {
      severity: 'warning',
      path: '/nodes/1/formulas/0',
      message: 'the formula at /nodes/1/aggregation/formula is used',
    });
    // [1, 2] → 2, [3, 4] → 4
    expect(sinkData(runWith(scenario, []).engine).map((d) => d['value'])).toEqual([2, 4]);
  });

  it('a formula on the node of a Queue whose method is not "formula" is ignored with a warning', () => {
    const scenario = queue({ method: 'sum', trigger: { type: 'count', window: 2 } }) as { nodes: Json[] };
    Object.assign(scenario.nodes[1] as object, { formula: 'max(values)' });
    const r = loadScenario(scenario);
    expectIssue(r, { severity: 'warning', path: '/nodes/1/formula', message: 'not "formula"' });
    // sums: 1 + 2 = 3, 3 + 4 = 7
    expect(sinkData(runWith(scenario, []).engine).map((d) => d['value'])).toEqual([3, 7]);
  });

  it('reads "custom" with no formula anywhere as "collect": the batch’s values as an array, as the original emits them', () => {
    // Issue 38, item 11: the original's V3 files have Queues {"method": "custom"} without a formula,
    // refused before ("needs a non-empty formula"). Values 1..4 in batches of two: [1, 2], [3, 4].
    const scenario = queue({ method: 'custom', trigger: { type: 'count', threshold: 2 } });
    const r = loadScenario(scenario);
    expect(r.errors).toEqual([]);
    expect(r.warnings.filter((w) => w.path === '/nodes/1/aggregation/method')).toEqual([
      {
        path: '/nodes/1/aggregation/method',
        message:
          '"custom" (from the original tool) without a formula is read as "collect": the aggregate\'s "value" is the array of the batch\'s "value" fields, as the original emits the collected values',
      },
    ]);
    expect(r.scenario!.nodes[1]).toMatchObject({ aggregation: { method: 'collect', field: 'value' } });
    const { engine } = runWith(scenario, []);
    expect(sinkData(engine)).toEqual([
      { value: [1, 2], count: 2, method: 'collect' },
      { value: [3, 4], count: 2, method: 'collect' },
    ]);
    // A blank formula is none; one on the node is still the formula ("custom" read as "formula").
    expect(loadScenario(queue({ method: 'custom', formula: '  ' })).scenario!.nodes[1]).toMatchObject({
      aggregation: { method: 'collect' },
    });
    const onNode = queue({ method: 'custom', trigger: { type: 'count', window: 2 } }) as { nodes: Json[] };
    Object.assign(onNode.nodes[1] as object, { formulas: ['sum(values)'] });
    expect(sinkData(runWith(onNode, []).engine).map((d) => d['value'])).toEqual([3, 7]);
  });

  it('method "formula" with no formula anywhere is still an error', () => {
    const r = loadScenario(queue({ method: 'formula' }));
    expectIssue(r, { severity: 'error', path: '/nodes/1/aggregation/formula', message: 'needs a non-empty "formula"' });
  });

  it('a JavaScript formula outside the subset is a load error at its path, with line and column', () => {
    const r = loadScenario(
      queue({ method: 'custom', formula: 'let s = 0;\nfor (const v of values) s += v;\nreturn s;' }),
    );
    expectIssue(r, {
      severity: 'error',
      path: '/nodes/1/aggregation/formula',
      message: 'for…of loop is not supported in a formula (line 2, column 1)',
    });
  });
});
