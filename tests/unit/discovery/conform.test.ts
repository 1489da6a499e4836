import { describe, expect, it } from 'vitest';
import { Engine, loadScenario } from '../../../src/engine';
import { conform } from '../../../src/engine/discovery';
import type { Scenario } from '../../../src/engine/types';
import type { LedgerEvent } from '../../../src/contract/vocabulary';

// A door: new --open--> open (onEntry: pings + 1), open --ping--> open, open --close [pings >= 2]--> closed.
// The "other" source feeds only a sink: its events never reach the FSM.
const DOC = {
  version: '3.0',
  name: 'door',
  nodes: [
    { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'door' }] },
    { nodeId: 'other', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'done' }] },
    {
      nodeId: 'door',
      type: 'FSM',
      fsm: {
        instancePer: 'correlationId',
        variables: { pings: 0 },
        states: [
          { name: 'new', isInitial: true },
          { name: 'open', onEntry: [{ action: 'increment', target: 'pings' }] },
          { name: 'closed', isFinal: true },
        ],
        transitions: [
          { from: 'new', to: 'open', trigger: 'open' },
          { from: 'open', to: 'open', trigger: 'ping' },
          { from: 'open', to: 'closed', trigger: 'close', condition: 'pings >= 2' },
        ],
      },
      outputs: [{ destinationNodeId: 'done' }],
    },
    { nodeId: 'done', type: 'Sink' },
  ],
};

const e = (c: string, name: string, target = 'src') => ({ targetDataSourceId: target, correlationId: c, event: name });
// position case event → outcome (by hand)
// 0 x open  consumed (new→open, pings 1)     1 y open  consumed (pings 1)
// 2 x ping  consumed (open→open, pings 2)    3 y close NOT: pings 1 < 2 — y's first deviation, index 1, state open
// 4 x close consumed (open→closed)           5 z ping  NOT: no "ping" from new — z's first deviation, index 0
// 6 z open  consumed                         7 y close NOT again (counted, not a new first deviation)
// 8 w open to "other": not replayed
const EVENTS = [
  e('x', 'open'),
  e('y', 'open'),
  e('x', 'ping'),
  e('y', 'close'),
  e('x', 'close'),
  e('z', 'ping'),
  e('z', 'open'),
  e('y', 'close'),
  e('w', 'open', 'other'),
];

/**
 * The engine's state transitions ("from>to", in ledger order) when `doc` runs over `events`: what
 * the replay is checked against. Not pure (runs an engine).
 */
function engineMoves(doc: unknown, events: unknown[], label: (ev: LedgerEvent) => string = () => ''): string[] {
  const engine = new Engine();
  expect(engine.initialize(doc).errors).toEqual([]);
  engine.getExternalEventQueue().addEvents(events);
  engine.runToEnd();
  const moves: string[] = [];
  for (let seq = 1; seq <= engine.ledger.size; seq++) {
    const ev = engine.ledger.get(seq);
    if (ev.operation === 'STATE_TRANSITION') moves.push(`${label(ev)}${ev.from}>${ev.to}`);
  }
  return moves;
}

function scenario(): Scenario {
  const r = loadScenario(DOC);
  expect(r.errors).toEqual([]);
  return r.scenario!;
}

describe('conform', () => {
  it('replays events case by case and reports fitness and first deviations (by hand)', () => {
    const r = conform(scenario(), EVENTS);
    expect(r).toEqual({
      ok: true,
      report: {
        fsm: 'door',
        cases: 3,
        fittingCases: 1,
        events: 8,
        consumedEvents: 5,
        eventFitness: 5 / 8,
        caseFitness: 1 / 3,
        deviations: [
          { case: 'y', index: 1, event: 'close', state: 'open', position: 3 },
          { case: 'z', index: 0, event: 'ping', state: 'new', position: 5 },
        ],
        byState: { open: 2, new: 1 },
        byEvent: { close: 2, ping: 1 },
      },
    });
  });

  it('counts a log that fits entirely as fitness 1', () => {
    const r = conform(scenario(), [e('x', 'open'), e('x', 'ping'), e('x', 'close')]);
    expect(r).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, eventFitness: 1, caseFitness: 1, deviations: [] },
    });
  });

  it('names the event and field it cannot read, and answers null for a template without FSM', () => {
    expect(
      conform(scenario(), [e('x', 'open'), { targetDataSourceId: 'src', correlationId: 7, event: 'open' }]),
    ).toEqual({
      ok: false,
      problem: { index: 1, field: 'correlationId', message: 'field "correlationId" must be a string' },
    });
    const noFsm = loadScenario({
      version: '3.0',
      nodes: [
        { nodeId: 's', type: 'DataSource', outputs: [{ destinationNodeId: 'k' }] },
        { nodeId: 'k', type: 'Sink' },
      ],
    });
    expect(conform(noFsm.scenario!, EVENTS)).toBeNull();
  });
});

