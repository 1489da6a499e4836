import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/engine';
import {
  conform,
  dataSourceOf,
  dfgToTemplate,
  discover,
  filterDfg,
  MAX_TEMPLATE_ACTIVITIES,
  readCaseLog,
  templateProblem,
} from '../../../src/engine/discovery';
import { fsmModel } from '../../../src/ui/controllers/editor/fsmForm';
import { expectedTransitions, runTemplate, sshdEvents } from './helpers';

const ev = (c: string, a: string) => ({ targetDataSourceId: 'src', correlationId: c, event: a });
// Traces: c1 a b c d, c2 a c d, c3 a b c d (interleaved as in discover.test.ts).
const LOG = [
  ev('c1', 'a'),
  ev('c2', 'a'),
  ev('c1', 'b'),
  ev('c2', 'c'),
  ev('c1', 'c'),
  ev('c3', 'a'),
  ev('c2', 'd'),
  ev('c3', 'b'),
  ev('c1', 'd'),
  ev('c3', 'c'),
  ev('c3', 'd'),
];

function graphOf(events: readonly unknown[]) {
  const r = readCaseLog(events);
  if (!r.ok) throw new Error(r.problem.message);
  return discover(r.log);
}

describe('dfgToTemplate', () => {
  it('runs on its own log with one transition firing per edge occurrence (by hand)', () => {
    const doc = dfgToTemplate(graphOf(LOG), { dataSourceId: dataSourceOf(LOG) });
    const run = runTemplate(doc, LOG);
    expect(run.status).toBe('completed');
    expect(run.transitions).toEqual({ 'start>a': 3, 'a>b': 2, 'b>c': 2, 'c>d': 3, 'a>c': 1 });
    // One token per case reaches endedCases; nothing is left unaccepted.
    expect(run.sinks).toEqual({ endedCases: 3 });
  });

  it('labels every node for the editor: the two sinks as the discovery page names them', () => {
    // docs/ui.md, Create template: every case reaches *Ended cases*, *Events no transition
    // accepts* stays at 0. The other nodes get a label of their own too, never an empty one.
    const doc = dfgToTemplate(graphOf(LOG), { dataSourceId: 'src' });
    const nodes = (doc['scenario'] as { nodes: { nodeId: string; displayName?: unknown }[] }).nodes;
    const label = (id: string) => nodes.find((n) => n.nodeId === id)?.displayName;
    expect(label('endedCases')).toBe('Ended cases');
    expect(label('unaccepted')).toBe('Events no transition accepts');
    expect(nodes.map((n) => n.nodeId)).toEqual(['src', 'process', 'route', 'caseEnds', 'endedCases', 'unaccepted']);
    for (const n of nodes)
      expect(typeof n.displayName === 'string' && n.displayName.trim() !== '', n.nodeId).toBe(true);
  });

  it('takes the name given, else “Discovered process”, and shows start as the initial state in the editor', () => {
    // TemplateOptions: name defaults to "Discovered process". docs/discovery.md: the template opens
    // in the editor like any other, with the initial state `start`; the editor's state list reads
    // `isInitial` from the document itself (fsmModel), not from the loaded scenario.
    const graph = graphOf(LOG);
    expect(dfgToTemplate(graph)['name']).toBe('Discovered process');
    const doc = dfgToTemplate(graph, { name: 'Orders' });
    expect(doc['name']).toBe('Orders');
    const nodes = (doc['scenario'] as { nodes: { nodeId: string }[] }).nodes;
    const states = fsmModel(nodes.find((n) => n.nodeId === 'process')).states;
    expect(states.filter((s) => s.isInitial).map((s) => s.name)).toEqual(['start']);
    expect(states.map((s) => s.name)).toEqual(['start', 'a', 'c', 'd', 'b']);
  });

  it('describes what it was discovered from: events, cases, activities, paths, the source and the sink', () => {
    // LOG: 11 events in 3 cases (c1, c2, c3), 4 activities (a b c d) and 4 directly-follows
    // paths (a>b, b>c, c>d, a>c); the description tells the reader which DataSource to feed and
    // which Sink the cases end in.
    const doc = dfgToTemplate(graphOf(LOG), { dataSourceId: 'src' });
    const text = doc['description'] as string;
    expect(text).toContain('11 events in 3 cases');
    expect(text).toContain('4 activities, 4 paths');
    expect(text).toContain('targetDataSourceId "src"');
    expect(text).toContain('"endedCases"');
  });

  it('bounds the work by the log: the default 5,000,000 events for a small one, at most the loader’s 100,000,000', () => {
    // docs/dsl.md: maxEvents is 1 … 100,000,000, default 5,000,000. A run makes a few ledger
    // events per log event, so 11 events keep the default; a template sized for 20 M events
    // must still load, so its bound is the largest the loader takes.
    const graph = graphOf(LOG);
    const maxEvents = (doc: Record<string, unknown>) => (doc['scenario'] as { maxEvents: number }).maxEvents;
    expect(maxEvents(dfgToTemplate(graph))).toBe(5_000_000);
    const huge = dfgToTemplate(graph, { events: 20_000_000 });
    expect(maxEvents(huge)).toBe(100_000_000);
    expect(loadScenario(huge).errors).toEqual([]);
  });

  it('sizes the batches to the log: 25 events a step at least, 1,000 steps at most, 20 to spare', () => {
    // docs/discovery.md: batches sized to the log, so the same events run unchanged; docs/dsl.md:
    // batchSize is the external events emitted per due step. 11 events fit one batch of 25
    // (1 step + 20); 60,000 events take 1,000 batches of 60 (1,000 steps + 20). The bound on
    // ledger events is 6 per event plus 1,000 (about four per event and two per case): for
    // 1,000,000 events 6,001,000, above the default 5,000,000.
    const graph = graphOf(LOG);
    const sized = (events?: number) => {
      const scenario = dfgToTemplate(graph, { dataSourceId: 'src', events })['scenario'] as {
        maxSteps: number;
        maxEvents: number;
        nodes: { nodeId: string; batchSize?: number }[];
      };
      return [scenario.nodes[0]!.batchSize, scenario.maxSteps, scenario.maxEvents];
    };
    expect(sized()).toEqual([25, 21, 5_000_000]);
    expect(sized(60_000)).toEqual([60, 1020, 5_000_000]);
    expect(sized(1_000_000)).toEqual([1000, 1020, 6_001_000]);
    // Run on its 11 events, the DataSource hands them all on at step 1.
    const run = runTemplate(dfgToTemplate(graph, { dataSourceId: 'src' }), LOG);
    const steps: number[] = [];
    for (let seq = 1; seq <= run.engine.ledger.size; seq++) {
      const e = run.engine.ledger.get(seq);
      if (e.nodeId === 'src') steps.push(e.step);
    }
    expect(steps).toEqual(LOG.map(() => 1));
  });

  it('routes each token as accepted or unaccepted, and hands each case’s last state to endedCases', () => {
    // docs/discovery.md: the route's outputs are *accepted* and *unaccepted*; endedCases gets one
    // token per case whose value is the activity it ended in. With paths 25 % (a>c dropped) c2's
    // c and d are not accepted, so c2 ends in a; c1 and c3 end in d.
    const doc = dfgToTemplate(filterDfg(graphOf(LOG), { paths: 25 }), { dataSourceId: 'src' });
    const run = runTemplate(doc, LOG);
    const outputs: Record<string, number> = {};
    const ended: Record<string, unknown> = {};
    for (let seq = 1; seq <= run.engine.ledger.size; seq++) {
      const e = run.engine.ledger.get(seq);
      if (e.nodeId === 'route' && e.operation === 'TOKEN_ROUTED') {
        const output = String((e.details as { output?: unknown }).output);
        outputs[output] = (outputs[output] ?? 0) + 1;
      }
      if (e.nodeId === 'endedCases') ended[e.inputToken!.correlationIds[0]!] = e.inputToken!.data['value'];
    }
    expect(outputs).toEqual({ accepted: 9, unaccepted: 2 });
    expect(ended).toEqual({ c1: 'd', c2: 'a', c3: 'd' });
  });

  it('gives the FSM an id of its own when the events address a DataSource called process', () => {
    // The DataSource keeps the id the events address; node ids must differ, so the FSM is process_.
    const events = LOG.map((e) => ({ ...e, targetDataSourceId: 'process' }));
    const doc = dfgToTemplate(graphOf(events), { dataSourceId: 'process' });
    const nodes = (doc['scenario'] as { nodes: { nodeId: string }[] }).nodes;
    expect(nodes.map((n) => n.nodeId)).toEqual([
      'process',
      'process_',
      'route',
      'caseEnds',
      'endedCases',
      'unaccepted',
    ]);
    const run = runTemplate(doc, events, 'process_');
    expect(run.transitions).toEqual({ 'start>a': 3, 'a>b': 2, 'b>c': 2, 'c>d': 3, 'a>c': 1 });
    expect(run.sinks).toEqual({ endedCases: 3 });
  });

  it('loads without a warning, and tells in the inspector what the DataSource and the FSM do', () => {
    // docs/ui.md: a selected node shows its description. The DataSource is fed by the log and
    // generates nothing itself (count 0); the FSM keeps one machine per case. The template and
    // its scenario both declare the DSL version "3.0", so loading it warns of nothing.
    const doc = dfgToTemplate(graphOf(LOG), { dataSourceId: 'src' });
    expect(loadScenario(doc)).toMatchObject({ errors: [], warnings: [] });
    const nodes = (doc['scenario'] as { nodes: { nodeId: string; description?: string }[] }).nodes;
    const description = (id: string) => nodes.find((n) => n.nodeId === id)?.description ?? '';
    expect(description('src')).toMatch(/generates nothing/);
    expect(description('process')).toMatch(/one machine per case/i);
  });

  it('sends the events a filtered graph no longer accepts to the unaccepted sink', () => {
    // paths 25 % drops a>c: c2 (a c d) moves start>a, then c and d find no transition.
    const doc = dfgToTemplate(filterDfg(graphOf(LOG), { paths: 25 }), { dataSourceId: 'src' });
    const run = runTemplate(doc, LOG);
    expect(run.transitions).toEqual({ 'start>a': 3, 'a>b': 2, 'b>c': 2, 'c>d': 2 });
    expect(run.sinks).toEqual({ endedCases: 3, unaccepted: 2 });
  });

  it('round trip: on any log, each transition fires as often as its edge occurred (property)', () => {
    // Names include trigger words the FSM reads specially and the start state's own name.
    const activity = fc.constantFrom('a', 'b', 'c', 'start', 'timer', 'default', 'x y', '"q"');
    const logs = fc
      .array(fc.array(activity, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 })
      .chain((traces) => {
        const picks = traces.flatMap((t, c) => t.map(() => c));
        return fc.shuffledSubarray(picks, { minLength: picks.length, maxLength: picks.length }).map((order) => {
          const next = traces.map(() => 0);
          return order.map((c) => ev(`case-${c}`, traces[c]![next[c]!++]!));
        });
      });
    fc.assert(
      fc.property(logs, (events) => {
        const dfg = graphOf(events);
        const doc = dfgToTemplate(dfg, { dataSourceId: 'src' });
        const run = runTemplate(doc, events);
        const start = (doc.scenario as { nodes: { fsm?: { states: { name: string }[] } }[] }).nodes[1]!.fsm!.states[0]!
          .name;
        expect(run.transitions).toEqual(expectedTransitions(dfg, start));
        expect(run.sinks).toEqual({
          endedCases: Object.keys(Object.fromEntries(events.map((e) => [e.correlationId, 1]))).length,
        });
      }),
      { numRuns: 60 },
    );
  });

  it('round trip on the bundled sshd log: parser → discover → template → the engine', () => {
    const events = sshdEvents();
    const dfg = graphOf(events);
    expect(dfg.cases).toBe(519);
    expect(dfg.events).toBe(2000);
    const doc = dfgToTemplate(dfg, { dataSourceId: dataSourceOf(events), events: events.length });
    expect(dataSourceOf(events)).toBe('sshLog');
    const run = runTemplate(doc, events);
    expect(run.status).toBe('completed');
    expect(run.transitions).toEqual(expectedTransitions(dfg));
    expect(run.sinks).toEqual({ endedCases: 519 });
  });

  it('round trip on the example event log examples/ssh-sessions.events.ndjson', () => {
    const text = readFileSync(new URL('../../../examples/ssh-sessions.events.ndjson', import.meta.url), 'utf8');
    const events = text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const dfg = graphOf(events);
    const run = runTemplate(dfgToTemplate(dfg, { dataSourceId: dataSourceOf(events) }), events);
    expect(run.transitions).toEqual(expectedTransitions(dfg));
    expect(run.sinks).toEqual({ endedCases: dfg.cases });
  });

  it("conformance of the sshd log agrees with the engine: consumed events = the FSM's transitions", () => {
    const events = sshdEvents();
    const doc = JSON.parse(readFileSync(new URL('../../../examples/ssh-log-sessions.json', import.meta.url), 'utf8'));
    const run = runTemplate(doc, events, 'attempt');
    const fired = Object.values(run.transitions).reduce((s, n) => s + n, 0);
    const r = conform(loadScenario(doc).scenario!, events);
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    expect(r.report.fsm).toBe('attempt');
    expect(r.report.events).toBe(2000);
    expect(r.report.consumedEvents).toBe(fired);
    expect(r.report.cases).toBe(519);
    expect(r.report.fittingCases + r.report.deviations.length).toBe(519);
    // The template discovered from the same log fits it entirely.
    const own = conform(loadScenario(dfgToTemplate(graphOf(events), { dataSourceId: 'sshLog' })).scenario!, events);
    expect(own).toMatchObject({ ok: true, report: { eventFitness: 1, caseFitness: 1, deviations: [] } });
  });
});

