/**
 * The engine's Web Worker entry (a Vite module worker): its one `Comlink.expose`. It opens the
 * database — storing the example templates when it is first created — and serves the engine
 * service to the page (src/client/engineBridge.ts holds its one `wrap`, typed by `EngineWorkerApi`).
 */
import * as Comlink from 'comlink';
import { EMBED_DB_NAME, openAppDb } from '../store/db';
import { createService } from './api';
import { exampleTemplates } from './templates/seedTemplates';

// Sorted by file name so the first-run templates (and their slugs) never depend on glob order.
const examples = import.meta.glob<unknown>('/examples/*.json', { eager: true, import: 'default' });
const documents = Object.keys(examples)
  .sort()
  .map((path) => examples[path]);

// The worker's name (src/client/engineBridge.ts) picks its store: the app's, seeded with the
// examples, or the embeddable player's own, which starts empty and is never seen by the app.
const db =
  self.name === EMBED_DB_NAME
    ? openAppDb({ name: EMBED_DB_NAME })
    : openAppDb({
        initialTemplates: () => exampleTemplates(documents, new Date().toISOString(), () => crypto.randomUUID()),
      });

const api = createService({ db });

/** The worker's API as the page's bridge sees it: derived from the implementation, never written twice. */
export type EngineWorkerApi = typeof api;

Comlink.expose(api);
