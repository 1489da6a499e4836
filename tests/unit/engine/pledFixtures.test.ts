/**
 * The hand-written fixtures in tests/fixtures/pled, written the way the original V3 tool's files
 * are, load with a warning per original construct and run to the results worked out by hand in
 * tests/fixtures/pled/README.md; document-review's ledger is also kept whole as a golden file
 * (`UPDATE_GOLDEN=1 npx vitest run tests/unit/engine/pledFixtures.test.ts` rewrites it after review).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';

const DIR = fileURLToPath(new URL('../../fixtures/pled/', import.meta.url));
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

function load(name: string): { engine: Engine; warnings: { path: string; message: string }[] } {
  const engine = new Engine();
  const loaded = engine.initialize(JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')));
  if (loaded.scenario === null) throw new Error(`${name}: ${JSON.stringify(loaded.errors)}`);
  return { engine, warnings: loaded.warnings };
}

function run(name: string): Engine {
  const { engine } = load(name);
  const events = JSON.parse(readFileSync(join(DIR, `${name}.events.json`), 'utf8')) as unknown[];
  const added = engine.getExternalEventQueue().addEvents(events);
  if (!added.ok) throw new Error(`${name}: event ${added.index}: ${added.error}`);
  engine.runToEnd();
  return engine;
}

/** The data of the tokens a sink collected, in order. */
function collected(engine: Engine, sink: string): Record<string, unknown>[] {
  const node = engine.scenario.nodes.find((n) => n.nodeId === sink)!;
  return [...engine.ledger.seqsOfNode(node.index)].map((seq) => engine.ledger.get(seq).inputToken!.data);
}

describe('tests/fixtures/pled/document-review (original V3 constructs)', () => {
  it('loads with a warning saying how each original construct is read', () => {
    const { warnings } = load('document-review');
    const at = (path: string) => warnings.filter((w) => w.path === path).map((w) => w.message);
    expect(at('/scenario/nodes/0/generation')[0]).toMatch(/"execution-events" generation .* type "document.uploaded"/);
    expect(at('/scenario/nodes/1/type')[0]).toMatch(/"ExternalEventSource" .* type "review.completed"/);
    expect(at('/scenario/nodes/2/formulas/0')[0]).toMatch(/read as a JavaScript formula/);
    expect(at('/scenario/nodes/3/aggregation/method')[0]).toMatch(/"custom" .* is read as "formula"/);
    expect(at('/scenario/nodes/3/aggregation/trigger/threshold')[0]).toMatch(
      /read as "window": one emission per 2 tokens/,
    );
    expect(at('/scenario/nodes/3/aggregation/formula')[0]).toMatch(/read as a JavaScript formula/);
  });

  it('runs to the hand-computed results (README.md)', () => {
    const engine = run('document-review');
    expect(engine.status).toBe('completed');
    // Pairs (d1,d1) 4×2 = 8, (d2,d2) 2×3 = 6, (d3,d9) no match, (d4,d4) 1×5 = 5; batches of two:
    // {2 matched, 14} → stays "normal"; {1 matched, 5} → "alert".
    const out = collected(engine, 'sink');
    expect(out.map((d) => d['value'])).toEqual([
      { matched: 2, total: 14, labels: ['a.pdf:ok', 'b.pdf:ok'] },
      { matched: 1, total: 5, labels: ['mismatch d3/d9', 'd.pdf:poor'] },
    ]);
    expect(out.map((d) => d['state'])).toEqual(['normal', 'alert']);
    expect(out.map((d) => d['count'])).toEqual([2, 2]);
    expect(engine.getNodeState('monitor')?.currentState).toBe('alert');
  });

  it('matches its golden ledger', () => {
    const ndjson = run('document-review').ledger.toNdjson();
    const file = join(DIR, 'document-review.ledger.ndjson');
    if (UPDATE) writeFileSync(file, ndjson);
    expect(existsSync(file), `${file} is missing; run with UPDATE_GOLDEN=1 to create it`).toBe(true);
    expect(ndjson).toBe(readFileSync(file, 'utf8'));
  });
});

describe('tests/fixtures/pled/upload-approvals (original V3 constructs)', () => {
  it('loads with warnings and runs to the hand-computed states (README.md)', () => {
    const { warnings } = load('upload-approvals');
    expect(warnings.map((w) => w.path)).toEqual(
      expect.arrayContaining([
        '/scenario/nodes/0/type',
        '/scenario/nodes/1/generation',
        '/scenario/nodes/2/fsm/transitions/1/condition',
      ]),
    );
    const engine = run('upload-approvals');
    const out = collected(engine, 'sink');
    expect(out.map((d) => [d['correlationId'], d['state']])).toEqual([
      ['d1', 'pending'],
      ['d1', 'approved'],
      ['d2', 'pending'],
      ['d2', 'rejected'],
      ['d3', 'pending'],
      ['d3', 'approved'],
    ]);
    expect(engine.getNodeState('lifecycle')?.aggregates).toMatchObject({
      new: 0,
      pending: 0,
      approved: 2,
      rejected: 1,
    });
  });
});

