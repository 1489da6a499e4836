/**
 * What the parser operations share: the service context, the bundled files (read through an
 * injected loader), the progress records, the limits, and the one-time seeding of the bundled
 * configurations. Tests inject a loader that reads `public/` from disk and small limits.
 */
import { PARSER_LIMITS } from '../../contract/wire';
import { BundleReader, fetchLoader } from './bundle';
import type { ServiceContext } from '../context';
import { ParseJobs } from './parseJobs';
import { CHUNK_CHARS, nextTask } from './parseStream';
import type { ParserDeps } from './parserDeps';

export type { ParserDeps } from './parserDeps';

export interface ParserContext {
  readonly ctx: ServiceContext;
  readonly bundle: BundleReader;
  readonly jobs: ParseJobs;
  readonly maxSourceBytes: number;
  readonly maxEnqueueEvents: number;
  readonly chunkChars: number;
  readonly nextTask: () => Promise<void>;
  /** The app's base URL, as the page said (null before). */
  appBase: string | null;
  /** Stores the bundled configurations not seeded before; settles once per worker (retried after a failure). */
  ensureSeeded(): Promise<void>;
}

/** Not pure: the parser context over `ctx`; `seed` stores the bundled configurations (parserConfigOps). */
export function createParserContext(
  ctx: ServiceContext,
  deps: ParserDeps,
  seed: (p: ParserContext) => Promise<boolean>,
): ParserContext {
  let seeded: Promise<void> | null = null;
  const p: ParserContext = {
    ctx,
    bundle: new BundleReader(deps.bundle ?? fetchLoader(() => p.appBase)),
    jobs: new ParseJobs(ctx.clock, ctx.now),
    maxSourceBytes: deps.maxSourceBytes ?? PARSER_LIMITS.sourceBytes,
    maxEnqueueEvents: deps.maxEnqueueEvents ?? PARSER_LIMITS.maxEventLimit,
    chunkChars: deps.chunkChars ?? CHUNK_CHARS,
    nextTask: deps.nextTask ?? nextTask,
    appBase: null,
    ensureSeeded() {
      seeded ??= seed(p).then(
        (done) => {
          // The manifest could not be read (offline?): try again on the next request.
          if (!done) seeded = null;
        },
        (err: unknown) => {
          seeded = null;
          throw err;
        },
      );
      return seeded;
    },
  };
  return p;
}
