import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { httpRunClient } from '../../../src/client/runClient';
import { graphModel } from '../../../src/ui/controllers/graph/model';
import { waitingPerEdge } from '../../../src/ui/controllers/graph/stepState';
import { edgeKeys, histogramCounts, runSource } from '../../../src/ui/state/run/runSource';
import { newApi, useApiServer } from '../api/helpers';

useApiServer();

const doc = JSON.parse(readFileSync(new URL('../../../examples/order-pipeline.json', import.meta.url), 'utf8'));

describe('runSource (real handlers, service and client)', () => {
  it('reads step views that agree with the step results, and advancing shows the new live step', async () => {
    const { api } = newApi();
    const { templateId } = await api.createTemplate({ name: doc.name, scenario: doc.scenario });
    const { executionId } = await api.createExecution(templateId);
    const graph = await api.getGraph(templateId);
    const model = graphModel(graph);
    const source = runSource(httpRunClient(api), { templateId, executionId }, model, edgeKeys(graph));
    const live = await source.advance(6);
    expect(live.view.step).toBe(6);
    expect(live.record.currentStep).toBe(6);
    for (let step = 1; step <= 6; step++) {
      const v = await source.read(step);
      const r = await api.executeStep(templateId, executionId, step);
      expect(v.step).toBe(step);
      expect(v.activeNodeIds).toEqual(r.activeNodeIds);
      expect(Object.fromEntries(Object.entries(v.nodeStates).map(([k, s]) => [k, s.tokensProcessed]))).toEqual(
        Object.fromEntries(Object.entries(r.nodeStates).map(([k, s]) => [k, s.tokensProcessed])),
      );
      // The service's per-edge counts equal the page's own derivation from the step's events.
      expect(v.edgeWaiting).toEqual(waitingPerEdge(model, r.activity));
    }
    // Reading never advanced the run.
    expect((await source.record()).currentStep).toBe(6);
    const counts = live.counts;
    expect(counts).toHaveLength(6);
    expect(counts.reduce((a, b) => a + b, 0)).toBe((await source.record()).ledgerSize);
  });
});

describe('histogramCounts', () => {
  it('spreads a bucket over its steps', () => {
    expect(
      histogramCounts({
        currentStep: 5,
        ledgerSize: 9,
        stepsPerBucket: 2,
        maxEvents: 4,
        buckets: [
          { fromStep: 1, toStep: 2, events: 4 },
          { fromStep: 3, toStep: 4, events: 4 },
          { fromStep: 5, toStep: 5, events: 1 },
        ],
      }),
    ).toEqual([2, 2, 2, 2, 1]);
  });
});
