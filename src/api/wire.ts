/**
 * The wire contract as the HTTP adapter sees it: the shapes of src/contract/wire.ts, plus the HTTP
 * status of each error code. Kept so existing imports of `src/api/wire` keep working.
 */
export * from '../contract/wire';
export { STATUS_OF } from './status';
