import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers';

/**
 * The shard analysis of formulas, as a user meets it on the command line: a Multiplexer whose
 * condition reads the whole token (`string(token)`, so the token's id decides the route) is refused
 * by `shardable`, `run --shard` and `run --workers`, naming the form, where before it was accepted
 * and `--workers 2` printed another ledger hash and other Sink counts with exit 0; the same
 * condition over `token.data` is accepted and `--workers 2` gives the single run's ledger.
 */
describe('shardable, run --shard and run --workers on a formula over the whole token', () => {
  const template = (condition: string) =>
    JSON.stringify({
      version: '3.0',
      seed: 1,
      tickMs: 1000,
      maxSteps: 1000,
      nodes: [
        { nodeId: 'log', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'route' }] },
        {
          nodeId: 'route',
          type: 'Multiplexer',
          multiplexing: { strategy: 'conditional', conditions: [condition, 'true'] },
          outputs: [{ destinationNodeId: 'ones' }, { destinationNodeId: 'rest' }],
        },
        { nodeId: 'ones', type: 'Sink' },
        { nodeId: 'rest', type: 'Sink' },
      ],
    });
  const events = Array.from({ length: 24 }, (_, i) =>
    JSON.stringify({ targetDataSourceId: 'log', correlationId: `s${i % 6}`, v: i }),
  ).join('\n');
  const dir = tempFiles({
    'byId.json': template("contains(string(token), '1')"),
    'byData.json': template("contains(string(token.data), '1')"),
    'events.ndjson': `${events}\n`,
  });
  const at = (name: string) => join(dir, name);

  it('refuses the condition over the whole token, naming it, in shardable, run --shard and run --workers', () => {
    const reason =
      'route: uses the whole token as a value in `string(token)`, which carries its id, numbered across all correlation ids';
    let r = cli('shardable', at('byId.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
    r = cli('run', at('byId.json'), '--events', at('events.ndjson'), '--shard', '0/2', '--ledger', at('s0.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
    r = cli('run', at('byId.json'), '--events', at('events.ndjson'), '--workers', '2', '--ledger', at('w.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
  }, 60_000);

  it('accepts the condition over token.data, and --workers 2 writes the single run’s ledger and summary', () => {
    expect(cli('shardable', at('byData.json')).code).toBe(0);
    const single = cli('run', at('byData.json'), '--events', at('events.ndjson'), '--ledger', at('single.ndjson'));
    expect(single.code).toBe(0);
    const workers = cli(
      'run',
      at('byData.json'),
      '--events',
      at('events.ndjson'),
      '--workers',
      '2',
      '--ledger',
      at('workers.ndjson'),
    );
    expect(workers.stderr).toBe('');
    expect(workers.code).toBe(0);
    expect(JSON.parse(workers.stdout)).toEqual(JSON.parse(single.stdout));
    // Both Sinks get tokens, so the route is exercised.
    const sinks = (JSON.parse(single.stdout) as { sinks: Record<string, { count: number }> }).sinks;
    expect(sinks['ones']!.count).toBeGreaterThan(0);
    expect(sinks['rest']!.count).toBeGreaterThan(0);
    expect(readFileSync(at('workers.ndjson'), 'utf8')).toBe(readFileSync(at('single.ndjson'), 'utf8'));
  }, 60_000);
});
