import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers';

// src → door (FSM on "event": open, close) → done.
const DOOR = JSON.stringify({
  version: '3.0',
  name: 'door',
  nodes: [
    { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'door' }] },
    {
      nodeId: 'door',
      type: 'FSM',
      displayName: 'Door',
      fsm: {
        instancePer: 'correlationId',
        states: [{ name: 'new', isInitial: true }, { name: 'open' }, { name: 'closed', isFinal: true }],
        transitions: [
          { from: 'new', to: 'open', trigger: 'open' },
          { from: 'open', to: 'closed', trigger: 'close' },
        ],
      },
      outputs: [{ destinationNodeId: 'done' }],
    },
    { nodeId: 'done', type: 'Sink' },
  ],
});

const line = (c: string, event: string, target = 'src') =>
  JSON.stringify({ targetDataSourceId: target, correlationId: c, event });

function check(events: string[]) {
  const dir = tempFiles({ 'door.json': DOOR, 'events.ndjson': events.join('\n') });
  return cli('check-events', join(dir, 'door.json'), '--events', join(dir, 'events.ndjson'));
}

describe('flowledger check-events', () => {
  it('reports every event matched on stdout and exits 0', () => {
    const r = check([line('a', 'open'), line('b', 'open'), line('a', 'close')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      '3 events',
      '  3 to DataSource src',
      '3 of 3 events could be taken by a transition of Door reachable from its initial state "new" (FSM door, field "event")',
      '  its transitions listen for: "open", "close"',
      '3 of 3 events can be consumed',
      '',
    ]);
  });

  it('reports a partial match — names no transition takes, transitions never fired, a foreign DataSource — and exits 0', () => {
    const r = check([line('a', 'open'), line('a', 'E7'), line('b', 'E7'), line('b', 'open', 'logs')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      '4 events',
      '  3 to DataSource src',
      '  1 to DataSource logs (not a DataSource of the template)',
      '1 of 4 events could be taken by a transition of Door reachable from its initial state "new" (FSM door, field "event")',
      '  3 reach it (through src)',
      '  its transitions listen for: "open", "close"',
      '  names no transition could take: "E7" ×2',
      '  transitions no event will fire: open → closed on "close"',
      '1 of 4 events can be consumed',
      '',
    ]);
  });

  it('exits 2 with the report on stderr when no event can be consumed', () => {
    const r = check([line('a', 'E1'), line('a', 'E2'), line('b', 'E1')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '3 events',
      '  3 to DataSource src',
      '0 of 3 events could be taken by a transition of Door reachable from its initial state "new" (FSM door, field "event")',
      '  its transitions listen for: "open", "close"',
      '  names no transition could take: "E1" ×2, "E2" ×1',
      '  transitions no event will fire: new → open on "open", open → closed on "close"',
    ]);
    expect(lines[6]).toMatch(/^no event can be consumed: /);
  });

  it('exits 2 for the SSH sessions template fed the sshd log parsed without event rules, though one transition has only a condition', () => {
    // examples/ssh-sessions.json's "connected → closed" has no trigger, only data.event == 'disconnect':
    // events named by template id (E9, E11, …) make it false, and no trigger names them either.
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
    const r = cli('check-events', 'examples/ssh-sessions.json', '--events', events);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[2]).toBe(
      '0 of 2000 events could be taken by a transition of SSH session reachable from its initial state "new" (FSM session, field "event")',
    );
    expect(lines[5]).toContain("connected → closed when data.event == 'disconnect'");
    expect(lines[6]).toMatch(/^no event can be consumed: /);
  });

  it('exits 2 when the events all go to a DataSource the template lacks', () => {
    const r = check([line('a', 'open', 'logs')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  1 to DataSource logs (not a DataSource of the template)\n');
    expect(r.stderr).toContain('0 of 1 events could be taken by a transition of Door');
  });

  it('exits 2 on a missing --events, a missing scenario, or an unreadable events file', () => {
    const dir = tempFiles({ 'door.json': DOOR, 'bad.ndjson': '{"event": "open"\n' });
    expect(cli('check-events', join(dir, 'door.json')).code).toBe(2);
    expect(cli('check-events', '--events', join(dir, 'bad.ndjson')).code).toBe(2);
    const bad = cli('check-events', join(dir, 'door.json'), '--events', join(dir, 'bad.ndjson'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.ndjson');
  });

  it('is listed by --help', () => {
    const r = cli('--help');
    expect(r.stdout).toContain('flowledger check-events <scenario.json> --events <events.ndjson>');
  });
});
