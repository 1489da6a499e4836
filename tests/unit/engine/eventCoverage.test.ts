import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { loadScenario } from '../../../src/engine/dsl';
import { coverageLines } from '../../../src/engine/query/coverageReport';
import { eventCoverage } from '../../../src/engine/query/eventCoverage';

// door: src → door (FSM on "event": open, ping, close) → done. side: other → sideFsm (field "kind", any-token "tick").
const DOOR = {
  version: '3.0',
  name: 'door',
  nodes: [
    { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'door' }] },
    {
      nodeId: 'door',
      type: 'FSM',
      displayName: 'Door',
      fsm: {
        instancePer: 'correlationId',
        states: [{ name: 'new', isInitial: true }, { name: 'open' }, { name: 'closed', isFinal: true }],
        transitions: [
          { from: 'new', to: 'open', trigger: 'open' },
          { from: 'open', to: 'open', trigger: 'ping' },
          { from: 'open', to: 'closed', trigger: 'close' },
          { from: 'new', to: 'closed', trigger: 'close' },
        ],
      },
      outputs: [{ destinationNodeId: 'done' }],
    },
    { nodeId: 'done', type: 'Sink' },
  ],
};

function scenario(doc: unknown) {
  const loaded = loadScenario(doc);
  expect(loaded.scenario).toBeDefined();
  return loaded.scenario!;
}

const ev = (event: string | undefined, target = 'src', id = 'c1') => ({
  targetDataSourceId: target,
  correlationId: id,
  ...(event === undefined ? {} : { event }),
});

/** An execution-events source of type "reading" into an FSM `m` with `fsm` (the typed-event tests). */
const typedFeedInto = (fsm: object) => ({
  version: '3.0',
  name: 'typed',
  nodes: [
    {
      nodeId: 'feed',
      type: 'DataSource',
      generation: { type: 'execution-events', eventType: 'reading' },
      outputs: [{ destinationNodeId: 'm' }],
    },
    { nodeId: 'm', type: 'FSM', fsm },
  ],
});
const typedFeed = typedFeedInto({
  states: ['idle', 'busy'],
  transitions: [{ from: 'idle', to: 'busy', trigger: 'start' }],
});

