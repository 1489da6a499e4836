/**
 * The editor's state: the text and the text as stored (so "unsaved changes" is a comparison), the
 * last check of the text, the draft kept while typing, and the flows — load (template, draft, schema),
 * save (refused while the check finds errors), run (save first when needed), discard the draft. The
 * component owns the widgets (CodeMirror, the graph) and hands their events here.
 *
 * Two tabs (or another client) may edit one template: every save is made on the revision the text
 * started from, so a save that another one overtook is refused (`conflict`) and the person chooses —
 * reload theirs, keep mine as a copy, or compare the two — and nothing is overwritten in silence.
 * When the tab regains focus it looks whether the template changed elsewhere (`elsewhere`).
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { Template } from '../../../contract/wire';
import { blankTemplate, exportDocument, formatDocument } from '../../controllers/editor/authoring';
import type { CheckOutcome, Problem } from '../../controllers/editor/jsonEditor';
import type { Schema } from '../../controllers/editor/schemaHelp';
import { dropDraft, loadDraft, saveDraft, thisTab, NEW_DRAFT } from '../drafts';
import { loadSchema } from './schema';
import { changedFields, saveTemplateDocument, startRun, type SaveConflict } from './templateWrites';

export interface EditorEvents {
  /** A new template got its id. */
  onSaved(templateId: string): void;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A save refused because another save of the template came first: theirs and mine, to choose from. */
export interface EditorConflict extends SaveConflict {
  /** The template as stored now (theirs), as the editor's text; null when it could not be read. */
  theirs: string | null;
  /** The text whose save was refused (mine). */
  mine: string;
}

/** The template changed elsewhere since this tab loaded or saved it: its revision now and what changed. */
export interface ChangedElsewhere {
  revision: number;
  changed: string[];
}

