import { describe, expect, it } from 'vitest';
import { brief, collectedTokens, engineFor, eventsOf, run, scenario, sink, source, type Json } from './helpers';

/** src (external events or a sequence) → fsm → sink. */
function fsmDoc(fsm: Json, extra: { source?: Json; outputs?: Json[]; nodes?: Json[] } = {}): Json {
  return scenario([
    source('src', 'fsm', { count: 0, ...extra.source }),
    { nodeId: 'fsm', type: 'FSM', fsm, outputs: extra.outputs ?? [{ destinationNodeId: 'sink' }] },
    sink(),
    ...(extra.nodes ?? []),
  ]);
}

const ev = (data: Json): Json => ({ targetDataSourceId: 'src', ...data });

describe('FSM', () => {
  it('fires the first matching transition whose condition holds; tokens leave with data.state', () => {
    const engine = run(
      fsmDoc(
        {
          states: ['idle', 'busy'],
          transitions: [
            { from: 'idle', to: 'busy', trigger: 'token_received', condition: 'value > 1' },
            { from: 'busy', to: 'idle' },
          ],
        },
        { source: { count: 4 } },
      ),
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm TOKEN_PROCESSED src#1 -> fsm#1',
      '3 fsm STATE_TRANSITION idle->busy src#2 -> fsm#2',
      '4 fsm STATE_TRANSITION busy->idle src#3 -> fsm#3',
      '5 fsm STATE_TRANSITION idle->busy src#4 -> fsm#4',
    ]);
    expect(eventsOf(engine, 'fsm')[0]!.details).toEqual({ reason: 'no transition matched' });
    expect(collectedTokens(engine).map((t) => t.data)).toEqual([
      { value: 1, state: 'idle' },
      { value: 2, state: 'busy', previousState: 'idle' },
      { value: 3, state: 'idle', previousState: 'busy' },
      { value: 4, state: 'busy', previousState: 'idle' },
    ]);
    expect(collectedTokens(engine)[1]!.correlationIds).toEqual(['src-2']);
    // Node mode: currentState, and visits per state (the initial state counts once).
    expect(engine.getNodeState('fsm')).toMatchObject({
      currentState: 'busy',
      tokensProcessed: 4,
      aggregates: { idle: 2, busy: 2 },
    });
    // Sinks count per data.state.
    expect(engine.getNodeState('sink')!.aggregates).toEqual({ idle: 2, busy: 2 });
  });

  it('matches an event-name trigger against data[eventField] (default "event")', () => {
    const fsm = (eventField?: string) => ({
      states: ['closed', 'open'],
      transitions: [
        { from: 'closed', to: 'open', trigger: 'open' },
        { from: 'open', to: 'closed', trigger: 'close' },
      ],
      ...(eventField ? { eventField } : {}),
    });
    const events = [ev({ event: 'open' }), ev({ event: 'noise' }), ev({ event: 'close' })];
    const expected = [
      '2 fsm STATE_TRANSITION closed->open src#1 -> fsm#1',
      '3 fsm TOKEN_PROCESSED src#2 -> fsm#2',
      '4 fsm STATE_TRANSITION open->closed src#3 -> fsm#3',
    ];
    expect(brief(run(fsmDoc(fsm()), { events }), (e) => e.nodeId === 'fsm')).toEqual(expected);
    const kinds = events.map(({ event, ...rest }) => ({ ...rest, kind: event as string }));
    expect(brief(run(fsmDoc(fsm('kind')), { events: kinds }), (e) => e.nodeId === 'fsm')).toEqual(expected);
  });

  it('fires a timer `after` steps after entering the state when nothing else fired', () => {
    const doc = (sourceExtra: Json) =>
      fsmDoc(
        {
          states: ['waiting', { name: 'expired', onEntry: [{ action: 'emit' }] }, 'done'],
          transitions: [
            { from: 'waiting', to: 'expired', trigger: 'timer', after: 3 },
            { from: 'waiting', to: 'done', trigger: 'token_received' },
          ],
        },
        { source: sourceExtra },
      );
    const late = engineFor(doc({ count: 1, startAt: 5 }));
    // The timer (armed at step 0, due at 3) and the token still to generate are pending.
    expect(late.getQueue().size()).toBe(2);
    late.runToEnd();
    expect(brief(late)).toEqual([
      '3 fsm STATE_TRANSITION waiting->expired - -> fsm#1',
      '4 sink TOKEN_COLLECTED fsm#1 -> -',
      '5 src TOKEN_GENERATED - -> src#1',
      '6 fsm TOKEN_PROCESSED src#1 -> -',
    ]);
    expect(eventsOf(late, 'fsm')[0]!.details).toEqual({ trigger: 'timer' });
    expect(collectedTokens(late)[0]).toEqual({
      id: 'fsm#1',
      correlationIds: [],
      data: { state: 'expired', previousState: 'waiting' },
    });

    // A token that fires first cancels the timer.
    const early = run(doc({ count: 1 }));
    expect(brief(early, (e) => e.nodeId === 'fsm')).toEqual(['2 fsm STATE_TRANSITION waiting->done src#1 -> -']);
    expect(early.getCurrentTick()).toBe(2);
  });

  it('runs onExit then onEntry actions: set_variable, increment, decrement, log, emit', () => {
    const engine = run(
      fsmDoc(
        {
          variables: { count: 0, total: 0 },
          states: [
            {
              name: 's',
              onExit: [{ action: 'decrement', target: 'neg', value: 2 }],
              onEntry: [
                { action: 'increment', target: 'count' },
                { action: 'set_variable', target: 'total', formula: 'total + value' },
                { action: 'set_variable', target: 'label', value: 'fixed' },
                { action: 'log', message: 'entered' },
                { action: 'log', formula: "concat('v=', string(value), ' neg=', string(neg))" },
                { action: 'emit', target: 'out', formula: '{ count: count, total: variables.total, label: label }' },
                { action: 'emit', target: 'other' },
              ],
            },
          ],
          transitions: [{ from: 's', to: 's' }],
        },
        {
          source: { count: 2 },
          outputs: [
            { name: 'out', destinationNodeId: 'sink' },
            { name: 'other', destinationNodeId: 'other' },
          ],
          nodes: [sink('other')],
        },
      ),
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm STATE_TRANSITION s->s src#1 -> fsm#1',
      '2 fsm TOKEN_TRANSFORMED src#1 -> fsm#2',
      '3 fsm STATE_TRANSITION s->s src#2 -> fsm#3',
      '3 fsm TOKEN_TRANSFORMED src#2 -> fsm#4',
    ]);
    const fsmEvents = eventsOf(engine, 'fsm');
    expect(fsmEvents[0]!.details).toEqual({ log: ['entered', 'v=1 neg=-2'] });
    expect(fsmEvents[1]!.details).toEqual({ emit: 'other' });
    expect(fsmEvents[2]!.details).toEqual({ log: ['entered', 'v=2 neg=-4'] });
    // With emit actions only emitted tokens leave, each to its target output.
    expect(collectedTokens(engine).map((t) => t.data)).toEqual([
      { value: 1, state: 's', count: 1, total: 1, label: 'fixed' },
      { value: 2, state: 's', count: 2, total: 3, label: 'fixed' },
    ]);
    expect(collectedTokens(engine, 'other').map((t) => [t.id, t.data])).toEqual([
      ['fsm#2', { value: 1, state: 's' }],
      ['fsm#4', { value: 2, state: 's' }],
    ]);
  });

  it('keeps one machine per correlation id, each with its own timers', () => {
    const engine = run(
      fsmDoc({
        instancePer: 'correlationId',
        states: ['closed', 'open', 'timedOut'],
        transitions: [
          { from: 'closed', to: 'open', trigger: 'open' },
          { from: 'open', to: 'closed', trigger: 'close' },
          { from: 'open', to: 'timedOut', trigger: 'timer', after: 3 },
        ],
      }),
      {
        events: [
          ev({ correlationId: 'A', event: 'open' }),
          ev({ correlationId: 'B', event: 'open' }),
          ev({ correlationId: 'A', event: 'close' }),
        ],
      },
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm STATE_TRANSITION closed->open src#1 -> fsm#1',
      '3 fsm STATE_TRANSITION closed->open src#2 -> fsm#2',
      '4 fsm STATE_TRANSITION open->closed src#3 -> fsm#3',
      '6 fsm STATE_TRANSITION open->timedOut - -> -',
    ]);
    expect(engine.getNodeState('fsm')).toMatchObject({
      currentState: null,
      aggregates: { closed: 1, open: 0, timedOut: 1 },
    });
  });

  it('fires, of a state’s timers, the one due at the step, whatever their order', () => {
    // `waiting` arms both timers at step 0: `slow` (listed first) is due at 5, `fast` at 2. At step 2
    // only `fast` is due, so it fires. With `fast`'s condition false nothing fires at 2, and `slow`
    // fires at its own step, 5.
    const doc = (condition: string) =>
      fsmDoc({
        states: ['waiting', 'slow', 'fast'],
        transitions: [
          { from: 'waiting', to: 'slow', trigger: 'timer', after: 5 },
          { from: 'waiting', to: 'fast', trigger: 'timer', after: 2, condition },
        ],
      });
    const first = run(doc('true'));
    expect(brief(first, (e) => e.nodeId === 'fsm')).toEqual(['2 fsm STATE_TRANSITION waiting->fast - -> -']);
    expect(first.getNodeState('fsm')!.currentState).toBe('fast');
    const later = run(doc('false'));
    expect(brief(later, (e) => e.nodeId === 'fsm')).toEqual(['5 fsm STATE_TRANSITION waiting->slow - -> -']);
    expect(later.getNodeState('fsm')!.currentState).toBe('slow');
  });

  it('checks a timer once at its step, though the state left earlier had a timer due then too', () => {
    // `a` arms its timer for step 0 + 4; the event `go` (step 2) moves to `b`, whose timer is due
    // at 2 + 2 = 4 as well. At step 4 only `b`'s timer is checked, once: its failing condition
    // makes one NODE_ERROR, and `a`'s timer, cancelled by leaving `a`, does nothing.
    const engine = run(
      fsmDoc({
        states: ['a', 'b', 'c'],
        transitions: [
          { from: 'a', to: 'c', trigger: 'timer', after: 4 },
          { from: 'a', to: 'b', trigger: 'go' },
          { from: 'b', to: 'c', trigger: 'timer', after: 2, condition: "upper(step) == 'X'" },
        ],
      }),
      { events: [ev({ event: 'go' })] },
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm STATE_TRANSITION a->b src#1 -> fsm#1',
      '4 fsm NODE_ERROR - -> -',
    ]);
    expect(eventsOf(engine, 'fsm')[1]!.details).toMatchObject({ transition: 'b -> c' });
    expect(engine.getNodeState('fsm')!.currentState).toBe('b');
  });

  it('records a failing condition as NODE_ERROR and drops the token', () => {
    const engine = run(
      fsmDoc(
        { states: ['a', 'b'], transitions: [{ from: 'a', to: 'b', condition: "upper(value) == 'X'" }] },
        { source: { count: 1 } },
      ),
    );
    const [error] = eventsOf(engine, 'fsm');
    expect(error).toMatchObject({
      operation: 'NODE_ERROR',
      inputToken: { id: 'src#1' },
      details: { transition: 'a -> b' },
    });
    expect(error!.details!['message']).toMatch(/upper\(\)/);
    expect(collectedTokens(engine)).toEqual([]);
  });

  it('undoes a firing whose action fails: variables restored, state kept', () => {
    const engine = run(
      fsmDoc(
        {
          variables: { n: 0 },
          states: [
            'a',
            {
              name: 'b',
              onEntry: [
                { action: 'increment', target: 'n' },
                { action: 'set_variable', target: 'x', formula: 'upper(value)' },
              ],
            },
            'c',
          ],
          transitions: [
            { from: 'a', to: 'b', condition: "data.kind == 'bad'" },
            { from: 'a', to: 'c', condition: 'n == 0' },
          ],
        },
        { source: { count: 0 } },
      ),
      { events: [ev({ kind: 'bad', value: 1 }), ev({ kind: 'ok', value: 2 })] },
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm NODE_ERROR src#1 -> -',
      '3 fsm STATE_TRANSITION a->c src#2 -> fsm#1',
    ]);
    expect(eventsOf(engine, 'fsm')[0]!.details).toMatchObject({ transition: 'a -> b' });
    expect(engine.getNodeState('fsm')!.currentState).toBe('c');
  });

  it('starts in initialState, else the isInitial state, else the first', () => {
    const start = (fsm: Json) => engineFor(fsmDoc({ transitions: [], ...fsm })).getNodeState('fsm')!.currentState;
    expect(start({ states: ['a', 'b'] })).toBe('a');
    expect(start({ states: ['a', { name: 'b', isInitial: true }] })).toBe('b');
    expect(start({ states: ['a', { name: 'b', isInitial: true }], initialState: 'a' })).toBe('a');
  });
});

