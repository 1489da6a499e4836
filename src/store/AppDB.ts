/**
 * The IndexedDB schema (Dexie 4): every table, its keys and indexes, and the version history.
 * Rows are plain structured-clone data with their own types here; mappers.ts turns them into the
 * wire shapes of src/contract and back. Only the worker opens this database (PRODUCT.md: the worker
 * owns the database; the main thread never writes IndexedDB).
 *
 * Tables:
 * - `templates`       one row per workflow template (the scenario as the user wrote it).
 * - `executions`      one row per run: the wire record plus what a restore needs — the scenario
 *                     COPY, the seed, and bookkeeping (revision, input batches, sealed segments).
 * - `inputs`          the run's input log: external events with the step at which they were added,
 *                     one row per batch, keyed [executionId+batch].
 * - `ledgerSegments`  the durable audit record: the ledger in chunks of `SEGMENT_SIZE` events per
 *                     row (columnar), keyed [executionId+segment].
 * - `checkpoints`     one small row per ledger segment — last seq, last step, token count and a
 *                     checksum — so a restore verifies its re-run segment by segment without
 *                     reading the ledger itself.
 * - `parserConfigs`, `sources`  the log parser's saved configurations and the user's own logs.
 * - `meta`            small named facts about the database itself (version 2): which bundled parser
 *                     configurations were already seeded, so a deleted one never comes back.
 * - `settings`        the app's settings (version 3).
 * - `drafts`          the editor's unsaved text, one row per template id or `new` (version 4).
 */
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { ExternalEvent } from '../contract/vocabulary';
import type { ExecutionRecord, Template } from '../contract/wire';
import type { Draft } from '../contract/drafts';
import type { ParserConfig } from '../parser';

/** A field of a template that a change can name (what a conflict says changed meanwhile). */
export type TemplateField = 'name' | 'description' | 'scenario' | 'referenceDoc';

/**
 * A template as stored: the fields of its wire shape `Template` (templateToWire picks them), with
 * `revision` missing from rows written before templates had one (read as 0), plus `changedAt`.
 */
export type TemplateRow = Omit<Template, 'revision'> & {
  /** Incremented by every update; an update based on an older revision is refused (CONFLICT). */
  revision?: number;
  /** The revision at which each field last changed (absent: not since revisions were kept). */
  changedAt?: Partial<Record<TemplateField, number>>;
};

/** An execution as stored: what the wire record says (executionToWire) plus what restoring and committing need. */
export interface ExecutionRow extends ExecutionRecord {
  /** The template's scenario document as it was when the execution was created. */
  scenario: unknown;
  /** Incremented by every commit; a commit based on an older revision is refused. */
  revision: number;
  /** Number of rows in `inputs` for this execution. */
  inputBatches: number;
  /** Ledger segments that are complete (`SEGMENT_SIZE` events each); the next one is still open. */
  sealedSegments: number;
  /** Token count covered by the sealed segments (the open segment's first token). */
  sealedTokens: number;
}

/**
 * A batch of external events added to a run at step `step`. A large batch is stored as several
 * rows (`INPUT_ROW_EVENTS` events each, src/store/inputLog.ts): the browser refuses one value over
 * ~128 MB; every row after the first is marked `continues` and read back as one batch with it.
 */
export interface InputBatchRow {
  executionId: string;
  batch: number;
  step: number;
  events: ExternalEvent[];
  /** This row holds more events of the batch of the row before it (same step). */
  continues?: true;
}

/** One chunk of the ledger, columnar: the i-th entry of every column is event `firstSeq + i`. */
export interface LedgerSegmentRow {
  executionId: string;
  segment: number;
  firstSeq: number;
  count: number;
  step: Int32Array;
  /** Node index in the scenario. */
  node: Uint16Array;
  /** Operation code (index in `LEDGER_OPERATIONS`). */
  op: Uint8Array;
  /** Input / output token index, -1 for none. */
  input: Int32Array;
  output: Int32Array;
  /** Index of the first token this segment introduces; `tokens` holds `[tokenStart, tokenEnd)`. */
  tokenStart: number;
  tokenEnd: number;
  /** JSON array of the introduced tokens `{id, correlationIds, data}`. */
  tokens: string;
  /** JSON array of `[offset, from, to, inputTokens, details]` for the events that have any (else ""). */
  extras: string;
}

/** Verification data of one ledger segment (see the module comment). */
export interface CheckpointRow {
  executionId: string;
  segment: number;
  lastSeq: number;
  lastStep: number;
  tokenEnd: number;
  checksum: string;
}

/** A user's own log, added through the parser API. */
export interface SourceRow {
  id: string;
  name: string;
  type: 'log';
  /** The log's text; '' when it is kept as `blob`. */
  content: string;
  /**
   * The log as the browser keeps a file: a log sent to a run is stored as the Blob it came as (one
   * write the browser streams to disk), never read into one string on the page or in the worker.
   */
  blob?: Blob;
  /** Size of the log in UTF-8 bytes. */
  bytes: number;
  createdAt: string;
}

/** A named fact about the database (e.g. `seededParserConfigs`: the bundled config ids stored once). */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** A saved parser configuration: the parser core's configuration with its id and times (wire: `ParserConfigRecord`). */
export type ParserConfigRow = Omit<ParserConfig, 'sources'> & {
  id: string;
  sources: string[];
  createdAt: string;
  updatedAt: string;
};

/** An app setting (settings.ts): e.g. `compat` → `"pled"`. */
export interface SettingRow {
  key: string;
  value: unknown;
}

/** An editor draft (drafts.ts): the wire shape itself, keyed by template id or `new`. */
export type DraftRow = Draft;

/** Not pure: the Flowledger database (use `openAppDb` in db.ts, the one factory). */
/** An IndexedDB implementation for Dexie: the browser's by default. */
export interface IndexedDbBackend {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

export class AppDB extends Dexie {
  templates!: EntityTable<TemplateRow, 'id'>;
  executions!: EntityTable<ExecutionRow, 'id'>;
  inputs!: Table<InputBatchRow, [string, number]>;
  ledgerSegments!: Table<LedgerSegmentRow, [string, number]>;
  checkpoints!: Table<CheckpointRow, [string, number]>;
  parserConfigs!: EntityTable<ParserConfigRow, 'id'>;
  sources!: EntityTable<SourceRow, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  settings!: EntityTable<SettingRow, 'key'>;
  drafts!: EntityTable<DraftRow, 'key'>;

  /** `backend`: another IndexedDB implementation (the player's in-memory one, src/worker/player.worker.ts). */
  constructor(name: string, backend?: IndexedDbBackend) {
    super(name, backend);
    this.version(1).stores({
      templates: 'id, &slug',
      executions: 'id, templateId',
      inputs: '[executionId+batch]',
      ledgerSegments: '[executionId+segment]',
      checkpoints: '[executionId+segment]',
      parserConfigs: 'id',
      sources: 'id',
    });
    // Version 2 adds `meta` and indexes sources by name; existing rows are kept as they are.
    this.version(2).stores({ meta: 'key', sources: 'id, name' });
    // Version 3 adds `settings` (the app's settings, e.g. the compatibility profile); every existing
    // table and row is kept as it is, and no setting is written until one is changed.
    this.version(3).stores({ settings: 'key' });
    // Version 4 adds `drafts` (the editor's unsaved text, which the page once kept in a database of
    // its own, `flowledger-drafts`: drafts.ts brings those over once); every existing row is kept.
    this.version(4).stores({ drafts: 'key' });
  }
}
