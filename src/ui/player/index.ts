/**
 * `flowledger/player`: importing it registers `<flowledger-player>` (element.ts, docs/embed.md).
 */
import { definePlayer } from './element';

definePlayer();

export { FlowledgerPlayer, definePlayer } from './element';