describe('FSM blank condition', () => {
  it('takes a condition of only spaces as no condition: the transition fires on every token', () => {
    const engine = run(
      fsmDoc(
        {
          states: ['idle', 'busy'],
          transitions: [
            { from: 'idle', to: 'busy', condition: '   ' },
            { from: 'busy', to: 'idle', condition: '' },
          ],
        },
        { source: { count: 3 } },
      ),
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm STATE_TRANSITION idle->busy src#1 -> fsm#1',
      '3 fsm STATE_TRANSITION busy->idle src#2 -> fsm#2',
      '4 fsm STATE_TRANSITION idle->busy src#3 -> fsm#3',
    ]);
  });
});

describe('FSM actions with their optional fields left out', () => {
  it('emits to every output when emit has no target, and logs "" when log has no message', () => {
    const engine = run(
      fsmDoc(
        {
          states: [{ name: 's', onEntry: [{ action: 'log' }, { action: 'emit' }] }],
          transitions: [{ from: 's', to: 's' }],
        },
        {
          source: { count: 1 },
          outputs: [
            { name: 'out', destinationNodeId: 'sink' },
            { name: 'other', destinationNodeId: 'other' },
          ],
          nodes: [sink('other')],
        },
      ),
    );
    // One emission, to both outputs: it is the transition's own output token.
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual(['2 fsm STATE_TRANSITION s->s src#1 -> fsm#1']);
    expect(eventsOf(engine, 'fsm')[0]!.details).toEqual({ log: [''] });
    expect(collectedTokens(engine).map((t) => [t.id, t.data])).toEqual([['fsm#1', { value: 1, state: 's' }]]);
    expect(collectedTokens(engine, 'other').map((t) => [t.id, t.data])).toEqual([['fsm#1', { value: 1, state: 's' }]]);
  });
});

