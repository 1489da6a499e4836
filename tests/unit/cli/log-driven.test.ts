import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, tempFiles } from './helpers';

/**
 * The log-driven example end to end, as a user runs it: the bundled OpenSSH sample is parsed with
 * the saved parser configuration, and the resulting events drive examples/ssh-log-sessions.json.
 *
 * The expected figures were computed outside Flowledger, from the dataset's own ground truth
 * (OpenSSH_2k.log_structured_corrected.csv of Loghub): grouping its lines by Pid gives 519 sshd
 * processes; naming each line with the configuration's rules and stepping the template's FSM by hand
 * (a few lines of Python over the CSV) ends 490 attempts rejected, 21 dropped before authenticating,
 * 5 brute force (five or more failures), 1 logged in and out, and 2 still failing (no disconnect in
 * the sample).
 */
describe('the log-driven SSH example', () => {
  const log = join(ROOT, 'public/parser/sources/openssh-2k.log');
  const config = join(ROOT, 'public/parser/configs/openssh-sessions.json');
  const dir = tempFiles({});
  const events = join(dir, 'events.ndjson');

  it('parses the bundled log into one group per sshd process, every line named by a rule or its event id', () => {
    const r = cli('parse', log, '--config', config, '--out', events);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ lines: 2000, parsed: 2000, unparsed: 0, groups: 519, untimed: 0 });
    const lines = readFileSync(events, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2000);
    expect(lines[1]).toMatchObject({
      targetDataSourceId: 'sshLog',
      correlationId: '24200',
      event: 'invalid_user',
      Pid: '24200',
    });
    expect(new Set(lines.map((e) => e.correlationId)).size).toBe(519);
  });

  it('gives every event its line`s time; discover --dfg times the edges and the cases, export-xes writes the times (issue 42)', () => {
    const lines = readFileSync(events, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.every((e) => Number.isInteger(e.timestamp))).toBe(true);
    // `Dec 10 06:55:46`: no year in the line, so the default year 2000, UTC.
    expect(lines[0].timestamp).toBe(976_431_346_000);
    // The last line, `Dec 10 11:04:45`, is 4 h 8 min 59 s later.
    expect(lines[1999].timestamp - lines[0].timestamp).toBe(((4 * 60 + 8) * 60 + 59) * 1000);

    const dfgPath = join(dir, 'dfg.json');
    const d = cli('discover', events, '--dfg', dfgPath);
    expect(d.stderr).toBe('');
    expect(d.code).toBe(0);
    const dfg = JSON.parse(readFileSync(dfgPath, 'utf8'));
    expect(dfg.edges.length).toBeGreaterThan(0);
    // Every event has a time, so every occurrence of every edge is timed.
    for (const e of dfg.edges) {
      expect(Object.keys(e.time)).toEqual(['n', 'meanMs', 'medianMs', 'p90Ms', 'minMs', 'maxMs']);
      expect(e.time.n).toBe(e.count);
      expect(e.time.minMs).toBeLessThanOrEqual(e.time.medianMs);
      expect(e.time.medianMs).toBeLessThanOrEqual(e.time.p90Ms);
      expect(e.time.p90Ms).toBeLessThanOrEqual(e.time.maxMs);
    }
    expect(dfg.durations.n).toBe(519);

    const xesPath = join(dir, 'log.xes');
    const x = cli('export-xes', events, '--out', xesPath);
    expect(x.code).toBe(0);
    const xes = readFileSync(xesPath, 'utf8');
    expect(xes.match(/<date key="time:timestamp"/g)).toHaveLength(2000);
    expect(xes).toContain('<date key="time:timestamp" value="2000-12-10T06:55:46.000Z"/>');
  });

  it('runs the template on those events: one FSM per process, outcomes counted per kind', () => {
    const r = cli('run', join(ROOT, 'examples/ssh-log-sessions.json'), '--events', events);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('completed');
    expect(out.nodeStates.attempt.tokensProcessed).toBe(2000);
    expect(out.nodeStates.attempt.aggregates).toMatchObject({
      rejected: 490,
      dropped: 21,
      bruteForce: 5,
      loggedOut: 1,
      failing: 2,
    });
    expect(out.sinks.report).toMatchObject({ count: 4, sum: 517 });
    expect(out.sinks.alerts.count).toBe(5);
    // Same log, same configuration, same template ⇒ the same ledger.
    const again = JSON.parse(cli('run', join(ROOT, 'examples/ssh-log-sessions.json'), '--events', events).stdout);
    expect(again.ledgerHash).toBe(out.ledgerHash);
  });

  it('lets command-line flags override the saved configuration', () => {
    const r = cli('parse', log, '--config', config, '--group-by', 'Component');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).groups).toBe(1);
  });

  it('names a configuration file that is not valid JSON', () => {
    const bad = tempFiles({ 'c.json': '{"format": }' });
    const r = cli('parse', log, '--config', join(bad, 'c.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/c\.json:1:\d+: not valid JSON/);
  });
});
