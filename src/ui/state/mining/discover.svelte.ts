/**
 * The Discover screen's state (view=discover, docs/discovery.md): the event source (a parse from
 * the ingestion screen, or a run's events), the directly-follows graph and its tables asked of the
 * client as the Activities and Paths sliders move (latest wins), Create template, Check against a
 * template (conformance) and the XES / OCEL exports. Components render this and call its methods;
 * none calls the client.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { ConformanceReport, DiscoverAnswer } from '../../../contract/mining';
import { saveFile } from '../../controllers/download';
import { invalidateTemplates } from '../query/queries';
import { observeTemplates, type TemplatesState } from '../query/templates.svelte';
import { describeError, latestWins } from '../shell/latest';
import { layoutDfg } from './layout';
import type { DiscoverSource } from './source';
import { activityRows, pathRows, sliderFilter, stateHeat, variantRows } from './tables';

export class DiscoverScreen {
  activities = $state(100);
  paths = $state(100);
  answer = $state<DiscoverAnswer | null>(null);
  busy = $state(false);
  error = $state<string | null>(null);
  /** The template chosen under Check against a template, and its report. */
  checkTemplateId = $state('');
  report = $state<ConformanceReport | null>(null);
  checking = $state(false);
  checkError = $state<string | null>(null);
  creating = $state(false);
  exporting = $state<'xes' | 'ocel' | null>(null);
  readonly templates: TemplatesState;
  readonly activityRows = $derived(this.answer ? activityRows(this.answer.discovery) : []);
  readonly pathRows = $derived(this.answer ? pathRows(this.answer.discovery) : []);
  readonly variantRows = $derived(this.answer ? variantRows(this.answer.discovery) : []);
  readonly layout = $derived(this.answer ? layoutDfg(this.answer.discovery) : null);
  readonly heat = $derived(this.report ? stateHeat(this.report.byState) : null);
  private readonly gate = latestWins();

  /** Not pure: the screen over `api` for `from` (null: no source yet); create while its component initialises. */
  constructor(
    private readonly api: EngineAPIService,
    private readonly cache: QueryClient,
    readonly from: DiscoverSource | null,
  ) {
    this.templates = observeTemplates(api);
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
        },
        { signal },
      );
      if (signal.aborted) return;
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

  /** Not pure (API): replays the source's events against the chosen template's FSM. */
  async check(): Promise<void> {
    if (!this.from || !this.checkTemplateId) return;
    this.checking = true;
    this.checkError = null;
    try {
      const answer = await this.api.conform({ ...this.from.source, templateId: this.checkTemplateId });
      this.report = answer.report;
    } catch (err) {
      this.report = null;
      this.checkError = describeError(err, 'check the events against that template');
    } finally {
      this.checking = false;
    }
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
  }
}
