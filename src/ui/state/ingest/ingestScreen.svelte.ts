/**
 * The log ingestion screen's state (view=ingest), one object per screen: its sources, the
 * configuration form and the saved configurations, the live preview and "Send to run", over the API
 * client and the ingestion worker's bridge (src/client/ingestBridge.ts). The components only render
 * these and call their methods.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import { appEngine } from '../../../client/appEngine';
import { IngestBridge } from '../../../client/ingestBridge';
import { builtinPresets, type PresetInfo } from '../../../client/parserCore';
import { parseSource, type DiscoverSource } from '../discovery/source';
import { ParserConfigsState } from './parserConfigs.svelte';
import { configsFor } from './fit';
import { formToConfig } from './form';
import { PreviewState } from './preview.svelte';
import { SendState } from './send.svelte';
import { SourcesState } from './sources.svelte';

/** The bundled example's source and configuration (`?example=openssh`). */
const EXAMPLE = { source: 'openssh-2k', config: 'openssh-sessions' } as const;

export class IngestScreen {
  readonly presets: readonly PresetInfo[] = builtinPresets();
  readonly preview: PreviewState;
  readonly sources: SourcesState;
  readonly configs: ParserConfigsState;
  readonly send: SendState;
  /** Sending is possible: a source, a template and a DataSource chosen, nothing under way, a configuration that parses. */
  readonly canSend = $derived.by(
    () =>
      !!this.sources.selected &&
      !!this.send.templateId &&
      !!this.send.dataSourceId &&
      !this.send.job &&
      !this.preview.failed,
  );

  /**
   * Not pure: the screen over `api` and the engine worker (appEngine: a log goes to it as a File);
   * `onOpenRun` opens an execution in the workspace. Must be created while the screen's component
   * initialises: its ingestion worker is terminated with the component.
   */
  constructor(api: EngineAPIService, onOpenRun: (templateId: string, executionId: string) => void) {
    const bridge = new IngestBridge();
    $effect(() => () => bridge.dispose());
    this.preview = new PreviewState(
      bridge,
      () => this.sources.head,
      () => this.configs.previewConfig,
      () => this.send.previewTemplate,
    );
    this.sources = new SourcesState(api, bridge, this.preview, (m) => this.configs.applyDetected(m));
    this.configs = new ParserConfigsState(
      api,
      () => this.sources.selected,
      (c) => this.send.chooseFor(c),
    );
    this.send = new SendState(api, bridge, appEngine, this.sources, this.configs, onOpenRun);
  }

  /** The saved configurations that fit the chosen template (named by it first), none without one. */
  readonly fitting = $derived.by(() => (this.send.template ? configsFor(this.send.template, this.configs.list) : []));

  /** Not pure (API): lists sources, configurations and templates; the guided example also loads its own. */
  async start(example: boolean): Promise<void> {
    await Promise.all([this.sources.load(), this.configs.load(), this.send.loadTemplates()]);
    if (!example) return;
    const ssh = this.sources.list.find((s) => s.storedId === EXAMPLE.source);
    const cfg = this.configs.list.find((c) => c.id === EXAMPLE.config);
    if (cfg) this.configs.use(cfg);
    if (ssh) await this.sources.select(ssh.key);
  }

  /**
   * Not pure (API): the Discover screen's source — the selected log (stored first if it is the
   * person's own file) parsed with the current configuration; null when no source is selected.
   */
  async discoverSource(): Promise<DiscoverSource | null> {
    const s = this.sources.selected;
    if (!s) return null;
    let storedId = s.storedId;
    if (!storedId) {
      // The file goes to the worker as it is (a handle): the page never reads it whole.
      const added = await appEngine().addSourceBlob(s.name, await this.sources.blobOf(s));
      if (!added.ok) throw new Error(added.error.message);
      storedId = added.value.source.id;
      this.sources.patch(s.key, { storedId });
    }
    const config = $state.snapshot(formToConfig(this.configs.form, [storedId], this.configs.base));
    return parseSource(config as unknown as Record<string, unknown>, s.name);
  }
}
