/**
 * The ledger hash's hashing function, injectable. The core stays pure and portable with a
 * JavaScript SHA-256 (`@noble/hashes`, fed by `StreamHash`'s UTF-8 encoder); a host with a native
 * SHA-256 (Node's `crypto.createHash('sha256')`, used by the command line) passes a factory that
 * wraps it. Both hash the UTF-8 bytes of the same text, so the digest is the same: lone surrogates
 * must become U+FFFD, as `TextEncoder` and Node's `'utf8'` encoding both do.
 */
import type { HasherFactory } from './incrementalHash';
import { StreamHash } from './streamHash';

export type { HasherFactory, IncrementalHash } from './incrementalHash';

/** Not pure (each call allocates a new hash): the default factory, SHA-256 in JavaScript. */
export const defaultHasher: HasherFactory = () => new StreamHash();
