/**
 * `flowledger diff` on the built command line: the output's shape, the exit codes (0 identical, 3
 * different, 2 bad input), both modes (two ledger files; a scenario against another seed, other
 * events or another scenario) and the first divergent step checked against the ledger files
 * themselves, grouped by step the naive way.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempFiles } from './helpers';

const example = (name: string) => join(ROOT, 'examples', name);
const LB = example('load-balancer.json');

/** Writes the ledger of `run <scenario> …args` into `dir` and returns its path and the run's summary. */
function ledgerOf(dir: string, name: string, ...args: string[]): { path: string; summary: Record<string, any> } {
  const path = join(dir, name);
  const r = cli('run', ...args, '--ledger', path);
  expect(r.code, r.stderr).toBe(0);
  return { path, summary: JSON.parse(r.stdout) };
}

/** The naive first divergent step: each file's lines grouped by step, the lowest step whose groups differ. */
function naiveFirstStep(a: string, b: string): number | null {
  const groups = (file: string) => {
    const m = new Map<number, string[]>();
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const step = JSON.parse(line).step as number;
      m.set(step, [...(m.get(step) ?? []), line]);
    }
    return m;
  };
  const ga = groups(a);
  const gb = groups(b);
  const steps = [...new Set([...ga.keys(), ...gb.keys()])].sort((x, y) => x - y);
  return steps.find((s) => (ga.get(s) ?? []).join('\n') !== (gb.get(s) ?? []).join('\n')) ?? null;
}

