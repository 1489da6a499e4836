import { describe, expect, it } from 'vitest';
import { elementLines, parseEventsInput } from '../../../../src/ui/controllers/panels/eventsInput';

const options = { dataSourceIds: ['orders', 'logs'] };

describe('parseEventsInput', () => {
  it('reads NDJSON, skipping blank lines', () => {
    const r = parseEventsInput(
      '{"targetDataSourceId":"orders","value":1}\n\n{"targetDataSourceId":"logs","correlationId":"c1"}\n',
      options,
    );
    expect(r).toEqual({
      ok: true,
      events: [
        { targetDataSourceId: 'orders', value: 1 },
        { targetDataSourceId: 'logs', correlationId: 'c1' },
      ],
    });
  });

  it('reads a JSON array and a single JSON object', () => {
    const arr = parseEventsInput('[{"targetDataSourceId":"orders"}, {"targetDataSourceId":"logs"}]', options);
    expect(arr.ok && arr.events.length).toBe(2);
    const one = parseEventsInput('{"targetDataSourceId":"orders","value":3}', options);
    expect(one).toEqual({ ok: true, events: [{ targetDataSourceId: 'orders', value: 3 }] });
  });

  it('rejects the whole batch and names every bad line with its reason', () => {
    const r = parseEventsInput(
      [
        '{"targetDataSourceId":"orders","value":1}',
        '{"targetDataSourceId":"orders", value: 2}',
        '{"targetDataSourceId":"nope"}',
        '[1]',
        '{"targetDataSourceId":"orders","correlationId":7}',
      ].join('\n'),
      options,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(r.errors[0]!.reason).toMatch(/^not valid JSON/);
    expect(r.errors[0]!.reason).not.toContain('value: 2');
    expect(r.errors[1]!.reason).toBe('"nope" is not a DataSource of this template (DataSources: "orders", "logs")');
    expect(r.errors[2]!.reason).toBe('an event must be a JSON object, not an array');
    expect(r.errors[3]!.reason).toBe('"correlationId" must be a string');
  });

  it('gives events without a target the DataSource chosen in the panel, and refuses them without one', () => {
    expect(parseEventsInput('{"value":1}', { ...options, defaultTarget: 'logs' })).toEqual({
      ok: true,
      events: [{ value: 1, targetDataSourceId: 'logs' }],
    });
    const r = parseEventsInput('{"value":1}', options);
    expect(r.ok === false && r.errors[0]!.reason).toMatch(/missing "targetDataSourceId"/);
  });

  it('reports the line of each bad element of a JSON array', () => {
    const r = parseEventsInput('[\n  {"targetDataSourceId":"orders"},\n  {"targetDataSourceId":"x"}\n]', options);
    expect(r.ok === false && r.errors).toEqual([
      { line: 3, reason: '"x" is not a DataSource of this template (DataSources: "orders", "logs")' },
    ]);
  });

  it('says so for empty text and for too many events', () => {
    expect(parseEventsInput('  \n ', options)).toEqual({
      ok: false,
      errors: [{ line: 1, reason: 'there are no events to add' }],
    });
    const r = parseEventsInput('{"targetDataSourceId":"orders"}\n'.repeat(3), { ...options, maxEvents: 2 });
    expect(r.ok === false && r.errors[0]!.reason).toBe('3 events is more than the 2 accepted at once');
  });
});

describe('elementLines', () => {
  it('finds where each top-level element starts, ignoring brackets and commas inside strings', () => {
    expect(elementLines('[\n{"a":"[,]"},\n\n{"b":[1,\n2]}, 3\n]')).toEqual([2, 4, 5]);
    expect(elementLines('[]')).toEqual([]);
  });
});