describe('FSM final state', () => {
  it('records a token that finds no transition in a final state with the final-state reason', () => {
    const engine = run(
      fsmDoc(
        {
          states: ['open', { name: 'closed', isFinal: true }],
          transitions: [{ from: 'open', to: 'closed', condition: 'value == 1' }],
        },
        { source: { count: 3 } },
      ),
    );
    // Token 1 closes the machine; 2 and 3 meet the final state. (An open state with no match says only "no transition matched".)
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm STATE_TRANSITION open->closed src#1 -> fsm#1',
      '3 fsm TOKEN_PROCESSED src#2 -> fsm#2',
      '4 fsm TOKEN_PROCESSED src#3 -> fsm#3',
    ]);
    expect(eventsOf(engine, 'fsm').map((e) => e.details)).toEqual([
      undefined,
      { reason: 'final state: no transition matched' },
      { reason: 'final state: no transition matched' },
    ]);
  });
});

describe('FSM log action with a formula that is not a text', () => {
  it('records a number or a boolean as its JSON text', () => {
    const engine = run(
      fsmDoc(
        {
          states: [
            {
              name: 's',
              onEntry: [
                { action: 'log', formula: 'value * 10' },
                { action: 'log', formula: 'value > 0' },
              ],
            },
          ],
          transitions: [{ from: 's', to: 's' }],
        },
        { source: { count: 1 } },
      ),
    );
    // The sequence source's first token has value 1: 1 * 10 is 10, and 1 > 0 holds.
    expect(eventsOf(engine, 'fsm')[0]!.details).toEqual({ log: ['10', 'true'] });
  });
});

