import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempFiles } from './helpers';

const line = (c: string, a: string) => JSON.stringify({ targetDataSourceId: 'src', correlationId: c, event: a });
// Traces: c1 a b c d, c2 a c d, c3 a b c d (interleaved).
const LOG = [
  line('c1', 'a'),
  line('c2', 'a'),
  line('c1', 'b'),
  line('c2', 'c'),
  line('c1', 'c'),
  line('c3', 'a'),
  line('c2', 'd'),
  line('c3', 'b'),
  line('c1', 'd'),
  line('c3', 'c'),
  line('c3', 'd'),
].join('\n');

// new --open--> open (pings + 1), open --ping--> open, open --close [pings >= 2]--> closed.
const DOOR = JSON.stringify({
  version: '3.0',
  name: 'door',
  nodes: [
    { nodeId: 'src', type: 'DataSource', count: 0, outputs: [{ destinationNodeId: 'door' }] },
    {
      nodeId: 'door',
      type: 'FSM',
      fsm: {
        instancePer: 'correlationId',
        variables: { pings: 0 },
        states: [
          { name: 'new', isInitial: true },
          { name: 'open', onEntry: [{ action: 'increment', target: 'pings' }] },
          { name: 'closed', isFinal: true },
        ],
        transitions: [
          { from: 'new', to: 'open', trigger: 'open' },
          { from: 'open', to: 'open', trigger: 'ping' },
          { from: 'open', to: 'closed', trigger: 'close', condition: 'pings >= 2' },
        ],
      },
      outputs: [{ destinationNodeId: 'done' }],
    },
    { nodeId: 'done', type: 'Sink' },
  ],
});
// x open ping close: fits. y open close: close needs pings >= 2 → deviation at index 1 in "open".
// z ping open: ping from "new" → deviation at index 0. Consumed 6 of 8 (y's second close also not).
const DOOR_EVENTS = [
  line('x', 'open'),
  line('y', 'open'),
  line('x', 'ping'),
  line('y', 'close'),
  line('x', 'close'),
  line('z', 'ping'),
  line('z', 'open'),
  line('y', 'close'),
].join('\n');