/** Pure: a list of field names as a sentence part (`name and scenario`). */
export function fieldList(fields: readonly string[]): string {
  if (fields.length === 0) return 'nothing visible';
  if (fields.length === 1) return fields[0]!;
  return `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
}

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
  /** The stored template the text was made on (its revision is the save's precondition). */
  let base: Template | null = null;
  /** The revision the text was made on (a restored draft's own); null: a new template. */
  let baseRevision: number | null = null;
  let conflict = $state<EditorConflict | null>(null);
  let elsewhere = $state<ChangedElsewhere | null>(null);
  let restored = $state(false);
  /** The restored draft was made on an older revision than the stored one. */
  let restoredStale = $state(false);
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

  /** Not pure: `template` (as stored) is now what the text is based on and what "saved" means. */
  function based(template: Template): string {
    base = template;
    baseRevision = template.revision;
    baseUpdatedAt = template.updatedAt;
    elsewhere = null;
    savedText = formatDocument(exportDocument(template));
    return savedText;
  }

  /** Not pure: the conflict of the refused save of `mine`, with the template as stored now. */
  async function openConflict(found: SaveConflict, mine: string): Promise<void> {
    let theirs: string | null = null;
    try {
      if (currentId) theirs = formatDocument(exportDocument(await api.getTemplate(currentId)));
    } catch {
      theirs = null;
    }
    conflict = { ...found, theirs, mine };
  }

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
      const result = await saveTemplateDocument(api, cache, currentId, o.doc, currentId ? baseRevision : null);
      if (result.conflict) {
        await openConflict(result.conflict, o.text);
        return null;
      }
      if (!result.ok) {
        refused = result.problems ?? [];
        return null;
      }
      based(result.template);
      if (result.created) {
        await dropDraft(NEW_DRAFT, thisTab());
        currentId = result.templateId;
        events.onSaved(result.templateId);
      }
      savedText = o.text;
      await dropDraft(result.templateId, thisTab());
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
    /** The restored draft was made on an older revision than the one stored. */
    get restoredStale() {
      return restoredStale;
    },
    /** The save refused because another came first, until the person resolves it. */
    get conflict() {
      return conflict;
    },
    /** The template changed elsewhere (seen when the tab regained focus), until reloaded or saved. */
    get elsewhere() {
      return elsewhere;
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
        if (stored) based(stored);
        const start = draft?.text ?? savedText ?? formatDocument(blankTemplate());
        restored = !!draft && !draft.fresh && draft.text !== savedText;
        if (draft && restored && stored) {
          // A restored draft is saved on the revision it was made on, so a save that came between
          // is a conflict to resolve, not overwritten. An older draft names only `updatedAt`.
          baseRevision = draft.revision ?? (draft.base === stored.updatedAt ? stored.revision : 0);
          restoredStale = baseRevision !== stored.revision;
          // This page adopts the draft: its save deletes it (a tab deletes only drafts it wrote).
          void saveDraft({ ...draft, tab: thisTab() });
        }
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
        if (savedText !== null && text === savedText) void dropDraft(draftKey(), thisTab());
        else
          void saveDraft({
            key: draftKey(),
            text,
            base: baseUpdatedAt,
            ...(baseRevision !== null ? { revision: baseRevision } : {}),
            tab: thisTab(),
          });
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
      restoredStale = false;
      if (base) baseRevision = base.revision;
      return savedText ?? formatDocument(blankTemplate());
    },
    /**
     * Not pure: when the tab regains focus, reads the stored template; when another tab or client
     * saved it since this one's text was based on it, `elsewhere` says so and names what changed.
     */
    async lookElsewhere(): Promise<void> {
      if (loading || !currentId || !base || conflict || saving) return;
      const id = currentId;
      let stored: Template;
      try {
        stored = await api.getTemplate(id);
      } catch {
        return;
      }
      if (id !== currentId || !base || stored.revision === base.revision) return;
      elsewhere = { revision: stored.revision, changed: changedFields(base, exportDocument(stored)) };
    },
    /**
     * Not pure: takes the stored template (theirs) as the text and the base, dropping this tab's
     * text and draft; answers the text for the widget. Resolves a conflict, or follows a change
     * made elsewhere.
     */
    async reloadTheirs(): Promise<string | null> {
      if (!currentId) return null;
      let stored: Template;
      try {
        stored = await api.getTemplate(currentId);
      } catch (err) {
        status = `Could not reload the template: ${messageOf(err)}`;
        return null;
      }
      const next = based(stored);
      conflict = null;
      restored = false;
      restoredStale = false;
      refused = null;
      text = next;
      await dropDraft(currentId, thisTab());
      status = `Reloaded “${stored.name}” as stored (revision ${stored.revision}).`;
      return next;
    },
    /**
     * Not pure: saves the refused text (mine) as a new template named "… (copy)" and goes on editing
     * that copy; the stored template keeps the other save. Answers the copy's text, or null.
     */
    async keepMineAsCopy(): Promise<string | null> {
      const c = conflict;
      const original = currentId;
      if (!c || !original) return null;
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(c.mine) as Record<string, unknown>;
      } catch (err) {
        status = `Could not keep a copy: ${messageOf(err)}`;
        return null;
      }
      doc.name = `${typeof doc.name === 'string' ? doc.name : 'Template'} (copy)`;
      saving = true;
      try {
        const result = await saveTemplateDocument(api, cache, null, doc);
        if (!result.ok) {
          refused = result.problems ?? [];
          return null;
        }
        const next = based(result.template);
        await dropDraft(original, thisTab());
        currentId = result.templateId;
        conflict = null;
        restored = false;
        restoredStale = false;
        text = next;
        events.onSaved(result.templateId);
        status = `Kept your version as the new template “${result.template.name}”; the original keeps the other save.`;
        return next;
      } catch (err) {
        status = `Could not keep a copy: ${messageOf(err)}`;
        return null;
      } finally {
        saving = false;
      }
    },
    dispose(): void {
      clearTimeout(draftTimer);
    },
  };
}

export type EditorSession = ReturnType<typeof createEditorSession>;