describe('FSM scope `state` during a transition’s actions', () => {
  it('reads the old state in onExit and the new state in onEntry', () => {
    const engine = run(
      fsmDoc(
        {
          states: [
            { name: 'idle', onExit: [{ action: 'log', formula: "concat('exit ', state)" }] },
            {
              name: 'busy',
              onEntry: [
                { action: 'log', formula: "concat('entry ', state)" },
                { action: 'set_variable', target: 'seen', formula: 'state' },
                { action: 'emit', formula: '{ seen: seen }' },
              ],
            },
          ],
          transitions: [{ from: 'idle', to: 'busy' }],
        },
        { source: { count: 1 } },
      ),
    );
    // docs/dsl.md (FSM scope): `state` is the instance's state, the new one while `onEntry` runs.
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual(['2 fsm STATE_TRANSITION idle->busy src#1 -> fsm#1']);
    expect(eventsOf(engine, 'fsm')[0]!.details).toEqual({ log: ['exit idle', 'entry busy'] });
    expect(collectedTokens(engine).map((t) => t.data)).toEqual([
      { value: 1, state: 'busy', previousState: 'idle', seen: 'busy' },
    ]);
  });
});

describe('FSM timers chained by timers', () => {
  it('arms the new state’s timer once after a timer firing, so the run ends when the last one fires', () => {
    // Node mode: `a`'s timer fires at 0 + 2 → b, `b`'s at 2 + 2 → c, and `c` has no timer. After
    // step 4 nothing is pending (docs/dsl.md: armed timers count in the queue size), so the run
    // ends there.
    const engine = engineFor(
      fsmDoc({
        states: ['a', 'b', 'c'],
        transitions: [
          { from: 'a', to: 'b', trigger: 'timer', after: 2 },
          { from: 'b', to: 'c', trigger: 'timer', after: 2 },
        ],
      }),
    );
    engine.advance(3);
    // `b`'s timer is the only pending work.
    expect(engine.getQueue().size()).toBe(1);
    engine.runToEnd();
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm STATE_TRANSITION a->b - -> -',
      '4 fsm STATE_TRANSITION b->c - -> -',
    ]);
    expect(engine.getQueue().size()).toBe(0);
    expect(engine.getCurrentTick()).toBe(4);
  });
});

