/**
 * Issue 10, item 1: an FSM that emits `{v: variables}` or assigns `variables` to a variable put the
 * live variables object into token data. Tokens changed after they were written, the ledger hash
 * depended on when it was read, an exported run did not re-execute to the same hash, and a
 * self-referencing variable made a cyclic token that crashed the run.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { engineFor, run, scenario, sink, source, type Json, stepOnce } from '../engine/helpers';

/** src (a sequence of `count`) → fsm → sink; the FSM counts firings in `n`, then runs `actions`, on every entry. */
function fsmDoc(actions: Json[], count = 6): Json {
  return withEntry(actions, count);
}

function withEntry(actions: Json[], count: number): Json {
  const entry = [{ action: 'increment', target: 'n' }, ...actions];
  return scenario([
    source('src', 'fsm', { count }),
    {
      nodeId: 'fsm',
      type: 'FSM',
      fsm: {
        states: [
          { name: 'a', onEntry: entry },
          { name: 'b', onEntry: entry },
        ],
        initialState: 'a',
        variables: { n: 0 },
        transitions: [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ]);
}

/** The ledger's canonical lines (the export without its header). */
function lines(engine: Engine): string[] {
  return engine.exportRun().split('\n').filter(Boolean).slice(1);
}

/** Steps `doc` to the end, reading the whole ledger (lines and hash) after every step. */
function readEveryStep(doc: Json): { engine: Engine; prefixes: string[][]; hashes: string[] } {
  const engine = engineFor(doc);
  const prefixes: string[][] = [];
  const hashes: string[] = [];
  while (stepOnce(engine)) {
    prefixes.push(lines(engine));
    hashes.push(engine.ledgerHash());
  }
  return { engine, prefixes, hashes };
}

const emitVariables = [{ action: 'emit', formula: '{v: variables}' }];
const assignVariables = [
  { action: 'set_variable', target: 'snapshot', formula: 'variables' },
  { action: 'emit', formula: '{v: variables, s: snapshot}' },
];

describe('token data is an immutable value from the moment it is written', () => {
  it.each([
    ['emit {v: variables}', emitVariables],
    ['set_variable snapshot = variables', assignVariables],
  ])('%s: the ledger is the same however and whenever it is read', (_name, actions) => {
    const doc = fsmDoc(actions as Json[]);
    const once = run(doc);
    const finalLines = lines(once);
    const finalHash = once.ledgerHash();
    const stepped = readEveryStep(doc);
    expect(stepped.hashes.at(-1)).toBe(finalHash);
    expect(lines(stepped.engine)).toEqual(finalLines);
    // Every line read mid-way is the line the finished ledger holds.
    for (const prefix of stepped.prefixes) expect(finalLines.slice(0, prefix.length)).toEqual(prefix);
    // A token read mid-way still has the data it was written with.
    const first = stepped.engine.ledger.get(3).outputToken!.data;
    expect(first).toMatchObject({ v: { n: 1 } });
    // An exported run re-executes to the same hash (a reload).
    const restored = Engine.importRun(once.exportRun());
    expect(restored.ok, JSON.stringify(restored.ok ? null : restored.error)).toBe(true);
    if (restored.ok) expect(restored.value.ledgerHash()).toBe(finalHash);
    // Replaying an earlier step reads the same tokens as the live run did.
    const at2 = stepped.engine.stateAt(2);
    expect(at2.ok).toBe(true);
  });

  it('the emitted variables are those at the time of the emit', () => {
    const engine = run(fsmDoc(emitVariables, 4));
    const emitted: unknown[] = [];
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const e = engine.ledger.get(seq);
      if (e.nodeId === 'fsm' && e.outputToken) emitted.push(e.outputToken.data['v']);
    }
    expect(emitted).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });

  it('a self-referencing variable never makes a cyclic token: the run completes and exports', () => {
    const doc = fsmDoc([
      { action: 'set_variable', target: 'self', formula: 'variables' },
      { action: 'emit', formula: '{v: variables}' },
    ]);
    const engine = run(doc);
    expect(engine.status).toBe('completed');
    expect(() => engine.exportRun()).not.toThrow();
    let last: Json = {};
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const e = engine.ledger.get(seq);
      if (e.nodeId === 'fsm' && e.outputToken) last = e.outputToken.data['v'] as Json;
    }
    // `self` holds the variables as they were when assigned (n already incremented), which hold the
    // previous firing's: one level deeper per firing, never the object itself.
    expect(last['n']).toBe(6);
    const self = last['self'] as Json;
    expect(self['n']).toBe(6);
    expect((self['self'] as Json)['n']).toBe(5);
    expect(self).not.toBe(last);
  });

  it('a variable nested one level per firing stops at the value depth limit with a node error', () => {
    const engine = run(fsmDoc([{ action: 'set_variable', target: 'self', formula: 'variables' }], 400));
    expect(engine.status).toBe('completed');
    const errors: string[] = [];
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const e = engine.ledger.get(seq);
      if (e.operation === 'NODE_ERROR') errors.push(String(e.details?.['message']));
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toContain('nested');
    expect(() => engine.exportRun()).not.toThrow();
  });

  it('a value that doubles at every firing stops at the value size limit with a node error', () => {
    const engine = run(fsmDoc([{ action: 'set_variable', target: 'self', formula: '[variables, variables]' }], 60));
    expect(engine.status).toBe('completed');
    const errors: string[] = [];
    for (let seq = 1; seq <= engine.ledger.size; seq++) {
      const e = engine.ledger.get(seq);
      if (e.operation === 'NODE_ERROR') errors.push(String(e.details?.['message']));
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toContain('too large');
    expect(() => engine.ledgerHash()).not.toThrow();
  });
});
