/**
 * The Discover screen's state (view=discover, docs/discovery.md): the event source (a parse from
 * the ingestion screen, or a run's events), the directly-follows graph and its tables asked of the
 * client as the Activities and Paths sliders move (latest wins), Create template, Check against a
 * template (conformance) and the XES / OCEL exports. Components render this and call its methods;
 * none calls the client.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { CaseTimeline, ConformanceReport, Deviation, DiscoverAnswer } from '../../../contract/discovery';
import type { SimulationModelAnswer } from '../../../contract/simulation';
import { saveFile } from '../../controllers/download';
import { readMapColours, savePng, saveSvg } from '../../controllers/discovery/mapExport';
import { fsmModel, type FsmModel } from '../../controllers/editor/fsmForm';
import { invalidateTemplates } from '../query/queries';
import { observeTemplates, type TemplatesState } from '../query/templates.svelte';
import { describeError, latestWins } from '../shell/latest';
import { layoutDfg } from './layout';
import { caseHref, type DiscoverSource } from './source';
import { deviationStep, disallowedEdges, readFsmShape, type FsmShape } from './deviations';
import { mapSvg } from './mapSvg';
import { bottlenecks, edgeLooks, sojournText, type MapMode } from './performance';
import { ReplayState } from './replay.svelte';
import { activityRows, pathRows, sliderFilter, stateHeat, variantRows } from './tables';
import { edgeKey, variantHighlight, variantStatus } from './variantsOnMap';
import { DEFAULT_DISCOVER_VIEW, normalVariants, type DiscoverView } from './viewState';

/** How many deviating cases get their step looked up as soon as a check answers (the rest when followed). */
const DEVIATION_STEPS = 50;

export class DiscoverScreen {
  activities = $state(100);
  paths = $state(100);
  /** The map's mode: counts (frequency) or times (performance). */
  mode = $state<MapMode>('frequency');
  /** The variants shown on the map, by rank (1 = the most frequent of the answer). */
  selected = $state<number[]>([]);
  /** The cases as timed steps for the replay (asked for once: it is the whole log's, whatever the filters). */
  timeline = $state.raw<CaseTimeline | null>(null);
  readonly replay = new ReplayState();
  answer = $state<DiscoverAnswer | null>(null);
  busy = $state(false);
  error = $state<string | null>(null);
  /** The template chosen under Check against a template, and its report. */
  checkTemplateId = $state('');
  report = $state.raw<ConformanceReport | null>(null);
  checking = $state(false);
  checkError = $state<string | null>(null);
  /** The checked template's FSM as written, for the paths it does not allow (null: none read). */
  checkedFsm = $state.raw<FsmShape | null>(null);
  /** The same FSM as the editor draws it, for the state diagram the refused events are marked on. */
  checkedDesign = $state.raw<FsmModel | null>(null);
  /** Per deviating case of a run: the step its first refused event was processed in (null: not reached). */
  deviationSteps = $state<Record<string, number | null>>({});
  creating = $state(false);
  /** The simulation model created from the source (stored in the library) and its fidelity. */
  simulation = $state.raw<SimulationModelAnswer | null>(null);
  simulating = $state(false);
  exporting = $state<'xes' | 'ocel' | null>(null);
  readonly templates: TemplatesState;
  readonly activityRows = $derived(this.answer ? activityRows(this.answer.discovery) : []);
  readonly pathRows = $derived(this.answer ? pathRows(this.answer.discovery) : []);
  readonly variantRows = $derived(this.answer ? variantRows(this.answer.discovery) : []);
  readonly layout = $derived(this.answer ? layoutDfg(this.answer.discovery) : null);
  readonly heat = $derived(this.report ? stateHeat(this.report.byState) : null);
  readonly looks = $derived(this.layout ? edgeLooks(this.layout.edges, this.mode) : []);
  readonly highlight = $derived(this.answer ? variantHighlight(this.answer.discovery, this.selected) : null);
  readonly status = $derived(this.answer ? variantStatus(this.answer.discovery, this.selected) : '');
  readonly bottlenecks = $derived(this.answer ? bottlenecks(this.answer.discovery) : []);
  /** The map's paths the checked template's FSM does not allow (dashed on the map, listed under Conformance). */
  readonly disallowed = $derived(
    this.layout && this.checkedFsm && this.report
      ? disallowedEdges(this.layout.edges, this.checkedFsm, { start: 'start', end: 'end' })
      : [],
  );
  /** Whether some node on the map is a state where the check refused events (it glows; the legend says so). */
  readonly refusedOnMap = $derived(
    !!this.layout &&
      !!this.report &&
      this.layout.nodes.some((n) => (this.report!.byState[n.kind === 'start' ? 'start' : n.label] ?? 0) > 0),
  );
  readonly disallowedKeys = $derived(new Set(this.disallowed.map((e) => edgeKey(e.from, e.to))));
  /** The replay can play: some case has a timed step. */
  readonly canReplay = $derived((this.timeline?.timeMs.length ?? 0) > 0);
  private readonly gate = latestWins();