describe('conform, decrements and timers', () => {
  // Two tickets: idle --take--> busy (onEntry: left - 1), busy --take--> busy, busy --finish [left <= 0]--> done;
  // idle --timer after 5--> expired, which no event takes.
  const doc = {
    version: '3.0',
    nodes: [
      { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'desk' }] },
      {
        nodeId: 'desk',
        type: 'FSM',
        fsm: {
          instancePer: 'correlationId',
          variables: { left: 2 },
          states: [
            { name: 'idle', isInitial: true },
            { name: 'busy', onEntry: [{ action: 'decrement', target: 'left' }] },
            { name: 'done', isFinal: true },
            { name: 'expired', isFinal: true },
          ],
          transitions: [
            { from: 'idle', to: 'busy', trigger: 'take' },
            { from: 'busy', to: 'busy', trigger: 'take' },
            { from: 'busy', to: 'done', trigger: 'finish', condition: 'left <= 0' },
            { from: 'idle', to: 'expired', trigger: 'timer', after: 5 },
          ],
        },
        outputs: [{ destinationNodeId: 'end' }],
      },
      { nodeId: 'end', type: 'Sink' },
    ],
  };

  it('lowers a variable on a decrement, and lets no event take a timer transition (by hand)', () => {
    const loaded = loadScenario(doc);
    expect(loaded.errors).toEqual([]);
    // 0 x take consumed (left 1)       1 y poke NOT: only a timer leaves idle — y's first deviation, index 0
    // 2 z take consumed (left 1)       3 x take consumed (left 0)
    // 4 z finish NOT: left 1 > 0 — z's first deviation, index 1, state busy
    // 5 x finish consumed (left 0 <= 0)
    const events = [e('x', 'take'), e('y', 'poke'), e('z', 'take'), e('x', 'take'), e('z', 'finish'), e('x', 'finish')];
    expect(conform(loaded.scenario!, events)).toEqual({
      ok: true,
      report: {
        fsm: 'desk',
        cases: 3,
        fittingCases: 1,
        events: 6,
        consumedEvents: 4,
        eventFitness: 4 / 6,
        caseFitness: 1 / 3,
        deviations: [
          { case: 'y', index: 0, event: 'poke', state: 'idle', position: 1 },
          { case: 'z', index: 1, event: 'finish', state: 'busy', position: 4 },
        ],
        byState: { idle: 1, busy: 1 },
        byEvent: { poke: 1, finish: 1 },
      },
    });
  });
});

