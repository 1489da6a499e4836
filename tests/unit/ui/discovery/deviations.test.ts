import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../../../src/contract/discovery';
import type { LedgerEvent, LedgerOperation } from '../../../../src/contract/vocabulary';
import {
  deviationStep,
  disallowedEdges,
  readFsmShape,
  refusalsByState,
} from '../../../../src/ui/state/discovery/deviations';
import { caseHref, runSource } from '../../../../src/ui/state/discovery/source';

/** A discovered-style machine: start → login → (fail → login | ok) → logout; `ok` may time out to `idle`. */
const scenario = {
  nodes: [
    { nodeId: 'src', type: 'DataSource' },
    {
      nodeId: 'Process',
      type: 'FSM',
      fsm: {
        states: ['start', 'login', 'fail', { name: 'ok' }, 'idle', 'logout'],
        initialState: 'start',
        transitions: [
          { from: 'start', to: 'login', trigger: 'login' },
          { from: 'login', to: 'fail', trigger: 'fail' },
          { from: 'fail', to: 'login', trigger: 'login' },
          { from: 'login', to: 'ok', trigger: 'ok' },
          { from: 'ok', to: 'idle', trigger: 'timer', after: 5 },
          { from: 'idle', to: 'logout', trigger: 'logout' },
        ],
      },
    },
  ],
};
const markers = { start: 'start', end: 'end' };

describe('the paths a template does not allow', () => {
  const fsm = readFsmShape(scenario)!;

  it('reads the FSM as written: the initial state and each trigger kind', () => {
    expect(fsm.nodeId).toBe('Process');
    expect(fsm.initial).toBe('start');
    expect(fsm.transitions.map((t) => t.kind)).toEqual(['event', 'event', 'event', 'event', 'timer', 'event']);
    expect(readFsmShape(scenario, 'nope')).toBeNull();
    expect(readFsmShape({ nodes: [] })).toBeNull();
    // No initialState: the state flagged isInitial, else the first.
    const flagged = readFsmShape({
      nodes: [{ nodeId: 'm', type: 'FSM', fsm: { states: ['a', { name: 'b', isInitial: true }], transitions: [] } }],
    })!;
    expect(flagged.initial).toBe('b');
  });

  it('marks only what the machine can never do, judging start edges from the initial state', () => {
    const edges = [
      { from: 'start', to: 'login', count: 9 },
      { from: 'start', to: 'ok', count: 2 }, // the initial state takes only login
      { from: 'login', to: 'fail', count: 4 },
      { from: 'fail', to: 'login', count: 3 },
      { from: 'login', to: 'ok', count: 5 },
      { from: 'ok', to: 'logout', count: 5 }, // allowed: ok waits its way to idle, which takes logout
      { from: 'fail', to: 'ok', count: 1 }, // after fail the machine is in fail: only login
      { from: 'logout', to: 'login', count: 2 }, // logout is final here: nothing out of it
      { from: 'ok', to: 'end', count: 5 }, // a case may stop anywhere
    ];
    expect(disallowedEdges(edges, fsm, markers)).toEqual([
      { from: 'start', to: 'ok', count: 2 },
      { from: 'fail', to: 'ok', count: 1 },
      { from: 'logout', to: 'login', count: 2 },
    ]);
  });

  it('an any-token transition allows every next activity', () => {
    const any = readFsmShape({
      nodes: [
        {
          nodeId: 'm',
          type: 'FSM',
          fsm: {
            states: ['s', 't'],
            transitions: [
              { from: 's', to: 't', trigger: 'a' },
              { from: 't', to: 't', trigger: 'token_received' },
            ],
          },
        },
      ],
    })!;
    expect(
      disallowedEdges(
        [
          { from: 'a', to: 'x' },
          { from: 'start', to: 'x' },
        ],
        any,
        markers,
      ),
    ).toEqual([{ from: 'start', to: 'x' }]);
  });
});

let seq = 0;
const ev = (nodeId: string, operation: LedgerOperation, step: number, input?: string): LedgerEvent => ({
  eventId: `e${++seq}`,
  timestamp: step * 1000,
  nodeId,
  operation,
  ...(input ? { inputToken: { id: input, correlationIds: ['c1'], data: {} } } : {}),
  seq,
  step,
  nodeType: nodeId === 'Process' ? 'FSM' : 'DataSource',
});

describe('the step of a deviating case', () => {
  // Case c1: three events generated at steps 1, 2 and 3; the FSM takes them one step later; the third is refused.
  const ledger = [
    ev('src', 'TOKEN_GENERATED', 1),
    ev('Process', 'STATE_TRANSITION', 2, 'src#1'),
    ev('Process', 'TOKEN_TRANSFORMED', 2, 'src#1'),
    ev('src', 'TOKEN_GENERATED', 2),
    ev('Process', 'STATE_TRANSITION', 3, 'src#2'),
    ev('src', 'TOKEN_GENERATED', 3),
    ev('Process', 'STATE_TRANSITION', 4), // a timer: no input token, not an event of the case
    ev('Process', 'TOKEN_PROCESSED', 4, 'src#3'),
  ];

  it("is the step the FSM took the case's index-th event in", () => {
    expect(deviationStep(ledger, 'Process', 2)).toBe(4);
    expect(deviationStep(ledger, 'Process', 1)).toBe(3);
    expect(deviationStep(ledger, 'Process', 0)).toBe(2);
  });

  it('falls back to the first refused event, then to where the event entered the run, else null', () => {
    // The run's FSM took fewer events than the index: its first refusal.
    expect(deviationStep(ledger, 'Process', 7)).toBe(4);
    // A run whose template has no such FSM: the step its DataSource generated the index-th event in.
    expect(deviationStep(ledger, 'Other', 1)).toBe(2);
    // Not reached yet.
    expect(deviationStep(ledger.slice(0, 5), 'Process', 5)).toBeNull();
    expect(deviationStep([], 'Process', 0)).toBeNull();
  });

  it("goes into the case's link as step=N", () => {
    const from = runSource('tpl', 'x1', 'SSH');
    expect(caseHref(from, 'c1', 4)).toBe('?template=tpl&execution=x1&step=4&lineage=c1');
    expect(caseHref(from, 'c1')).toBe('?template=tpl&execution=x1&lineage=c1');
  });
});

it('refusals by state: most first, ties by name', () => {
  const r = { byState: { b: 2, a: 2, c: 5 } } as unknown as ConformanceReport;
  expect(refusalsByState(r)).toEqual([
    { state: 'c', count: 5 },
    { state: 'a', count: 2 },
    { state: 'b', count: 2 },
  ]);
});
