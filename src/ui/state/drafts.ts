/**
 * Unsaved editor text, kept so a reload or a closed tab does not lose work: one draft per template
 * id, `new` for a template not yet saved. The engine worker keeps them in the app's one database
 * (the page never writes IndexedDB itself); the client reaches it (src/client/drafts.ts).
 */
export { NEW_DRAFT, type Draft } from '../../contract/drafts';
export { dropDraft, loadDraft, saveDraft, thisTab } from '../../client/drafts';
