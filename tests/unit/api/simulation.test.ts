import { describe, expect, it } from 'vitest';
import { apiError, newApi, schemaErrors, useApiServer } from './helpers';
import { sshdEvents } from '../discovery/helpers';
import { compareVariants } from '../../../src/engine/simulation';
import { summariseExperiment } from '../../../src/ui/state/simulation/summary';

useApiServer();

describe('POST /api/mining/simulation-model and /api/mining/experiment (issue 43)', () => {
  it('calibrates the sshd model, stores it and answers its fidelity, checked against the schema', async () => {
    const { api } = newApi();
    const r = await api.simulationModel({ events: sshdEvents(), replications: 3 });
    expect(schemaErrors('SimulationModelAnswer', r)).toEqual([]);
    expect(r.tickMs).toBe(1000);
    expect(r.fidelity.cases.real).toBe(519);
    expect(r.fidelity.seeds).toEqual([1, 3]);
    expect(r.fidelity.arrivalRateRatio).toBeGreaterThan(0.8);
    expect(r.fidelity.arrivalRateRatio).toBeLessThan(1.25);
    const stored = await api.getTemplate(r.templateId);
    expect(stored.scenario).toEqual(r.template['scenario']);
  }, 60_000);

  it('runs batches whose figures equal one whole run, and summarises like the engine', async () => {
    const { api } = newApi();
    const { templateId } = await api.simulationModel({ events: sshdEvents(), replications: 1, stop: 'horizon' });
    const vary = { path: 'arrivals.arrivals.scale', values: [1, 0.5] };
    const whole = await api.experiment({ templateId, count: 4, vary });
    expect(schemaErrors('ExperimentAnswer', whole)).toEqual([]);
    expect(whole.variants.map((v) => v.label)).toEqual(['arrivals.arrivals.scale=1', 'arrivals.arrivals.scale=0.5']);
    expect(whole.variants[0]!.runs.map((r) => r.seed)).toEqual([1, 2, 3, 4]);
    const a = await api.experiment({ templateId, from: 0, count: 2, vary });
    const b = await api.experiment({ templateId, from: 2, count: 2, vary });
    expect(a.variants.map((v, i) => [...v.runs, ...b.variants[i]!.runs])).toEqual(whole.variants.map((v) => v.runs));
    // The UI's summary (src/ui/state/simulation/summary.ts) is the engine's compareVariants.
    expect(summariseExperiment(whole.variants)).toEqual(compareVariants(whole.variants));
    const diff = summariseExperiment(whole.variants)[1]!.difference!['cases.count']!;
    // Halving the gaps between arrivals brings more cases.
    expect(diff.mean).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a path naming nothing, an unknown template and a bad count, with the reason', async () => {
    const { api } = newApi();
    const { templateId } = await api.simulationModel({ events: sshdEvents(), replications: 1 });
    const bad = await apiError(api.experiment({ templateId, count: 2, vary: { path: 'nowhere.x', values: [1] } }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST' });
    expect(bad.message).toContain('no node "nowhere"');
    expect(await apiError(api.experiment({ templateId: 'nope', count: 1 }))).toMatchObject({
      code: 'TEMPLATE_NOT_FOUND',
    });
    const count = await apiError(api.experiment({ templateId, count: 0 }));
    expect(count.message + JSON.stringify(count.details ?? {})).toContain('"count" must be from 1 to 1000');
  }, 60_000);

  it('stops an experiment whose call is aborted and answers ABORTED', async () => {
    const { api } = newApi();
    const { templateId } = await api.simulationModel({ events: sshdEvents(), replications: 1 });
    const controller = new AbortController();
    const call = api.experiment({ templateId, count: 200 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(await apiError(call)).toMatchObject({ code: 'ABORTED' });
    expect((await api.experiment({ templateId, count: 1 })).variants[0]!.runs).toHaveLength(1);
  }, 60_000);
});
