/**
 * Every answer that lists entries is bounded (docs/limits.md): `activityLimit` of a step answer and
 * `limit` of a node's activity accept at most MAX_ANSWER_ENTRIES; above it the request is 400
 * INVALID_PARAMETER naming the parameter, with the bound and where to read more in the message.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_ENTRIES } from '../../../src/api/params';
import { newApi, pipeline, raw, useApiServer } from './helpers';

useApiServer();

async function started() {
  const t = newApi();
  const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(3) });
  const { executionId } = await t.api.createExecution(templateId);
  return { ...t, run: `/engine/templates/${templateId}/executions/${executionId}` };
}

describe('answers that list entries are bounded', () => {
  it('takes activityLimit and limit up to the bound', async () => {
    const { run } = await started();
    const step = await raw('GET', `${run}/step?currentStep=end&activityLimit=${MAX_ANSWER_ENTRIES}`);
    expect(step.status).toBe(200);
    const body = await step.json();
    expect(body.allActivities.length).toBeGreaterThan(0);
    const activity = await raw('GET', `${run}/nodes/sink/activity?limit=${MAX_ANSWER_ENTRIES}`);
    expect(activity.status).toBe(200);
  });

  it.each([
    ['step', 'activityLimit', (run: string, v: string) => `${run}/step?currentStep=1&activityLimit=${v}`],
    ['node activity', 'limit', (run: string, v: string) => `${run}/nodes/sink/activity?limit=${v}`],
  ])('%s: %s above the bound is 400 naming it, the bound and where to read more', async (_, name, path) => {
    const { run } = await started();
    const over = String(MAX_ANSWER_ENTRIES + 1);
    const res = await raw('GET', path(run, over));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.details).toEqual({ parameter: name, value: over });
    expect(error.message).toContain('at most 100,000');
    expect(error.message).toContain('/ledger/events');
  });
});
