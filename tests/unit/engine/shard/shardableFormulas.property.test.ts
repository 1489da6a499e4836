/**
 * The shard analysis's promise for formulas, checked on generated templates × generated formulas:
 * a log-fed DataSource, then a ProcessNode (transform and output formula), a conditional
 * Multiplexer, an FSM with one machine per correlation id (condition, onEntry emit, onExit
 * variable) or an Aggregator grouped by correlation id (its formula over `tokens`), then Sinks.
 * Each formula is built from parts in either dialect, some reading data paths and correlation ids,
 * some using a token otherwise (the whole token as a value, its id, a computed key, spread, an
 * alias, a callback). For every template, `shardability` accepts it exactly when no part is of the
 * second kind; and for every template it accepts, the merged shard files (N = 2, 3) and the
 * `--workers 2` merge give the single run's ledger, byte for byte, its hash and its Sink totals.
 *
 * `npm test` runs 60 templates (a few seconds); `FLOWLEDGER_SHARD_RUNS=2000 npx vitest run
 * tests/unit/engine/shard/shardableFormulas.property.test.ts` runs more (with `FC_SEED=random`,
 * from a fresh seed each time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultHasher } from '../../../../src/engine';
import { mergeShards, shardability } from '../../../../src/engine/shard';
import { runSummary } from '../../../../src/cli/commands/runSummary';
import { linesOf, load, shardFile, workersLedger } from './shardFiles';

const RUNS = Number(process.env['FLOWLEDGER_SHARD_RUNS'] ?? 60);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`FLOWLEDGER_SHARD_RUNS must be a positive integer, not "${process.env['FLOWLEDGER_SHARD_RUNS']}"`);

/** A part of a text-valued formula: its text, and whether the allow-list accepts it. */
interface Part {
  text: string;
  ok: boolean;
}

type Dialect = 'expression' | 'javascript';

/** Text-valued parts over one token (`token`), by dialect. */
const TOKEN_PARTS: Record<Dialect, Part[]> = {
  expression: [
    { text: 'string(data.v)', ok: true },
    { text: 'string(token.data.v)', ok: true },
    { text: "string(token['data']['v'])", ok: true },
    { text: 'token.correlationIds[0]', ok: true },
    { text: 'string(value)', ok: true },
    { text: 'string(token.data)', ok: true },
    { text: 'string(step)', ok: true },
    { text: 'string(token)', ok: false },
    { text: 'token.id', ok: false },
    { text: "token['id']", ok: false },
    { text: 'string([token])', ok: false },
    { text: 'string({ t: token })', ok: false },
    { text: "token['i' + 'd']", ok: false },
    { text: 'string(if(data.v > 4, token, token.data))', ok: false },
  ],
  javascript: [
    { text: 'String(data.v)', ok: true },
    { text: '`${token.correlationIds[0]}:${token.data.v}`', ok: true },
    { text: 'JSON.stringify(token.data)', ok: true },
    { text: "Object.keys(token.data).join(',')", ok: true },
    { text: '(() => { const { v } = token.data; return String(v) })()', ok: true },
    { text: 'JSON.stringify(token)', ok: false },
    { text: '`t=${token}`', ok: false },
    { text: 'JSON.stringify({ ...token })', ok: false },
    { text: "Object.values(token).join('|')", ok: false },
    { text: '(() => { const { id } = token; return id })()', ok: false },
    { text: "[token].map(t => t.id).join(',')", ok: false },
  ],
};

/** Text-valued parts over an Aggregator group's tokens (`tokens`), by dialect. */
const TOKENS_PARTS: Record<Dialect, Part[]> = {
  expression: [
    { text: 'string(tokens[0].data.v)', ok: true },
    { text: 'string(len(tokens))', ok: true },
    { text: 'tokens[len(tokens) - 1].correlationIds[0]', ok: true },
    { text: 'string(sum(values))', ok: true },
    { text: 'string(tokens)', ok: false },
    { text: 'tokens[0].id', ok: false },
    { text: 'string(tokens[len(tokens) - 1])', ok: false },
  ],
  javascript: [
    { text: 'String(tokens.length)', ok: true },
    { text: 'JSON.stringify(tokens[0].data)', ok: true },
    { text: "tokens.map(t => t.id).join(',')", ok: false },
    { text: 'JSON.stringify(tokens)', ok: false },
    // Reads only data, but through a callback over the tokens, which the analysis does not follow.
    { text: "tokens.map(t => String(t.data.v)).join(',')", ok: false },
  ],
};

