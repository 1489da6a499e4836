/**
 * The Web Worker entry (a Vite module worker): the one `Comlink.expose` of the app. It opens the
 * database — storing the example templates when it is first created — and serves the engine
 * service to the page (src/api/workerBridge.ts holds the one `wrap`).
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

// The worker's name (src/client/serviceBridge.ts) picks its store: the app's, seeded with the
// examples, or the embeddable player's own, which starts empty and is never seen by the app.
const db =
  self.name === EMBED_DB_NAME
    ? openAppDb({ name: EMBED_DB_NAME })
    : openAppDb({
        initialTemplates: () => exampleTemplates(documents, new Date().toISOString(), () => crypto.randomUUID()),
      });

Comlink.expose(createService({ db }));