describe("conform, events in the original tool's shape", () => {
  it('replays events of a type an execution-events DataSource listens for, named by their data.event (by hand)', () => {
    const doc = {
      version: '3.0',
      nodes: [
        {
          nodeId: 'orders',
          type: 'DataSource',
          generation: { type: 'execution-events', eventType: 'order' },
          outputs: [{ destinationNodeId: 'fsm' }],
        },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            states: [{ name: 'idle', isInitial: true }, 'paid'],
            transitions: [{ from: 'idle', to: 'paid', trigger: 'pay' }],
          },
          outputs: [{ destinationNodeId: 'done' }],
        },
        { nodeId: 'done', type: 'Sink' },
      ],
    };
    const loaded = loadScenario(doc);
    expect(loaded.errors).toEqual([]);
    // o1 pays (consumed); o2 ships first (deviation in "idle"); a "refund" type reaches no DataSource.
    const events = [
      { type: 'order', data: { correlationId: 'o1', event: 'pay' } },
      { type: 'order', data: { correlationId: 'o2', event: 'ship' } },
      { type: 'refund', data: { correlationId: 'o1' } },
    ];
    expect(conform(loaded.scenario!, events)).toMatchObject({
      ok: true,
      report: {
        cases: 2,
        fittingCases: 1,
        events: 2,
        consumedEvents: 1,
        deviations: [{ case: 'o2', index: 0, event: 'ship', state: 'idle', position: 1 }],
      },
    });
  });

  /** An execution-events source of type "order" and a targeted source "src", both into one FSM. */
  const mixed = (transitions: unknown[]) => ({
    version: '3.0',
    nodes: [
      { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
      {
        nodeId: 'orders',
        type: 'DataSource',
        generation: { type: 'execution-events', eventType: 'order' },
        outputs: [{ destinationNodeId: 'fsm' }],
      },
      {
        nodeId: 'fsm',
        type: 'FSM',
        fsm: { instancePer: 'correlationId', states: [{ name: 'idle', isInitial: true }, 'seen'], transitions },
        outputs: [{ destinationNodeId: 'done' }],
      },
      { nodeId: 'done', type: 'Sink' },
    ],
  });

  /** The FSM transitions the engine makes from the same events. */
  function engineTransitions(doc: unknown, events: unknown[]): number {
    const engine = new Engine();
    expect(engine.initialize(doc).errors).toEqual([]);
    expect(engine.getExternalEventQueue().addEvents(events)).toEqual({ ok: true, added: events.length });
    engine.runToEnd();
    let n = 0;
    for (let seq = 1; seq <= engine.ledger.size; seq++)
      if (engine.ledger.get(seq).operation === 'STATE_TRANSITION') n++;
    return n;
  }

  it('names an event whose payload has no event field by its type, as the engine does', () => {
    // docs/dsl.md (compat): the token's data is the payload plus `event` = the type, unless the
    // payload has its own `event`. So a transition triggered by "order" takes it.
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'order' }]);
    const events = [{ type: 'order', data: { correlationId: 'o1' } }];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineTransitions(doc, events)).toBe(1);
  });

  it('builds the data a condition sees as the engine does: a targeted event without its target, a typed one with its type', () => {
    // {targetDataSourceId, correlationId, kind} → {correlationId, kind}: two fields.
    // {type, data: {correlationId}} → {correlationId, event: "order"}: two fields.
    const doc = mixed([{ from: 'idle', to: 'seen', condition: 'len(data) == 2' }]);
    const events = [
      { targetDataSourceId: 'src', correlationId: 'a', kind: 'x' },
      { type: 'order', data: { correlationId: 'b' } },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 2, fittingCases: 2, events: 2, consumedEvents: 2, deviations: [] },
    });
    expect(engineTransitions(doc, events)).toBe(2);
  });

  it('refuses an event whose payload is not an object with the sentence the engine’s queue gives', () => {
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'order' }]);
    const bad = { type: 'order', data: 5 };
    const queued = new Engine();
    queued.initialize(doc);
    const refused = queued.getExternalEventQueue().addEvents([bad]);
    expect(refused).toMatchObject({ ok: false, index: 0 });
    const sentence = refused.ok ? '' : refused.error;
    expect(sentence).toMatch(/^"data" must be an object/);
    expect(conform(loadScenario(doc).scenario!, [{ type: 'order', data: { correlationId: 'o1' } }, bad])).toEqual({
      ok: false,
      problem: { index: 1, field: 'data', message: sentence },
    });
  });

  it('keys a typed event whose payload has no correlation id by the event’s own, as the engine does', () => {
    // docs/dsl.md (compat): correlation ids come from the payload's correlationIds/correlationId,
    // else the event's. So o1 and o2 are two machines, each moving idle → seen once.
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'order' }]);
    const events = [
      { type: 'order', correlationId: 'o1', data: {} },
      { type: 'order', correlationId: 'o2', data: {} },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 2, fittingCases: 2, events: 2, consumedEvents: 2, deviations: [] },
    });
    expect(engineTransitions(doc, events)).toBe(2);
  });

  it('lets a typed event’s own data.event stand in the data a condition sees, not its type', () => {
    // docs/dsl.md (compat): `event` = the type only "unless the payload has its own `event`".
    const doc = mixed([{ from: 'idle', to: 'seen', condition: 'data.event == "pay"' }]);
    const events = [{ type: 'order', data: { correlationId: 'o1', event: 'pay' } }];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineTransitions(doc, events)).toBe(1);
  });

  it('replays only the types an execution-events source listens for, whatever the other types are called', () => {
    // `mixed` has a generated source ("src", no execution events) beside "orders" (type "order"):
    // a typed event of any other type reaches no DataSource, so it is not replayed — whether its
    // type is a word of the scenario ("src", "sequence") or any other text.
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'go' }]);
    const others = ['src', 'sequence', 'random', 'refund'];
    const events = [
      { type: 'order', data: { correlationId: 'o1', event: 'go' } },
      ...others.map((type, i) => ({ type, data: { correlationId: `x${i}`, event: 'go' } })),
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
  });

  it('replays a typed event that has no payload, keyed by its own correlation id, as the engine does', () => {
    // The engine's queue takes an event in the original tool's shape without its `data` payload
    // (the token's data is then only `event` = the type), and docs/dsl.md (compat) takes the ids
    // from the event's own correlationId when the payload has none. So o1 and o2 are two machines,
    // each moving idle → seen on "order".
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'order' }]);
    const events = [
      { type: 'order', correlationId: 'o1' },
      { type: 'order', correlationId: 'o2' },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toEqual({
      ok: true,
      report: {
        fsm: 'fsm',
        cases: 2,
        fittingCases: 2,
        events: 2,
        consumedEvents: 2,
        eventFitness: 1,
        caseFitness: 1,
        deviations: [],
        byState: {},
        byEvent: {},
      },
    });
    expect(engineTransitions(doc, events)).toBe(2);
  });

  it('refuses a typed event whose payload is null with the sentence the engine’s queue gives', () => {
    // null is not an object payload: the engine's queue refuses it as it refuses `data: 5`.
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'order' }]);
    const bad = { type: 'order', correlationId: 'o2', data: null };
    const queued = new Engine();
    queued.initialize(doc);
    const refused = queued.getExternalEventQueue().addEvents([bad]);
    expect(refused).toEqual({ ok: false, index: 0, error: '"data" must be an object (the event\'s payload)' });
    expect(conform(loadScenario(doc).scenario!, [{ type: 'order', correlationId: 'o1' }, bad])).toEqual({
      ok: false,
      problem: { index: 1, field: 'data', message: '"data" must be an object (the event\'s payload)' },
    });
  });

  it('gives a condition the type of a typed event as data.event, as the engine does', () => {
    // docs/dsl.md (compat): the token's data is the payload plus `event` = the event's type. So
    // `[data.event == "order"]` holds for {type: "order", data: {correlationId: "o1"}}.
    const doc = mixed([{ from: 'idle', to: 'seen', condition: 'data.event == "order"' }]);
    const events = [{ type: 'order', data: { correlationId: 'o1' } }];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineTransitions(doc, events)).toBe(1);
  });

  it('keys a typed event whose payload’s correlationId is empty by the event’s own, as the engine does', () => {
    // docs/dsl.md (compat): ids come from the payload, else the event's; an empty correlationId is
    // none (DSL.md §3: a token takes the event's id, else a generated one — never ""). So the two
    // events are the cases o1 and o2, each moving idle → seen once, not one case "" that takes the
    // second event in state seen.
    const doc = mixed([{ from: 'idle', to: 'seen', trigger: 'order' }]);
    const events = [
      { type: 'order', correlationId: 'o1', data: { correlationId: '' } },
      { type: 'order', correlationId: 'o2', data: { correlationId: '' } },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 2, fittingCases: 2, events: 2, consumedEvents: 2, deviations: [] },
    });
    expect(engineTransitions(doc, events)).toBe(2);
  });
});

describe('conform, increments of a variable that is not a number', () => {
  it('counts a text variable as 0 when it is incremented, as the engine does', () => {
    // docs/dsl.md, FSM: increment/decrement count a missing or non-numeric variable as 0. So n
    // goes from "none" to 1 on entering busy, and `finish [n == 1]` holds: the case fits.
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            variables: { n: 'none' },
            states: [
              { name: 'idle', isInitial: true },
              { name: 'busy', onEntry: [{ action: 'increment', target: 'n' }] },
              { name: 'done', isFinal: true },
            ],
            transitions: [
              { from: 'idle', to: 'busy', trigger: 'take' },
              { from: 'busy', to: 'done', trigger: 'finish', condition: 'n == 1' },
            ],
          },
          outputs: [{ destinationNodeId: 'end' }],
        },
        { nodeId: 'end', type: 'Sink' },
      ],
    };
    const loaded = loadScenario(doc);
    expect(loaded.errors).toEqual([]);
    const events = [
      { targetDataSourceId: 'src', correlationId: 'x', event: 'take' },
      { targetDataSourceId: 'src', correlationId: 'x', event: 'finish' },
    ];
    expect(conform(loaded.scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 2, consumedEvents: 2, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>busy', 'busy>done']);
  });
});

