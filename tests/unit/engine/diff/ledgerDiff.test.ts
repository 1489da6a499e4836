/**
 * The ledger comparison on hand-built ledger pairs: identical, diverging at step k in token data,
 * diverging in routing, nodes added, removed and renamed, ledgers of different lengths, and lines
 * that are not ledger events. Every expected value is worked out by hand from the lines below.
 */
import { describe, expect, it } from 'vitest';
import { diffLedgers, LedgerLineError, parseEvent, type DiffOptions } from '../../../../src/engine/diff';

type Ev = Record<string, unknown>;

let seqCounter = 0;
/** A ledger line (seq and eventId by position, timestamp = 1000 × step). */
function ev(step: number, nodeId: string, nodeType: string, operation: string, extra: Ev = {}): Ev {
  seqCounter++;
  return {
    eventId: `e${seqCounter}`,
    seq: seqCounter,
    step,
    timestamp: step * 1000,
    nodeId,
    nodeType,
    operation,
    ...extra,
  };
}
function ledger(build: () => Ev[]): string[] {
  seqCounter = 0;
  return build().map((e) => JSON.stringify(e));
}
const tok = (id: string, value: unknown, extra: Ev = {}) => ({ id, correlationIds: [id], data: { value, ...extra } });

/** src generates 2 tokens (values v1, v2); p doubles them; the sink collects them. */
function pipeline(v1: number, v2: number): string[] {
  return ledger(() => [
    ev(1, 'src', 'DataSource', 'TOKEN_GENERATED', { outputToken: tok('src#1', v1) }),
    ev(2, 'src', 'DataSource', 'TOKEN_GENERATED', { outputToken: tok('src#2', v2) }),
    ev(2, 'p', 'ProcessNode', 'TOKEN_TRANSFORMED', { inputToken: tok('src#1', v1), outputToken: tok('p#1', v1 * 2) }),
    ev(3, 'p', 'ProcessNode', 'TOKEN_TRANSFORMED', { inputToken: tok('src#2', v2), outputToken: tok('p#2', v2 * 2) }),
    ev(3, 'sink', 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('p#1', v1 * 2) }),
    ev(4, 'sink', 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('p#2', v2 * 2) }),
  ]);
}