describe('a template per activity, within the bound on state names', () => {
  /** A log of `n` one-event cases, each of its own activity. */
  const distinct = (n: number) => Array.from({ length: n }, (_, i) => ev(`c${i}`, `a${i}`));

  it('is refused for more activities than a template holds (65,533 and start), never written to fail at run time', () => {
    // Issue 38, item 4: such a template loaded, then the run failed inside the ledger.
    expect(MAX_TEMPLATE_ACTIVITIES).toBe(65_533);
    const graph = graphOf(distinct(65_534));
    const problem =
      'the graph has 65,534 activities, and a template holds at most 65,533: its FSM has a state per activity plus "start", and a scenario names at most 65,534 states';
    expect(templateProblem(graph)).toBe(problem);
    expect(() => dfgToTemplate(graph)).toThrow(problem);
    // The activities filter brings it within the bound.
    expect(templateProblem(filterDfg(graph, { activities: 99 }))).toBeNull();
  }, 60_000);

  it('at the bound is written and loads', () => {
    // Running it is left out: each event scans the 65,533 transitions out of start, which takes
    // tens of seconds at this size; the state names themselves fit (largeScenario.test.ts).
    const graph = graphOf(distinct(65_533));
    expect(templateProblem(graph)).toBeNull();
    const loaded = loadScenario(dfgToTemplate(graph, { dataSourceId: 'src' }));
    expect(loaded.errors).toEqual([]);
    expect(loaded.scenario!.nodes.find((n) => n.type === 'FSM')).toMatchObject({ fsm: { initialState: 'start' } });
  }, 60_000);
});

describe('conform against a discovered, filtered template', () => {
  it('consumes exactly the events the engine turns into transitions (property)', () => {
    const activity = fc.constantFrom('a', 'b', 'c', 'd');
    const logs = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 5 }), activity).map(([c, a]) => ev(`case-${c}`, a)),
      { minLength: 1, maxLength: 40 },
    );
    const filters = fc.record({
      activities: fc.integer({ min: 0, max: 100 }),
      paths: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(logs, filters, (events, filter) => {
        const doc = dfgToTemplate(filterDfg(graphOf(events), filter), { dataSourceId: 'src' });
        const run = runTemplate(doc, events);
        const fired = Object.values(run.transitions).reduce((s, n) => s + n, 0);
        const r = conform(loadScenario(doc).scenario!, events);
        expect(r?.ok && r.report.consumedEvents).toBe(fired);
        // What the engine did not accept went to the unaccepted sink.
        expect(run.sinks['unaccepted'] ?? 0).toBe(events.length - fired);
      }),
      { numRuns: 60 },
    );
  });
});
