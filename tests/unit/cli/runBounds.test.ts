/**
 * Issue 21, items 5 and 6 on the command line: a truncated run says which bound closed it
 * (`truncatedBy`, `truncation`), `--time-limit` bounds the wall time of a run, and a template whose
 * time window overflows is refused (exit 2 with the path) instead of printing `"steps": null`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers';

const loop = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: '3.0',
    maxSteps: 1_000_000,
    ...extra,
    nodes: [
      { nodeId: 'src', type: 'DataSource', count: 1, outputs: [{ destinationNodeId: 'loop' }] },
      { nodeId: 'loop', type: 'ProcessNode', formula: 'value + 1', outputs: [{ destinationNodeId: 'loop' }] },
    ],
  });

describe('run reports the bound that ended it', () => {
  it('maxWork: truncatedBy and the sentence', () => {
    const dir = tempFiles({ 'loop.json': loop({ maxWork: 1000 }) });
    const r = cli('run', join(dir, 'loop.json'));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('truncated');
    expect(out.truncatedBy).toBe('maxWork');
    expect(out.truncation).toBe('truncated: maxWork (1000 work units) was reached before the run completed');
  });

  it('--time-limit ends a long run as truncated by "deadline"', () => {
    const dir = tempFiles({ 'loop.json': loop() });
    const r = cli('run', join(dir, 'loop.json'), '--time-limit', '0.2');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('truncated');
    expect(out.truncatedBy).toBe('deadline');
    expect(out.steps).toBeGreaterThan(0);
    expect(out.steps).toBeLessThan(1_000_000);
    expect(cli('run', join(dir, 'loop.json'), '--time-limit', '0').code).toBe(2);
  });

  it('a time window of 1e308 is refused with its path', () => {
    const doc = {
      version: '3.0',
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 2, outputs: [{ destinationNodeId: 'agg' }] },
        {
          nodeId: 'agg',
          type: 'Aggregator',
          aggregation: { method: 'sum', trigger: { type: 'time', window: 1e308 } },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        { nodeId: 'sink', type: 'Sink' },
      ],
    };
    const dir = tempFiles({ 'w.json': JSON.stringify(doc) });
    const r = cli('run', join(dir, 'w.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/nodes/1/aggregation/trigger/window');
    expect(r.stdout).toBe('');
  });
});

describe('bench --only chaos', () => {
  it('runs the chaos row alone: the worst hostile template ends truncated by a named bound', () => {
    const r = cli('bench', '--only', 'chaos', '--quick', '--json');
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.rows.map((row: { id: string }) => row.id)).toEqual(['X1']);
    expect(report.X1.status).toBe('truncated');
    expect(['maxSteps', 'maxEvents', 'maxWork']).toContain(report.X1.truncatedBy);
    // The doubling chain and the nesting self-loop each end in a NODE_ERROR at the size bound.
    expect(report.X1.nodeErrors).toBeGreaterThanOrEqual(2);
    expect(report.X1.peakRssMiB).toBeGreaterThan(0);
    expect(report.rows[0].pass).toBe(true);
  }, 60_000);
});
