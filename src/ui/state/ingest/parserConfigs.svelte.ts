/**
 * The parser configuration being edited and the saved ones: load one into the form, save the form
 * (as new, or over the one loaded), rename and delete. Every change to the saved list reads it
 * again from the API.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { PresetMatch } from '../../../contract/ingest';
import type { ParserConfigRecord } from '../../../contract/wire';
import { mapTemplate } from './fit';
import { EMPTY_FORM, configToForm, formToConfig, type IngestForm } from './form';
import type { Source } from './sources.svelte';

/** Share of sampled lines a detected preset must read to be applied without asking. */
export const AUTO_APPLY_RATE = 0.95;

export class ParserConfigsState {
  form = $state<IngestForm>(structuredClone(EMPTY_FORM));
  /** The saved configuration the form was loaded from (a save updates it); null: a new one. */
  base = $state<ParserConfigRecord | null>(null);
  list = $state<ParserConfigRecord[]>([]);
  message = $state<string | null>(null);
  /** The detected preset applied on its own, and the format it replaced (Undo puts it back); null: none. */
  autoApplied = $state<{ preset: string; previous: Pick<IngestForm, 'formatKind' | 'preset'> } | null>(null);
  /** The form as a configuration, as a string: re-renders that leave it as it was change nothing. */
  readonly previewConfig = $derived(JSON.stringify(formToConfig(this.form, [], this.base)));

  /**
   * Not pure: configurations over `api`; `selected()` is the source a new save names, `onUse` hears
   * of each configuration loaded into the form.
   */
  constructor(
    private readonly api: EngineAPIService,
    private readonly selected: () => Source | null,
    private readonly onUse: (c: ParserConfigRecord) => void,
  ) {}

  /** Not pure (API): reads the saved configurations. */
  async load(): Promise<void> {
    try {
      this.list = await this.api.listParserConfigs();
    } catch (err) {
      this.message = `Saved configurations could not be listed: ${(err as Error).message}`;
    }
  }

  /** Not pure: loads `c` into the form; the next save updates it. */
  use(c: ParserConfigRecord): void {
    this.autoApplied = null;
    this.base = c;
    this.form = configToForm(c);
    this.message = `Loaded “${c.name}”.`;
    this.onUse(c);
  }

  /**
   * Not pure: applies a detected preset that reads at least `AUTO_APPLY_RATE` of the sampled lines,
   * when the form has no format of its own yet; Undo (`undoDetected`) puts the form's format back.
   */
  applyDetected(match: PresetMatch | null): void {
    if (!match || match.rate < AUTO_APPLY_RATE || this.form.formatKind !== 'none') return;
    this.autoApplied = { preset: match.name, previous: { formatKind: this.form.formatKind, preset: this.form.preset } };
    this.form.formatKind = 'preset';
    this.form.preset = match.name;
  }

  /** Not pure: puts back the format the detected preset replaced. */
  undoDetected(): void {
    const applied = this.autoApplied;
    if (!applied) return;
    this.autoApplied = null;
    this.form.formatKind = applied.previous.formatKind;
    this.form.preset = applied.previous.preset;
  }

  /** Not pure: adds an event rule naming events `event`, its pattern left for the person to write. */
  addRule(event: string): void {
    this.form.rules = [...this.form.rules, { pattern: '', event, on: 'content' }];
  }

  /** Not pure: names the events of a mined template `event` (an event rule on the template's text; '' removes it). */
  mapTemplate(template: string, event: string): void {
    this.form.rules = mapTemplate(this.form.rules, template, event);
  }

  /** Not pure: the next save creates a new configuration. */
  startNew(): void {
    this.base = null;
    this.message = 'The next save creates a new configuration.';
  }

  /** Not pure (API): saves the form (over `base`, else as new); null when it was not saved. */
  async save(): Promise<ParserConfigRecord | null> {
    const storedId = this.selected()?.storedId;
    const body = formToConfig(this.form, storedId ? [storedId] : (this.base?.sources ?? []), this.base);
    try {
      const saved = this.base
        ? await this.api.updateParserConfig(this.base.id, body)
        : await this.api.createParserConfig(body);
      this.base = saved.config;
      this.message = `Saved “${saved.config.name}”.`;
      await this.load();
      return saved.config;
    } catch (err) {
      this.message = `Not saved: ${(err as Error).message}`;
      return null;
    }
  }

  /** Not pure (API): renames `c` to `text` (trimmed); an empty or unchanged name changes nothing. */
  async rename(c: ParserConfigRecord, text: string): Promise<void> {
    const name = text.trim();
    if (!name || name === c.name) return;
    try {
      await this.api.updateParserConfig(c.id, { name });
      if (this.base?.id === c.id) this.form.name = name;
      await this.load();
    } catch (err) {
      this.message = `Not renamed: ${(err as Error).message}`;
    }
  }

  /** Not pure (API): deletes `c`; the form keeps its fields, as a new configuration if `c` was loaded. */
  async remove(c: ParserConfigRecord): Promise<void> {
    try {
      await this.api.deleteParserConfig(c.id);
      if (this.base?.id === c.id) this.base = null;
      this.message = `Deleted “${c.name}”.`;
      await this.load();
    } catch (err) {
      this.message = `Not deleted: ${(err as Error).message}`;
    }
  }
}
