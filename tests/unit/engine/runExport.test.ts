/**
 * exportRun → importRun: the round trip rebuilds the same run (same hash, same state at every
 * step, same input log); a changed file is HASH_MISMATCH, a file that is not an export is
 * INVALID_LEDGER. The injected hasher gives the same hash as the default one.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Engine, type HasherFactory } from '../../../src/engine';
import type { QueryResult } from '../../../src/contract/queries';
import type { TypedEvent } from '../../../src/engine/types';
import { engineFor, processNode, run, scenario, sink, source } from './helpers';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function value<T>(r: QueryResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const nodeSha256: HasherFactory = () => {
  const h = createHash('sha256');
  return { update: (text) => void h.update(text, 'utf8'), digestHex: () => h.copy().digest('hex') };
};

const doc = scenario(
  [
    source('src', 'price', { count: 6, generation: { type: 'random', valueMin: 1, valueMax: 50 } }),
    source('ext', 'price', { count: 0 }),
    processNode('price', 'router', { formula: '{ total: value * 1.2, note: "é ✓ 😀" }' }),
    {
      nodeId: 'router',
      type: 'Multiplexer',
      multiplexing: { strategy: 'random' },
      outputs: [{ destinationNodeId: 'sink' }, { destinationNodeId: 'agg' }],
    },
    {
      nodeId: 'agg',
      type: 'Aggregator',
      aggregation: { method: 'sum', field: 'total' },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    sink(),
  ],
  { seed: 11 },
);

/** A run with external events added at steps 0, 2 and 5, stopped at step 7. */
function sampleRun(engine = new Engine()): Engine {
  engine.initialize({ name: 'wrapped', version: '1', scenario: doc }, { seed: 5 });
  engine.getExternalEventQueue().addEvents([{ targetDataSourceId: 'ext', value: 100, correlationId: 'order-1' }]);
  engine.advance(2);
  engine.getExternalEventQueue().addEvents([{ targetDataSourceId: 'ext', value: 200 }]);
  engine.advance(5);
  engine.getExternalEventQueue().addEvents([
    { targetDataSourceId: 'ext', value: 300, correlationIds: ['order-2', 'order-1'] },
    { targetDataSourceId: 'ext', value: 400 },
  ]);
  engine.advance(7);
  return engine;
}