interface Formula {
  dialect: Dialect;
  parts: Part[];
}

const formulaOver = (pool: Record<Dialect, Part[]>): fc.Arbitrary<Formula> =>
  fc.constantFrom<Dialect>('expression', 'javascript').chain((dialect) => {
    const safe = pool[dialect].filter((p) => p.ok);
    const unsafe = pool[dialect].filter((p) => !p.ok);
    // Mostly data reads, so that about half the templates are accepted and run.
    const part = fc.oneof(
      { arbitrary: fc.constantFrom(...safe), weight: 5 },
      { arbitrary: fc.constantFrom(...unsafe), weight: 1 },
    );
    return fc.array(part, { minLength: 1, maxLength: 2 }).map((parts) => ({ dialect, parts }));
  });

/** Pure: the formula's text (its parts joined with "|"). */
const text = (f: Formula): string => f.parts.map((p) => p.text).join(" + '|' + ");

/** Pure: a condition over the formula's text, true when it holds a "1". */
const condition = (f: Formula): string =>
  f.dialect === 'expression' ? `contains(${text(f)}, '1')` : `(${text(f)}).includes('1')`;

type Shape =
  | { kind: 'process'; transform: Formula; output: Formula | null }
  | { kind: 'mux'; first: Formula; second: Formula }
  | { kind: 'fsm'; condition: Formula; emit: Formula; exit: Formula }
  | { kind: 'agg'; window: number; formula: Formula };

interface Case {
  batchSize: number;
  shape: Shape;
  events: { id: number; ev: 'a' | 'b'; v: number }[];
}

const tokenFormula = formulaOver(TOKEN_PARTS);

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  batchSize: fc.integer({ min: 1, max: 3 }),
  shape: fc.oneof(
    fc.record({ kind: fc.constant('process' as const), transform: tokenFormula, output: fc.option(tokenFormula) }),
    fc.record({ kind: fc.constant('mux' as const), first: tokenFormula, second: tokenFormula }),
    fc.record({ kind: fc.constant('fsm' as const), condition: tokenFormula, emit: tokenFormula, exit: tokenFormula }),
    fc.record({
      kind: fc.constant('agg' as const),
      window: fc.integer({ min: 1, max: 3 }),
      formula: formulaOver(TOKENS_PARTS),
    }),
  ),
  events: fc.array(
    fc.record({ id: fc.nat({ max: 7 }), ev: fc.constantFrom('a' as const, 'b' as const), v: fc.nat({ max: 9 }) }),
    {
      minLength: 1,
      maxLength: 30,
    },
  ),
});

/** Pure: the formulas of a shape. */
function formulas(s: Shape): Formula[] {
  switch (s.kind) {
    case 'process':
      return s.output === null ? [s.transform] : [s.transform, s.output];
    case 'mux':
      return [s.first, s.second];
    case 'fsm':
      return [s.condition, s.emit, s.exit];
    case 'agg':
      return [s.formula];
  }
}