describe('flowledger diff', () => {
  it('two identical ledger files: exit 0, identical, no divergence, the documented keys', () => {
    const dir = tempFiles({});
    const a = ledgerOf(dir, 'a.ndjson', LB, '--seed', '1');
    const b = ledgerOf(dir, 'b.ndjson', LB, '--seed', '1');
    const r = cli('diff', a.path, b.path);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      'identical',
      'firstDivergentStep',
      'at',
      'ledgers',
      'nodes',
      'sinks',
      'fsm',
      'nodeChanges',
      'why',
    ]);
    expect(out).toMatchObject({ identical: true, firstDivergentStep: null, at: null, why: null });
    expect(out.ledgers.a.events).toBe(a.summary.ledgerEvents);
    for (const row of out.nodes) expect(Object.keys(row)).toEqual(['nodeId', 'nodeType', 'a', 'b', 'delta']);
  });

  it('two ledger files of different seeds: exit 3, the naive first divergent step, the sinks the runs report', () => {
    const dir = tempFiles({});
    const a = ledgerOf(dir, 'a.ndjson', LB, '--seed', '1');
    const b = ledgerOf(dir, 'b.ndjson', LB, '--seed', '2');
    const r = cli('diff', a.path, b.path);
    expect(r.code, r.stderr).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.identical).toBe(false);
    expect(out.firstDivergentStep).toBe(naiveFirstStep(a.path, b.path));
    expect(out.at.step).toBe(out.firstDivergentStep);
    expect(out.at.a.seq).toBe(out.at.seq);
    // What `run` reports of each Sink (its own summary code) is what the comparison totals.
    for (const row of out.sinks) {
      expect(row.a.count).toBe(a.summary.sinks[row.sinkId].count);
      expect(row.b.count).toBe(b.summary.sinks[row.sinkId].count);
      expect(row.a.sum).toBe(a.summary.sinks[row.sinkId].sum);
      expect(row.delta.count).toBe(b.summary.sinks[row.sinkId].count - a.summary.sinks[row.sinkId].count);
    }
    expect(out.sinks.map((s: { sinkId: string }) => s.sinkId).sort()).toEqual(Object.keys(a.summary.sinks).sort());
  });

  it('a scenario against another seed: the same answer as its two ledger files, and why: the seed', () => {
    const dir = tempFiles({});
    const a = ledgerOf(dir, 'a.ndjson', LB, '--seed', '1');
    const b = ledgerOf(dir, 'b.ndjson', LB, '--seed', '2');
    const files = JSON.parse(cli('diff', a.path, b.path).stdout);
    const r = cli('diff', LB, '--seed', '1', '--vs-seed', '2');
    expect(r.code, r.stderr).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.firstDivergentStep).toBe(files.firstDivergentStep);
    expect(out.at).toEqual(files.at);
    // Rows are in scenario order for a scenario, in order of first appearance for ledger files.
    const byId = (rows: Array<{ sinkId: string }>) => [...rows].sort((x, y) => x.sinkId.localeCompare(y.sinkId));
    expect(byId(out.sinks)).toEqual(byId(files.sinks));
    expect(out.why).toEqual({
      differ: ['seed'],
      sameTemplate: true,
      seed: { a: 1, b: 2 },
      events: null,
      template: null,
    });
  });

  it('the same scenario and seed twice: exit 0', () => {
    const r = cli('diff', LB, '--seed', '3', '--vs-seed', '3');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ identical: true, why: { differ: [] } });
  });

  it('another scenario (--vs): why names the changed JSON Pointer', () => {
    const doc = JSON.parse(readFileSync(LB, 'utf8'));
    doc.scenario.nodes[0].count = 20; // the first node is the `requests` DataSource: 30 → 20 requests
    const dir = tempFiles({ 'edited.json': JSON.stringify(doc) });
    const r = cli('diff', LB, '--vs', join(dir, 'edited.json'));
    expect(r.code, r.stderr).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.why).toMatchObject({
      differ: ['template'],
      sameTemplate: false,
      seed: null,
      template: { paths: [{ path: '/scenario/nodes/0/count', a: 30, b: 20 }], more: 0 },
    });
    expect(out.nodes[0]).toEqual({ nodeId: 'requests', nodeType: 'DataSource', a: 30, b: 20, delta: -10 });
  });

  it('other events (--events / --vs-events): why names the first differing event', () => {
    const events = readFileSync(example('ssh-sessions.events.ndjson'), 'utf8').split('\n').filter(Boolean);
    const changed = [...events];
    const third = JSON.parse(changed[2]!);
    changed[2] = JSON.stringify({ ...third, event: 'auth_fail' });
    const dir = tempFiles({ 'other.ndjson': changed.join('\n') });
    const r = cli(
      'diff',
      example('ssh-sessions.json'),
      '--events',
      example('ssh-sessions.events.ndjson'),
      '--vs-events',
      join(dir, 'other.ndjson'),
    );
    expect(r.code, r.stderr).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.why).toMatchObject({
      differ: ['events'],
      events: { index: 2, a: third, b: { ...third, event: 'auth_fail' }, countA: 14, countB: 14 },
    });
  });

  it('bad input: exit 2 with a message, never a stack trace', () => {
    const dir = tempFiles({
      'a.ndjson': '{"nodeId":"x","operation":"TOKEN_GENERATED","step":1}\n',
      'b.ndjson': '{"nodeId":"x","operation":"TOKEN_GENERATED","step":1}\n\nnot json\n',
    });
    const a = join(dir, 'a.ndjson');
    const b = join(dir, 'b.ndjson');
    const bad = cli('diff', a, b);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`${b}:3: not a ledger event: line 3: not valid JSON\n`);
    const missing = cli('diff', a, join(dir, 'missing.ndjson'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`cannot read ${join(dir, 'missing.ndjson')}`);
    expect(cli('diff', a, a, '--vs-seed', '2').code).toBe(2);
    expect(cli('diff').code).toBe(2);
    expect(cli('diff', a, a, a).code).toBe(2);
    expect(cli('diff', LB, '--vs-seed', 'two').stderr).toContain('--vs-seed must be an integer, got "two"');
    expect(cli('diff', LB, '--vs', join(dir, 'a.ndjson')).code).toBe(2);
    for (const r of [bad, missing]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  // Issue 38, item 7: a 300 MB line took over 90 s (reading was quadratic in the line's length)
  // before diff said "not a ledger event"; a line over 64 Mi characters is now refused at once.
  it('a line over the bound (64 Mi characters): exit 2 naming the file and line, in a moment', () => {
    const line = '{"nodeId":"x","operation":"TOKEN_GENERATED","step":1}';
    const dir = tempFiles({ 'a.ndjson': `${line}\n${line}\n` });
    const b = join(dir, 'b.ndjson');
    // 64 Mi characters (MAX_LINE_CHARS) and a few more.
    writeFileSync(b, `${line}\n{"x":"${'a'.repeat(64 * 1024 * 1024)}"}\n${line}\n`);
    const started = performance.now();
    const r = cli('diff', join(dir, 'a.ndjson'), b);
    rmSync(dir, { recursive: true });
    expect(r.stderr).toBe(
      `flowledger diff: ${b}:2: the line is longer than 67,108,864 characters, the most a line of a ledger or shard file may hold (docs/limits.md); it is not read\n`,
    );
    expect(r.code).toBe(2);
    // The quadratic reading took minutes here; reading up to the bound takes under a second.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 120_000);
});
