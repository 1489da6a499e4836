/**
 * The ledger hash's SHA-256 done by Node's native `crypto` (the engine's default is JavaScript):
 * text is encoded to UTF-8 by Node, lone surrogates becoming U+FFFD exactly as the engine's own
 * encoder does, so the digest is the same and only faster (~5× on a large ledger).
 */
import { createHash } from 'node:crypto';
import type { HasherFactory } from '../engine';

/** Not pure (each call allocates a hash): Node's SHA-256 behind the engine's `IncrementalHash`. */
export const nodeSha256: HasherFactory = () => {
  const hash = createHash('sha256');
  return {
    update: (text) => void hash.update(text, 'utf8'),
    digestHex: () => hash.copy().digest('hex'),
  };
};