describe('eventCoverage', () => {
  it('counts events whose names a transition listens for, the names none does, and transitions never fired', () => {
    // open ×2, ping ×1 match; E1 ×3 and one event without a name do not; "close" never comes.
    const events = [ev('open'), ev('E1'), ev('ping'), ev('E1'), ev('open', 'src', 'c2'), ev('E1'), ev(undefined)];
    const c = eventCoverage(scenario(DOOR), events);
    expect(c.events).toBe(7);
    expect(c.targets).toEqual([{ target: 'src', count: 7, known: true }]);
    expect(c.consumable).toBe(3);
    expect(c.fsms).toHaveLength(1);
    const f = c.fsms[0]!;
    expect(f).toMatchObject({
      fsm: 'door',
      label: 'Door',
      eventField: 'event',
      reaching: 7,
      matching: 3,
      anyToken: false,
    });
    expect(f.dataSources).toEqual(['src']);
    expect(f.listens).toEqual(['open', 'ping', 'close']);
    expect(f.unmatched).toEqual([
      { name: 'E1', count: 3 },
      { name: null, count: 1 },
    ]);
    expect(f.unfired).toEqual([
      { from: 'open', to: 'closed', event: 'close' },
      { from: 'new', to: 'closed', event: 'close' },
    ]);
  });

  it('counts events addressed to a DataSource the template lacks as reaching nothing', () => {
    const c = eventCoverage(scenario(DOOR), [ev('open', 'logs'), ev('open', 'logs'), ev('close')]);
    expect(c.targets).toEqual([
      { target: 'logs', count: 2, known: false },
      { target: 'src', count: 1, known: true },
    ]);
    expect(c.fsms[0]).toMatchObject({ reaching: 1, matching: 1 });
    expect(c.consumable).toBe(1);
    // "open" never reached the FSM: its transition is still one no event fires; "ping" too.
    expect(c.fsms[0]!.unfired.map((t) => t.event)).toEqual(['open', 'ping']);
  });

  it('reads the FSM’s eventField, takes any-token transitions as matching, and the original tool’s typed events', () => {
    const doc = typedFeedInto({
      eventField: 'kind',
      states: ['idle', 'busy'],
      transitions: [
        { from: 'idle', to: 'busy', trigger: 'start' },
        { from: 'busy', to: 'idle', trigger: 'token_received' },
      ],
    });
    // Typed: {type: "reading", data: {...}}; an unknown type addresses nothing.
    const events = [
      { type: 'reading', data: { kind: 'start' } },
      { type: 'reading', data: { kind: 'other' } },
      { type: 'unknown', data: { kind: 'start' } },
    ];
    const c = eventCoverage(scenario(doc), events);
    expect(c.targets).toEqual([
      { target: 'feed', count: 2, known: true },
      { target: null, count: 1, known: false },
    ]);
    // The any-token transition takes both events that reach the FSM.
    expect(c.fsms[0]).toMatchObject({ label: 'm', eventField: 'kind', anyToken: true, reaching: 2, matching: 2 });
    expect(c.fsms[0]!.unmatched).toEqual([{ name: 'other', count: 1 }]);
    expect(c.fsms[0]!.unfired).toEqual([]);
    expect(c.consumable).toBe(2);
  });

  it('counts a typed event whose data is null as addressed by its type but malformed, as the queue refuses it', () => {
    const doc = typedFeed;
    // The type "reading" addresses feed; a typed event's data is its token's payload, so the
    // engine's queue refuses null there ('"data" must be an object'): nothing reaches m.
    const events = [{ type: 'reading', correlationId: 'c1', data: null }];
    const c = eventCoverage(scenario(doc), events);
    expect(c.events).toBe(1);
    expect(c.targets).toEqual([{ target: 'feed', count: 1, known: true }]);
    expect(c.malformed).toBe(1);
    expect(c.consumable).toBe(0);
    expect(c.fsms[0]).toMatchObject({ label: 'm', reaching: 0 });
    const engine = new Engine();
    expect(engine.initialize(doc).scenario).not.toBeNull();
    const added = engine.getExternalEventQueue().addEvents(events);
    expect(added.ok).toBe(false);
  });

  it("reads a typed event's correlation ids as the queue does: the payload's first, the event's only when it has none", () => {
    const doc = typedFeed;
    // externalQueue.ts checkOriginal: the payload's ids are read (and checked) first; the event's own
    // only when the payload has none. So a bad id in the payload is refused even beside a good outer
    // one, and a bad outer id beside good payload ids is never read.
    const cases = [
      { ev: { type: 'reading', correlationId: 'c1', data: { correlationIds: ['x', 5] } }, refused: true },
      { ev: { type: 'reading', correlationId: 7, data: { correlationId: 'c2' } }, refused: false },
      { ev: { type: 'reading', correlationId: 7, data: {} }, refused: true },
      { ev: { type: 'reading', correlationIds: ['c3'] }, refused: false },
    ];
    for (const { ev, refused } of cases) {
      const c = eventCoverage(scenario(doc), [ev]);
      expect({ ev, malformed: c.malformed, reaching: c.fsms[0]!.reaching }).toEqual({
        ev,
        malformed: refused ? 1 : 0,
        reaching: refused ? 0 : 1,
      });
      const engine = new Engine();
      expect(engine.initialize(doc).scenario).not.toBeNull();
      expect({ ev, added: engine.getExternalEventQueue().addEvents([ev]).ok }).toEqual({ ev, added: !refused });
    }
  });

  it('takes a "data" field that is not an object as a plain field of an event to a DataSource that is not typed', () => {
    // Only an execution-events DataSource reads `data` as the token's payload (and refuses one that
    // is not an object); for any other source it is a field of the token's data like the rest, and
    // the queue takes the event. Each of the three names "open", which Door listens for.
    const events = [5, null, [1]].map((data) => ({ ...ev('open'), data }));
    const c = eventCoverage(scenario(DOOR), events);
    expect(c.malformed).toBe(0);
    expect(c.consumable).toBe(3);
    expect(c.fsms[0]).toMatchObject({ reaching: 3, matching: 3, unmatched: [] });
    const engine = new Engine();
    expect(engine.initialize(DOOR).scenario).not.toBeNull();
    expect(engine.getExternalEventQueue().addEvents(events)).toEqual({ ok: true, added: 3 });
  });

  it('counts events addressed to a DataSource that feeds no FSM as consumable, and malformed ones apart', () => {
    const doc = {
      version: '3.0',
      name: 'plain',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'out' }] },
        { nodeId: 'out', type: 'Sink' },
      ],
    };
    const c = eventCoverage(scenario(doc), [ev('x'), 'not an object', { targetDataSourceId: 'src', correlationId: 7 }]);
    expect(c).toEqual({
      events: 3,
      targets: [{ target: 'src', count: 2, known: true }],
      consumable: 1,
      malformed: 2,
      fsms: [],
    });
  });

  it('counts null and an array as malformed events, not as events with no target', () => {
    const doc = {
      version: '3.0',
      name: 'plain',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'out' }] },
        { nodeId: 'out', type: 'Sink' },
      ],
    };
    expect(eventCoverage(scenario(doc), [null, [ev('x')], ev('x')])).toEqual({
      events: 3,
      targets: [{ target: 'src', count: 1, known: true }],
      consumable: 1,
      malformed: 2,
      fsms: [],
    });
  });

  it('lists a null target or name after a named one of the same count, whichever came first', () => {
    // Equal counts are ordered by name in code-unit order, and null (no target, no name) comes last.
    const noTarget = { correlationId: 'c1', event: 'open' };
    for (const events of [
      [noTarget, ev('E1')],
      [ev('E1'), noTarget],
    ])
      expect(eventCoverage(scenario(DOOR), events).targets).toEqual([
        { target: 'src', count: 1, known: true },
        { target: null, count: 1, known: false },
      ]);
    for (const events of [
      [ev(undefined), ev('E1')],
      [ev('E1'), ev(undefined)],
    ])
      expect(eventCoverage(scenario(DOOR), events).fsms[0]!.unmatched).toEqual([
        { name: 'E1', count: 1 },
        { name: null, count: 1 },
      ]);
  });
});

