/**
 * The app page's one engine worker (its store: the app's database), shared by everything on the
 * page that reaches it: the API's handlers (browserApi.ts) and the editor's drafts (drafts.ts).
 * Nothing starts until the first call.
 */
import { DEFAULT_DB_NAME } from '../contract/databases';
import { startEngineWorker } from './engineWorker';
import { engineBridge } from './engineBridge';

/** Not pure: the app's engine service, its worker started on the first call. */
export const appEngine = engineBridge(() => startEngineWorker(DEFAULT_DB_NAME));
