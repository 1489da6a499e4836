/**
 * "Send to run": parse the whole selected source in the ingestion worker (streamed, with progress
 * and Cancel), store the source and the configuration, and enqueue the events into an execution —
 * a new one, or one chosen — of a template, for one of its DataSources. Also "Parse whole log",
 * the first half alone.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { IngestBridge, StreamOutcome } from '../../../client/ingestBridge';
import type { StreamProgress } from '../../../contract/ingest';
import type { ExecutionRecord, ParserConfigBody, ParserConfigRecord, Template } from '../../../contract/wire';
import { dataSourcesOf, formToConfig, progressFigures } from './form';
import type { ConfigsState } from './configs.svelte';
import type { SourcesState } from './sources.svelte';

/** A parse or an enqueue under way, with its progress. */
export interface IngestJob {
  phase: string;
  bytes: number;
  total: number;
  lines: number;
  started: number;
  now: number;
  cancel: (() => void) | null;
}

export class SendState {
  templates = $state<Template[]>([]);
  templateId = $state('');
  executions = $state<ExecutionRecord[]>([]);
  /** The execution to feed; empty: a new one. */
  executionId = $state('');
  dataSourceId = $state('');
  job = $state<IngestJob | null>(null);
  message = $state<{ kind: 'ok' | 'error'; text: string } | null>(null);
  lastOutcome = $state<StreamOutcome | null>(null);
  readonly template = $derived(this.templates.find((t) => t.id === this.templateId) ?? null);
  readonly dataSources = $derived(this.template ? dataSourcesOf(this.template.scenario) : []);
  /** The chosen template and DataSource as the preview checks its events against them (JSON; '' for none). */
  readonly previewTemplate = $derived(
    this.template && this.dataSourceId
      ? JSON.stringify({ scenario: this.template.scenario, targetDataSourceId: this.dataSourceId })
      : '',
  );
  readonly figures = $derived(
    this.job && this.job.total > 0
      ? progressFigures(this.job.bytes, this.job.total, this.job.now - this.job.started)
      : null,
  );

  /** Not pure: sending over `api` and `bridge`; `onOpenRun` opens the fed execution in the workspace. */
  constructor(
    private readonly api: EngineAPIService,
    private readonly bridge: IngestBridge,
    private readonly sources: SourcesState,
    private readonly configs: ConfigsState,
    private readonly onOpenRun: (templateId: string, executionId: string) => void,
  ) {}

  /** Not pure (API): reads the templates to choose from (none when they cannot be read). */
  async loadTemplates(): Promise<void> {
    try {
      this.templates = (await this.api.listTemplates()).templates;
    } catch {
      this.templates = [];
    }
  }

  /** Not pure (API): chooses a template, its first DataSource (or the form's) and lists its executions. */
  async chooseTemplate(id: string): Promise<void> {
    this.templateId = id;
    this.executionId = '';
    this.executions = [];
    const t = this.templates.find((x) => x.id === id);
    const ds = t ? dataSourcesOf(t.scenario) : [];
    const wanted = this.configs.form.targetDataSourceId;
    this.dataSourceId = ds.includes(wanted) ? wanted : (ds[0] ?? '');
    if (!id) return;
    try {
      this.executions = (await this.api.listExecutions(id)).executions;
    } catch {
      this.executions = [];
    }
  }

  /**
   * Not pure: chooses the template a configuration was made for — the one naming it among its
   * resources, else one with its target DataSource — when there is one.
   */
  chooseFor(c: ParserConfigRecord): void {
    const target = c.mapping?.targetDataSourceId;
    const t =
      this.templates.find((t) => (t.resources ?? []).some((r) => (r as { id?: string }).id === c.id)) ??
      this.templates.find((t) => target !== undefined && dataSourcesOf(t.scenario).includes(target));
    if (t) void this.chooseTemplate(t.id);
  }

  /** Not pure (worker): parses the whole selected source with the form, reporting progress; null when none is selected. */
  async parseWhole(): Promise<StreamOutcome | null> {
    const s = this.sources.selected;
    if (!s) return null;
    const blob = await this.sources.blobOf(s);
    const started = performance.now();
    this.job = { phase: 'Parsing', bytes: 0, total: blob.size, lines: 0, started, now: started, cancel: null };
    const config = $state.snapshot(formToConfig(this.configs.form, [], this.configs.base)) as ParserConfigBody;
    const handle = this.bridge.parse(blob, config, (p: StreamProgress) => {
      if (this.job) this.job = { ...this.job, bytes: p.bytes, lines: p.lines, now: performance.now() };
    });
    this.job.cancel = handle.cancel;
    const outcome = await handle.done;
    this.lastOutcome = outcome;
    this.job = null;
    if (outcome.cancelled) this.message = { kind: 'error', text: 'Parsing was cancelled.' };
    else if (outcome.error) this.message = { kind: 'error', text: outcome.error };
    else if (outcome.summary) {
      const st = outcome.summary.stats;
      this.message = {
        kind: 'ok',
        text: `Parsed ${st.lines.toLocaleString('en')} lines: ${st.parsed.toLocaleString('en')} events, ${outcome.summary.templates} templates, ${outcome.summary.groups} groups, ${st.unparsed} unmatched.`,
      };
    }
    return outcome;
  }

  /** Not pure (worker, API): parses, stores the source and the configuration, enqueues, then opens the run. */
  async send(): Promise<void> {
    this.message = null;
    const s = this.sources.selected;
    if (!s || !this.templateId || !this.dataSourceId) return;
    const outcome = await this.parseWhole();
    if (!outcome || outcome.cancelled || outcome.error) return;
    try {
      const now = performance.now();
      this.job = { phase: 'Adding events', bytes: 0, total: 0, lines: 0, started: now, now, cancel: null };
      let storedId = s.storedId;
      if (!storedId) {
        const content = await (await this.sources.blobOf(s)).text();
        storedId = (await this.api.addSource({ name: s.name, type: 'log', content })).source.id;
        this.sources.patch(s.key, { storedId });
      }
      const configs = this.configs;
      configs.form.targetDataSourceId = this.dataSourceId;
      const body = formToConfig(configs.form, [storedId], configs.base);
      const saved = configs.base
        ? await this.api.updateParserConfig(configs.base.id, body)
        : await this.api.createParserConfig(body);
      configs.base = saved.config;
      let exec = this.executionId;
      if (!exec) exec = (await this.api.createExecution(this.templateId, {})).executionId;
      const done = await this.api.enqueue(saved.config.id, {
        templateId: this.templateId,
        executionId: exec,
        targetDataSourceId: this.dataSourceId,
      });
      this.job = null;
      this.message = { kind: 'ok', text: `${done.enqueued} events in ${done.groups} groups added to the queue.` };
      this.onOpenRun(this.templateId, exec);
    } catch (err) {
      this.job = null;
      this.message = { kind: 'error', text: `Not sent: ${(err as Error).message}` };
    }
  }
}
