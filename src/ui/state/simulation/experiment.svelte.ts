/**
 * The Experiment view's state (view=experiment, docs/simulation.md "On the screen"): a stored
 * template, the number of replications, the numeric field to vary and the values to try; Run asks
 * the worker for the replications in batches (one call per batch, each variant's replications of
 * the batch in it: the progress bar moves per batch) and Cancel aborts the batch under way, which the
 * worker stops at its next replication. The summary is computed here from every replication's
 * figures (summary.ts). Components render this and call its methods; none calls the client.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { ReplicationFigures } from '../../../contract/simulation';
import { describeError } from '../shell/latest';
import type { ExperimentView } from './viewState';

export type { ExperimentView };
import {
  defaultValues,
  numericFields,
  parseValues,
  summariseExperiment,
  type NumericField,
  type VariantSummary,
} from './summary';

/** Replications per batch and variant: a batch is about a second of the worker's time on the sshd model. */
export const BATCH = 2;
/** Most replications a run asks for. */
export const MAX_REPLICATIONS = 500;
/** The metrics drawn as histograms (others are in the table), when the template has them. */
export const HEADLINE = ['cases.count', 'cases.cycleTimeMs', 'cases.arrivalRatePerHour', 'run.steps'];

export class ExperimentScreen {
  name = $state('');
  fields = $state.raw<NumericField[]>([]);
  replications = $state(20);
  vary = $state('');
  values = $state('');
  loadError = $state<string | null>(null);
  error = $state<string | null>(null);
  running = $state(false);
  done = $state(0);
  total = $state(0);
  /** Per variant, the replications in (seed order). */
  runs = $state.raw<{ label: string; runs: ReplicationFigures[] }[]>([]);
  cancelled = $state(false);
  truncated = $state(0);
  readonly summary: VariantSummary[] = $derived(
    this.running || this.runs.length === 0 ? [] : summariseExperiment(this.runs),
  );
  readonly headline: string[] = $derived(
    this.summary.length === 0 ? [] : HEADLINE.filter((m) => this.summary[0]!.metrics[m] !== undefined),
  );
  readonly parsedValues = $derived(parseValues(this.values));
  /** The progress in words, beside the bar. */
  readonly progressText = $derived(
    this.running
      ? `${this.done} of ${this.total} replications…`
      : this.cancelled
        ? `Cancelled after ${this.done} of ${this.total} replications.`
        : this.total > 0
          ? `${this.done} of ${this.total} replications done.`
          : '',
  );
  private controller: AbortController | null = null;

  constructor(
    private readonly api: EngineAPIService,
    readonly templateId: string,
    view: ExperimentView,
    private readonly onView?: (view: ExperimentView) => void,
  ) {
    this.replications = view.replications;
    this.vary = view.vary ?? '';
    this.values = view.values ?? '';
  }

  view(): ExperimentView {
    return { replications: this.replications, vary: this.vary || null, values: this.values || null };
  }

  /** Not pure (API): reads the template's name and numeric fields; picks the first (the arrivals) when none is chosen. */
  async load(): Promise<void> {
    try {
      const t = await this.api.getTemplate(this.templateId);
      this.name = t.name;
      this.fields = numericFields(t.scenario);
      const chosen = this.fields.find((f) => f.path === this.vary) ?? this.fields[0];
      if (chosen && this.vary !== chosen.path) this.vary = chosen.path;
      if (chosen && this.values === '') this.values = defaultValues(chosen.value);
    } catch (err) {
      this.loadError = describeError(err, 'open the template');
    }
  }

  /** Not pure (address): picks the field to vary; its default values replace the typed ones. */
  choose(path: string): void {
    const f = this.fields.find((x) => x.path === path);
    this.vary = path;
    if (f) this.values = defaultValues(f.value);
    this.onView?.(this.view());
  }

  setReplications(n: number): void {
    this.replications = Math.max(2, Math.min(MAX_REPLICATIONS, Math.round(Number.isFinite(n) ? n : 20)));
    this.onView?.(this.view());
  }

  setValues(text: string): void {
    this.values = text;
    this.onView?.(this.view());
  }

  /** Not pure (API): runs the replications batch by batch; Cancel stops after the batch under way answers ABORTED. */
  async run(): Promise<void> {
    const values = this.vary === '' ? null : this.parsedValues;
    if (this.vary !== '' && values === null) {
      this.error = 'Type the values to try as numbers separated by commas, for example 1, 0.5.';
      return;
    }
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.error = null;
    this.cancelled = false;
    this.running = true;
    this.done = 0;
    this.total = this.replications;
    this.truncated = 0;
    let gathered: { label: string; runs: ReplicationFigures[] }[] = [];
    try {
      for (let from = 0; from < this.total; from += BATCH) {
        const count = Math.min(BATCH, this.total - from);
        const answer = await this.api.experiment(
          { templateId: this.templateId, from, count, ...(values ? { vary: { path: this.vary, values } } : {}) },
          { signal: controller.signal },
        );
        gathered =
          gathered.length === 0
            ? answer.variants.map((v) => ({ label: v.label, runs: [...v.runs] }))
            : gathered.map((g, i) => ({ label: g.label, runs: [...g.runs, ...answer.variants[i]!.runs] }));
        this.truncated += answer.variants.reduce((n, v) => n + v.runs.filter((r) => r.truncatedBy).length, 0);
        this.done = from + count;
      }
      this.runs = gathered;
    } catch (err) {
      if (controller.signal.aborted) this.cancelled = true;
      else this.error = describeError(err, 'run the experiment');
    } finally {
      if (this.controller === controller) {
        this.running = false;
        this.controller = null;
      }
    }
  }

  /** Not pure: stops the run under way (the worker stops at its next replication). */
  cancel(): void {
    this.controller?.abort();
  }

  /** The figures of metric `name` over the replications, per variant (for its histogram). */
  valuesOf(name: string): { label: string; xs: number[] }[] {
    return this.runs.map((v) => ({ label: v.label, xs: v.runs.map((r) => r.figures[name] ?? 0) }));
  }

  dispose(): void {
    this.controller?.abort();
  }
}
