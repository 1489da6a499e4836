import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { loadScenario } from '../../../src/engine/dsl';
import { coverageLines } from '../../../src/engine/discovery/coverageReport';
import { eventCoverage } from '../../../src/engine/discovery/eventCoverage';

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
    // The any-token transition (from busy, reachable) could take both events that reach the FSM, so
    // no name is one no transition could take.
    expect(c.fsms[0]).toMatchObject({ label: 'm', eventField: 'kind', anyToken: true, reaching: 2, matching: 2 });
    expect(c.fsms[0]!.unmatched).toEqual([]);
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

/** Runs `doc` fed `events` to its end: per FSM node id, the STATE_TRANSITION events a token fired, as `from → to`. */
function firedByTokens(doc: unknown, events: readonly unknown[]): Map<string, string[]> {
  const engine = new Engine();
  expect(engine.initialize(doc).errors).toEqual([]);
  expect(engine.getExternalEventQueue().addEvents(events).ok).toBe(true);
  engine.advance('end');
  const fired = new Map<string, string[]>();
  for (let seq = 1; seq <= engine.ledger.size; seq++) {
    const e = engine.ledger.get(seq);
    if (e.operation !== 'STATE_TRANSITION' || e.inputToken === undefined) continue;
    fired.set(e.nodeId, [...(fired.get(e.nodeId) ?? []), `${e.from} → ${e.to}`]);
  }
  return fired;
}

/** A one-FSM template: src → m with `fsm` (per correlation id). */
const oneFsm = (fsm: object) => ({
  version: '3.0',
  name: 'one',
  nodes: [
    { nodeId: 'src', type: 'DataSource', count: 0, batchSize: 10, outputs: [{ destinationNodeId: 'm' }] },
    { nodeId: 'm', type: 'FSM', fsm: { instancePer: 'correlationId', ...fsm } },
  ],
});

