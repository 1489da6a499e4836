import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cli, tempFiles } from './helpers';

const valid = {
  version: '3.0',
  name: 'Tiny',
  nodes: [
    {
      nodeId: 'source',
      type: 'DataSource',
      generation: { type: 'constant', value: 1 },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    { nodeId: 'sink', type: 'Sink' },
  ],
};

const invalid = {
  version: '3.0',
  nodes: [
    {
      nodeId: 'source',
      type: 'DataSource',
      generation: { type: 'constant', value: 1 },
      outputs: [{ destinationNodeId: 'sinkk' }],
    },
    { nodeId: 'sink', type: 'Sink', outputs: [{ destinationNodeId: 'source' }] },
  ],
};

describe('flowledger validate', () => {
  const dir = tempFiles({
    'valid.json': JSON.stringify(valid),
    'invalid.json': JSON.stringify(invalid, null, 2),
    'broken.json': '{\n  "version": "3.0",\n  "nodes": [,]\n}\n',
  });

  it('exits 0 for a valid scenario and names it on stdout', () => {
    const r = cli('validate', join(dir, 'valid.json'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('valid');
    expect(r.stdout).toContain('"Tiny"');
  });

  it('exits 2 with every issue, its JSON path and a sentence on stderr', () => {
    const r = cli('validate', join(dir, 'invalid.json'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/\/nodes\/0\/outputs\/0\/destinationNodeId: .*"sinkk".*did you mean "sink"/);
    expect(r.stderr).toMatch(/\/nodes\/1\/outputs\b.*Sink/);
  });

  it('reports a JSON syntax error with its line and column', () => {
    const r = cli('validate', join(dir, 'broken.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json:3:\d+: not valid JSON/);
  });

  it('prints a usage message for bad arguments', () => {
    for (const args of [['validate'], ['validate', 'a.json', 'b.json'], ['validate', '--strict', 'a.json']]) {
      const r = cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/usage: flowledger validate <scenario\.json>/);
    }
  });

  it('names a missing file without a stack trace', () => {
    const r = cli('validate', join(dir, 'nope.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*nope\.json: no such file/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists the commands for --help and an unknown command', () => {
    const help = cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('validate <scenario.json>');
    const unknown = cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });
});
