/**
 * Issue 10, item 5: a run that is allowed to exist must be readable and exportable. A ledger whose
 * canonical NDJSON is longer than the longest string JavaScript can hold (2^29 - 24 characters in V8)
 * made `run --ledger` fail with "Invalid string length", as `GET …/ledger` and `…/export` did in the
 * browser. Exports are now produced in chunks (`Ledger.ndjsonStream` / `ndjsonChunks`) and written
 * or answered chunk by chunk, never joined.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { cli } from '../cli/helpers';

const V8_MAX_STRING = 2 ** 29 - 24;

function sourceToSink(count: number) {
  return {
    version: '3.0',
    maxSteps: 10_000_000,
    maxEvents: 100_000_000,
    nodes: [
      { nodeId: 's', type: 'DataSource', interval: 1, count, outputs: [{ destinationNodeId: 'k' }] },
      { nodeId: 'k', type: 'Sink' },
    ],
  };
}

describe('exports longer than a string can be', () => {
  it('chunks join to exactly the canonical text, each about 64 KiB', () => {
    const engine = new Engine();
    engine.initialize(sourceToSink(2000));
    engine.runToEnd();
    const chunks = engine.ledger.ndjsonChunks();
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.join('')).toBe(engine.ledger.toNdjson());
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(64 * 1024 + 1024);
    expect(engine.exportRunChunks().join('')).toBe(engine.exportRun());
  });

  it('run --ledger writes a ledger of more than 2^29 characters whole, hashing to the run’s ledger hash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flowledger-big-'));
    try {
      // About 219 characters an event, two events a token: 1,300,000 tokens ≈ 570 M characters.
      writeFileSync(join(dir, 'big.json'), JSON.stringify(sourceToSink(1_300_000)));
      const r = cli('run', join(dir, 'big.json'), '--ledger', join(dir, 'ledger.ndjson'));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const summary = JSON.parse(r.stdout) as { ledgerEvents: number; ledgerHash: string };
      expect(summary.ledgerEvents).toBe(2_600_000);
      expect(statSync(join(dir, 'ledger.ndjson')).size).toBeGreaterThan(V8_MAX_STRING);
      const hash = createHash('sha256');
      let lines = 0;
      for await (const chunk of createReadStream(join(dir, 'ledger.ndjson'))) {
        hash.update(chunk as Buffer);
        for (const byte of chunk as Buffer) if (byte === 10) lines++;
      }
      expect(lines).toBe(summary.ledgerEvents);
      expect(hash.digest('hex')).toBe(summary.ledgerHash);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