describe('conform, variables set by value or formula', () => {
  it('sets a variable to a value or to a formula’s result on entering a state, as the engine does', () => {
    // docs/dsl.md, FSM actions: set_variable takes `value` or `formula`. Entering busy sets
    // level to the value 3 and total to the formula `value * 2`, which the take event's value 5
    // makes 10, so `finish [level == 3 && total == 10]` holds and the case fits; the engine
    // moves idle>busy and busy>done the same way.
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            variables: { level: 0, total: 0 },
            states: [
              { name: 'idle', isInitial: true },
              {
                name: 'busy',
                onEntry: [
                  { action: 'set_variable', target: 'level', value: 3 },
                  { action: 'set_variable', target: 'total', formula: 'value * 2' },
                ],
              },
              { name: 'done', isFinal: true },
            ],
            transitions: [
              { from: 'idle', to: 'busy', trigger: 'take' },
              { from: 'busy', to: 'done', trigger: 'finish', condition: 'level == 3 && total == 10' },
            ],
          },
          outputs: [{ destinationNodeId: 'end' }],
        },
        { nodeId: 'end', type: 'Sink' },
      ],
    };
    const loaded = loadScenario(doc);
    expect(loaded.errors).toEqual([]);
    const events = [
      { targetDataSourceId: 'src', correlationId: 'x', event: 'take', value: 5 },
      { targetDataSourceId: 'src', correlationId: 'x', event: 'finish' },
    ];
    expect(conform(loaded.scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 2, consumedEvents: 2, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>busy', 'busy>done']);
  });
});

describe('conform, the correlation ids a condition sees', () => {
  it('gives a condition no empty correlation id for an event that carries none, as the engine does', () => {
    // docs/dsl.md, Tokens: an external event without correlation ids gets a generated one
    // ("src-1"), never an empty text, so `go [token.correlationIds[0] != ""]` holds in the engine
    // and the replay must take the event too (its token has no id to read, which is not "").
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            states: [
              { name: 'idle', isInitial: true },
              { name: 'done', isFinal: true },
            ],
            transitions: [{ from: 'idle', to: 'done', trigger: 'go', condition: 'token.correlationIds[0] != ""' }],
          },
          outputs: [{ destinationNodeId: 'end' }],
        },
        { nodeId: 'end', type: 'Sink' },
      ],
    };
    const loaded = loadScenario(doc);
    expect(loaded.errors).toEqual([]);
    const events = [{ targetDataSourceId: 'src', event: 'go' }];
    expect(conform(loaded.scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>done']);
  });

  it('gives a condition every correlation id of the event, one machine per node or per id, as the engine does', () => {
    // docs/dsl.md, Tokens: an external event's token takes the event's correlationIds with
    // duplicates removed, whatever the FSM's instancePer. So for ["o1", "c7", "o1"] the token's
    // ids are ["o1", "c7"]: `go [token.correlationIds[0] == "o1" && token.correlationIds[1] == "c7"
    // && token.correlationIds[2] == null]` holds in the engine and the replay consumes the event.
    for (const instancePer of ['node', 'correlationId']) {
      const doc = {
        version: '3.0',
        nodes: [
          { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
          {
            nodeId: 'fsm',
            type: 'FSM',
            fsm: {
              instancePer,
              states: [
                { name: 'idle', isInitial: true },
                { name: 'done', isFinal: true },
              ],
              transitions: [
                {
                  from: 'idle',
                  to: 'done',
                  trigger: 'go',
                  condition:
                    'token.correlationIds[0] == "o1" && token.correlationIds[1] == "c7" && token.correlationIds[2] == null',
                },
              ],
            },
            outputs: [{ destinationNodeId: 'end' }],
          },
          { nodeId: 'end', type: 'Sink' },
        ],
      };
      const loaded = loadScenario(doc);
      expect(loaded.errors).toEqual([]);
      const events = [{ targetDataSourceId: 'src', correlationIds: ['o1', 'c7', 'o1'], event: 'go' }];
      expect(conform(loaded.scenario!, events), instancePer).toMatchObject({
        ok: true,
        report: { cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
      });
      expect(engineMoves(doc, events), instancePer).toEqual(['idle>done']);
    }
  });
});

describe('conform, conditions and formulas written as JavaScript', () => {
  it('reads a JavaScript condition and formula as the engine does (`.length`, a `return` statement)', () => {
    // docs/dsl.md, JavaScript formulas (compat): a formula that reads `.length`, or one the
    // expression language cannot read, is read as JavaScript. Case x's take carries 2 items, so
    // `take [data.items.length == 2]` holds, busy's onEntry sets n by `return value * 3;` (value
    // 4: n = 12) and `finish [n == 12]` holds: x fits. Case y's take carries 1 item: it is a
    // deviation at index 0 in state idle. The engine moves x idle>busy>done and leaves y idle.
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            variables: { n: 0 },
            states: [
              { name: 'idle', isInitial: true },
              { name: 'busy', onEntry: [{ action: 'set_variable', target: 'n', formula: 'return value * 3;' }] },
              { name: 'done', isFinal: true },
            ],
            transitions: [
              { from: 'idle', to: 'busy', trigger: 'take', condition: 'data.items.length == 2' },
              { from: 'busy', to: 'done', trigger: 'finish', condition: 'n == 12' },
            ],
          },
          outputs: [{ destinationNodeId: 'end' }],
        },
        { nodeId: 'end', type: 'Sink' },
      ],
    };
    const loaded = loadScenario(doc);
    expect(loaded.errors).toEqual([]);
    const events = [
      { targetDataSourceId: 'src', correlationId: 'x', event: 'take', items: [1, 2], value: 4 },
      { targetDataSourceId: 'src', correlationId: 'y', event: 'take', items: [1], value: 4 },
      { targetDataSourceId: 'src', correlationId: 'x', event: 'finish' },
    ];
    expect(conform(loaded.scenario!, events)).toMatchObject({
      ok: true,
      report: {
        cases: 2,
        fittingCases: 1,
        events: 3,
        consumedEvents: 2,
        deviations: [{ case: 'y', index: 0, event: 'take', state: 'idle', position: 1 }],
      },
    });
    expect(engineMoves(doc, events, (ev) => `${ev.outputToken!.correlationIds[0]}:`)).toEqual([
      'x:idle>busy',
      'x:busy>done',
    ]);
  });
});

