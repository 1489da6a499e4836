/**
 * `flowledger run --lineage <correlationId>` and `--at N`, run as a user runs them: the built
 * bundle, spawned (`npm install` and `npm test` build it).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine';
import { cli, ROOT } from './helpers';
import { readFileSync } from 'node:fs';

const example = join(ROOT, 'examples', 'order-pipeline.json');

describe('flowledger run --lineage / --at', () => {
  it('adds the lineage of a correlation id to the output', () => {
    const r = cli('run', example, '--lineage', 'orders-3');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      'steps',
      'status',
      'ledgerEvents',
      'ledgerHash',
      'sinks',
      'nodeStates',
      'eventsConsumed',
      'transitionsFired',
      'warnings',
      'lineage',
    ]);
    expect(out.lineage.correlationId).toBe('orders-3');
    expect(out.lineage.step).toBe(out.steps);
    expect(out.lineage.path[0]).toMatchObject({
      nodeId: 'orders',
      operation: 'TOKEN_GENERATED',
      tokenId: 'orders#3',
      step: 3,
    });
    // The same answer as the engine in-process.
    const engine = new Engine();
    engine.initialize(JSON.parse(readFileSync(example, 'utf8')));
    engine.runToEnd();
    const lineage = engine.lineage('orders-3');
    expect(lineage.ok && JSON.parse(JSON.stringify(lineage.value))).toEqual(out.lineage);
  });

  it('adds the state right after an earlier step of the same run', () => {
    const r = cli('run', example, '--at', '5', '--lineage', 'customers-1');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.stateAt)).toEqual(['step', 'nodeStates', 'sinks']);
    expect(out.stateAt.step).toBe(5);
    expect(out.stateAt.nodeStates.orders).toMatchObject({ tokensProcessed: 5 });
    expect(out.stateAt.sinks.invoices).toEqual({ count: 1, sum: 138, values: [138] });
    expect(out.steps).toBe(18);
    // Reading step 5 did not change the run: same hash as a plain run.
    expect(out.ledgerHash).toBe(JSON.parse(cli('run', example).stdout).ledgerHash);
    const last = JSON.parse(cli('run', example, '--at', '18').stdout);
    expect(last.stateAt.sinks).toEqual(last.sinks);
    expect(last.stateAt.nodeStates).toEqual(last.nodeStates);
  });

  it('exits 2 with a clear message for a step beyond the run or an unknown correlation id', () => {
    const beyond = cli('run', example, '--until', '4', '--at', '5');
    expect(beyond.code).toBe(2);
    expect(beyond.stdout).toBe('');
    expect(beyond.stderr).toMatch(/--at: step 5 is out of range: the run is at step 4/);
    const unknown = cli('run', example, '--lineage', 'nobody-1');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/nobody-1/);
    const bad = cli('run', example, '--at', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--at must be a step number/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