describe('exportRun / importRun', () => {
  it('records when each external event was added: the input log', () => {
    const engine = sampleRun();
    expect(engine.inputLog()).toEqual([
      { step: 0, events: [{ targetDataSourceId: 'ext', value: 100, correlationId: 'order-1' }] },
      { step: 2, events: [{ targetDataSourceId: 'ext', value: 200 }] },
      {
        step: 5,
        events: [
          { targetDataSourceId: 'ext', value: 300, correlationIds: ['order-2', 'order-1'] },
          { targetDataSourceId: 'ext', value: 400 },
        ],
      },
    ]);
  });

  it('round-trips to the same run: hash, step, status, state at every step, and it continues identically', () => {
    const engine = sampleRun();
    const text = engine.exportRun();
    const lines = text.split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({
      format: 'flowledger-run',
      formatVersion: 1,
      scenarioForm: 'document',
      seed: 5,
      step: 7,
      status: 'running',
      ledgerEvents: engine.ledger.size,
      ledgerHash: engine.ledgerHash(),
    });
    expect(header.inputLog).toEqual(engine.inputLog());
    expect(lines.slice(1).join('\n')).toBe(engine.ledger.toNdjson());
    const copy = value(Engine.importRun(text));
    expect(copy.ledgerHash()).toBe(engine.ledgerHash());
    expect(copy.getCurrentTick()).toBe(7);
    expect(copy.inputLog()).toEqual(engine.inputLog());
    for (let k = 0; k <= 7; k++) expect(value(copy.stateAt(k))).toEqual(value(engine.stateAt(k)));
    expect(copy.exportRun()).toBe(text);
    engine.runToEnd();
    copy.runToEnd();
    expect(copy.ledgerHash()).toBe(engine.ledgerHash());
  });

  it('round-trips a run started from a loaded scenario, and a finished one', () => {
    const loaded = new Engine();
    const scenarioObject = loaded.initialize(doc).scenario!;
    const started = new Engine();
    started.start(scenarioObject, 3);
    started.runToEnd();
    const text = started.exportRun();
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ scenarioForm: 'scenario', status: 'completed' });
    expect(value(Engine.importRun(text)).ledgerHash()).toBe(started.ledgerHash());
    const empty = engineFor(doc);
    expect(value(Engine.importRun(empty.exportRun())).getCurrentTick()).toBe(0);
  });

  it('is HASH_MISMATCH when an event line, the header hash or the scenario was changed', () => {
    const text = sampleRun().exportRun();
    const [head, ...lines] = text.split('\n');
    const tamperedLine = [
      head,
      ...lines.map((l, i) => (i === 3 ? l.replace(/"value":(\d+)/, '"value":$1.5') : l)),
    ].join('\n');
    expect(tamperedLine).not.toBe(text);
    const r1 = Engine.importRun(tamperedLine);
    expect(!r1.ok && r1.error.code).toBe('HASH_MISMATCH');

    const header = JSON.parse(head!);
    // Consistent lines and header hash, but not what the scenario produces.
    const forgedLines = lines.join('\n').replace('"value":100', '"value":101');
    const forgedHash = createHash('sha256').update(forgedLines, 'utf8').digest('hex');
    const r2 = Engine.importRun(`${JSON.stringify({ ...header, ledgerHash: forgedHash })}\n${forgedLines}`);
    expect(!r2.ok && r2.error).toMatchObject({ code: 'HASH_MISMATCH', message: expect.stringContaining('re-execut') });

    const otherSeed = Engine.importRun(`${JSON.stringify({ ...header, seed: 6 })}\n${lines.join('\n')}`);
    expect(!otherSeed.ok && otherSeed.error.code).toBe('HASH_MISMATCH');
    const lateEvents = Engine.importRun(
      `${JSON.stringify({ ...header, inputLog: header.inputLog.map((b: { step: number }) => ({ ...b, step: b.step + 1 })) })}\n${lines.join('\n')}`,
    );
    expect(!lateEvents.ok && lateEvents.error.code).toBe('HASH_MISMATCH');
  });

  it('is INVALID_LEDGER for text that is not an export', () => {
    const text = sampleRun().exportRun();
    const header = JSON.parse(text.split('\n')[0]!);
    const rest = text.slice(text.indexOf('\n'));
    const cases = [
      '',
      'not json\n{}',
      '[1,2]',
      JSON.stringify({ ...header, format: 'other' }) + rest,
      JSON.stringify({ ...header, formatVersion: 99 }) + rest,
      JSON.stringify({ ...header, ledgerHash: 'abc' }) + rest,
      JSON.stringify({ ...header, step: -1 }) + rest,
      JSON.stringify({ ...header, inputLog: [{ step: 9, events: [] }] }) + rest,
      JSON.stringify({ ...header, scenario: { version: '3.0', nodes: [{ nodeId: 'x', type: 'Nope' }] } }) + rest,
      JSON.stringify({ ...header, inputLog: [{ step: 0, events: [{ targetDataSourceId: 'nobody' }] }] }) + rest,
    ];
    for (const c of cases) {
      const r = Engine.importRun(c);
      expect(r.ok, c.slice(0, 80)).toBe(false);
      if (!r.ok) expect(r.error.code, `${c.slice(0, 80)}: ${r.error.message}`).toBe('INVALID_LEDGER');
    }
  });

  it('refuses a first line that is JSON but not an object, null included, as INVALID_LEDGER (not a throw)', () => {
    const rest = sampleRun().exportRun();
    for (const head of ['null', '[]', '["run"]', '7', '"header"', 'true']) {
      const r = Engine.importRun(`${head}\n${rest}`);
      expect(r.ok ? null : { code: r.error.code, message: r.error.message }, head).toEqual({
        code: 'INVALID_LEDGER',
        message: 'not a valid exported run: its header is not a JSON object',
      });
    }
  });

  it('names why a header cannot be read: a first line that is not JSON, a header without a scenario', () => {
    const text = sampleRun().exportRun();
    const header = JSON.parse(text.split('\n')[0]!);
    const rest = text.slice(text.indexOf('\n'));
    const refusal = (t: string) => {
      const r = Engine.importRun(t);
      return r.ok ? null : { code: r.error.code, message: r.error.message };
    };
    for (const head of ['not json', '{"format":', '']) {
      expect(refusal(head + rest), head).toEqual({
        code: 'INVALID_LEDGER',
        message: 'not a valid exported run: its first line is not JSON: an exported run starts with a header line',
      });
    }
    const withoutScenario = { ...header };
    delete withoutScenario.scenario;
    for (const head of [withoutScenario, { ...header, scenario: null }, { ...header, scenario: 'wrapped' }]) {
      expect(refusal(JSON.stringify(head) + rest), JSON.stringify(head.scenario)).toEqual({
        code: 'INVALID_LEDGER',
        message: 'not a valid exported run: its header has no scenario',
      });
    }
  });

  it('names the format version it cannot read, as the file gives it, and the one it reads', () => {
    const text = sampleRun().exportRun();
    const header = JSON.parse(text.split('\n')[0]!);
    const rest = text.slice(text.indexOf('\n'));
    const refusal = (formatVersion: unknown) => {
      const r = Engine.importRun(JSON.stringify({ ...header, formatVersion }) + rest);
      return r.ok ? null : { code: r.error.code, message: r.error.message };
    };
    expect(refusal(2)).toEqual({
      code: 'INVALID_LEDGER',
      message: 'not a valid exported run: its format version 2 is not supported (this engine reads version 1)',
    });
    expect(refusal('1')!.message).toBe(
      'not a valid exported run: its format version "1" is not supported (this engine reads version 1)',
    );
  });

  it('refuses a negative step, event count or batch step as not a whole number, naming which', () => {
    const text = sampleRun().exportRun();
    const header = JSON.parse(text.split('\n')[0]!);
    const rest = text.slice(text.indexOf('\n'));
    const refusal = (head: Record<string, unknown>) => {
      const r = Engine.importRun(JSON.stringify(head) + rest);
      return r.ok ? null : { code: r.error.code, message: r.error.message };
    };
    // Steps and counts start at 0: -1 is refused where it stands, not later for what follows from it.
    expect(refusal({ ...header, step: -1 })).toEqual({
      code: 'INVALID_LEDGER',
      message: 'not a valid exported run: its header\'s "step" is not a whole number',
    });
    expect(refusal({ ...header, ledgerEvents: -1 })).toEqual({
      code: 'INVALID_LEDGER',
      message: 'not a valid exported run: its header\'s "ledgerEvents" is not a whole number',
    });
    expect(refusal({ ...header, inputLog: [{ step: -1, events: [] }] })).toEqual({
      code: 'INVALID_LEDGER',
      message: 'not a valid exported run: input batch 0 is not {step, events}',
    });
  });

  it('names the step a re-run stopped at when it ends before an input batch’s step', () => {
    const text = sampleRun().exportRun();
    const header = JSON.parse(text.split('\n')[0]!);
    const rest = text.slice(text.indexOf('\n'));
    // The same document with maxSteps 3: the re-run adds batches 0 and 1 (steps 0 and 2), then is
    // truncated at step 3, before step 5 where batch 2 was added.
    const scenarioDoc = { ...header.scenario, scenario: { ...header.scenario.scenario, maxSteps: 3 } };
    const r = Engine.importRun(JSON.stringify({ ...header, scenario: scenarioDoc }) + rest);
    expect(r.ok ? null : { code: r.error.code, message: r.error.message }).toEqual({
      code: 'HASH_MISMATCH',
      message:
        'the exported run does not match its re-execution: the re-run stopped at step 3, before step 5 where input batch 2 was added',
    });
  });

  it('is INVALID_LEDGER, not a throw, when the header’s loaded scenario cannot be run', () => {
    // A run started from a loaded scenario exports it as is (scenarioForm "scenario"); a file whose
    // scenario was then broken still hashes right (the event lines are untouched), so it gets as far
    // as the re-run, which cannot start.
    const scenarioObject = new Engine().initialize(doc).scenario!;
    const started = new Engine();
    started.start(scenarioObject, 3);
    started.advance(2);
    const text = started.exportRun();
    const end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end));
    expect(header.scenarioForm).toBe('scenario');
    const broken = JSON.stringify({ ...header, scenario: { ...header.scenario, nodes: 5 } }) + text.slice(end);
    const r = Engine.importRun(broken);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('INVALID_LEDGER');
      expect(r.error.message).toMatch(/^not a valid exported run: its scenario cannot be run: ./);
    }
  });

  it('is INVALID_LEDGER naming the loader’s errors when the header’s document no longer loads', () => {
    // A run started from a document exports it as given (scenarioForm "document"); breaking its
    // "nodes" leaves the event lines (and so their hash) intact, so the re-run's load is what fails,
    // and the reason lists each loader error as "<path>: <message>".
    const text = sampleRun().exportRun();
    const end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end));
    expect(header.scenarioForm).toBe('document');
    const document = { ...header.scenario, scenario: { ...header.scenario.scenario, nodes: 5 } };
    const r = Engine.importRun(JSON.stringify({ ...header, scenario: document }) + text.slice(end));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('INVALID_LEDGER');
      expect(r.error.message).toMatch(
        /^not a valid exported run: its scenario does not load: \/scenario\/nodes: "nodes" /,
      );
    }
  });

  it('hashes the same with an injected native hasher as with the default one', () => {
    const plain = sampleRun();
    const native = sampleRun(new Engine({ hasher: nodeSha256 }));
    expect(native.ledgerHash()).toBe(plain.ledgerHash());
    expect(value(Engine.importRun(plain.exportRun(), { hasher: nodeSha256 })).ledgerHash()).toBe(plain.ledgerHash());
    for (const name of ['order-pipeline', 'ssh-sessions']) {
      const summary = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/golden', `${name}.summary.json`), 'utf8'));
      const engine = new Engine({ hasher: nodeSha256 });
      engine.initialize(JSON.parse(readFileSync(join(ROOT, 'examples', `${name}.json`), 'utf8')));
      const events = join(ROOT, 'examples', `${name}.events.ndjson`);
      if (name === 'ssh-sessions') {
        engine.getExternalEventQueue().addEvents(
          readFileSync(events, 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => JSON.parse(l)),
        );
      }
      engine.runToEnd();
      expect(engine.ledgerHash()).toBe(summary.ledgerHash);
    }
    expect(run(doc).ledgerHash()).toBe(run(doc).ledgerHash());
  });

  it('round-trips a run fed events in the original tool shape (tests/fixtures/pled/document-review): same hash, same input log', () => {
    const pled = (f: string) => JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/pled', f), 'utf8'));
    const engine = new Engine();
    engine.initialize(pled('document-review.json'));
    const events = pled('document-review.events.json') as TypedEvent[];
    expect(engine.getExternalEventQueue().addEvents(events)).toEqual({ ok: true, added: 8 });
    engine.runToEnd();
    const copy = value(Engine.importRun(engine.exportRun()));
    expect(copy.inputLog()).toEqual([{ step: 0, events }]);
    expect(copy.ledgerHash()).toBe(engine.ledgerHash());
    expect(copy.status).toBe('completed');
  });
});