describe('eventCoverage: what a transition reachable from the initial state could take', () => {
  it('counts no event that only a condition-only transition could take when the condition holds on none (the SSH sessions template fed template ids)', () => {
    // examples/ssh-sessions.json: "connected → closed" has only a condition, data.event == 'disconnect'.
    // Events named by template id (E9, E11, …, as the sshd log parsed without event rules) satisfy no
    // trigger and make that condition false: none could be taken, and the run leaves every machine in "new".
    const doc = JSON.parse(readFileSync(new URL('../../../examples/ssh-sessions.json', import.meta.url), 'utf8'));
    const events = ['E9', 'E11', 'E12', 'E9', 'E4'].map((name, i) => ev(name, 'sshLog', `p${i % 2}`));
    const c = eventCoverage(scenario(doc.scenario), events);
    expect(c.fsms[0]).toMatchObject({ fsm: 'session', initialState: 'new', reaching: 5, matching: 0, anyToken: false });
    expect(c.consumable).toBe(0);
    expect(c.fsms[0]!.unmatched).toEqual([
      { name: 'E9', count: 2 },
      { name: 'E11', count: 1 },
      { name: 'E12', count: 1 },
      { name: 'E4', count: 1 },
    ]);
    expect(c.fsms[0]!.unfired).toContainEqual({
      from: 'connected',
      to: 'closed',
      event: null,
      condition: "data.event == 'disconnect'",
    });
    expect(coverageLines(c)[2]).toBe(
      '0 of 5 events could be taken by a transition of SSH session reachable from its initial state "new" (FSM session, field "event")',
    );
    expect(firedByTokens(doc.scenario, events).size).toBe(0);
  });

  it('counts the events a condition-only transition’s condition holds on, evaluated on the token the DataSource makes', () => {
    const doc = oneFsm({
      states: [{ name: 'new', isInitial: true }, { name: 'open' }, { name: 'closed' }],
      transitions: [
        { from: 'new', to: 'open', condition: "data.kind == 'open' && token.correlationIds[0] != 'x'" },
        { from: 'open', to: 'closed', trigger: 'close' },
      ],
    });
    // kind "open" with id c1 holds; kind "open" with id x and kind "shut" do not; "close" is a trigger's name.
    const events = [
      { ...ev(undefined), kind: 'open' },
      { ...ev(undefined, 'src', 'x'), kind: 'open' },
      { ...ev(undefined, 'src', 'c2'), kind: 'shut' },
      ev('close'),
    ];
    const c = eventCoverage(scenario(doc), events);
    expect(c.fsms[0]).toMatchObject({ reaching: 4, matching: 2, anyToken: false, unfired: [], unreachable: [] });
    expect(c.fsms[0]!.unmatched).toEqual([{ name: null, count: 2 }]);
    expect(c.consumable).toBe(2);
  });

  it('takes no event by a transition out of a state no transition leads to, and lists that state', () => {
    const doc = oneFsm({
      states: [{ name: 'idle', isInitial: true }, { name: 'busy' }, { name: 'limbo' }],
      transitions: [
        { from: 'idle', to: 'busy', trigger: 'start' },
        { from: 'limbo', to: 'busy', trigger: 'wake' },
        { from: 'limbo', to: 'idle' },
      ],
    });
    const events = [ev('wake'), ev('wake'), ev('start')];
    const c = eventCoverage(scenario(doc), events);
    const f = c.fsms[0]!;
    expect(f).toMatchObject({ matching: 1, anyToken: false, listens: ['start'], unreachable: ['limbo'] });
    expect(f.unmatched).toEqual([{ name: 'wake', count: 2 }]);
    expect(f.unfired).toEqual([
      { from: 'limbo', to: 'busy', event: 'wake' },
      { from: 'limbo', to: 'idle', event: null },
    ]);
    expect(coverageLines(c)).toContain('  states not reachable from "idle": "limbo"');
    expect(coverageLines(c)).toContain(
      '  transitions no event will fire: limbo → busy on "wake", limbo → idle on any token',
    );
  });

  it('reads variables at their initial values, counts a condition that calls rand() as one that could hold, and one that fails as none', () => {
    const ab = { from: 'a', to: 'b', condition: 'data.n < limit' };
    const ac = { from: 'a', to: 'c', condition: 'rand() < 0.01' };
    const ad = { from: 'a', to: 'd', condition: 'upper(data.n) == "X"' };
    const base = { variables: { limit: 2 }, states: [{ name: 'a', isInitial: true }, 'b', 'c', 'd'] };
    const only = (t: object) =>
      eventCoverage(scenario(oneFsm({ ...base, transitions: [t] })), [
        { ...ev(undefined), n: 1 },
        { ...ev(undefined), n: 5 },
      ]);
    // n = 1 < 2 holds, n = 5 does not.
    expect(only(ab).fsms[0]!.matching).toBe(1);
    // rand() could be below 0.01 for any event.
    expect(only(ac).fsms[0]!.matching).toBe(2);
    // upper() of a number fails to evaluate: the engine records an error and no transition fires.
    expect(only(ad).fsms[0]).toMatchObject({
      matching: 0,
      unfired: [{ from: 'a', to: 'd', event: null, condition: 'upper(data.n) == "X"' }],
    });
    const all = scenario(oneFsm({ ...base, transitions: [ab, ac, ad] }));
    expect(eventCoverage(all, [{ ...ev(undefined), n: 5 }]).fsms[0]!.unfired).toEqual([
      { from: 'a', to: 'b', event: null, condition: 'data.n < limit' },
      { from: 'a', to: 'd', event: null, condition: 'upper(data.n) == "X"' },
    ]);
  });

  it('never leaves out an event or a transition the engine fires with the same events (random FSMs, conditions on the data)', () => {
    const states = ['s0', 's1', 's2', 's3'];
    const transition = fc.record({
      from: fc.constantFrom(...states),
      to: fc.constantFrom(...states),
      trigger: fc.constantFrom(undefined, 'a', 'b'),
      condition: fc.constantFrom(undefined, "data.k == 'x'", "data.k != 'x'", 'data.n > 1', "data.event == 'c'"),
    });
    const event = fc.record({
      event: fc.constantFrom('a', 'b', 'c', 'd'),
      k: fc.constantFrom('x', 'y'),
      n: fc.integer({ min: 0, max: 3 }),
      correlationId: fc.constantFrom('c1', 'c2', 'c3'),
    });
    fc.assert(
      // One transition per (from, to): the ledger names a firing by its states only.
      fc.property(
        fc.uniqueArray(transition, { maxLength: 6, selector: (t) => `${t.from} → ${t.to}` }),
        fc.array(event, { maxLength: 12 }),
        (ts, evs) => {
          const transitions = ts.map((t) => ({
            from: t.from,
            to: t.to,
            ...(t.trigger === undefined ? {} : { trigger: t.trigger }),
            ...(t.condition === undefined ? {} : { condition: t.condition }),
          }));
          const doc = oneFsm({ states: [{ name: 's0', isInitial: true }, 's1', 's2', 's3'], transitions });
          const events = evs.map((e) => ({ targetDataSourceId: 'src', ...e }));
          const f = eventCoverage(scenario(doc), events).fsms[0]!;
          const fired = firedByTokens(doc, events).get('m') ?? [];
          // Each event's token fires at most one transition: those that fire are among those counted.
          expect(fired.length).toBeLessThanOrEqual(f.matching);
          for (const t of f.unfired) expect(fired).not.toContain(`${t.from} → ${t.to}`);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('coverageLines', () => {
  it('says N of M per FSM, the names that match none, the transitions never fired and what is consumable', () => {
    const c = eventCoverage(scenario(DOOR), [ev('open'), ev('E1'), ev('E1', 'logs')]);
    expect(coverageLines(c)).toEqual([
      '3 events',
      '  2 to DataSource src',
      '  1 to DataSource logs (not a DataSource of the template)',
      '1 of 3 events could be taken by a transition of Door reachable from its initial state "new" (FSM door, field "event")',
      '  2 reach it (through src)',
      '  its transitions listen for: "open", "ping", "close"',
      '  names no transition could take: "E1" ×1',
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
    expect(lines).toContain(`  names no transition could take: ${shown.join(', ')}, … and 2 more`);
  });

  it('ends with what to do when no event can be consumed', () => {
    const lines = coverageLines(eventCoverage(scenario(DOOR), [ev('E1')]));
    expect(lines[2]).toBe(
      '0 of 1 events could be taken by a transition of Door reachable from its initial state "new" (FSM door, field "event")',
    );
    expect(lines.at(-1)).toMatch(/^no event can be consumed: name the events as the FSM transitions listen for/);
  });
});
