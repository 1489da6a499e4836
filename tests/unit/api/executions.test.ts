import { describe, expect, it } from 'vitest';
import { apiError, newApi, pipeline, raw, useApiServer } from './helpers';

useApiServer();

const events = [
  { targetDataSourceId: 'src', correlationId: 'order-1', value: 10 },
  { targetDataSourceId: 'src', correlationId: 'order-2', value: 20 },
];

describe('execution paths', () => {
  it('creates an execution: 201 with the record at step 0', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const res = await raw(
      'POST',
      `/engine/templates/${templateId}/executions`,
      JSON.stringify({ name: 'First run', seed: 42 }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      executionId: body.execution.id,
      execution: {
        templateId,
        name: 'First run',
        seed: 42,
        status: 'ready',
        currentStep: 0,
        ledgerSize: 0,
        externalEventCount: 0,
        ledgerHash: null,
      },
    });
    expect(body.execution.queueSize).toBeGreaterThan(0);
    expect(Object.keys(body.execution).sort()).toEqual(
      [
        'createdAt',
        'currentStep',
        'externalEventCount',
        'id',
        'ledgerHash',
        'ledgerSize',
        'name',
        'queueSize',
        'seed',
        'status',
        'templateId',
        'updatedAt',
      ].sort(),
    );
    expect(await api.getExecution(body.executionId)).toEqual(body.execution);
  });

  it('names executions and takes the seed from the scenario by default', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline(3, { seed: 9 }) });
    const a = await api.createExecution(templateId);
    const b = await api.createExecution(templateId, {});
    expect([a.execution.name, b.execution.name]).toEqual(['Run 1', 'Run 2']);
    expect(a.execution.seed).toBe(9);
    const list = await api.listExecutions(templateId);
    expect(list).toEqual({ executions: [a.execution, b.execution], count: 2 });
  });

  it('creates an execution with external events', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const { execution } = await api.createExecution(templateId, { externalEvents: events });
    expect(execution.externalEventCount).toBe(2);
  });

  it('refuses an event whose target is not a DataSource: 400, nothing created', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const err = await apiError(
      api.createExecution(templateId, { externalEvents: [events[0]!, { targetDataSourceId: 'double', value: 1 }] }),
    );
    expect(err).toMatchObject({
      status: 400,
      code: 'UNKNOWN_DATA_SOURCE',
      details: { index: 1, targetDataSourceId: 'double' },
    });
    expect(err.message).toContain('"double" is not a DataSource');
    expect((await api.listExecutions(templateId)).count).toBe(0);
  });

  it('answers 400 for a bad seed or events that are not an array, 404 for an unknown template', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    expect(await apiError(api.createExecution(templateId, { seed: 1.5 }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    expect(await apiError(api.createExecution(templateId, { externalEvents: {} as never }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    const err = await apiError(api.createExecution('nope'));
    expect(err).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect(err.message).toContain('"nope"');
    expect(await apiError(api.listExecutions('nope'))).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
  });

  it('adds external events at the current step', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const { executionId, execution } = await api.createExecution(templateId);
    const added = await api.addExternalEvents(templateId, executionId, events);
    expect(added).toEqual({ success: true, added: 2, queueSize: expect.any(Number) });
    const after = await api.getExecution(executionId);
    expect(after.externalEventCount).toBe(2);
    expect(after.queueSize).toBe(added.queueSize);
    expect(after.updatedAt > execution.updatedAt).toBe(true);
  });

  it('adds no events at all when one targets a node that is not a DataSource', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const { executionId } = await api.createExecution(templateId, { externalEvents: events });
    const before = await api.getExecution(executionId);
    const err = await apiError(
      api.addExternalEvents(templateId, executionId, [events[0]!, { targetDataSourceId: 'sink' }]),
    );
    expect(err).toMatchObject({
      status: 400,
      code: 'UNKNOWN_DATA_SOURCE',
      details: { index: 1, targetDataSourceId: 'sink' },
    });
    const malformed = await apiError(api.addExternalEvents(templateId, executionId, [{ value: 1 } as never]));
    expect(malformed).toMatchObject({ status: 400, code: 'BAD_REQUEST', details: { index: 0 } });
    expect(await api.getExecution(executionId)).toEqual(before);
    const res = await raw(
      'POST',
      `/engine/templates/${templateId}/executions/${executionId}/events`,
      JSON.stringify({ nothing: [] }),
    );
    expect(res.status).toBe(400);
  });

  it('refuses events for a truncated run with 409, since it could never emit them', async () => {
    const { api } = newApi();
    const scenario = {
      version: '3.0',
      maxSteps: 3,
      nodes: [
        { nodeId: 'src', type: 'DataSource', count: 10, outputs: [{ destinationNodeId: 'out' }] },
        { nodeId: 'out', type: 'Sink' },
      ],
    };
    const { templateId } = await api.createTemplate({ name: 'Short', scenario });
    const { executionId } = await api.createExecution(templateId);
    expect(await api.executeStep(templateId, executionId, 'end')).toMatchObject({ status: 'truncated', step: 3 });
    const before = await api.getExecution(executionId);
    const err = await apiError(
      api.addExternalEvents(templateId, executionId, [{ targetDataSourceId: 'src', value: 1 }]),
    );
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', details: { executionId, status: 'truncated' } });
    expect(await api.getExecution(executionId)).toEqual(before);
  });

  it('answers 404 naming the unknown id of an events path', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const other = await api.createTemplate({ name: 'Q', scenario: pipeline() });
    const { executionId } = await api.createExecution(templateId);
    expect(await apiError(api.addExternalEvents('t-x', executionId, events))).toMatchObject({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
      details: { templateId: 't-x' },
    });
    expect(await apiError(api.addExternalEvents(templateId, 'e-x', events))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
      details: { executionId: 'e-x' },
    });
    const wrong = await apiError(api.addExternalEvents(other.templateId, executionId, events));
    expect(wrong).toMatchObject({ status: 404, code: 'EXECUTION_NOT_FOUND' });
    expect(wrong.message).toContain('does not belong');
  });

  it('deletes an execution', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline() });
    const { executionId } = await api.createExecution(templateId, { name: 'Doomed' });
    expect(await api.deleteExecution(executionId)).toEqual({ success: true, message: "Execution 'Doomed' deleted" });
    expect(await apiError(api.getExecution(executionId))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
      details: { executionId },
    });
    expect(await apiError(api.deleteExecution(executionId))).toMatchObject({
      status: 404,
      code: 'EXECUTION_NOT_FOUND',
    });
    expect((await api.listExecutions(templateId)).count).toBe(0);
  });

  it('keeps a copy of the scenario: editing the template never changes a past run', async () => {
    const { api, db } = newApi();
    const { templateId } = await api.createTemplate({ name: 'P', scenario: pipeline(3) });
    const { executionId } = await api.createExecution(templateId);
    await api.updateTemplate(templateId, { scenario: pipeline(50) });
    const row = await db.executions.get(executionId);
    expect(row?.scenario).toEqual(pipeline(3));
  });
});