/** A targeted source "src" and an execution-events source of type "order", both into FSM `fsm`. */
function twoSources(fsm: object) {
  return {
    version: '3.0',
    nodes: [
      { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
      {
        nodeId: 'orders',
        type: 'DataSource',
        generation: { type: 'execution-events', eventType: 'order' },
        outputs: [{ destinationNodeId: 'fsm' }],
      },
      { nodeId: 'fsm', type: 'FSM', fsm, outputs: [{ destinationNodeId: 'done' }] },
      { nodeId: 'done', type: 'Sink' },
    ],
  };
}

describe('conform, correlation ids read as the engine’s queue reads them', () => {
  const doc = (instancePer: string, transitions: unknown[]) =>
    twoSources({ instancePer, states: [{ name: 'idle', isInitial: true }, 'seen'], transitions });
  const go = [{ from: 'idle', to: 'seen', trigger: 'go' }];

  it('refuses an event whose correlation ids the engine’s queue refuses, whatever the FSM’s instancePer', () => {
    // DSL.md §3 and the engine's queue: correlationIds must be an array of strings and correlationId
    // a string, or the event is refused. ["o1", 5] has a number in it; 7 is not text. The replay
    // names the event and the field, for a machine per correlation id and for one per node alike.
    const ok = { targetDataSourceId: 'src', correlationId: 'o1', event: 'go' };
    const mixedIds = { targetDataSourceId: 'src', correlationIds: ['o1', 5], event: 'go' };
    const numberId = { targetDataSourceId: 'src', correlationId: 7, event: 'go' };
    for (const instancePer of ['correlationId', 'node']) {
      const d = doc(instancePer, go);
      const scenario = loadScenario(d).scenario!;
      expect(conform(scenario, [ok, mixedIds]), instancePer).toEqual({
        ok: false,
        problem: { index: 1, field: 'correlationIds', message: 'field "correlationIds" must be an array of strings' },
      });
      expect(conform(scenario, [ok, numberId]), instancePer).toEqual({
        ok: false,
        problem: { index: 1, field: 'correlationId', message: 'field "correlationId" must be a string' },
      });
      for (const bad of [mixedIds, numberId]) {
        const engine = new Engine();
        expect(engine.initialize(d).errors).toEqual([]);
        expect(engine.getExternalEventQueue().addEvents([ok, bad]), instancePer).toMatchObject({ ok: false, index: 1 });
      }
    }
  });

  it('keys a case by correlationIds[0], else by a non-empty correlationId, as the engine does', () => {
    // DSL.md §3: the token takes `correlationIds` (when not empty), else `correlationId`; an FSM per
    // correlation id keys its machine by the first. By hand:
    // 0 ["a", "b"]        → case a, idle → seen          consumed
    // 1 ["a"] and "z"     → case a (the list wins), in seen: no "go" from seen — a's deviation, index 1
    // 2 [] and "c"        → case c (an empty list is none), idle → seen   consumed
    const d = doc('correlationId', go);
    const events = [
      { targetDataSourceId: 'src', correlationIds: ['a', 'b'], event: 'go' },
      { targetDataSourceId: 'src', correlationIds: ['a'], correlationId: 'z', event: 'go' },
      { targetDataSourceId: 'src', correlationIds: [], correlationId: 'c', event: 'go' },
    ];
    expect(conform(loadScenario(d).scenario!, events)).toEqual({
      ok: true,
      report: {
        fsm: 'fsm',
        cases: 2,
        fittingCases: 1,
        events: 3,
        consumedEvents: 2,
        eventFitness: 2 / 3,
        caseFitness: 1 / 2,
        deviations: [{ case: 'a', index: 1, event: 'go', state: 'seen', position: 1 }],
        byState: { seen: 1 },
        byEvent: { go: 1 },
      },
    });
    expect(engineMoves(d, events, (ev) => `${ev.outputToken!.correlationIds[0]}:`)).toEqual([
      'a:idle>seen',
      'c:idle>seen',
    ]);
  });

  it('gives a condition the ids the engine’s token takes: the list, else a non-empty id, else the event’s, else none', () => {
    // DSL.md §3 and docs/discovery.md (Conformance): a token takes `correlationIds` when not empty,
    // else a non-empty `correlationId`; a typed event whose payload has none takes the event's own;
    // an event with none gets an id the replay cannot know, so a condition sees none. Each event
    // says in its data how many ids its token has and the first (null for none); one machine (per
    // node) takes every event whose ids are those, so all five are consumed.
    const check = 'len(token.correlationIds) == data.n && token.correlationIds[0] == data.first';
    const d = doc('node', [
      { from: 'idle', to: 'seen', condition: check },
      { from: 'seen', to: 'seen', condition: check },
    ]);
    const events = [
      { targetDataSourceId: 'src', correlationId: 'c1', n: 1, first: 'c1' },
      { targetDataSourceId: 'src', correlationIds: [], correlationId: 'c2', n: 1, first: 'c2' },
      { targetDataSourceId: 'src', correlationId: '', n: 0, first: null },
      { targetDataSourceId: 'src', n: 0, first: null },
      { type: 'order', correlationId: 'o9', data: { n: 1, first: 'o9' } },
    ];
    expect(conform(loadScenario(d).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 5, consumedEvents: 5, deviations: [] },
    });
    // The engine agrees on the events whose ids it does not make up.
    expect(engineMoves(d, [events[0], events[1], events[4]])).toEqual(['idle>seen', 'seen>seen', 'seen>seen']);
  });

  it('replays each event without a correlation id as a case of its own, as the engine does', () => {
    // DSL.md §3: an event with no correlation id (none, or an empty one) gets a generated one
    // ("src-1", "src-2", …), so an FSM per correlation id starts a machine for each. By hand: the
    // two "go" events each move their own machine idle → seen; "stop" meets a third machine in idle,
    // which has no "stop": a deviation at index 0 of its case, which has no id to show ("").
    const d = doc('correlationId', go);
    const events = [
      { targetDataSourceId: 'src', event: 'go' },
      { targetDataSourceId: 'src', event: 'go' },
      { targetDataSourceId: 'src', correlationId: '', event: 'stop' },
    ];
    expect(conform(loadScenario(d).scenario!, events)).toEqual({
      ok: true,
      report: {
        fsm: 'fsm',
        cases: 3,
        fittingCases: 2,
        events: 3,
        consumedEvents: 2,
        eventFitness: 2 / 3,
        caseFitness: 2 / 3,
        deviations: [{ case: '', index: 0, event: 'stop', state: 'idle', position: 2 }],
        byState: { idle: 1 },
        byEvent: { stop: 1 },
      },
    });
    expect(engineMoves(d, events)).toEqual(['idle>seen', 'idle>seen']);
  });
});