  /** Not pure: the screen over `api` for `from` (null: no source yet); create while its component initialises. */
  constructor(
    private readonly api: EngineAPIService,
    private readonly cache: QueryClient,
    readonly from: DiscoverSource | null,
    view: DiscoverView = DEFAULT_DISCOVER_VIEW,
    /** Told each change of the view (mode, filters, variants), so the address keeps it. */
    private readonly onView?: (view: DiscoverView) => void,
  ) {
    this.templates = observeTemplates(api);
    this.mode = view.mode;
    this.activities = view.activities;
    this.paths = view.paths;
    this.selected = normalVariants(view.variants);
  }

  /** The view the address keeps. */
  view(): DiscoverView {
    return { mode: this.mode, activities: this.activities, paths: this.paths, variants: this.selected };
  }

  /** Not pure (address): the map in `mode`. */
  setMode(mode: MapMode): void {
    this.mode = mode;
    this.onView?.(this.view());
  }

  /** Not pure (address): shows variant `rank` on the map, or stops showing it. */
  toggleVariant(rank: number): void {
    this.selected = this.selected.includes(rank)
      ? this.selected.filter((r) => r !== rank)
      : normalVariants([...this.selected, rank]);
    this.onView?.(this.view());
  }

  /** Not pure: plays the cases over the map from the log's first time. */
  startReplay(): void {
    if (this.timeline && this.layout) this.replay.start(this.timeline, this.layout);
  }

  /** The line under an activity's name: in performance mode how long cases stay there, else its count. */
  figureOf(node: { id: string; kind: string; label: string; count: number }): string {
    const replayCount = this.replay.frame?.counts[node.label];
    if (this.replay.frame && node.kind === 'activity') return `${replayCount ?? 0} of ${node.count}`;
    if (this.mode === 'performance' && node.kind === 'activity' && this.answer)
      return sojournText(this.answer.discovery, node.label) ?? String(node.count);
    return String(node.count);
  }

  /** Not pure (download): the map as shown (mode, labels, figures) as an SVG or PNG file, in the theme of `el`. */
  async exportMap(kind: 'svg' | 'png', el: HTMLElement): Promise<void> {
    if (!this.layout) return;
    const figures = new Map(this.layout.nodes.map((n) => [n.id, this.figureOf(n)]));
    const title = `Directly-follows graph (${this.mode}) of ${this.from?.label ?? 'the log'}`;
    const svg = mapSvg(this.layout, this.looks, figures, readMapColours(el), title);
    const name = `process-map-${this.mode}.${kind}`;
    try {
      if (kind === 'svg') saveSvg(svg, name);
      else await savePng(svg, this.layout.width, this.layout.height + 40, name);
    } catch (err) {
      this.error = describeError(err, `export the map as ${kind.toUpperCase()}`);
    }
  }

  /** Not pure (API): asks for the graph with the sliders' filter; a newer ask drops this one's answer. */
  async load(): Promise<void> {
    if (!this.from) return;
    const signal = this.gate.next();
    this.busy = true;
    try {
      const answer = await this.api.discover(
        {
          ...this.from.source,
          filter: sliderFilter(this.activities, this.paths),
          template: true,
          name: this.from.name,
          ...(this.timeline === null ? { replay: true } : {}),
        },
        { signal },
      );
      if (signal.aborted) return;
      if (answer.replay) this.timeline = answer.replay;
      this.answer = answer;
      this.error = null;
    } catch (err) {
      if (signal.aborted) return;
      this.error = describeError(err, 'discover the process');
    } finally {
      if (!signal.aborted) this.busy = false;
    }
  }

  /** Not pure (API): sets a slider (percent) and asks again. */
  setFilter(which: 'activities' | 'paths', value: number): void {
    this[which] = value;
    // The ranks of the variants change with the graph, and the replay follows the map's activities.
    this.selected = [];
    this.replay.stop();
    this.onView?.(this.view());
    void this.load();
  }

  /** Not pure (API): stores the discovered template; its id, or null when there is none or it failed. */
  async createTemplate(): Promise<string | null> {
    const t = this.answer?.template as
      { name?: string; description?: string; scenario?: Record<string, unknown> } | undefined;
    if (!t?.scenario) return null;
    this.creating = true;
    try {
      const created = await this.api.createTemplate({
        name: t.name ?? this.from?.name ?? 'Discovered process',
        description: t.description,
        scenario: t.scenario,
      });
      void invalidateTemplates(this.cache);
      return created.templateId;
    } catch (err) {
      this.error = describeError(err, 'create the template');
      return null;
    } finally {
      this.creating = false;
    }
  }

