import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { elementLines, eventExamples, parseEventsInput } from '../../../../src/ui/controllers/panels/eventsInput';

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

describe('parseEventsInput, events in the original tool shape (compat)', () => {
  // tests/fixtures/pled/document-review: two typed sources, no untyped one.
  const review = {
    dataSourceIds: ['uploads', 'reviews'],
    typedSources: [
      { id: 'uploads', eventType: 'document.uploaded' },
      { id: 'reviews', eventType: 'review.completed' },
    ],
  };
  const fixtureText = readFileSync(
    fileURLToPath(new URL('../../../fixtures/pled/document-review.events.json', import.meta.url)),
    'utf8',
  );

  it('accepts the fixture file as it is (a JSON array without targets), events unchanged', () => {
    const r = parseEventsInput(fixtureText, review);
    expect(r).toEqual({ ok: true, events: JSON.parse(fixtureText) });
  });

  it('accepts NDJSON mixing both shapes; a typed event gets no default target', () => {
    const r = parseEventsInput(
      [
        '{"id":"e1","timestamp":1,"type":"document.uploaded","source":"portal","data":{"documentId":"d1"}}',
        '{"targetDataSourceId":"reviews","data":{"documentId":"d1","score":4}}',
      ].join('\n'),
      { ...review, defaultTarget: 'reviews' },
    );
    expect(r).toEqual({
      ok: true,
      events: [
        { id: 'e1', timestamp: 1, type: 'document.uploaded', source: 'portal', data: { documentId: 'd1' } },
        { targetDataSourceId: 'reviews', data: { documentId: 'd1', score: 4 } },
      ],
    });
  });

  it('names the line of an event with neither a target nor a listened-for type, and adds nothing', () => {
    const r = parseEventsInput(
      [
        '{"type":"document.uploaded","data":{"documentId":"d1"}}',
        '{"type":"review.completed","data":{"documentId":"d1"}}',
        '{"id":"e3","data":{"documentId":"d2"}}',
      ].join('\n'),
      review,
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          reason:
            'an event needs "targetDataSourceId" or a "type" that an execution-events source listens for; this template\'s typed sources listen for: "document.uploaded", "review.completed"',
        },
      ],
    });
  });

  it('refuses a type no source listens for, naming the types listened for, even with a default target', () => {
    const r = parseEventsInput('{"type":"document.deleted","data":{}}', { ...review, defaultTarget: 'uploads' });
    expect(r.ok === false && r.errors).toEqual([
      {
        line: 1,
        reason:
          'no DataSource listens for the type "document.deleted"; this template\'s typed sources listen for: "document.uploaded", "review.completed"',
      },
    ]);
  });

  it('refuses a payload that is not an object, and a bad correlation id inside it', () => {
    const r = parseEventsInput(
      ['{"type":"document.uploaded","data":[1]}', '{"type":"review.completed","data":{"correlationId":5}}'].join('\n'),
      review,
    );
    expect(r.ok === false && r.errors).toEqual([
      { line: 1, reason: '"data" must be an object (the event\'s payload, which becomes the token\'s data)' },
      { line: 2, reason: 'data: "correlationId" must be a string' },
    ]);
  });

  it('in a template without typed sources, "type" is an ordinary field: the event still needs a target', () => {
    expect(parseEventsInput('{"type":"x"}', { dataSourceIds: ['orders'], defaultTarget: 'orders' })).toEqual({
      ok: true,
      events: [{ type: 'x', targetDataSourceId: 'orders' }],
    });
    const r = parseEventsInput('{"type":"x"}', { dataSourceIds: ['orders'] });
    expect(r.ok === false && r.errors[0]!.reason).toBe(
      'missing "targetDataSourceId" (the DataSource that receives the event)',
    );
  });
});

describe('eventExamples', () => {
  it('shows one example per shape when the template has typed sources, and each example parses', () => {
    const typedSources = [{ id: 'uploads', eventType: 'document.uploaded' }];
    const both = eventExamples(['orders', 'uploads'], typedSources);
    expect(both).toEqual({
      targeted: '{"targetDataSourceId":"orders","correlationId":"order-1","value":42}',
      typed:
        '{"id":"e1","timestamp":1700000000000,"type":"document.uploaded","source":"example","data":{"correlationId":"c-1","value":42}}',
    });
    const options = { dataSourceIds: ['orders', 'uploads'], typedSources };
    expect(parseEventsInput(`${both.targeted}\n${both.typed}`, options).ok).toBe(true);
    // Only typed sources: the targeted example addresses one of them, payload under data.
    const onlyTyped = eventExamples(['uploads'], typedSources);
    expect(onlyTyped.targeted).toBe('{"targetDataSourceId":"uploads","data":{"correlationId":"c-1","value":42}}');
    expect(parseEventsInput(onlyTyped.targeted, { dataSourceIds: ['uploads'], typedSources }).ok).toBe(true);
  });

  it('shows only the targeted shape when no source is typed', () => {
    expect(eventExamples(['orders'], [])).toEqual({
      targeted: '{"targetDataSourceId":"orders","correlationId":"order-1","value":42}',
      typed: null,
    });
  });
});
