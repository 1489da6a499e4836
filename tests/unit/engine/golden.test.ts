/**
 * Golden ledgers: every scenario in examples/ is run (with `<name>.events.ndjson` as its external
 * events when that file exists) and its ledger compared with tests/fixtures/golden. Small ledgers
 * are kept whole (`<name>.ledger.ndjson`, checked by hand — see the README there); every example
 * also has `<name>.summary.json` (hash, size, steps, status, sink totals). A difference names the
 * first event that changed. `UPDATE_GOLDEN=1 npx vitest run tests/unit/engine/golden.test.ts`
 * rewrites the files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLES = join(ROOT, 'examples');
const GOLDEN = join(ROOT, 'tests/fixtures/golden');
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';
/** Ledgers up to this many events are kept whole; bigger ones by hash and key figures only. */
const WHOLE_LIMIT = 2000;

const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.events.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

function runExample(name: string): Engine {
  const engine = new Engine();
  const loaded = engine.initialize(JSON.parse(readFileSync(join(EXAMPLES, `${name}.json`), 'utf8')));
  if (loaded.scenario === null) throw new Error(`${name}: ${JSON.stringify(loaded.errors)}`);
  const eventsFile = join(EXAMPLES, `${name}.events.ndjson`);
  if (existsSync(eventsFile)) {
    const lines = readFileSync(eventsFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    const added = engine.getExternalEventQueue().addEvents(lines.map((l) => JSON.parse(l)));
    if (!added.ok) throw new Error(`${name}: event ${added.index + 1}: ${added.error}`);
  }
  engine.runToEnd();
  return engine;
}

function summary(engine: Engine): Record<string, unknown> {
  const sinks: Record<string, { count: number; sum: number }> = {};
  for (const node of engine.scenario.nodes) {
    if (node.type !== 'Sink') continue;
    let count = 0;
    let sum = 0;
    for (const seq of engine.ledger.seqsOfNode(node.index)) {
      const value = engine.ledger.get(seq).inputToken?.data['value'];
      count++;
      if (typeof value === 'number') sum += value;
    }
    sinks[node.nodeId] = { count, sum };
  }
  return {
    ledgerHash: engine.ledgerHash(),
    ledgerEvents: engine.ledger.size,
    steps: engine.getCurrentTick(),
    status: engine.status,
    sinks,
  };
}

/** The first differing line of two NDJSON texts, as a readable message, or null. */
function firstDifference(expected: string, actual: string): string | null {
  const e = expected.split('\n');
  const a = actual.split('\n');
  for (let i = 0; i < Math.max(e.length, a.length); i++) {
    if (e[i] === a[i]) continue;
    const id = (line: string | undefined) =>
      line ? ((JSON.parse(line) as { eventId?: string }).eventId ?? '?') : '(none)';
    return [
      `first difference at line ${i + 1} (expected ${id(e[i])}, got ${id(a[i])}):`,
      `  expected: ${e[i] ?? '(end of ledger)'}`,
      `  actual:   ${a[i] ?? '(end of ledger)'}`,
    ].join('\n');
  }
  return null;
}

describe('golden ledgers of the examples', () => {
  it('has examples to check', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  for (const name of examples) {
    it(`${name} matches its golden ledger`, () => {
      const engine = runExample(name);
      const ndjson = engine.ledger.toNdjson();
      const facts = summary(engine);
      const ledgerFile = join(GOLDEN, `${name}.ledger.ndjson`);
      const summaryFile = join(GOLDEN, `${name}.summary.json`);
      if (UPDATE) {
        mkdirSync(GOLDEN, { recursive: true });
        if (engine.ledger.size <= WHOLE_LIMIT) writeFileSync(ledgerFile, ndjson);
        writeFileSync(summaryFile, `${JSON.stringify(facts, null, 2)}\n`);
      }
      expect(existsSync(summaryFile), `${summaryFile} is missing; run with UPDATE_GOLDEN=1 to create it`).toBe(true);
      if (existsSync(ledgerFile)) {
        const diff = firstDifference(readFileSync(ledgerFile, 'utf8'), ndjson);
        if (diff !== null)
          expect.fail(`${name}: the ledger changed (UPDATE_GOLDEN=1 rewrites it after review)\n${diff}`);
      }
      expect(facts).toEqual(JSON.parse(readFileSync(summaryFile, 'utf8')));
    });
  }
});
