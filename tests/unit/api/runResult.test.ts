/**
 * `GET …/result?step=`: the run's Result through the service and the client, at the end and at an
 * earlier step, and a step beyond the run refused.
 */
import { describe, expect, it } from 'vitest';
import { apiError, newApi, pipeline, schemaErrors, useApiServer } from './helpers';

useApiServer();

describe('GET …/result', () => {
  it("answers each Sink's count and sum and the formula that fits, with the hash at the end", async () => {
    const t = newApi();
    const { templateId } = await t.api.createTemplate({ name: 'P', scenario: pipeline(3) });
    const { executionId } = await t.api.createExecution(templateId);
    const end = await t.api.executeStep(templateId, executionId, 'end');
    const result = await t.api.getRunResult(templateId, executionId);
    expect(schemaErrors('RunResult', result)).toEqual([]);
    // 1, 2, 3 doubled: 2 + 4 + 6.
    expect(result.sinks).toEqual([
      {
        sinkId: 'sink',
        name: 'sink',
        count: 3,
        sum: 12,
        numeric: 3,
        last: 6,
        values: [2, 4, 6],
        formula: 'sum',
        named: false,
        lastToken: { id: 'double#3', correlationId: 'src-3' },
        value: 12,
      },
    ]);
    expect(result).toMatchObject({ templateId, executionId, step: end.step, status: 'completed', fsms: [] });
    expect(result.ledgerHash).toMatch(/^[0-9a-f]{64}$/);
    // Tokens reach the sink at steps 3, 4, 5: by step 4 two of them.
    const earlier = await t.api.getRunResult(templateId, executionId, 4);
    expect(earlier.sinks[0]).toMatchObject({ count: 2, sum: 6, value: 6 });
    expect(earlier.ledgerHash).toBeNull();
    const err = await apiError(t.api.getRunResult(templateId, executionId, end.step + 1));
    expect(err.code).toBe('STEP_OUT_OF_RANGE');
  });
});
