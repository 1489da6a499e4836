// The original-constructs fixture through the command line, as a user runs it: the loader's warnings
// on stderr, the run's summary on stdout, with the sink values worked out by hand in
// tests/fixtures/pled/README.md.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, tempFiles } from './helpers';

describe('flowledger run on tests/fixtures/pled/document-review', () => {
  it('loads with warnings and runs to the hand-computed sink values', () => {
    const r = cli(
      'run',
      'tests/fixtures/pled/document-review.json',
      '--events',
      'tests/fixtures/pled/document-review.events.json',
    );
    expect(r.stderr).toContain('"execution-events" generation (from the original tool)');
    expect(r.stderr).toContain('"ExternalEventSource" (from the original tool)');
    expect(r.stderr).toContain('/scenario/nodes/2/formulas/0: formula is read as a JavaScript formula');
    expect(r.stderr).toContain('"custom" (from the original tool) is read as "formula"');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      status: string;
      sinks: Record<string, { count: number; values: unknown[] }>;
      nodeStates: Record<string, { currentState: unknown }>;
    };
    expect(out.status).toBe('completed');
    // 8 + 6 from the two matched pairs of the first batch; 5 from the one match of the second.
    expect(out.sinks['sink']).toMatchObject({
      count: 2,
      values: [
        { matched: 2, total: 14, labels: ['a.pdf:ok', 'b.pdf:ok'] },
        { matched: 1, total: 5, labels: ['mismatch d3/d9', 'd.pdf:poor'] },
      ],
    });
    expect(out.nodeStates['monitor']?.currentState).toBe('alert');
  });

  it('reads the same events as NDJSON, one event in the original shape a line, mixed with a targeted one', () => {
    const events = JSON.parse(
      readFileSync(join(ROOT, 'tests/fixtures/pled/document-review.events.json'), 'utf8'),
    ) as Record<string, unknown>[];
    // e8 (d4's review) given the Flowledger way instead: addressed to "reviews", payload still under data.
    const lines = events.slice(0, 7).map((e) => JSON.stringify(e));
    lines.push(JSON.stringify({ targetDataSourceId: 'reviews', data: events[7]!['data'] }));
    const dir = tempFiles({ 'events.ndjson': `${lines.join('\n')}\n` });
    const r = cli('run', 'tests/fixtures/pled/document-review.json', '--events', join(dir, 'events.ndjson'));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { sinks: Record<string, { count: number; values: unknown[] }> };
    // The same hand-computed batches as the JSON file: 8 + 6, then 5.
    expect(out.sinks['sink']).toMatchObject({
      count: 2,
      values: [
        { matched: 2, total: 14, labels: ['a.pdf:ok', 'b.pdf:ok'] },
        { matched: 1, total: 5, labels: ['mismatch d3/d9', 'd.pdf:poor'] },
      ],
    });
  });

  it('refuses the whole events file when one event has a type no source listens for, naming the types', () => {
    const dir = tempFiles({
      'events.ndjson': [
        '{"id":"e1","type":"document.uploaded","data":{"documentId":"d1"}}',
        '{"id":"e2","type":"document.deleted","data":{"documentId":"d1"}}',
      ].join('\n'),
    });
    const r = cli('run', 'tests/fixtures/pled/document-review.json', '--events', join(dir, 'events.ndjson'));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      'event 2: the event has no "targetDataSourceId" and no DataSource listens for its type "document.deleted" (types: "document.uploaded", "review.completed"); no events were added',
    );
  });

  it('runs upload-approvals to the hand-computed lifecycle states', () => {
    const r = cli(
      'run',
      'tests/fixtures/pled/upload-approvals.json',
      '--events',
      'tests/fixtures/pled/upload-approvals.events.json',
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      '/scenario/nodes/2/fsm/transitions/1/condition: condition is read as a JavaScript formula',
    );
    const out = JSON.parse(r.stdout) as {
      sinks: Record<string, { count: number }>;
      nodeStates: Record<string, { aggregates: unknown }>;
    };
    // d1 approved, d2 rejected, d3 approved; each document leaves twice (pending, then decided).
    expect(out.sinks['sink']?.count).toBe(6);
    expect(out.nodeStates['lifecycle']?.aggregates).toEqual({ new: 0, pending: 0, approved: 2, rejected: 1 });
  });
});
