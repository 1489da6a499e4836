/**
 * What the parser service can be given from outside: the bundled-file loader, size limits and the
 * task scheduler. Its own module: the service context takes it, the parser context reads it.
 */
import type { BundleLoader } from './bundle';

export interface ParserDeps {
  /** Reads bundled files (default: fetch relative to the app's base URL, once the page has set it with `setAppBase`). */
  bundle?: BundleLoader;
  /** Largest source `POST /api/parser/sources` stores, in UTF-8 bytes (default 256 MiB). */
  maxSourceBytes?: number;
  /** Most events one enqueue may add to an execution (default PARSER_LIMITS.maxEventLimit). */
  maxEnqueueEvents?: number;
  /** Characters pushed to the parser at a time (default 256 Ki). */
  chunkChars?: number;
  /** Resolves on a later turn of the event loop (default: a message to itself). */
  nextTask?: () => Promise<void>;
}
