// The original-constructs fixture through the API in the default profile, as a client uses it:
// POST the template (the whole file, `{name, description, version, scenario}`), create an execution
// with the original tool's events (typed, no targetDataSourceId), step to the end, read the sink.
// Expected values are worked out by hand in tests/fixtures/pled/README.md.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TemplateInput, TypedEvent } from '../../../src/contract/wire';
import { newApi, useApiServer } from './helpers';

useApiServer();

const read = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/pled/${file}`, import.meta.url), 'utf8'));

describe('tests/fixtures/pled/document-review through the API', () => {
  it('loads with warnings, runs to the end and the sink holds the hand-computed batches', async () => {
    const { api } = newApi();
    const file = read('document-review.json') as TemplateInput;
    const created = await api.createTemplate({ name: file.name, scenario: file.scenario });
    const warned = created.warnings.map((w) => w.path);
    expect(warned).toContain('/scenario/nodes/0/generation');
    expect(warned).toContain('/scenario/nodes/1/type');
    expect(warned).toContain('/scenario/nodes/3/aggregation/method');

    // The original's events carry no targetDataSourceId: they are routed by `type`.
    const events = read('document-review.events.json') as TypedEvent[];
    const { executionId } = await api.createExecution(created.templateId, { externalEvents: events });
    const end = await api.executeStep(created.templateId, executionId, 'end');
    expect(end).toMatchObject({ success: true, status: 'completed', queueSize: 0 });
    expect(end.nodeStates['monitor']).toMatchObject({ currentState: 'alert' });

    const list = await api.getSinkAggregation(created.templateId, executionId, 'sink', 'list');
    // 8 + 6 from the first batch's two matches; 5 from the second batch's one match.
    expect(list).toMatchObject({
      count: 2,
      value: [
        { matched: 2, total: 14, labels: ['a.pdf:ok', 'b.pdf:ok'] },
        { matched: 1, total: 5, labels: ['mismatch d3/d9', 'd.pdf:poor'] },
      ],
    });
    const states = await api.getSinkAggregation(created.templateId, executionId, 'sink', 'list', 'state');
    expect(states.value).toEqual(['normal', 'alert']);
  });

  it('the graph answer names the event type each typed DataSource listens for (what the events panel shows)', async () => {
    const { api } = newApi();
    const file = read('document-review.json') as TemplateInput;
    const { templateId } = await api.createTemplate({ name: file.name, scenario: file.scenario });
    const graph = await api.getGraph(templateId);
    const typed = graph.nodes.filter((n) => n.eventType !== undefined).map((n) => [n.nodeId, n.kind, n.eventType]);
    expect(typed).toEqual([
      ['uploads', 'DataSource', 'document.uploaded'],
      ['reviews', 'DataSource', 'review.completed'],
    ]);
  });

  it('runs upload-approvals: each document ends in its hand-computed state', async () => {
    const { api } = newApi();
    const file = read('upload-approvals.json') as TemplateInput;
    const created = await api.createTemplate({ name: file.name, scenario: file.scenario });
    const events = read('upload-approvals.events.json') as TypedEvent[];
    const { executionId } = await api.createExecution(created.templateId, { externalEvents: events });
    const end = await api.executeStep(created.templateId, executionId, 'end');
    expect(end).toMatchObject({ status: 'completed' });
    const states = await api.getSinkAggregation(created.templateId, executionId, 'sink', 'list', 'state');
    // d1: pending → approved, d2: pending → rejected, d3: pending → approved
    expect(states.value).toEqual(['pending', 'approved', 'pending', 'rejected', 'pending', 'approved']);
  });

  it('runs pl-verification (IIFE, regular expression, Queue formula on the node) to the hand-computed sinks', async () => {
    const { api } = newApi();
    const file = read('pl-verification.json') as TemplateInput;
    const created = await api.createTemplate({ name: file.name, scenario: file.scenario });
    expect(created.warnings.map((w) => w.path)).toContain('/scenario/nodes/2/formulas/0');
    const events = read('pl-verification.events.json') as TypedEvent[];
    const { executionId } = await api.createExecution(created.templateId, { externalEvents: events });
    const end = await api.executeStep(created.templateId, executionId, 'end');
    expect(end).toMatchObject({ success: true, step: 7, status: 'completed', queueSize: 0 });
    expect(end.waitingFor).toBeUndefined();
    const approved = await api.getSinkAggregation(created.templateId, executionId, 'approvedSink', 'list');
    // net profits read by the regular expression: 0.15 (doc-1) and 100000 (doc-2)
    expect(approved).toMatchObject({ count: 2, value: [0.15, 100000] });
    const rejected = await api.getSinkAggregation(created.templateId, executionId, 'rejectedSink', 'list', 'reason');
    expect(rejected).toMatchObject({ count: 1, value: ['signature not valid'] });
  });

  it('a pl-verification execution with no events is completed at once, naming the waiting sources; events let it go on', async () => {
    const { api } = newApi();
    const file = read('pl-verification.json') as TemplateInput;
    const { templateId } = await api.createTemplate({ name: file.name, scenario: file.scenario });
    const waiting = [
      { nodeId: 'documents', eventType: 'document.processed' },
      { nodeId: 'signatures', eventType: 'gemini.signature.verified' },
    ];
    const created = await api.createExecution(templateId, {});
    expect(created.execution).toMatchObject({ status: 'completed', currentStep: 0, waitingFor: waiting });
    const end = await api.executeStep(templateId, created.executionId, 'end');
    expect(end).toMatchObject({ step: 0, status: 'completed', queueSize: 0, waitingFor: waiting });
    expect(end.message).toBe(
      'Executed step 0; 0 events remaining in the queue; waiting for external events: none received by "documents" (type "document.processed"), "signatures" (type "gemini.signature.verified"); add events to go on',
    );
    expect(await api.getExecution(created.executionId)).toMatchObject({ status: 'completed', waitingFor: waiting });

    const events = read('pl-verification.events.json') as TypedEvent[];
    await api.addExternalEvents(templateId, created.executionId, events);
    const after = await api.executeStep(templateId, created.executionId, 'end');
    expect(after).toMatchObject({ step: 7, status: 'completed' });
    expect(after.waitingFor).toBeUndefined();
    expect(await api.getSinkAggregation(templateId, created.executionId, 'approvedSink', 'list')).toMatchObject({
      count: 2,
      value: [0.15, 100000],
    });
    const record = await api.getExecution(created.executionId);
    expect(record.status).toBe('completed');
    expect(record.waitingFor).toBeUndefined();
  });
});
