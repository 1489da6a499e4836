/**
 * The names of the IndexedDB databases the engine worker keeps. The page never opens them (the
 * worker owns storage); it only names which one its worker should use when it starts one.
 */

/** The app's store. */
export const DEFAULT_DB_NAME = 'flowledger';
/** The embeddable player's own store (embed.html): empty at first, never seen by the app. */
export const EMBED_DB_NAME = 'flowledger-embed';
/**
 * The `<flowledger-player>` element's store (src/ui/player): kept in memory by its own worker, so a
 * page needs no IndexedDB and no two elements share a run.
 */
export const PLAYER_DB_NAME = 'flowledger-player';
