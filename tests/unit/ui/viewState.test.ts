import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/ApiError';
import { EMPTY_ROUTE, formatRoute, parseRoute, templateHref } from '../../../src/ui/context/routes';
import { clampStep, histogramBars, stepLabel } from '../../../src/ui/controllers/timeline/histogram';
import { conditionScope, parseCondition, rewriteCalls } from '../../../src/ui/state/run/condition';
import { explainError, explainStartup } from '../../../src/ui/state/shell/explain';

describe('URL state', () => {
  it('round-trips every field of the view', () => {
    const route = { template: 't 1', execution: 'x-2', step: 7, node: 'router', lineage: 'orders-3' };
    expect(formatRoute(route)).toBe('?template=t+1&execution=x-2&step=7&node=router&lineage=orders-3');
    expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('ignores malformed steps and fields without a template', () => {
    expect(parseRoute('?template=a&step=-3&node=')).toEqual({ ...EMPTY_ROUTE, template: 'a' });
    expect(parseRoute('?step=4&execution=x')).toEqual(EMPTY_ROUTE);
    expect(formatRoute(EMPTY_ROUTE)).toBe('');
    expect(templateHref('a&b')).toBe('?template=a%26b');
  });
});

describe('timeline', () => {
  it('draws one bar per step, relative to the busiest step', () => {
    expect(histogramBars([2, 4, 0], 100)).toEqual([
      { step: 1, height: 0.5, events: 2 },
      { step: 2, height: 1, events: 4 },
      { step: 3, height: 0, events: 0 },
    ]);
  });

  it('bins steps when there are more steps than bars', () => {
    const bars = histogramBars(
      Array.from({ length: 1000 }, () => 1),
      100,
    );
    expect(bars).toHaveLength(100);
    expect(bars[1]).toEqual({ step: 11, height: 1, events: 10 });
    expect(histogramBars([], 10)).toEqual([]);
  });

  it('labels and clamps steps', () => {
    expect(stepLabel(3, 18)).toBe('Step 3 of 18');
    expect(clampStep(0, -1, 5)).toBe(0);
    expect(clampStep(4, 10, 5)).toBe(5);
  });
});

describe('run-until conditions', () => {
  const states = {
    invoices: { currentState: null, tokensProcessed: 5, aggregates: {} },
    desk: { currentState: 'ready', tokensProcessed: 8, aggregates: { approved: 3 } },
  };

  it('rewrites sink("x") and node("x") without moving any character', () => {
    const src = `sink("invoices").count >= 5 && node( 'desk' ).state == "ready"`;
    const out = rewriteCalls(src);
    expect(out).toBe(`sink["invoices"].count >= 5 && node[ 'desk' ].state == "ready"`);
    expect(out).toHaveLength(src.length);
  });

  it('evaluates over node states with the project expression language', () => {
    const parsed = parseCondition('sink("invoices").count >= 5');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.condition.test(states, 3)).toEqual({ ok: true, value: true });
    expect(parsed.condition.test({ ...states, invoices: { ...states.invoices, tokensProcessed: 4 } }, 3)).toEqual({
      ok: true,
      value: false,
    });
    const fsm = parseCondition('node("desk").states.approved > 2 && step > 1');
    expect(fsm.ok && fsm.condition.test(states, 2)).toEqual({ ok: true, value: true });
  });

  it('reports a parse error with its position, and never throws', () => {
    const parsed = parseCondition('sink("invoices").count >= ');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message.length).toBeGreaterThan(0);
    expect(parsed.position).toBeGreaterThanOrEqual(20);
    expect(parseCondition('frobnicate(1)')).toMatchObject({ ok: false });
  });

  it('exposes only plain data in the scope', () => {
    const scope = conditionScope(states, 4) as { node: Record<string, unknown>; step: number };
    expect(scope.step).toBe(4);
    expect(scope.node.desk).toEqual({ state: 'ready', processed: 8, count: 8, states: { approved: 3 } });
  });
});

describe('error sentences', () => {
  it('says what happened and what to do next for each API error', () => {
    const s = explainError(new ApiError(404, 'EXECUTION_NOT_FOUND', "Execution 'x' not found"));
    expect(s).toBe("This run no longer exists (Execution 'x' not found.) Open the template again to start a new run.");
    expect(explainError(new ApiError(507, 'STORAGE_FULL', 'quota'))).toMatch(/storage is full.*Delete old runs/);
    expect(explainError(new ApiError(400, 'WHATEVER', 'bad thing'), 'Adding events')).toBe(
      'Adding events was refused (bad thing.) Check the input and try again.',
    );
    expect(explainError(new Error('boom'))).toMatch(/failed unexpectedly \(boom\)\. Reload/);
  });

  it('explains a failed start by its cause', () => {
    expect(explainStartup({ hasServiceWorker: true, secureContext: false, message: 'x' })).toMatch(/HTTPS/);
    expect(explainStartup({ hasServiceWorker: false, secureContext: true, message: 'x' })).toMatch(/private/);
    expect(explainStartup({ hasServiceWorker: true, secureContext: true, message: 'quota' })).toMatch(/\(quota\)/);
  });
});

describe('inspector derivations', () => {
  it('samples chart steps across the run, both ends included', async () => {
    const { sampleSteps } = await import('../../../src/ui/state/run/inspectorSteps');
    expect(sampleSteps(0, 24)).toEqual([0]);
    expect(sampleSteps(3, 24)).toEqual([0, 1, 2, 3]);
    const s = sampleSteps(1000, 5);
    expect(s).toEqual([0, 250, 500, 750, 1000]);
  });

  it('draws a sparkline through the points', async () => {
    const { sparkPath } = await import('../../../src/ui/controllers/chart/spark');
    expect(sparkPath([], 10, 10)).toBe('');
    expect(
      sparkPath(
        [
          { step: 0, value: 0 },
          { step: 10, value: 5 },
        ],
        100,
        20,
      ),
    ).toBe('M0,20L100,0');
  });
});
