/**
 * The library screen's state: what is busy, the last notice or failure, the delete being confirmed,
 * the file being imported, the examples offered by `New template` — and the flows behind each button
 * (libraryFlows.ts), so the component only renders and opens its dialogs.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { Template } from '../../../contract/wire';
import { formatDocument } from '../../controllers/editor/authoring';
import { NEW_DRAFT, saveDraft } from '../drafts';
import { loadExamples, type ExampleDoc } from './examples';
import {
  checkImport,
  deleteTemplate,
  duplicateTemplate,
  executionNames,
  messageOf,
  saveImport,
  templateFile,
  type ImportCheck,
} from './libraryFlows';

/** Not pure: the library's state over `api`, writing through `cache`. */
export function createLibrary(api: EngineAPIService, cache: QueryClient) {
  let busy = $state<string | null>(null);
  let notice = $state<string | null>(null);
  let failure = $state<string | null>(null);
  let toDelete = $state<{ template: Template; executions: string[] } | null>(null);
  let imported = $state<ImportCheck | null>(null);
  let examples = $state<ExampleDoc[]>([]);

  return {
    /** The template an action is running on (its buttons are disabled). */
    get busy() {
      return busy;
    },
    get notice() {
      return notice;
    },
    get failure() {
      return failure;
    },
    /** The delete awaiting confirmation, with the names of the executions it takes along. */
    get toDelete() {
      return toDelete;
    },
    /** The file read for import, awaiting Save, Open in editor or Cancel. */
    get imported() {
      return imported;
    },
    get examples() {
      return examples;
    },

    async duplicate(t: Template): Promise<void> {
      busy = t.id;
      failure = null;
      try {
        const created = await duplicateTemplate(api, cache, t.id);
        notice = `Duplicated as “${created.name}”.`;
      } catch (err) {
        failure = `Could not duplicate “${t.name}”: ${messageOf(err)}`;
      } finally {
        busy = null;
      }
    },

    /** The file template `t` exports as, or null (the failure is said). */
    async exportFile(t: Template): Promise<{ name: string; blob: Blob } | null> {
      failure = null;
      try {
        const file = await templateFile(api, t.id);
        return { name: file.name, blob: new Blob([file.text], { type: 'application/json' }) };
      } catch (err) {
        failure = `Could not export “${t.name}”: ${messageOf(err)}`;
        return null;
      }
    },

    /** Prepares the delete of `t` for confirmation; answers whether to ask. */
    async askDelete(t: Template): Promise<boolean> {
      failure = null;
      try {
        toDelete = { template: t, executions: await executionNames(api, cache, t.id) };
        return true;
      } catch (err) {
        failure = `Could not delete “${t.name}”: ${messageOf(err)}`;
        return false;
      }
    },

    async confirmDelete(): Promise<void> {
      if (!toDelete) return;
      const t = toDelete.template;
      busy = t.id;
      try {
        await deleteTemplate(api, cache, t.id);
        notice = `Deleted “${t.name}”.`;
      } catch (err) {
        failure = `Could not delete “${t.name}”: ${messageOf(err)}`;
      } finally {
        busy = null;
        toDelete = null;
      }
    },

    cancelDelete(): void {
      toDelete = null;
    },

    /** Loads the examples `New template` offers (once). */
    async loadExamples(): Promise<void> {
      if (examples.length === 0) examples = await loadExamples();
    },

    /** Makes `doc` the new-template draft the editor opens on. */
    startFrom(doc: Record<string, unknown>): Promise<void> {
      return saveDraft({ key: NEW_DRAFT, text: formatDocument(doc), base: null, fresh: true });
    },

    /** Reads `file` for import (its document, problems, errors and warnings). */
    async readImport(file: File): Promise<void> {
      failure = null;
      let text = '';
      try {
        text = await file.text();
      } catch (err) {
        imported = {
          file: file.name,
          doc: null,
          problem: `This file is not JSON: ${messageOf(err)}`,
          errors: [],
          warnings: [],
          checked: false,
        };
        return;
      }
      imported = await checkImport(api, file.name, text);
    },

    /** Saves the imported document; answers whether it was saved (else the problem is said in the dialog). */
    async saveImported(): Promise<boolean> {
      if (!imported?.doc || !imported.checked || imported.errors.length > 0) return false;
      try {
        const created = await saveImport(api, cache, imported.doc);
        imported = null;
        notice = `Imported “${created.name}”.`;
        return true;
      } catch (err) {
        if (imported) imported.problem = `Not saved: ${messageOf(err)}`;
        return false;
      }
    },

    /** Opens the imported document in the editor as the new-template draft. */
    async editImported(): Promise<boolean> {
      if (!imported?.doc) return false;
      await this.startFrom(imported.doc);
      imported = null;
      return true;
    },

    closeImport(): void {
      imported = null;
    },
  };
}

export type LibraryState = ReturnType<typeof createLibrary>;