/** Pure: the template of a case: DataSource `log` → the shape's node → Sinks `done` and `other`. */
function template(c: Case): unknown {
  const s = c.shape;
  const middle = (() => {
    switch (s.kind) {
      case 'process':
        return {
          nodeId: 'p',
          type: 'ProcessNode',
          transform: { w: text(s.transform) },
          outputs: [
            { destinationNodeId: 'done' },
            ...(s.output === null
              ? []
              : [{ destinationNodeId: 'other', transformation: { formula: `{ x: ${text(s.output)} }` } }]),
          ],
        };
      case 'mux':
        return {
          nodeId: 'p',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: [condition(s.first), condition(s.second)] },
          outputs: [{ destinationNodeId: 'done' }, { destinationNodeId: 'other' }],
        };
      case 'fsm':
        return {
          nodeId: 'p',
          type: 'FSM',
          fsm: {
            instancePer: 'correlationId',
            eventField: 'event',
            variables: { x: '' },
            states: [
              { name: 'idle', isInitial: true },
              {
                name: 'busy',
                onEntry: [{ action: 'emit', target: 'out', formula: `{ v: data.v, w: ${text(s.emit)} }` }],
                onExit: [{ action: 'set_variable', target: 'x', formula: text(s.exit) }],
              },
            ],
            transitions: [
              { from: 'idle', to: 'busy', trigger: 'a', condition: condition(s.condition) },
              { from: 'busy', to: 'idle', trigger: 'b' },
            ],
          },
          outputs: [{ name: 'out', destinationNodeId: 'done' }],
        };
      case 'agg':
        return {
          nodeId: 'p',
          type: 'Aggregator',
          aggregation: {
            method: 'formula',
            formula: text(s.formula),
            groupBy: 'correlationId',
            trigger: { type: 'count', window: s.window },
            flushOnEnd: false,
          },
          outputs: [{ destinationNodeId: 'done' }],
        };
    }
  })();
  return {
    version: '3.0',
    seed: 7,
    tickMs: 1000,
    maxSteps: 10000,
    nodes: [
      {
        nodeId: 'log',
        type: 'DataSource',
        count: 0,
        batchSize: c.batchSize,
        outputs: [{ destinationNodeId: 'p' }],
      },
      middle,
      { nodeId: 'done', type: 'Sink' },
      { nodeId: 'other', type: 'Sink' },
    ],
  };
}

function eventsOf(c: Case): unknown[] {
  return c.events.map((e) => ({ targetDataSourceId: 'log', correlationId: `id-${e.id}`, event: e.ev, v: e.v }));
}

describe('shardability of generated formulas', () => {
  it('accepts exactly the templates whose formulas only read data paths, and their shards merge into the single run', async () => {
    const verdicts = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const doc = template(c);
        const events = eventsOf(c);
        const single = load(doc);
        const verdict = shardability(single.scenario);
        const expected = formulas(c.shape).every((f) => f.parts.every((p) => p.ok));
        expect(verdict.shardable, JSON.stringify(verdict.blockers)).toBe(expected);
        if (!verdict.shardable) {
          verdicts.refused++;
          expect(verdict.blockers.every((b) => b.nodeId === 'p')).toBe(true);
          return;
        }
        verdicts.accepted++;
        single.getExternalEventQueue().addEvents(events);
        single.advance('end');
        expect(single.status).toBe('completed');
        const ledger = [...single.ledger.ndjsonStream()].join('');
        const summary = runSummary(single);
        for (const n of [2, 3]) {
          const files = Array.from({ length: n }, (_, i) => shardFile(doc, events, i, n));
          let merged = '';
          const r = await mergeShards(
            files.map((t, i) => ({ name: `shard-${i}`, batches: linesOf(t) })),
            { hasher: defaultHasher, sinkValuesLimit: 1000, write: (chunk) => void (merged += chunk) },
          );
          if (!r.ok) throw new Error(`${r.file}: ${r.message}`);
          expect(merged).toBe(ledger);
          expect(r.hash).toBe(summary.ledgerHash);
          for (const [id, sink] of Object.entries(summary.sinks))
            expect(r.sinks.get(id) ?? { count: 0, sum: 0, values: [] }).toEqual(sink);
        }
        const workers = workersLedger(doc, events, 2);
        expect(workers.ledger).toBe(ledger);
        expect(workers.events).toBe(summary.ledgerEvents);
        const hash = defaultHasher();
        hash.update(workers.ledger);
        expect(hash.digestHex()).toBe(summary.ledgerHash);
      }),
      { numRuns: RUNS },
    );
    // The generator reaches both verdicts, so the property is not vacuous either way.
    expect(verdicts.accepted).toBeGreaterThan(RUNS / 5);
    expect(verdicts.refused).toBeGreaterThan(RUNS / 5);
  }, 600_000);
});
