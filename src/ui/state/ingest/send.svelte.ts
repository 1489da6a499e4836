/**
 * "Send to run": one operation of the engine worker (`ingestIntoRun`) parses the selected source
 * (streamed from its File, with progress and Cancel), stores it with the configuration, and
 * enqueues its events into an execution — a new one, or one chosen — of a template, for one of its
 * DataSources. Also "Parse whole log", a parse alone in the ingestion worker.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { IngestBridge, StreamOutcome } from '../../../client/ingestBridge';
import type { IngestPhase, IngestProgress, IngestSource, StreamProgress } from '../../../contract/ingest';
import { sendToRun, type IngestPort } from '../../../client/sendToRun';
import type { ExecutionRecord, ParserConfigBody, ParserConfigRecord, Template } from '../../../contract/wire';
import { dataSourcesOf, formToConfig, progressFigures } from './form';
import type { ParserConfigsState } from './parserConfigs.svelte';
import type { SourcesState } from './sources.svelte';

/**
 * A parse ("Parse whole log") or a send ("Send to run") under way, with its progress. A send has
 * ONE job from the first byte read to the last event added: its phase moves through reading,
 * storing and adding events on the same progress bar, and its Cancel stops whichever is under way.
 */
export interface IngestJob {
  /** The progress bar's name: "Parsing" or "Sending to the run". */
  label: string;
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

  /**
   * Not pure: sending over `api`, `bridge` (the ingestion worker: "Parse whole log") and `engine`
   * (the engine worker: "Send to run"); `onOpenRun` opens the fed execution in the workspace.
   */
  constructor(
    private readonly api: EngineAPIService,
    private readonly bridge: IngestBridge,
    private readonly engine: () => IngestPort,
    private readonly sources: SourcesState,
    private readonly configs: ParserConfigsState,
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
    this.job = {
      label: 'Parsing',
      phase: 'Parsing',
      bytes: 0,
      total: blob.size,
      lines: 0,
      started,
      now: started,
      cancel: null,
    };
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

  /**
   * Not pure (engine worker): "Send to run" as one operation, `ingestIntoRun` — the log goes to the
   * worker as its File (never read on the page), is parsed, stored with the configuration and its
   * events enqueued, under one progress bar with Cancel; then the run opens. The query cache learns
   * of a run the send created from that open (`openRun` answers the template's runs, the run view
   * puts them into the cache), so nothing is invalidated here and nothing is read twice.
   */
  async send(): Promise<void> {
    this.message = null;
    const s = this.sources.selected;
    if (!s || !this.templateId || !this.dataSourceId) return;
    const configs = this.configs;
    configs.form.targetDataSourceId = this.dataSourceId;
    const body = $state.snapshot(formToConfig(configs.form, [], configs.base)) as ParserConfigBody;
    // A stored source is named by its id: the worker reads it from the store, not the page.
    const blob = s.storedId ? null : await this.sources.blobOf(s);
    const source: IngestSource = blob ? { name: s.name, blob } : { sourceId: s.storedId! };
    const started = performance.now();
    const total = blob ? blob.size : (s.bytes ?? 0);
    this.job = {
      label: 'Sending to the run',
      phase: PHASES.templates,
      bytes: 0,
      total,
      lines: 0,
      started,
      now: started,
      cancel: null,
    };
    const handle = sendToRun(
      this.engine(),
      source,
      { body, ...(configs.base ? { configId: configs.base.id } : {}) },
      {
        templateId: this.templateId,
        ...(this.executionId ? { executionId: this.executionId } : {}),
        targetDataSourceId: this.dataSourceId,
      },
      (p: IngestProgress) => {
        if (!this.job) return;
        const restart = this.job.phase !== PHASES[p.phase];
        const now = performance.now();
        this.job = {
          ...this.job,
          phase: PHASES[p.phase],
          bytes: p.bytes,
          total: p.total,
          lines: p.lines,
          ...(restart ? { started: now } : {}),
          now,
        };
      },
    );
    let cancelAsked = false;
    this.job.cancel = () => {
      cancelAsked = true;
      handle.cancel();
    };
    const outcome = await handle.done;
    this.job = null;
    if (outcome.kind === 'cancelled') {
      this.message = { kind: 'error', text: `Not sent: ${outcome.message}` };
      return;
    }
    if (outcome.kind === 'error') {
      this.message = { kind: 'error', text: `Not sent: ${outcome.message}` };
      return;
    }
    const done = outcome.ingested;
    this.sources.patch(s.key, { storedId: done.sourceId });
    configs.base = done.config;
    // Only a run that existed before can be sent after a Cancel (one that came while its commit was written).
    const late = cancelAsked ? 'Cancel came too late: ' : '';
    this.message = { kind: 'ok', text: `${late}${done.enqueued} events in ${done.groups} groups added to the queue.` };
    this.onOpenRun(this.templateId, done.executionId);
  }
}

/** What the progress bar says in each phase of a send. */
const PHASES: Record<IngestPhase, string> = {
  templates: 'Reading the log (templates)',
  events: 'Reading the log (events)',
  storing: 'Storing the log',
  enqueueing: 'Adding events',
};
