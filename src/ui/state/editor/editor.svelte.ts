/**
 * The editor's state: the text and the text as stored (so "unsaved changes" is a comparison), the
 * last check of the text, the draft kept while typing, and the flows — load (template, draft, schema),
 * save (refused while the check finds errors), run (save first when needed), discard the draft. The
 * component owns the widgets (CodeMirror, the graph) and hands their events here.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import { blankTemplate, exportDocument, formatDocument } from '../../controllers/editor/authoring';
import type { CheckOutcome, Problem } from '../../controllers/editor/jsonEditor';
import type { Schema } from '../../controllers/editor/schemaHelp';
import { dropDraft, loadDraft, saveDraft, NEW_DRAFT } from '../drafts';
import { loadSchema } from './schema';
import { saveTemplateDocument, startRun } from './templateWrites';

export interface EditorEvents {
  /** A new template got its id. */
  onSaved(templateId: string): void;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Not pure: the editing session of template `templateId` (null: a new one, from the `new` draft). */
export function createEditorSession(
  api: EngineAPIService,
  cache: QueryClient,
  templateId: string | null,
  events: EditorEvents,
) {
  let loading = $state(true);
  let loadError = $state<string | null>(null);
  let text = $state('');
  /** The text as stored (the baseline for "unsaved changes"). */
  let savedText = $state<string | null>(null);
  let baseUpdatedAt: string | null = null;
  let restored = $state(false);
  let outcome = $state<CheckOutcome | null>(null);
  let refused = $state<Problem[] | null>(null);
  let status = $state<string | null>(null);
  let saving = $state(false);
  let currentId = $state<string | null>(templateId);
  let schema: Schema | null = null;
  let draftTimer: ReturnType<typeof setTimeout> | undefined;

  const dirty = $derived(savedText === null || text !== savedText);
  const problems = $derived(outcome && outcome.text === text ? outcome.problems : []);
  const draftKey = () => currentId ?? NEW_DRAFT;

  async function save(check: () => Promise<CheckOutcome>): Promise<string | null> {
    refused = null;
    status = null;
    saving = true;
    try {
      const o = await check();
      outcome = o;
      const errs = o.problems.filter((p) => p.severity === 'error');
      if (!o.valid || !o.doc || errs.length) {
        refused = errs.length ? errs : o.problems;
        return null;
      }
      const result = await saveTemplateDocument(api, cache, currentId, o.doc);
      if (!result.ok) {
        refused = result.problems;
        return null;
      }
      baseUpdatedAt = result.updatedAt;
      if (result.created) {
        await dropDraft(NEW_DRAFT);
        currentId = result.templateId;
        events.onSaved(result.templateId);
      }
      savedText = o.text;
      await dropDraft(result.templateId);
      status = `Saved “${String(o.doc.name)}”.`;
      return result.templateId;
    } catch (err) {
      refused = [{ severity: 'error', path: '', message: messageOf(err), from: 0, to: 0 }];
      return null;
    } finally {
      saving = false;
    }
  }

  return {
    get loading() {
      return loading;
    },
    get loadError() {
      return loadError;
    },
    get text() {
      return text;
    },
    get dirty() {
      return dirty;
    },
    get restored() {
      return restored;
    },
    get outcome() {
      return outcome;
    },
    /** The problems of the current text (none while it is being checked). */
    get problems() {
      return problems;
    },
    get checking() {
      return !outcome || outcome.text !== text;
    },
    get refused() {
      return refused;
    },
    get status() {
      return status;
    },
    set status(sentence: string | null) {
      status = sentence;
    },
    get saving() {
      return saving;
    },
    /** The V3 schema for completion and hover help (null: not available). */
    get schema() {
      return schema;
    },
    /**
     * Loads the stored template, the draft and the schema, then hands the text to start from to
     * `ready` (which makes the text widget) before the session stops loading. A failure is `loadError`.
     */
    async load(ready: (start: string) => void): Promise<void> {
      try {
        const [schemaText, stored, draft] = await Promise.all([
          loadSchema(),
          templateId ? api.getTemplate(templateId) : Promise.resolve(null),
          loadDraft(templateId ?? NEW_DRAFT),
        ]);
        schema = schemaText;
        if (stored) {
          savedText = formatDocument(exportDocument(stored));
          baseUpdatedAt = stored.updatedAt;
        }
        const start = draft?.text ?? savedText ?? formatDocument(blankTemplate());
        restored = !!draft && !draft.fresh && draft.text !== savedText;
        text = start;
        ready(start);
      } catch (err) {
        loadError = messageOf(err);
      } finally {
        loading = false;
      }
    },
    /** The person changed the text: it is kept as the draft a moment later (dropped once it equals the stored text). */
    changed(next: string): void {
      text = next;
      clearTimeout(draftTimer);
      draftTimer = setTimeout(() => {
        if (savedText !== null && text === savedText) void dropDraft(draftKey());
        else void saveDraft({ key: draftKey(), text, base: baseUpdatedAt });
      }, 400);
    },
    /** The validator the text widget checks the scenario with. */
    validate: (scenario: Record<string, unknown>) => api.validateTemplate(scenario),
    checked(o: CheckOutcome): void {
      outcome = o;
    },
    /** Saves the text once `check` finds no error; answers the template's id, or null (refused or failed). */
    save,
    /** Saves when needed, then starts a run; answers the template and execution, or null. */
    async run(check: () => Promise<CheckOutcome>): Promise<{ templateId: string; executionId: string } | null> {
      const id = dirty || !currentId ? await save(check) : currentId;
      if (!id) return null;
      try {
        return { templateId: id, executionId: await startRun(api, cache, id) };
      } catch (err) {
        status = `Could not start a run: ${messageOf(err)}`;
        return null;
      }
    },
    /** Drops the draft; answers the text to go back to (the stored one, or the blank template). */
    async discardDraft(): Promise<string> {
      await dropDraft(draftKey());
      restored = false;
      return savedText ?? formatDocument(blankTemplate());
    },
    dispose(): void {
      clearTimeout(draftTimer);
    },
  };
}

export type EditorSession = ReturnType<typeof createEditorSession>;
