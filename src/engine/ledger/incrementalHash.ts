/**
 * The shape of the ledger hash's hashing function: a running SHA-256 over text, and a factory for
 * fresh ones. Kept apart from hashing.ts so the JavaScript hash (streamHash.ts) and the factory that
 * picks it need not import each other.
 */

/** A running SHA-256 over text. Not pure: mutable. */
export interface IncrementalHash {
  /** Appends the UTF-8 bytes of `text`. Called with chunks of tens of kilobytes, not per field. */
  update(text: string): void;
  /** Lower-case hex digest of everything appended so far; appending may continue afterwards. */
  digestHex(): string;
}

/** Makes a fresh, empty hash; called once per ledger. */
export type HasherFactory = () => IncrementalHash;
