/**
 * Issue 10, item 10 (command-line part): a template nested 10,000 levels deep gave a stack trace;
 * template names and log lines reached the terminal raw (escape sequences included); `run --ledger
 * /nonexistent/x` said "cannot read"; `validate /root` named an empty path.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from '../cli/helpers';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const tiny = JSON.stringify({
  version: '3.0',
  nodes: [
    { nodeId: 's', type: 'DataSource', count: 1, outputs: [{ destinationNodeId: 'k' }] },
    { nodeId: 'k', type: 'Sink' },
  ],
});

describe('command-line input and output', () => {
  it('refuses a template nested 10,000 levels deep with exit 2, naming the depth and the place', () => {
    const dir = tempFiles({ 'deep.json': `{"version":"3.0","nodes":${nested(10_000)}}` });
    const r = cli('validate', join(dir, 'deep.json'));
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).not.toContain('    at ');
    const all = r.stdout + r.stderr;
    expect(all).toContain('deep.json:1:281: JSON nested more than 256 levels deep');
  });

  it('refuses events nested 10,000 levels deep with exit 2', () => {
    const dir = tempFiles({ 't.json': tiny, 'e.ndjson': `{"targetDataSourceId":"s","v":${nested(10_000)}}\n` });
    const r = cli('run', join(dir, 't.json'), '--events', join(dir, 'e.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('e.ndjson:1:');
    expect(r.stderr).toContain('more than 256 levels deep');
    expect(r.stderr).not.toContain('    at ');
  });

  it('says "cannot write" for a ledger in a missing folder, and names the folder validate cannot read', () => {
    const dir = tempFiles({ 't.json': tiny });
    const w = cli('run', join(dir, 't.json'), '--ledger', '/nonexistent/x');
    expect(w.code).toBe(2);
    expect(w.stderr).toBe('flowledger run: cannot write /nonexistent/x: no such folder\n');
    const r = cli('validate', dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`flowledger validate: cannot read ${dir}: is a folder\n`);
  });

  it('escapes control characters of log lines and node ids instead of sending them to the terminal', () => {
    const dir = tempFiles({
      'a.log': 'ok fine\n\u001b]0;title\u0007 evil \u009b2J\n',
      'bad.json': JSON.stringify({
        version: '3.0',
        nodes: [
          { nodeId: 's', type: 'DataSource', outputs: [{ destinationNodeId: 'x\u009b2J\u001b[31m' }] },
          { nodeId: 'k', type: 'Sink' },
        ],
      }),
    });
    const p = cli('parse', join(dir, 'a.log'), '--regex', '^ok (?<Content>.*)$');
    expect(p.code).toBe(0);
    expect(p.stderr).toContain('line 2: \\u001b]0;title\\u0007 evil \\u009b2J');
    const v = cli('validate', join(dir, 'bad.json'));
    expect(v.code).toBe(2);
    // eslint-disable-next-line no-control-regex
    expect(v.stdout + v.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(v.stdout + v.stderr).toContain('\\u009b2J');
  });
});
