/**
 * The ingestion screen's log sources: the stored ones (bundled and saved) listed by the API, and
 * files dropped or pasted on the page, kept as blobs until sent. Selecting one reads its first lines
 * for the preview, counts its lines and tries every built-in preset on it, in the ingestion worker.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { IngestBridge } from '../../../client/ingestBridge';
import type { PresetMatch } from '../../../contract/ingest';
import { firstLines } from './form';
import { blobFirstLines } from './blobFirstLines';
import type { PreviewState } from './preview.svelte';

export interface Source {
  key: string;
  name: string;
  origin: 'bundled' | 'user';
  bytes: number | null;
  lines: number | null;
  /** The API's id once stored (bundled sources always have one). */
  storedId: string | null;
  blob: Blob | null;
}

/** Lines of a new source tried against every preset. */
const DETECT_LINES = 500;
/** The most lines the preview reads, whatever is asked. */
const PREVIEW_LINES_MAX = 100_000;

export class SourcesState {
  list = $state<Source[]>([]);
  error = $state<string | null>(null);
  selectedKey = $state<string | null>(null);
  /** How many first lines the preview reads. */
  previewLines = $state(2000);
  /** The selected source's first lines (null while being read). */
  head = $state<string | null>(null);
  /** The best built-in preset for the selected source, if any reads it at all. */
  detected = $state<PresetMatch | null>(null);
  readonly selected = $derived(this.list.find((s) => s.key === this.selectedKey) ?? null);
  private localN = 0;

  /**
   * Not pure: sources over `api`, read in `bridge`'s worker; a new selection clears `preview`'s
   * answer and a failure to read is shown there; `onDetected` hears of each selection's best preset.
   * Must be created while a component initialises.
   */
  constructor(
    private readonly api: EngineAPIService,
    private readonly bridge: IngestBridge,
    private readonly preview: PreviewState,
    private readonly onDetected: (match: PresetMatch | null) => void = () => undefined,
  ) {
    // The preview's line count changes what is read.
    $effect(() => {
      const n = this.previewLines;
      const s = this.selected;
      if (!s?.blob || !(n >= 1)) return;
      void blobFirstLines(s.blob, Math.min(PREVIEW_LINES_MAX, Math.floor(n))).then((t) => {
        if (this.selectedKey === s.key) this.head = t;
      });
    });
  }

  /** Not pure (API): adds the stored sources not listed yet. */
  async load(): Promise<void> {
    try {
      const list = await this.api.listSources();
      const known = new Set(this.list.map((s) => s.key));
      const add: Source[] = list.sources
        .filter((s) => !known.has(s.id))
        .map((s) => ({
          key: s.id,
          name: s.name,
          origin: s.origin,
          bytes: s.bytes,
          lines: null,
          storedId: s.id,
          blob: null,
        }));
      this.list = [...this.list, ...add];
      if (list.problems.length > 0) this.error = list.problems.join(' ');
    } catch (err) {
      this.error = `The sources could not be listed: ${(err as Error).message}`;
    }
  }

  /** Not pure (API): the source's content, fetched once for a stored source. */
  async blobOf(s: Source): Promise<Blob> {
    if (s.blob) return s.blob;
    const content = await this.api.getSourceContent(s.storedId!);
    const blob = new Blob([content.content]);
    this.patch(s.key, { blob, bytes: blob.size });
    return blob;
  }

  /** Not pure: adds files (dropped, chosen or pasted) and selects the last one. */
  add(files: Iterable<File>): void {
    let last: string | null = null;
    for (const f of files) {
      const key = `local-${++this.localN}`;
      this.list = [
        ...this.list,
        { key, name: f.name, origin: 'user', bytes: f.size, lines: null, storedId: null, blob: f },
      ];
      last = key;
    }
    if (last) void this.select(last);
  }

  /** Not pure: drops a source from the list (a stored one stays stored). */
  remove(key: string): void {
    this.list = this.list.filter((s) => s.key !== key);
    if (this.selectedKey === key) {
      this.selectedKey = null;
      this.head = null;
      this.preview.answer = null;
      this.detected = null;
    }
  }

  /** Not pure (worker): selects a source, reads its first lines, counts its lines, detects its preset. */
  async select(key: string): Promise<void> {
    this.selectedKey = key;
    const s = this.list.find((x) => x.key === key);
    if (!s) return;
    this.head = null;
    this.preview.answer = null;
    this.detected = null;
    try {
      const blob = await this.blobOf(s);
      if (this.selectedKey !== key) return;
      this.head = await blobFirstLines(blob, this.previewLines);
      // The count is a nicety: left unknown when the worker is closed first (the screen was left).
      if (s.lines === null)
        void this.bridge.countLines(blob).then(
          (lines) => this.patch(key, { lines }),
          () => undefined,
        );
      const matches = await this.bridge.detect(firstLines(this.head, DETECT_LINES));
      if (this.selectedKey !== key) return;
      // Applied when it reads nearly every line (the form says so, with Undo); proposed otherwise.
      this.detected = matches[0] && matches[0].rate > 0 ? matches[0] : null;
      this.onDetected(this.detected);
    } catch (err) {
      this.preview.error = (err as Error).message;
    }
  }

  /** Not pure: the source `key` with some fields replaced, if it is still listed. */
  patch(key: string, change: Partial<Source>): void {
    const i = this.list.findIndex((x) => x.key === key);
    if (i >= 0) this.list[i] = { ...this.list[i]!, ...change };
  }
}