describe('coverageLines', () => {
  it('says N of M per FSM, the names that match none, the transitions never fired and what is consumable', () => {
    const c = eventCoverage(scenario(DOOR), [ev('open'), ev('E1'), ev('E1', 'logs')]);
    expect(coverageLines(c)).toEqual([
      '3 events',
      '  2 to DataSource src',
      '  1 to DataSource logs (not a DataSource of the template)',
      '1 of 3 events match a transition of Door (FSM door, field "event")',
      '  2 reach it (through src)',
      '  its transitions listen for: "open", "ping", "close"',
      '  names no transition listens for: "E1" ×1',
      '  transitions no event will fire: open → open on "ping", open → closed on "close", new → closed on "close"',
      '1 of 3 events can be consumed',
    ]);
  });

  it('shows twelve unmatched names and counts the rest as "… and N more"', () => {
    // 14 names nothing listens for, once each: ties in name order, so n01…n12 are shown and 2 are counted.
    const names = Array.from({ length: 14 }, (_, i) => `n${String(i + 1).padStart(2, '0')}`);
    const lines = coverageLines(
      eventCoverage(
        scenario(DOOR),
        names.map((n) => ev(n)),
      ),
    );
    const shown = names.slice(0, 12).map((n) => `"${n}" ×1`);
    expect(lines).toContain(`  names no transition listens for: ${shown.join(', ')}, … and 2 more`);
  });

  it('ends with what to do when no event can be consumed', () => {
    const lines = coverageLines(eventCoverage(scenario(DOOR), [ev('E1')]));
    expect(lines[2]).toBe('0 of 1 events match a transition of Door (FSM door, field "event")');
    expect(lines.at(-1)).toMatch(/^no event can be consumed: name the events as the FSM transitions listen for/);
  });
});
