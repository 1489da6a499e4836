/**
 * The live preview of the ingestion screen: the configuration being edited, applied to the selected
 * source's first lines in the ingestion worker, 150 ms after the last change. Stale answers are
 * dropped: only the latest request may set the answer.
 */
import type { IngestBridge } from '../../../client/ingestBridge';
import type { PreviewAnswer, PreviewTemplate } from '../../../contract/ingest';
import type { ParserConfigBody } from '../../../contract/wire';

/** How long the form must stay unchanged before the preview parses again. */
const DEBOUNCE_MS = 150;

export class PreviewState {
  answer = $state<PreviewAnswer | null>(null);
  busy = $state(false);
  error = $state<string | null>(null);
  private seq = 0;

  /**
   * Not pure: follows `text()` (the source's first lines, null while none) and `config()` (the
   * configuration as a JSON string, so re-renders that leave it as it was do not parse again) and
   * `template()` (the chosen template and DataSource as a JSON string, '' for none: the events are
   * checked against it).
   * Must be created while a component initialises (it starts an effect).
   */
  constructor(bridge: IngestBridge, text: () => string | null, config: () => string, template: () => string) {
    $effect(() => {
      const head = text();
      const body = JSON.parse(config()) as ParserConfigBody;
      const against = template();
      const checked = against ? (JSON.parse(against) as PreviewTemplate) : null;
      if (head === null) return;
      const seq = ++this.seq;
      const timer = setTimeout(() => {
        this.busy = true;
        bridge.preview(head, body, checked).then(
          (a) => {
            if (seq !== this.seq) return;
            this.answer = a;
            this.error = null;
            this.busy = false;
          },
          (err: Error) => {
            if (seq !== this.seq) return;
            this.answer = null;
            this.error = err.message;
            this.busy = false;
          },
        );
      }, DEBOUNCE_MS);
      return () => clearTimeout(timer);
    });
  }

  /** The field names the last good answer found (the form offers them to group by). */
  get fieldNames(): string[] {
    return this.answer && this.answer.ok ? this.answer.fieldNames : [];
  }

  /** True when the last answer says the configuration cannot parse. */
  get failed(): boolean {
    return this.answer !== null && !this.answer.ok;
  }
}