  /**
   * Not pure (API): calibrates a simulation model on the source's events (every event, whatever the
   * sliders), stores it in the library and measures its fidelity — one call. The model generates
   * arrivals over the log's time horizon (`stop: "horizon"`), so an experiment that changes the
   * arrival interval changes how many cases arrive (docs/simulation.md, "On the screen").
   */
  async createSimulationModel(): Promise<void> {
    if (!this.from) return;
    this.simulating = true;
    try {
      this.simulation = await this.api.simulationModel({
        ...this.from.source,
        stop: 'horizon',
        name: this.from.name.replace(/^Discovered from/, 'Simulation of'),
      });
      void invalidateTemplates(this.cache);
    } catch (err) {
      this.error = describeError(err, 'create the simulation model');
    } finally {
      this.simulating = false;
    }
  }

  /** Not pure (API): replays the source's events against the chosen template's FSM. */
  async check(): Promise<void> {
    if (!this.from || !this.checkTemplateId) return;
    this.checking = true;
    this.checkError = null;
    this.deviationSteps = {};
    this.checkedFsm = null;
    this.checkedDesign = null;
    try {
      const templateId = this.checkTemplateId;
      const answer = await this.api.conform({ ...this.from.source, templateId });
      this.report = answer.report;
      // The template as written, for the paths its FSM does not allow; the map stays as it is without it.
      void this.api
        .getTemplate(templateId)
        .then((t) => {
          if (this.report !== answer.report) return;
          const shape = readFsmShape(t.scenario, answer.report.fsm);
          this.checkedFsm = shape;
          const nodes = Array.isArray(t.scenario['nodes']) ? (t.scenario['nodes'] as unknown[]) : [];
          const node = nodes.find((n) => (n as { nodeId?: unknown } | null)?.nodeId === answer.report.fsm);
          const model = node ? fsmModel(node) : null;
          this.checkedDesign = model && {
            ...model,
            states: model.states.map((s) => ({ ...s, isInitial: s.name === shape?.initial })),
          };
        })
        .catch(() => undefined);
      void this.resolveSteps(answer.report);
    } catch (err) {
      this.report = null;
      this.checkError = describeError(err, 'check the events against that template');
    } finally {
      this.checking = false;
    }
  }

  /**
   * Not pure (API): the steps of the run at which the first `DEVIATION_STEPS` deviating cases' first
   * refused events were processed, a few asks at a time; later cases are looked up when followed.
   */
  private async resolveSteps(report: ConformanceReport): Promise<void> {
    if (!this.from || !('execution' in this.from.source)) return;
    const list = report.deviations.slice(0, DEVIATION_STEPS);
    let next = 0;
    const worker = async () => {
      while (next < list.length && this.report === report) await this.stepOf(list[next++]!);
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  /** Not pure (API): the step of `d`'s first refused event in the source's run (cached); null when unknown. */
  async stepOf(d: Deviation): Promise<number | null> {
    if (d.case in this.deviationSteps) return this.deviationSteps[d.case]!;
    if (!this.from || !('execution' in this.from.source) || !this.report) return null;
    const report = this.report;
    const { templateId, executionId } = this.from.source.execution;
    try {
      const page = await this.api.getLedgerPage(templateId, executionId, { correlationId: d.case, limit: 1000 });
      const step = deviationStep(page.events, report.fsm, d.index);
      if (this.report === report) this.deviationSteps[d.case] = step;
      return step;
    } catch {
      return null;
    }
  }

  /** The workspace link of a deviating case: traced, at its deviating step once known; null for a parse. */
  deviationHref(d: Deviation): string | null {
    return this.from ? caseHref(this.from, d.case, this.deviationSteps[d.case] ?? null) : null;
  }

  /** Not pure (API): the link of `d` with its step looked up first (a case past the ones looked up ahead). */
  async deviationHrefResolved(d: Deviation): Promise<string | null> {
    await this.stepOf(d);
    return this.deviationHref(d);
  }

  /** Not pure (API, download): the source's events as a XES or OCEL 2.0 file. */
  async exportAs(format: 'xes' | 'ocel'): Promise<void> {
    if (!this.from) return;
    this.exporting = format;
    try {
      const blob = await this.api.exportEvents({ ...this.from.source, format });
      saveFile(format === 'xes' ? 'events.xes' : 'events.ocel.json', blob);
    } catch (err) {
      this.error = describeError(err, `export the events as ${format.toUpperCase()}`);
    } finally {
      this.exporting = null;
    }
  }

  /** Not pure: drops any answer still coming (the screen is closing). */
  dispose(): void {
    this.gate.abort();
    this.replay.stop();
  }
}