describe('tests/fixtures/pled/pl-verification (original V3 constructs: IIFE, regular expressions, Queue formula on the node)', () => {
  it('loads with a warning per original construct, naming where the Queue formula was read', () => {
    const { warnings } = load('pl-verification');
    const at = (path: string) => warnings.filter((w) => w.path === path).map((w) => w.message);
    expect(at('/scenario/nodes/0/generation')[0]).toMatch(/type "document.processed"/);
    expect(at('/scenario/nodes/1/type')[0]).toMatch(/type "gemini.signature.verified"/);
    expect(at('/scenario/nodes/2/formulas/0')[0]).toMatch(/read as the aggregation formula/);
    expect(at('/scenario/nodes/3/formulas/0')[0]).toMatch(/read as a JavaScript formula/);
  });

  it('runs to the hand-computed sink values (README.md)', () => {
    const engine = run('pl-verification');
    expect(engine.status).toBe('completed');
    // doc-1 pairs at step 2, is extracted at 3, approved at 4, collected at 5; doc-3 and doc-2 pair at
    // step 4, are extracted at 5, decided at 6, collected at 7.
    expect(engine.getCurrentTick()).toBe(7);
    expect(engine.waitingFor).toEqual([]);
    const approved = collected(engine, 'approvedSink');
    // "Net Profit 0.15" → 0.15; "Net Profit: $100,000" → 100000
    expect(approved.map((d) => [d['key'], d['value'], d['company'], d['decision'], d['checkedAt']])).toEqual([
      ['doc-1', 0.15, 'web3-scion', 'approved', '2025-01-01T00:00:03.000Z'],
      ['doc-2', 100000, 'acme', 'approved', '2025-01-01T00:00:05.000Z'],
    ]);
    expect(approved[0]!['summary']).toBe('web3-scion: net profit 0.15, signed by Michael Burry');
    const rejected = collected(engine, 'rejectedSink');
    // "NET PROFIT: $12,345.50" → 12345.5 (the i flag); reliability 41 < 80, so the signature is not valid
    expect(rejected.map((d) => [d['key'], d['value'], d['signatureValid'], d['decision'], d['reason']])).toEqual([
      ['doc-3', 12345.5, false, 'rejected', 'signature not valid'],
    ]);
    expect(engine.getNodeState('validation')?.aggregates).toMatchObject({ received: 0, approved: 2, rejected: 1 });
  });

  it('run with no events: ends at once, completed, naming the sources it waits for; events added later let it go on', () => {
    const { engine } = load('pl-verification');
    expect(engine.runToEnd()).toBe('completed');
    // nothing to do: no step is taken (before, such a run idled to maxSteps and ended truncated)
    expect(engine.getCurrentTick()).toBe(0);
    expect(engine.ledger.size).toBe(0);
    expect(engine.waitingFor).toEqual([
      { nodeId: 'documents', eventType: 'document.processed' },
      { nodeId: 'signatures', eventType: 'gemini.signature.verified' },
    ]);
    const events = JSON.parse(readFileSync(join(DIR, 'pl-verification.events.json'), 'utf8')) as unknown[];
    expect(engine.getExternalEventQueue().addEvents(events)).toEqual({ ok: true, added: 6 });
    expect(engine.status).toBe('ready');
    expect(engine.waitingFor).toEqual([]);
    expect(engine.runToEnd()).toBe('completed');
    expect(engine.getCurrentTick()).toBe(7);
    expect(collected(engine, 'approvedSink').map((d) => [d['key'], d['value']])).toEqual([
      ['doc-1', 0.15],
      ['doc-2', 100000],
    ]);
    expect(collected(engine, 'rejectedSink').map((d) => d['value'])).toEqual([12345.5]);
  });

  it('a run given only the documents completes naming the signature source as waiting', () => {
    const { engine } = load('pl-verification');
    const events = JSON.parse(readFileSync(join(DIR, 'pl-verification.events.json'), 'utf8')) as Array<{
      type: string;
    }>;
    engine.getExternalEventQueue().addEvents(events.filter((e) => e.type === 'document.processed'));
    expect(engine.runToEnd()).toBe('completed');
    expect(engine.waitingFor).toEqual([{ nodeId: 'signatures', eventType: 'gemini.signature.verified' }]);
  });
});