describe('conform, edges of the log', () => {
  it('answers fitness 1 for a log with nothing to replay, as docs/discovery.md says', () => {
    // docs/discovery.md: eventFitness and caseFitness are 1 for none. The event to "other" reaches
    // only a sink, so nothing is replayed.
    const empty = {
      ok: true,
      report: {
        fsm: 'door',
        cases: 0,
        fittingCases: 0,
        events: 0,
        consumedEvents: 0,
        eventFitness: 1,
        caseFitness: 1,
        deviations: [],
        byState: {},
        byEvent: {},
      },
    };
    expect(conform(scenario(), [])).toEqual(empty);
    expect(conform(scenario(), [e('w', 'open', 'other')])).toEqual(empty);
  });

  it('refuses an event that is not a JSON object with the sentence the engine’s queue gives', () => {
    // null, a number, a text and an array are each refused at their index, field "" (the whole event).
    for (const bad of [null, 5, 'open', [e('x', 'open')]]) {
      const engine = new Engine();
      engine.initialize(DOC);
      expect(engine.getExternalEventQueue().addEvents([bad as never]), JSON.stringify(bad)).toMatchObject({
        ok: false,
        error: 'an event must be a JSON object',
      });
      expect(conform(scenario(), [e('x', 'open'), bad]), JSON.stringify(bad)).toEqual({
        ok: false,
        problem: { index: 1, field: '', message: 'an event must be a JSON object' },
      });
    }
  });

  it('names no event for a missing or null event field, as the engine does, and counts them under the empty name', () => {
    // docs/discovery.md: a deviation's `event` is null for none. The engine matches no event name
    // against a missing or null field, not even the names "undefined" and "null"; so x's two
    // nameless events and y's null one are all deviations in idle, counted under the name "".
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            states: [{ name: 'idle', isInitial: true }, 'a', 'b'],
            transitions: [
              { from: 'idle', to: 'a', trigger: 'undefined' },
              { from: 'idle', to: 'b', trigger: 'null' },
            ],
          },
          outputs: [{ destinationNodeId: 'end' }],
        },
        { nodeId: 'end', type: 'Sink' },
      ],
    };
    const events = [
      { targetDataSourceId: 'src', correlationId: 'x' },
      { targetDataSourceId: 'src', correlationId: 'y', event: null },
      { targetDataSourceId: 'src', correlationId: 'x' },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toEqual({
      ok: true,
      report: {
        fsm: 'fsm',
        cases: 2,
        fittingCases: 0,
        events: 3,
        consumedEvents: 0,
        eventFitness: 0,
        caseFitness: 0,
        deviations: [
          { case: 'x', index: 0, event: null, state: 'idle', position: 0 },
          { case: 'y', index: 0, event: null, state: 'idle', position: 1 },
        ],
        byState: { idle: 3 },
        byEvent: { '': 3 },
      },
    });
    expect(engineMoves(doc, events)).toEqual([]);
  });
});

