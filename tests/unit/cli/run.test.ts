import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../../src/cli/command';
import { main } from '../../../src/cli/main';
import { Engine } from '../../../src/engine';
import { cli, ROOT, tempFiles } from './helpers';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

/** Runs the command line in-process with captured output (files written are kept in memory). */
async function runCli(...argv: string[]): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: (p) => readFile(p, 'utf8'),
    writeFile: async (p, c) => void files.set(p, typeof c === 'string' ? c : [...c].join('')),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, files };
}

const example = (name: string) => join(ROOT, 'examples', name);
const golden = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/golden', `${name}.summary.json`), 'utf8'));

const tiny = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: '3.0',
    nodes: [
      {
        nodeId: 'src',
        type: 'DataSource',
        generation: { type: 'random', valueMin: 1, valueMax: 100 },
        count: 5,
        outputs: [{ destinationNodeId: 'sink' }],
        ...extra,
      },
      { nodeId: 'sink', type: 'Sink' },
    ],
  });

describe('flowledger run', () => {
  it('prints one JSON object: steps, status, ledger size and hash, sinks and node states', async () => {
    const r = await runCli('run', example('order-pipeline.json'));
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
    ]);
    expect(out).toMatchObject({ steps: 18, status: 'completed', ledgerEvents: 112 });
    expect(out.ledgerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(out.ledgerHash).toBe(golden('order-pipeline').ledgerHash);
    expect(out.sinks.revenueReport).toEqual({ count: 2, sum: 491.9 + 275.4, values: [491.9, 275.4] });
    expect(Object.keys(out.sinks)).toEqual(['reviewed', 'invoices', 'smallOrders', 'revenueReport']);
    expect(out.nodeStates.router).toMatchObject({ nodeId: 'router', currentState: null, tokensProcessed: 12 });
  });

  it('gives the same hash on every run', async () => {
    const a = JSON.parse((await runCli('run', example('load-balancer.json'))).stdout);
    const b = JSON.parse((await runCli('run', example('load-balancer.json'))).stdout);
    expect(b.ledgerHash).toBe(a.ledgerHash);
    expect(a.ledgerHash).toBe(golden('load-balancer').ledgerHash);
  });

  it('feeds external events from NDJSON (--events)', async () => {
    const out = JSON.parse(
      (await runCli('run', example('ssh-sessions.json'), '--events', example('ssh-sessions.events.ndjson'))).stdout,
    );
    expect(out.ledgerHash).toBe(golden('ssh-sessions').ledgerHash);
    expect(out.nodeStates.sshLog.tokensProcessed).toBe(14);
  });

  it('accepts events as a JSON array too', async () => {
    const events = readFileSync(example('ssh-sessions.events.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const dir = tempFiles({ 'events.json': JSON.stringify(events) });
    const out = JSON.parse(
      (await runCli('run', example('ssh-sessions.json'), '--events', join(dir, 'events.json'))).stdout,
    );
    expect(out.ledgerHash).toBe(golden('ssh-sessions').ledgerHash);
  });

  it('says how many external events were consumed and FSM transitions fired', async () => {
    const out = JSON.parse(
      (await runCli('run', example('ssh-sessions.json'), '--events', example('ssh-sessions.events.ndjson'))).stdout,
    );
    // 14 events. Per session: 1 connect → auth_ok → disconnect (3); 2 connect → auth_fail → auth_fail,
    // locked (3); 3 connect → auth_fail → auth_ok → disconnect (4); 4 connect → disconnect, the
    // condition-only transition (2); 5 connect → auth_ok, then the 30-step timer to timedOut (3).
    expect(out).toMatchObject({ eventsConsumed: 14, transitionsFired: 15, warnings: [] });
    // A run without events consumes none and warns of nothing.
    expect(JSON.parse((await runCli('run', example('order-pipeline.json'))).stdout)).toMatchObject({
      eventsConsumed: 0,
      warnings: [],
    });
  });

  it('warns when events were consumed but no machine left its initial state: the sshd log parsed without event rules', async () => {
    // The case: every machine of "SSH session" stays in "new", every Sink empty, yet "completed".
    const dir = tempFiles({});
    const events = join(dir, 'events.ndjson');
    const parsed = cli(
      'parse',
      'public/parser/sources/openssh-2k.log',
      '--preset',
      'openssh',
      '--group-by',
      'Pid',
      '--target',
      'sshLog',
      '--out',
      events,
    );
    expect(parsed.code).toBe(0);
    const r = await runCli('run', example('ssh-sessions.json'), '--events', events);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('completed');
    expect(out.nodeStates.session.aggregates.new).toBe(519);
    expect(out).toMatchObject({ eventsConsumed: 2000, transitionsFired: 0 });
    expect(out.warnings).toEqual([
      `2000 external events were consumed, but no machine of SSH session has left its initial state "new": compare the events' names with the transitions' triggers (flowledger check-events)`,
    ]);
  });

  it('says a log-driven template run without --events waited for events, naming its count-0 DataSource', async () => {
    // The sshLog DataSource of both SSH templates has count 0: it generates nothing and only emits events.
    for (const name of ['ssh-log-sessions.json', 'ssh-sessions.json']) {
      const r = await runCli('run', example(name));
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        steps: 0,
        status: 'completed',
        waitingFor: [{ nodeId: 'sshLog' }],
        message: 'Completed, waiting for external events: none received by "sshLog"; add events to go on (--events)',
      });
    }
    // Fed its events, it waits for nothing; a template whose sources generate does not either.
    const fed = JSON.parse(
      (await runCli('run', example('ssh-sessions.json'), '--events', example('ssh-sessions.events.ndjson'))).stdout,
    );
    expect(fed.waitingFor).toBeUndefined();
    expect(JSON.parse((await runCli('run', example('order-pipeline.json'))).stdout).waitingFor).toBeUndefined();
  });

  it('stops after step N with --until, "running" while work remains; the hash matches an in-process run paused there', async () => {
    const paused = JSON.parse((await runCli('run', example('order-pipeline.json'), '--until', '7')).stdout);
    expect(paused).toMatchObject({ steps: 7, status: 'running' });
    // The CLI cannot resume a run, so "--until N then on" is checked in-process: an engine paused at
    // N (and hashed there) and continued ends with the hash of the uninterrupted CLI run.
    const engine = new Engine();
    engine.initialize(JSON.parse(readFileSync(example('order-pipeline.json'), 'utf8')));
    engine.advance(7);
    expect(engine.ledgerHash()).toBe(paused.ledgerHash);
    engine.runToEnd();
    const whole = JSON.parse((await runCli('run', example('order-pipeline.json'), '--until', 'end')).stdout);
    expect(engine.ledgerHash()).toBe(whole.ledgerHash);
    expect(whole.status).toBe('completed');
    const past = JSON.parse((await runCli('run', example('order-pipeline.json'), '--until', '500')).stdout);
    expect(past).toMatchObject({ steps: 18, status: 'completed', ledgerHash: whole.ledgerHash });
  });

  it('writes the canonical ledger with --ledger; its SHA-256 is the printed hash', async () => {
    const r = await runCli('run', example('approval-fsm.json'), '--ledger', 'out.ndjson');
    const out = JSON.parse(r.stdout);
    const ndjson = r.files.get('out.ndjson')!;
    expect(ndjson.split('\n').filter(Boolean)).toHaveLength(out.ledgerEvents);
    expect(createHash('sha256').update(ndjson, 'utf8').digest('hex')).toBe(out.ledgerHash);
    expect(ndjson).toBe(readFileSync(join(ROOT, 'tests/fixtures/golden/approval-fsm.ledger.ndjson'), 'utf8'));
  });

  it('overrides the seed with --seed', async () => {
    const dir = tempFiles({ 'tiny.json': tiny() });
    const hash = async (...args: string[]) =>
      JSON.parse((await runCli('run', join(dir, 'tiny.json'), ...args)).stdout).ledgerHash;
    expect(await hash('--seed', '5')).toBe(await hash('--seed', '5'));
    expect(await hash('--seed', '5')).not.toBe(await hash('--seed', '6'));
    expect(await hash('--seed', '1')).toBe(await hash());
  });

  it('prints the figure a Sink names (its result) with its value; a Sink that names none prints none (issue 41, item 4)', async () => {
    const doc = (result?: string) =>
      JSON.stringify({
        version: '3.0',
        nodes: [
          {
            nodeId: 'src',
            type: 'DataSource',
            count: 4,
            generation: { type: 'values', values: [2, 4, 6, 12] },
            outputs: [{ destinationNodeId: 'sink' }],
          },
          { nodeId: 'sink', type: 'Sink', ...(result ? { result } : {}) },
        ],
      });
    const dir = tempFiles({ 'avg.json': doc('average'), 'latest.json': doc('latest'), 'plain.json': doc() });
    const sinkOf = async (name: string) => JSON.parse((await runCli('run', join(dir, name))).stdout).sinks.sink;
    expect(await sinkOf('avg.json')).toEqual({ count: 4, sum: 24, values: [2, 4, 6, 12], result: 'average', value: 6 });
    expect(await sinkOf('latest.json')).toMatchObject({ result: 'latest', value: 12 });
    expect(await sinkOf('plain.json')).toEqual({ count: 4, sum: 24, values: [2, 4, 6, 12] });
  });

  it('lists the first 1,000 collected values and counts them all', async () => {
    const dir = tempFiles({ 'many.json': tiny({ count: 1200, generation: { type: 'constant', value: 2 } }) });
    const out = JSON.parse((await runCli('run', join(dir, 'many.json'))).stdout);
    expect(out.sinks.sink.count).toBe(1200);
    expect(out.sinks.sink.sum).toBe(2400);
    expect(out.sinks.sink.values).toHaveLength(1000);
  });

  it('reports "truncated" when maxSteps ends the run', async () => {
    const dir = tempFiles({ 'long.json': JSON.stringify({ ...JSON.parse(tiny()), maxSteps: 3 }) });
    expect(JSON.parse((await runCli('run', join(dir, 'long.json'))).stdout)).toMatchObject({
      steps: 3,
      status: 'truncated',
    });
  });

  it('exits 2 with every issue on stderr for an invalid scenario', async () => {
    const dir = tempFiles({
      'bad.json': JSON.stringify({
        version: '3.0',
        nodes: [{ nodeId: 'a', type: 'DataSource', outputs: [{ destinationNodeId: 'nope' }] }],
      }),
    });
    const r = await runCli('run', join(dir, 'bad.json'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/bad\.json: error: \/nodes\/0\/outputs\/0\/destinationNodeId: .*"nope"/);
    expect(r.stderr).toMatch(/1 error\(s\)/);
  });

  it('exits 2 naming an event whose target is not a DataSource and its position', async () => {
    const dir = tempFiles({
      'tiny.json': tiny(),
      'events.ndjson': '{"targetDataSourceId":"src","value":1}\n{"targetDataSourceId":"sink","value":2}\n',
    });
    const r = await runCli('run', join(dir, 'tiny.json'), '--events', join(dir, 'events.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'events.ndjson:2: event 2: "targetDataSourceId" "sink" is not a DataSource of the scenario',
    );
  });

  it('names the line of a bad NDJSON event, blank lines counted, and its position in a JSON array', async () => {
    const bad = '{"targetDataSourceId":"sink","value":2}';
    const dir = tempFiles({
      'tiny.json': tiny(),
      'events.ndjson': `\n{"targetDataSourceId":"src","value":1}\n\n\n${bad}\n`,
      'events.json': `[\n{"targetDataSourceId":"src","value":1},\n${bad}\n]`,
    });
    const nd = await runCli('run', join(dir, 'tiny.json'), '--events', join(dir, 'events.ndjson'));
    expect(nd.code).toBe(2);
    expect(nd.stderr).toContain('events.ndjson:5: event 2: "targetDataSourceId" "sink" is not a DataSource');
    const arr = await runCli('run', join(dir, 'tiny.json'), '--events', join(dir, 'events.json'));
    expect(arr.code).toBe(2);
    expect(arr.stderr).toContain('events.json: event 2: "targetDataSourceId" "sink" is not a DataSource');
  });

  it('prints the usage and exits 2 for bad arguments', async () => {
    const dir = tempFiles({ 'tiny.json': tiny() });
    const file = join(dir, 'tiny.json');
    for (const args of [
      [],
      [file, file],
      [file, '--until', 'soon'],
      [file, '--seed', 'x'],
      [file, '--fast'],
      [file, '--events'],
    ]) {
      const r = await runCli('run', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/usage: flowledger run <scenario\.json>/);
    }
  });

  it('works from the built bundle as users run it', () => {
    const r = cli('run', example('approval-fsm.json'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).ledgerHash).toBe(golden('approval-fsm').ledgerHash);
  });
});

describe('flowledger bench', () => {
  it('runs E1–E6 quickly with --quick and reports JSON with the machine and date', async () => {
    const r = await runCli('bench', '--quick', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.machine).toMatchObject({ node: process.version });
    expect(typeof report.machine.cpu).toBe('string');
    expect(Date.parse(report.date)).not.toBeNaN();
    expect(report.E1).toMatchObject({ id: 'E1', tokens: 10_000, target: 1_000_000 });
    expect(report.E1.ledgerEvents).toBeGreaterThan(40_000);
    expect(report.E1.eventsPerSecond).toBeGreaterThan(0);
    expect(report.E2.perEventRatio).toBeGreaterThan(0);
    expect(report.E3.bytesPerEvent).toBeGreaterThan(0);
    expect(report.E4.medianMs).toBeGreaterThan(0);
    expect(report.E5.medianMs).toBeGreaterThanOrEqual(0);
    expect(report.E6.nodes).toBe(5000);
    expect(report.P1).toEqual({ skipped: expect.stringContaining('--loghub') });
    expect(report.rows.map((row: { id: string }) => row.id)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'P1', 'P3']);
  }, 60_000);

  it('prints a table by default, and refuses a --loghub folder without the data', async () => {
    const r = await runCli('bench', '--quick');
    expect(r.stdout).toMatch(/^id\s+workload\s+result\s+target/m);
    expect(r.stdout).toMatch(/^E1\s+run to end.*10,000 tokens/m);
    expect(r.stdout).toMatch(/^E4\s+stateAt/m);
    const bad = await runCli('bench', '--quick', '--loghub', '/nonexistent');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Loghub-2k folders/);
  }, 60_000);
});
