/**
 * The `<flowledger-player>` element's engine worker (src/client/playerClient.ts starts one per
 * element): the same service as the app's and embed.html's worker, over a store kept in memory
 * (fake-indexeddb's IndexedDB in JavaScript), so a page that embeds the element needs no IndexedDB,
 * no service worker and leaves nothing behind.
 */
import * as Comlink from 'comlink';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openAppDb, PLAYER_DB_NAME } from '../store/db';
import { createService } from './api';

const db = openAppDb({ name: PLAYER_DB_NAME, backend: { indexedDB: new IDBFactory(), IDBKeyRange } });

Comlink.expose(createService({ db }));