describe('conform, which FSM and which events', () => {
  // src feeds two FSMs: "a" takes go, "b" takes stop; "b" also passes tokens back to itself.
  const doc = {
    version: '3.0',
    nodes: [
      {
        nodeId: 'src',
        type: 'DataSource',
        count: 0,
        outputs: [{ destinationNodeId: 'a' }, { destinationNodeId: 'b' }],
      },
      {
        nodeId: 'a',
        type: 'FSM',
        fsm: {
          instancePer: 'correlationId',
          states: [{ name: 'idle', isInitial: true }, 'done'],
          transitions: [{ from: 'idle', to: 'done', trigger: 'go' }],
        },
        outputs: [{ destinationNodeId: 'end' }],
      },
      {
        nodeId: 'b',
        type: 'FSM',
        fsm: {
          instancePer: 'correlationId',
          states: [{ name: 'idle', isInitial: true }, 'done'],
          transitions: [{ from: 'idle', to: 'done', trigger: 'stop' }],
        },
        outputs: [{ destinationNodeId: 'b' }, { destinationNodeId: 'end' }],
      },
      { nodeId: 'end', type: 'Sink' },
    ],
  };

  it('replays against the FSM named by id, else the first, and answers null for an id that is none', () => {
    const s = loadScenario(doc).scenario!;
    const events = [{ targetDataSourceId: 'src', correlationId: 'x', event: 'go' }];
    expect(conform(s, events)).toMatchObject({ ok: true, report: { fsm: 'a', cases: 1, consumedEvents: 1 } });
    expect(conform(s, events, 'b')).toMatchObject({
      ok: true,
      report: { fsm: 'b', cases: 1, consumedEvents: 0, deviations: [{ case: 'x', event: 'go', state: 'idle' }] },
    });
    expect(conform(s, events, 'end')).toBeNull();
  });

  it('finds the DataSources of an FSM on a loop, and replays no event addressed to a node that is not a DataSource', () => {
    // docs/discovery.md: only events addressed to a DataSource upstream of the FSM are replayed.
    // "b" and "a" are not DataSources (the engine's queue refuses such a target): skipped.
    const s = loadScenario(doc).scenario!;
    const events = [
      { targetDataSourceId: 'b', correlationId: 'x', event: 'go' },
      { targetDataSourceId: 'a', correlationId: 'y', event: 'stop' },
      { targetDataSourceId: 'src', correlationId: 'z', event: 'stop' },
    ];
    expect(conform(s, events, 'b')).toMatchObject({
      ok: true,
      report: { fsm: 'b', cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
  });
});

describe('conform, one machine per node', () => {
  it('replays every event on one machine, the empty case, when the FSM is instancePer node, as the engine does', () => {
    // The door with instancePer "node": x opens it, y's open meets the open door (no "open" from
    // open: a deviation, index 1 of the one case), x's ping is taken (open → open).
    const doc = {
      ...DOC,
      nodes: DOC.nodes.map((n) => (n.nodeId === 'door' ? { ...n, fsm: { ...n.fsm!, instancePer: 'node' } } : n)),
    };
    const events = [e('x', 'open'), e('y', 'open'), e('x', 'ping')];
    expect(conform(loadScenario(doc).scenario!, events)).toEqual({
      ok: true,
      report: {
        fsm: 'door',
        cases: 1,
        fittingCases: 0,
        events: 3,
        consumedEvents: 2,
        eventFitness: 2 / 3,
        caseFitness: 0,
        deviations: [{ case: '', index: 1, event: 'open', state: 'open', position: 1 }],
        byState: { open: 1 },
        byEvent: { open: 1 },
      },
    });
    expect(engineMoves(doc, events)).toEqual(['new>open', 'open>open']);
  });
});

describe('conform, what a condition sees', () => {
  it('reads declared variables and the fixed names in a condition, from an initial state not listed first', () => {
    // docs/dsl.md: an FSM condition sees `state`, `step`, `time`, `variables` and each variable by
    // name. No action changes `limit`, yet it is 2; the initial state is idle though "done" is
    // listed first. So `go` holds and the engine moves idle>done.
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
        {
          nodeId: 'fsm',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            variables: { limit: 2 },
            states: [
              { name: 'done', isFinal: true },
              { name: 'idle', isInitial: true },
            ],
            transitions: [
              {
                from: 'idle',
                to: 'done',
                trigger: 'go',
                condition: 'limit == 2 && variables.limit == 2 && state == "idle" && step >= 0 && time >= 0',
              },
            ],
          },
          outputs: [{ destinationNodeId: 'end' }],
        },
        { nodeId: 'end', type: 'Sink' },
      ],
    };
    const events = [{ targetDataSourceId: 'src', correlationId: 'x', event: 'go' }];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>done']);
  });

  it('runs the actions of an FSM that declares no variables, whichever states have them, as the engine does', () => {
    // docs/dsl.md, FSM: an increment counts a missing variable as 0. Each variant increments n once
    // before `finish [n == 1]` is tested — on entering busy, or on leaving idle — whether the other
    // states have actions too or none; so idle>busy and busy>done both happen.
    const inc = [{ action: 'increment', target: 'n' }];
    const variants: Record<string, { idle?: object; busy?: object; done?: object }> = {
      'onEntry of busy only': { busy: { onEntry: inc } },
      'onEntry of every state': { idle: { onEntry: inc }, busy: { onEntry: inc }, done: { onEntry: inc } },
      'onExit of idle only': { idle: { onExit: inc } },
      'onExit of every state': { idle: { onExit: inc }, busy: { onExit: inc }, done: { onExit: inc } },
    };
    for (const [label, v] of Object.entries(variants)) {
      const doc = {
        version: '3.0',
        nodes: [
          { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
          {
            nodeId: 'fsm',
            type: 'FSM',
            fsm: {
              instancePer: 'correlationId',
              states: [
                { name: 'idle', isInitial: true, ...v.idle },
                { name: 'busy', ...v.busy },
                { name: 'done', isFinal: true, ...v.done },
              ],
              transitions: [
                { from: 'idle', to: 'busy', trigger: 'take' },
                { from: 'busy', to: 'done', trigger: 'finish', condition: 'n == 1' },
              ],
            },
            outputs: [{ destinationNodeId: 'end' }],
          },
          { nodeId: 'end', type: 'Sink' },
        ],
      };
      const events = [
        { targetDataSourceId: 'src', correlationId: 'x', event: 'take' },
        { targetDataSourceId: 'src', correlationId: 'x', event: 'finish' },
      ];
      expect(conform(loadScenario(doc).scenario!, events), label).toMatchObject({
        ok: true,
        report: { cases: 1, fittingCases: 1, events: 2, consumedEvents: 2, deviations: [] },
      });
      expect(engineMoves(doc, events), label).toEqual(['idle>busy', 'busy>done']);
    }
  });
});

describe('conform, events that carry both shapes, and other event fields', () => {
  const both = twoSources;

  it('reads an event with a target as a targeted event even when its type is listened for, as the engine does', () => {
    // docs/dsl.md (compat): only an event *without* targetDataSourceId is delivered by its type. So
    // {targetDataSourceId: "src", type: "order", event: "go"} is named by its own `event`, "go",
    // and `go` takes it (the engine moves idle>seen); read by its type it would be "order".
    const doc = both({
      instancePer: 'correlationId',
      states: [{ name: 'idle', isInitial: true }, 'seen'],
      transitions: [{ from: 'idle', to: 'seen', trigger: 'go' }],
    });
    const events = [{ targetDataSourceId: 'src', type: 'order', correlationId: 'a', event: 'go' }];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>seen']);
  });

  it('names a typed event by its type only when the FSM reads the field `event`, as the engine does', () => {
    // docs/dsl.md: an event-name trigger matches data[eventField]; a typed event's data gets
    // `event` = its type, not `step`. With eventField "step", o1's payload has no step: it has no
    // name and "order" does not take it (a deviation in idle); o2's step "order" is taken.
    const doc = both({
      instancePer: 'correlationId',
      eventField: 'step',
      states: [{ name: 'idle', isInitial: true }, 'seen'],
      transitions: [{ from: 'idle', to: 'seen', trigger: 'order' }],
    });
    const events = [
      { type: 'order', data: { correlationId: 'o1' } },
      { type: 'order', data: { correlationId: 'o2', step: 'order' } },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: {
        cases: 2,
        fittingCases: 1,
        events: 2,
        consumedEvents: 1,
        deviations: [{ case: 'o1', index: 0, event: null, state: 'idle', position: 0 }],
      },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>seen']);
  });

  it('leaves the variables as they were on log and emit actions, as the engine does', () => {
    // docs/discovery.md: the replay leaves out emit and log actions; in the engine they change no
    // variable either. Leaving idle logs and emits; `finish [len(variables) == 0]` then holds.
    const doc = both({
      instancePer: 'correlationId',
      states: [
        {
          name: 'idle',
          isInitial: true,
          onExit: [{ action: 'log', message: 'left idle' }, { action: 'emit' }],
        },
        'busy',
        { name: 'end', isFinal: true },
      ],
      transitions: [
        { from: 'idle', to: 'busy', trigger: 'take' },
        { from: 'busy', to: 'end', trigger: 'finish', condition: 'len(variables) == 0' },
      ],
    });
    const events = [
      { targetDataSourceId: 'src', correlationId: 'x', event: 'take' },
      { targetDataSourceId: 'src', correlationId: 'x', event: 'finish' },
    ];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 2, consumedEvents: 2, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>busy', 'busy>end']);
  });
});

describe('conform, conditions and formulas that fail', () => {
  /** One FSM fed by "src", with the given states and transitions. */
  const fsmDoc = (fsm: object) => ({
    version: '3.0',
    nodes: [
      { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'fsm' }] },
      {
        nodeId: 'fsm',
        type: 'FSM',
        fsm: { instancePer: 'correlationId', ...fsm },
        outputs: [{ destinationNodeId: 'end' }],
      },
      { nodeId: 'end', type: 'Sink' },
    ],
  });
  const ev = (event: string, value?: unknown) => ({ targetDataSourceId: 'src', correlationId: 'x', event, value });

  it('takes no transition when an action’s formula fails, and undoes the actions before it, as the engine does', () => {
    // The engine records the failure (NODE_ERROR) and undoes the firing: the state and the
    // variables stay as they were. x's first take has value 5: leaving idle raises n to 1, then
    // entering busy fails on len(5) — so x stays in idle with n = 0, a deviation. Its second take
    // (value "ab") raises n to 1 and sets size to 2, so `finish [n == 1 && size == 2]` holds.
    const doc = fsmDoc({
      variables: { n: 0, size: 0 },
      states: [
        { name: 'idle', isInitial: true, onExit: [{ action: 'increment', target: 'n' }] },
        { name: 'busy', onEntry: [{ action: 'set_variable', target: 'size', formula: 'len(value)' }] },
        { name: 'done', isFinal: true },
      ],
      transitions: [
        { from: 'idle', to: 'busy', trigger: 'take' },
        { from: 'busy', to: 'done', trigger: 'finish', condition: 'n == 1 && size == 2' },
      ],
    });
    const events = [ev('take', 5), ev('take', 'ab'), ev('finish')];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: {
        cases: 1,
        fittingCases: 0,
        events: 3,
        consumedEvents: 2,
        deviations: [{ case: 'x', index: 0, event: 'take', state: 'idle', position: 0 }],
        byState: { idle: 1 },
      },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>busy', 'busy>done']);
  });

  it('tries no later transition once a condition fails, as the engine does', () => {
    // The engine records a condition's runtime error and leaves the token there: x's first go
    // (value 5) fails on len(5), so the unguarded idle → b is not tried and x stays in idle; its
    // second go (value "s") takes idle → a.
    const doc = fsmDoc({
      states: [{ name: 'idle', isInitial: true }, 'a', 'b'],
      transitions: [
        { from: 'idle', to: 'a', trigger: 'go', condition: 'len(value) > 0' },
        { from: 'idle', to: 'b', trigger: 'go' },
      ],
    });
    const events = [ev('go', 5), ev('go', 's')];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: {
        cases: 1,
        events: 2,
        consumedEvents: 1,
        deviations: [{ case: 'x', index: 0, event: 'go', state: 'idle', position: 0 }],
      },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>a']);
  });

  it('gives a condition no empty token id, as the engine does', () => {
    // docs/dsl.md (scopes): `token` carries an `id`, which the engine makes as `<node>#<n>`
    // (src/engine/ledger/tokenTable.ts), never an empty text; so `go [token.id != ""]` holds in the
    // engine, and the replay, which cannot know n, must take go too.
    const doc = fsmDoc({
      states: [{ name: 'idle', isInitial: true }, 'done'],
      transitions: [{ from: 'idle', to: 'done', trigger: 'go', condition: 'token.id != ""' }],
    });
    const events = [ev('go')];
    expect(conform(loadScenario(doc).scenario!, events)).toMatchObject({
      ok: true,
      report: { cases: 1, fittingCases: 1, events: 1, consumedEvents: 1, deviations: [] },
    });
    expect(engineMoves(doc, events)).toEqual(['idle>done']);
  });
});