describe('flowledger discover', () => {
  it('writes the dfg file in the documented shape and a template that replays the log (by hand)', () => {
    const dir = tempFiles({ 'events.ndjson': LOG });
    const r = cli('discover', join(dir, 'events.ndjson'), '--dfg', join(dir, 'dfg.json'), '--out', join(dir, 't.json'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ cases: 3, events: 11, activities: 4, paths: 4, variants: 2 });
    expect(JSON.parse(readFileSync(join(dir, 'dfg.json'), 'utf8'))).toEqual({
      activities: { a: 3, c: 3, d: 3, b: 2 },
      edges: [
        { from: 'c', to: 'd', count: 3 },
        { from: 'a', to: 'b', count: 2 },
        { from: 'b', to: 'c', count: 2 },
        { from: 'a', to: 'c', count: 1 },
      ],
      starts: { a: 3 },
      ends: { d: 3 },
      variants: [
        { trace: ['a', 'b', 'c', 'd'], count: 2 },
        { trace: ['a', 'c', 'd'], count: 1 },
      ],
    });
    const run = cli('run', join(dir, 't.json'), '--events', join(dir, 'events.ndjson'));
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.status).toBe('completed');
    expect(summary.sinks.endedCases.count).toBe(3);
    expect(summary.sinks.unaccepted.count).toBe(0);
    expect([...summary.sinks.endedCases.values].sort()).toEqual(['d', 'd', 'd']);
  });

  it('applies the filters', () => {
    const dir = tempFiles({ 'events.ndjson': LOG });
    const r = cli('discover', join(dir, 'events.ndjson'), '--activities', '50');
    expect(JSON.parse(r.stdout)).toEqual({ cases: 3, events: 6, activities: 2, paths: 1, variants: 1 });
  });

  it('exits 2 naming the line and the field of an event without an activity', () => {
    const dir = tempFiles({
      'events.ndjson': `${line('c1', 'a')}\n\n${JSON.stringify({ correlationId: 'c1', evnt: 'b' })}\n`,
    });
    const r = cli('discover', join(dir, 'events.ndjson'), '--dfg', join(dir, 'dfg.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `${join(dir, 'events.ndjson')}:3: field "event" (the activity) is missing, empty or not text\n`,
    );
    expect(existsSync(join(dir, 'dfg.json'))).toBe(false);
  });

  it('exits 2 for a case field the events lack, bad JSON, a bad percentage or an output over the input', () => {
    const dir = tempFiles({ 'events.ndjson': LOG, 'bad.ndjson': `${line('c', 'a')}\n{"event": }\n` });
    const events = join(dir, 'events.ndjson');
    const noCase = cli('discover', events, '--case', 'Pid');
    expect(noCase.code).toBe(2);
    expect(noCase.stderr).toContain(`${events}:1: field "Pid" (the case)`);
    const bad = cli('discover', join(dir, 'bad.ndjson'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${join(dir, 'bad.ndjson')}:2:`);
    expect(cli('discover', events, '--paths', '120').code).toBe(2);
    const clash = cli('discover', events, '--dfg', events);
    expect(clash.code).toBe(2);
    expect(readFileSync(events, 'utf8')).toBe(LOG);
  });

  it('exits 2 writing nothing when --out would need more states than a scenario names (issue 38, item 4)', () => {
    // 65,534 one-event cases of as many activities: the template's FSM would name 65,535 states.
    const many = Array.from({ length: 65_534 }, (_, i) => line(`c${i}`, `a${i}`)).join('\n');
    const dir = tempFiles({ 'events.ndjson': many });
    const [events, out, dfg] = [join(dir, 'events.ndjson'), join(dir, 't.json'), join(dir, 'dfg.json')];
    const r = cli('discover', events, '--out', out, '--dfg', dfg);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `--out ${out}: the graph has 65,534 activities, and a template holds at most 65,533: its FSM has a state per activity plus "start", and a scenario names at most 65,534 states; keep the most frequent with --activities P (a percentage)\n`,
    );
    expect(existsSync(out)).toBe(false);
    expect(existsSync(dfg)).toBe(false);
    // Without --out the graph is written; with --activities 99 the template too.
    expect(cli('discover', events, '--dfg', dfg).code).toBe(0);
    const kept = cli('discover', events, '--activities', '99', '--out', out);
    expect(kept.code).toBe(0);
    expect(JSON.parse(kept.stdout)).toMatchObject({ activities: 64_879 });
    expect(cli('validate', out).code).toBe(0);
  }, 60_000);
});

describe('flowledger conform', () => {
  it("prints fitness and each deviating case's first deviation, exit 0 (by hand)", () => {
    const dir = tempFiles({ 'door.json': DOOR, 'events.ndjson': DOOR_EVENTS });
    const r = cli('conform', join(dir, 'door.json'), '--events', join(dir, 'events.ndjson'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      cases: 3,
      fittingCases: 1,
      eventFitness: 0.625,
      caseFitness: 1 / 3,
      deviations: [
        { case: 'y', index: 1, event: 'close', state: 'open' },
        { case: 'z', index: 0, event: 'ping', state: 'new' },
      ],
    });
  });

  it('exits 2 naming the line and field of a bad event, and for a missing --events or FSM', () => {
    const bad = `${line('x', 'open')}\n${JSON.stringify({ targetDataSourceId: 'src', correlationId: 5, event: 'open' })}\n`;
    const dir = tempFiles({ 'door.json': DOOR, 'bad.ndjson': bad, 'events.ndjson': DOOR_EVENTS });
    const r = cli('conform', join(dir, 'door.json'), '--events', join(dir, 'bad.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${join(dir, 'bad.ndjson')}:2: field "correlationId" must be a string\n`);
    expect(cli('conform', join(dir, 'door.json')).code).toBe(2);
    const noFsm = cli('conform', join(dir, 'door.json'), '--events', join(dir, 'events.ndjson'), '--fsm', 'nope');
    expect(noFsm.code).toBe(2);
    expect(noFsm.stderr).toContain('no FSM "nope"');
  });
  it('exits 2 saying no event reached the FSM, instead of a fitness of 1, for events it does not read', () => {
    // Addressed to "logs" (as `parse` without --target addresses them), a DataSource door lacks:
    // nothing is replayed. Before, that printed eventFitness 1 and caseFitness 1 with no case.
    const elsewhere = DOOR_EVENTS.replaceAll('"targetDataSourceId":"src"', '"targetDataSourceId":"logs"');
    expect(elsewhere).not.toContain('"src"');
    const dir = tempFiles({ 'door.json': DOOR, 'logs.ndjson': elsewhere, 'empty.ndjson': '' });
    const r = cli('conform', join(dir, 'door.json'), '--events', join(dir, 'logs.ndjson'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const n = DOOR_EVENTS.trim().split('\n').length;
    expect(r.stderr).toBe(
      `${join(dir, 'logs.ndjson')}: none of the ${n} events reaches FSM door (it is fed by src): ${n} to DataSource logs (not a DataSource of the template); nothing was replayed, so there is no fitness to report — address the events to a DataSource that feeds it (parse --target)\n`,
    );
    const empty = cli('conform', join(dir, 'door.json'), '--events', join(dir, 'empty.ndjson'));
    expect(empty.code).toBe(2);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toBe(`${join(dir, 'empty.ndjson')}: no events to replay: there is no fitness to report\n`);
  });
});

describe('flowledger export-xes', () => {
  it('writes XES with one trace per case and OCEL 2.0 JSON', () => {
    const dir = tempFiles({ 'events.ndjson': LOG });
    const r = cli(
      'export-xes',
      join(dir, 'events.ndjson'),
      '--out',
      join(dir, 'log.xes'),
      '--ocel',
      join(dir, 'ocel.json'),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ traces: 3, events: 11, ledger: false });
    const xes = readFileSync(join(dir, 'log.xes'), 'utf8');
    expect(xes.match(/<trace>/g)).toHaveLength(3);
    expect(xes.match(/<event>/g)).toHaveLength(11);
    const ocel = JSON.parse(readFileSync(join(dir, 'ocel.json'), 'utf8'));
    expect(ocel.objects.map((o: { id: string }) => o.id)).toEqual(['c1', 'c2', 'c3']);
    expect(ocel.events).toHaveLength(11);
  });

  it("exports a run's ledger, one trace per correlation id", () => {
    const dir = tempFiles({ 'door.json': DOOR, 'events.ndjson': DOOR_EVENTS });
    expect(
      cli('run', join(dir, 'door.json'), '--events', join(dir, 'events.ndjson'), '--ledger', join(dir, 'ledger.ndjson'))
        .code,
    ).toBe(0);
    const r = cli('export-xes', join(dir, 'ledger.ndjson'), '--out', join(dir, 'run.xes'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ traces: 3, ledger: true });
    expect(readFileSync(join(dir, 'run.xes'), 'utf8')).toContain('<string key="concept:name" value="door:closed"/>');
  });

  it('exits 2 naming the line and field of an event without a case, and without an output', () => {
    const dir = tempFiles({ 'events.ndjson': `${line('c', 'a')}\n${JSON.stringify({ event: 'b' })}\n` });
    const r = cli('export-xes', join(dir, 'events.ndjson'), '--out', join(dir, 'log.xes'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `${join(dir, 'events.ndjson')}:2: field "correlationId" (the case) is missing, empty or not text\n`,
    );
    expect(existsSync(join(dir, 'log.xes'))).toBe(false);
    expect(cli('export-xes', join(dir, 'events.ndjson')).code).toBe(2);
  });

  it('exits 2 writing nothing for a time outside the range of dates, naming its line and field (issue 38, item 6)', () => {
    // 1e300 ms was written as the date "+3.1688738506811434e+289--5.28…-01T00:00:00.000Z"; 8.64e15
    // (+275760-09-13) is the last date there is, one millisecond more is none.
    const at = (c: string, a: string, timestamp: unknown) =>
      JSON.stringify({ targetDataSourceId: 'src', correlationId: c, event: a, timestamp });
    const range = 'outside the range of dates (epoch ms from -8.64e15 to 8.64e15: -271821-04-20 to +275760-09-13)';
    for (const [bad, shown] of [
      [1e300, '1e+300'],
      [8.64e15 + 1, '8640000000000001'],
      ['275760-09-13T00:00:00.001Z', '"275760-09-13T00:00:00.001Z"'],
    ] as const) {
      const dir = tempFiles({
        'events.ndjson': `${at('c', 'a', 8.64e15)}
${at('c', 'b', bad)}
`,
      });
      const [events, xes, ocel] = [join(dir, 'events.ndjson'), join(dir, 'log.xes'), join(dir, 'ocel.json')];
      const r = cli('export-xes', events, '--out', xes, '--ocel', ocel);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`${events}:2: field "timestamp" is ${shown}, ${range}\n`);
      expect(existsSync(xes) || existsSync(ocel)).toBe(false);
    }
    const dir = tempFiles({
      'events.ndjson': `${at('c', 'a', 8.64e15)}
${at('c', 'b', -8.64e15)}
`,
    });
    const ok = cli('export-xes', join(dir, 'events.ndjson'), '--out', join(dir, 'log.xes'));
    expect(ok.code).toBe(0);
    const xes = readFileSync(join(dir, 'log.xes'), 'utf8');
    expect(xes).toContain('<date key="time:timestamp" value="+275760-09-13T00:00:00.000Z"/>');
    expect(xes).toContain('<date key="time:timestamp" value="-271821-04-20T00:00:00.000Z"/>');
  });

  it('refuses a file mixing ledger lines and events, naming the first line of the other kind, and writes nothing', () => {
    const dir = tempFiles({ 'door.json': DOOR, 'events.ndjson': DOOR_EVENTS });
    expect(
      cli('run', join(dir, 'door.json'), '--events', join(dir, 'events.ndjson'), '--ledger', join(dir, 'ledger.ndjson'))
        .code,
    ).toBe(0);
    const ledger = readFileSync(join(dir, 'ledger.ndjson'), 'utf8').trim().split('\n');
    const events = DOOR_EVENTS.trim().split('\n');
    // Ledger lines first, then an event: before, the event was exported as if it were a ledger event's.
    // An event first, then ledger lines: before, a ledger line was refused as an event without a case.
    const cases = [
      {
        name: 'ledger-first.ndjson',
        text: [ledger[0], ledger[1], events[0]].join('\n'),
        said: ':3: an event among ledger lines (line 1 is a ledger line)',
      },
      {
        name: 'events-first.ndjson',
        text: [events[0], '', ledger[0]].join('\n'),
        said: ':3: a ledger line among events (line 1 is an event)',
      },
    ];
    for (const c of cases) {
      const file = join(dir, c.name);
      writeFileSync(file, c.text);
      const r = cli('export-xes', file, '--out', join(dir, `${c.name}.xes`), '--ocel', join(dir, `${c.name}.json`));
      expect(r.code, c.name).toBe(2);
      expect(r.stdout, c.name).toBe('');
      expect(r.stderr, c.name).toBe(
        `${file}${c.said}: a file holds a run's ledger or events, not both; export them apart\n`,
      );
      expect(existsSync(join(dir, `${c.name}.xes`)), c.name).toBe(false);
      expect(existsSync(join(dir, `${c.name}.json`)), c.name).toBe(false);
    }
  });
});
