/**
 * The parser configuration being edited and the saved ones: load one into the form, save the form
 * (as new, or over the one loaded), rename and delete. Every change to the saved list reads it
 * again from the API.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { ParserConfigRecord } from '../../../contract/wire';
import { EMPTY_FORM, configToForm, formToConfig, type IngestForm } from './form';
import type { Source } from './sources.svelte';

export class ConfigsState {
  form = $state<IngestForm>(structuredClone(EMPTY_FORM));
  /** The saved configuration the form was loaded from (a save updates it); null: a new one. */
  base = $state<ParserConfigRecord | null>(null);
  list = $state<ParserConfigRecord[]>([]);
  message = $state<string | null>(null);
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
    this.base = c;
    this.form = configToForm(c);
    this.message = `Loaded “${c.name}”.`;
    this.onUse(c);
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
