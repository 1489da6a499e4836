import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preview } from '../../../src/worker/parsing/ingestOps';

// Pid 1 logs in and out; pid 2 fails. Rules name "login ok" and "logout"; "login failed" keeps its template id.
const LOG = '1 login ok\n2 login failed\n1 logout\n';
const CONFIG = {
  name: 'tiny',
  format: { kind: 'format' as const, pattern: '<Pid> <Content>' },
  groupByField: 'Pid',
  mapping: {
    targetDataSourceId: 'logs',
    eventRules: [
      { pattern: '^login ok', event: 'in' },
      { pattern: '^logout', event: 'out' },
    ],
  },
};
const SCENARIO = {
  version: '3.0',
  name: 'sessions',
  nodes: [
    { nodeId: 'feed', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'session' }] },
    {
      nodeId: 'session',
      type: 'FSM',
      displayName: 'Session',
      fsm: {
        instancePer: 'correlationId',
        states: [{ name: 'out', isInitial: true }, { name: 'in' }],
        transitions: [
          { from: 'out', to: 'in', trigger: 'in' },
          { from: 'in', to: 'out', trigger: 'out' },
          { from: 'out', to: 'out', trigger: 'fail' },
        ],
      },
    },
  ],
};

describe('the preview’s events', () => {
  it('lists each event name with its count, correlation ids and the fields a formula reads', () => {
    const a = preview(LOG, CONFIG);
    if (!a.ok) throw new Error(a.message);
    expect(a.coverage).toBeNull();
    expect(
      a.events.map((r) => [
        r.name.replace(/^E\d+$/, 'E#'),
        r.target,
        r.count,
        r.correlationIds,
        r.exampleCorrelationId,
      ]),
    ).toEqual([
      // Ties on count: by name, code-unit order (upper case first).
      ['E#', 'logs', 1, 1, '2'],
      ['in', 'logs', 1, 1, '1'],
      ['out', 'logs', 1, 1, '1'],
    ]);
    const fields = a.events[1]!.fields;
    for (const f of ['correlationId', 'event', 'Pid', 'content', 'eventId', 'params']) expect(fields).toContain(f);
    expect(fields).not.toContain('targetDataSourceId');
  });

  it('addresses the events to the chosen DataSource and counts those a transition of the template’s FSM takes', () => {
    const a = preview(LOG, CONFIG, { scenario: SCENARIO, targetDataSourceId: 'feed' });
    if (!a.ok) throw new Error(a.message);
    expect(a.events.every((r) => r.target === 'feed')).toBe(true);
    const c = a.coverage!;
    expect(c.events).toBe(3);
    expect(c.consumable).toBe(2);
    expect(c.fsms[0]).toMatchObject({ label: 'Session', reaching: 3, matching: 2 });
    expect(c.fsms[0]!.unfired).toEqual([{ from: 'out', to: 'out', event: 'fail' }]);
  });

  it('says so when the template does not load', () => {
    const a = preview(LOG, CONFIG, { scenario: { version: '3.0', nodes: 'no' }, targetDataSourceId: 'feed' });
    if (!a.ok) throw new Error(a.message);
    expect(a.coverage).toBeNull();
    expect(a.coverageProblem).toMatch(/does not load/);
  });

  it('gives the bundled sshd log the coverage `flowledger check-events` reports for the same events', () => {
    const seeded = JSON.parse(readFileSync('public/parser/configs/openssh-sessions.json', 'utf8'));
    const template = JSON.parse(readFileSync('examples/ssh-log-sessions.json', 'utf8'));
    const log = readFileSync('public/parser/sources/openssh-2k.log', 'utf8');
    const a = preview(log, seeded, { scenario: template.scenario, targetDataSourceId: 'sshLog' });
    if (!a.ok) throw new Error(a.message);
    const dir = mkdtempSync(join(tmpdir(), 'flowledger-events-'));
    const out = join(dir, 'events.ndjson');
    const cli = (...args: string[]) => execFileSync('node', ['bin/flowledger.mjs', ...args], { encoding: 'utf8' });
    cli(
      'parse',
      'public/parser/sources/openssh-2k.log',
      '--config',
      'public/parser/configs/openssh-sessions.json',
      '--out',
      out,
    );
    const report = cli('check-events', 'examples/ssh-log-sessions.json', '--events', out);
    const f = a.coverage!.fsms[0]!;
    expect(report).toContain(
      `${f.matching} of ${a.coverage!.events} events could be taken by a transition of Connection attempt`,
    );
    expect(a.coverage!.events).toBe(2000);
  });
});