async function diff(a: string[], b: string[], options: DiffOptions = {}) {
  const r = await diffLedgers([a], [b], options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('diffLedgers', () => {
  it('finds nothing between two identical ledgers, and sums both sides', async () => {
    const d = await diff(pipeline(1, 2), pipeline(1, 2));
    expect(d.identical).toBe(true);
    expect(d.firstDivergentStep).toBeNull();
    expect(d.at).toBeNull();
    expect(d.ledgers).toEqual({ a: { events: 6, lastStep: 4 }, b: { events: 6, lastStep: 4 } });
    expect(d.nodes).toEqual([
      { nodeId: 'src', nodeType: 'DataSource', a: 2, b: 2, delta: 0 },
      { nodeId: 'p', nodeType: 'ProcessNode', a: 2, b: 2, delta: 0 },
      { nodeId: 'sink', nodeType: 'Sink', a: 2, b: 2, delta: 0 },
    ]);
    const side = { count: 2, sum: 6, values: [2, 4] };
    expect(d.sinks).toEqual([{ sinkId: 'sink', a: side, b: side, delta: { count: 0, sum: 0 } }]);
    expect(d.nodeChanges).toEqual({ added: [], removed: [], renamed: [] });
    expect(d.why).toBeNull();
  });

  it('ignores key order and spacing: lines are compared as canonical JSON', async () => {
    const a = pipeline(1, 2);
    const b = a.map((line) =>
      JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(line)).reverse()), null, 1).replace(/\n/g, ''),
    );
    expect(b[0]).not.toBe(a[0]);
    expect((await diff(a, b)).identical).toBe(true);
  });

  it('names the step, the event and the token data field where the data first differs', async () => {
    // The second generated value is 2 in a and 5 in b: line 2 (step 2) is the first that differs.
    const d = await diff(pipeline(1, 2), pipeline(1, 5));
    expect(d.identical).toBe(false);
    expect(d.firstDivergentStep).toBe(2);
    expect(d.at).toMatchObject({
      step: 2,
      seq: 2,
      nodeId: { a: 'src', b: 'src' },
      operation: { a: 'TOKEN_GENERATED', b: 'TOKEN_GENERATED' },
      differences: [{ path: '/outputToken/data/value', a: 2, b: 5 }],
    });
    expect(d.at!.a).toMatchObject({ seq: 2, outputToken: { data: { value: 2 } } });
    expect(d.at!.b).toMatchObject({ seq: 2, outputToken: { data: { value: 5 } } });
    // Same counts everywhere; the sink collected 2 + 4 in a and 2 + 10 in b.
    expect(d.nodes.map((n) => n.delta)).toEqual([0, 0, 0]);
    expect(d.sinks[0]).toEqual({
      sinkId: 'sink',
      a: { count: 2, sum: 6, values: [2, 4] },
      b: { count: 2, sum: 12, values: [2, 10] },
      delta: { count: 0, sum: 6 },
    });
  });

  it('sums only the numeric values a Sink collected, and lists the others among its values', async () => {
    // docs/compare.md: `sum` is the sum of the collected tokens' numeric `data.value`; a text, null
    // or an object is counted and listed, never added. 'late' + 5 + null + {n: 1} sums to 5.
    const line = () =>
      ledger(() => [
        ev(1, 'sink', 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('src#1', 'late') }),
        ev(2, 'sink', 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('src#2', 5) }),
        ev(3, 'sink', 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('src#3', null) }),
        ev(4, 'sink', 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('src#4', { n: 1 }) }),
      ]);
    const d = await diff(line(), line());
    expect(d.identical).toBe(true);
    const side = { count: 4, sum: 5, values: ['late', 5, null, { n: 1 }] };
    expect(d.sinks).toEqual([{ sinkId: 'sink', a: side, b: side, delta: { count: 0, sum: 0 } }]);
  });

  it('names a divergence in routing: another output, then another sink', async () => {
    const routed = (output: string, sinkId: string) =>
      ledger(() => [
        ev(1, 'src', 'DataSource', 'TOKEN_GENERATED', { outputToken: tok('src#1', 7) }),
        ev(2, 'mux', 'Multiplexer', 'TOKEN_ROUTED', {
          inputToken: tok('src#1', 7),
          outputToken: tok('src#1', 7),
          details: { output },
        }),
        ev(3, sinkId, 'Sink', 'TOKEN_COLLECTED', { inputToken: tok('src#1', 7) }),
      ]);
    const nodes = [
      { nodeId: 'src', nodeType: 'DataSource' },
      { nodeId: 'mux', nodeType: 'Multiplexer' },
      { nodeId: 'left', nodeType: 'Sink' },
      { nodeId: 'right', nodeType: 'Sink' },
    ];
    const d = await diff(routed('l', 'left'), routed('r', 'right'), { nodesA: nodes, nodesB: nodes });
    expect(d.firstDivergentStep).toBe(2);
    expect(d.at).toMatchObject({
      seq: 2,
      nodeId: { a: 'mux', b: 'mux' },
      differences: [{ path: '/details/output', a: 'l', b: 'r' }],
    });
    expect(d.nodes).toEqual([
      { nodeId: 'src', nodeType: 'DataSource', a: 1, b: 1, delta: 0 },
      { nodeId: 'mux', nodeType: 'Multiplexer', a: 1, b: 1, delta: 0 },
      { nodeId: 'left', nodeType: 'Sink', a: 1, b: 0, delta: -1 },
      { nodeId: 'right', nodeType: 'Sink', a: 0, b: 1, delta: 1 },
    ]);
    expect(d.sinks).toEqual([
      {
        sinkId: 'left',
        a: { count: 1, sum: 7, values: [7] },
        b: { count: 0, sum: 0, values: [] },
        delta: { count: -1, sum: -7 },
      },
      {
        sinkId: 'right',
        a: { count: 0, sum: 0, values: [] },
        b: { count: 1, sum: 7, values: [7] },
        delta: { count: 1, sum: 7 },
      },
    ]);
    expect(d.nodeChanges).toEqual({ added: [], removed: [], renamed: [] });
  });

  it('takes the lower step when the two events at the first differing line are at different steps', async () => {
    const a = ledger(() => [
      ev(1, 'src', 'DataSource', 'TOKEN_GENERATED'),
      ev(3, 'src', 'DataSource', 'TOKEN_GENERATED'),
    ]);
    const b = ledger(() => [
      ev(1, 'src', 'DataSource', 'TOKEN_GENERATED'),
      ev(2, 'src', 'DataSource', 'TOKEN_GENERATED'),
    ]);
    const d = await diff(a, b);
    expect(d.firstDivergentStep).toBe(2);
    expect(d.at!.differences).toEqual([
      { path: '/step', a: 3, b: 2 },
      { path: '/timestamp', a: 3000, b: 2000 },
    ]);
  });

  it('diverges where the shorter ledger ends', async () => {
    const a = pipeline(1, 2);
    const d = await diff(a, a.slice(0, 4));
    expect(d.firstDivergentStep).toBe(3); // line 5, the first sink event, is at step 3
    expect(d.at).toMatchObject({
      seq: 5,
      nodeId: { a: 'sink', b: null },
      operation: { a: 'TOKEN_COLLECTED', b: null },
      b: null,
      differences: [],
    });
    expect(d.ledgers).toEqual({ a: { events: 6, lastStep: 4 }, b: { events: 4, lastStep: 3 } });
    expect(d.nodes[2]).toEqual({ nodeId: 'sink', nodeType: 'Sink', a: 2, b: null, delta: -2 });
    expect(d.sinks[0]!.b).toBeNull();
    // From ledger files a node is known by its events: no rename is guessed.
    expect(d.nodeChanges).toEqual({ added: [], removed: ['sink'], renamed: [] });
  });

  it('lists nodes added, removed and renamed when both scenarios are known, counting FSM state entries', async () => {
    const a = ledger(() => [
      ev(1, 'src', 'DataSource', 'TOKEN_GENERATED', { outputToken: tok('src#1', 1) }),
      ev(2, 'check', 'FSM', 'STATE_TRANSITION', { from: 'idle', to: 'busy', inputToken: tok('src#1', 1) }),
      ev(3, 'check', 'FSM', 'STATE_TRANSITION', { from: 'busy', to: 'idle' }),
      ev(3, 'old', 'ProcessNode', 'TOKEN_TRANSFORMED', { inputToken: tok('src#1', 1), outputToken: tok('old#1', 1) }),
    ]);
    const b = ledger(() => [
      ev(1, 'src', 'DataSource', 'TOKEN_GENERATED', { outputToken: tok('src#1', 1) }),
      ev(2, 'check', 'FSM', 'STATE_TRANSITION', { from: 'idle', to: 'busy', inputToken: tok('src#1', 1) }),
      ev(3, 'check', 'FSM', 'STATE_TRANSITION', { from: 'busy', to: 'done' }),
      ev(3, 'new', 'ProcessNode', 'TOKEN_TRANSFORMED', { inputToken: tok('src#1', 1), outputToken: tok('new#1', 1) }),
    ]);
    const d = await diff(a, b, {
      nodesA: [
        { nodeId: 'src', nodeType: 'DataSource' },
        { nodeId: 'check', nodeType: 'FSM' },
        { nodeId: 'old', nodeType: 'ProcessNode' },
        { nodeId: 'gone', nodeType: 'Aggregator' },
      ],
      nodesB: [
        { nodeId: 'src', nodeType: 'DataSource' },
        { nodeId: 'check', nodeType: 'FSM' },
        { nodeId: 'new', nodeType: 'ProcessNode' },
        { nodeId: 'audit', nodeType: 'Sink' },
      ],
    });
    expect(d.firstDivergentStep).toBe(3);
    expect(d.at).toMatchObject({ seq: 3, differences: [{ path: '/to', a: 'idle', b: 'done' }] });
    expect(d.nodeChanges).toEqual({
      added: ['audit'],
      removed: ['gone'],
      renamed: [{ a: 'old', b: 'new', nodeType: 'ProcessNode' }],
    });
    expect(d.nodes.map((n) => [n.nodeId, n.a, n.b, n.delta])).toEqual([
      ['src', 1, 1, 0],
      ['check', 2, 2, 0],
      ['old', 1, null, -1],
      ['gone', 0, null, 0],
      ['new', null, 1, 1],
      ['audit', null, 0, 0],
    ]);
    expect(d.fsm).toEqual([
      { nodeId: 'check', state: 'busy', a: 1, b: 1, delta: 0 },
      { nodeId: 'check', state: 'idle', a: 1, b: 0, delta: -1 },
      { nodeId: 'check', state: 'done', a: 0, b: 1, delta: 1 },
    ]);
    expect(d.sinks).toEqual([
      { sinkId: 'audit', a: null, b: { count: 0, sum: 0, values: [] }, delta: { count: 0, sum: 0 } },
    ]);
  });

  it('pairs two renamed nodes of one kind in their order: the first removed with the first added', async () => {
    // Both scenarios known: ProcessNodes p1, p2 only in a and q1, q2 only in b, taken in order, read
    // as two renames, p1 -> q1 and p2 -> q2; a Sink only in b has no partner and stays added.
    const a = ledger(() => [ev(1, 'src', 'DataSource', 'TOKEN_GENERATED', { outputToken: tok('src#1', 1) })]);
    const d = await diff(a, a, {
      nodesA: [
        { nodeId: 'src', nodeType: 'DataSource' },
        { nodeId: 'p1', nodeType: 'ProcessNode' },
        { nodeId: 'p2', nodeType: 'ProcessNode' },
      ],
      nodesB: [
        { nodeId: 'src', nodeType: 'DataSource' },
        { nodeId: 'q1', nodeType: 'ProcessNode' },
        { nodeId: 'out', nodeType: 'Sink' },
        { nodeId: 'q2', nodeType: 'ProcessNode' },
      ],
    });
    expect(d.nodeChanges).toEqual({
      added: ['out'],
      removed: [],
      renamed: [
        { a: 'p1', b: 'q1', nodeType: 'ProcessNode' },
        { a: 'p2', b: 'q2', nodeType: 'ProcessNode' },
      ],
    });
  });

  it('counts a state entry only for a transition whose "to" names a state (a hand-written line)', async () => {
    // docs/compare.md: an FSM row counts the STATE_TRANSITION events with that `to`, a state name.
    // A line whose `to` is null or a number (written by hand or by another tool) is an event of the
    // FSM, but enters no state: one row, busy, entered once on each side.
    const a = ledger(() => [
      ev(1, 'check', 'FSM', 'STATE_TRANSITION', { from: 'idle', to: 'busy' }),
      ev(2, 'check', 'FSM', 'STATE_TRANSITION', { from: 'busy', to: null }),
    ]);
    const b = ledger(() => [
      ev(1, 'check', 'FSM', 'STATE_TRANSITION', { from: 'idle', to: 'busy' }),
      ev(2, 'check', 'FSM', 'STATE_TRANSITION', { from: 'busy', to: 7 }),
    ]);
    const d = await diff(a, b);
    expect(d.nodes).toEqual([{ nodeId: 'check', nodeType: 'FSM', a: 2, b: 2, delta: 0 }]);
    expect(d.fsm).toEqual([{ nodeId: 'check', state: 'busy', a: 1, b: 1, delta: 0 }]);
  });

  it('reads lines across batches, skipping blank lines and newlines', async () => {
    const a = pipeline(1, 2);
    const b = [[a[0]! + '\n', '', a[1]! + '\r\n'], ['  ', a[2]!, a[3]!], [], [a[4]!, a[5]!]];
    expect(await diffLedgers([a], b)).toMatchObject({
      ok: true,
      value: { identical: true, ledgers: { b: { events: 6 } } },
    });
  });

  it('reads a line that begins with spaces or a tab as the event it holds, not as a blank line', async () => {
    // Only a line of white space is blank; JSON allows white space before the object, so an
    // indented line is still an event (compared as canonical JSON): the ledgers are identical.
    const a = pipeline(1, 2);
    const b = a.map((line, i) => (i === 2 ? `  ${line}` : i === 4 ? `\t${line}` : line));
    expect(await diffLedgers([a], [b])).toMatchObject({
      ok: true,
      value: { identical: true, ledgers: { a: { events: 6 }, b: { events: 6 } } },
    });
  });

  it('names the side and the line of a line that is not a ledger event', async () => {
    const a = pipeline(1, 2);
    const b = [...a.slice(0, 2), '', '{"nodeId": "p"', ...a.slice(3)];
    expect(await diffLedgers([a], [b])).toEqual({
      ok: false,
      error: { side: 'b', line: 4, message: 'line 4: not valid JSON' },
    });
    // JSON null is valid JSON but not an object.
    expect(await diffLedgers([a], [[a[0]!, 'null']])).toEqual({
      ok: false,
      error: { side: 'b', line: 2, message: 'line 2: not a JSON object' },
    });
    const c = [a[0]!, '{"nodeId":"p","operation":"TOKEN_TRANSFORMED"}'];
    expect(await diffLedgers([c], [a])).toEqual({
      ok: false,
      error: { side: 'a', line: 2, message: 'line 2: no "step" (a non-negative integer)' },
    });
  });

  it('throws, for a line read alone, an error whose message names the side, the event and the reason', () => {
    expect(() => parseEvent('null', 'a', 7)).toThrow(LedgerLineError);
    expect(() => parseEvent('null', 'a', 7)).toThrow('ledger a, event 7: not a JSON object');
    expect(() => parseEvent('[1]', 'b', 2)).toThrow('ledger b, event 2: not a JSON object');
  });

  it('passes on an error of a source that fails to read, instead of answering as if a line were wrong', async () => {
    // DiffOutcome's error is only for a line that is not a ledger event; a file whose read fails
    // half-way (here after its first batch) makes the comparison fail with the reader's own error.
    const a = pipeline(1, 2);
    async function* failing(): AsyncGenerator<readonly string[]> {
      yield a.slice(0, 2);
      throw new Error('the file could not be read');
    }
    await expect(diffLedgers([a], failing())).rejects.toThrow('the file could not be read');
    await expect(diffLedgers(failing(), [a])).rejects.toThrow('the file could not be read');
  });
});