describe('FSM timers of several instances due at one step', () => {
  it('fires them in the order the instances were created, whatever order they were armed in', () => {
    // Per correlation id: A's first event matches nothing but creates A's machine (step 2); B's
    // `go` (step 3) creates B's and arms `wait`'s timer for 3 + 4 = 7; A's `hurry` (step 4) arms
    // `rush`'s for 4 + 3 = 7. At step 7 both are due, and the machines run in their order (A's
    // first, as it was created first), though B's timer was armed first.
    const engine = run(
      fsmDoc({
        instancePer: 'correlationId',
        states: ['idle', 'wait', 'rush', 'done'],
        transitions: [
          { from: 'idle', to: 'wait', trigger: 'go' },
          { from: 'idle', to: 'rush', trigger: 'hurry' },
          { from: 'wait', to: 'done', trigger: 'timer', after: 4 },
          { from: 'rush', to: 'done', trigger: 'timer', after: 3 },
        ],
      }),
      {
        events: [
          ev({ correlationId: 'A', event: 'noop' }),
          ev({ correlationId: 'B', event: 'go' }),
          ev({ correlationId: 'A', event: 'hurry' }),
        ],
      },
    );
    expect(brief(engine, (e) => e.nodeId === 'fsm')).toEqual([
      '2 fsm TOKEN_PROCESSED src#1 -> fsm#1',
      '3 fsm STATE_TRANSITION idle->wait src#2 -> fsm#2',
      '4 fsm STATE_TRANSITION idle->rush src#3 -> fsm#3',
      '7 fsm STATE_TRANSITION rush->done - -> -',
      '7 fsm STATE_TRANSITION wait->done - -> -',
    ]);
  });
});
