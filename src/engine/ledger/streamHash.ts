/**
 * An incremental SHA-256 over text: text is appended piece by piece, encoded to UTF-8 into one
 * reusable buffer and fed to the hash in large blocks, so hashing a ledger of a million lines never
 * builds one giant string or one giant byte array. The digest can be read at any point and the
 * stream continued afterwards.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { IncrementalHash } from './incrementalHash';

const BLOCK = 1 << 16;

/** Not pure: a running SHA-256 of the UTF-8 bytes of all text appended so far. */
export class StreamHash implements IncrementalHash {
  private readonly hash = sha256.create();
  private buffer = new Uint8Array(BLOCK + 8);
  private used = 0;

  /** Appends `text` (its UTF-8 encoding; lone surrogates become U+FFFD, as TextEncoder does). */
  update(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      // Encode as much as fits before the block is full; a character takes at most 4 bytes.
      const buf = this.buffer;
      let used = this.used;
      for (; i < n && used < BLOCK; i++) {
        let c = text.charCodeAt(i);
        if (c < 0x80) {
          buf[used++] = c;
          continue;
        }
        if (c < 0x800) {
          buf[used++] = 0xc0 | (c >> 6);
          buf[used++] = 0x80 | (c & 0x3f);
          continue;
        }
        if (c >= 0xd800 && c <= 0xdfff) {
          const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
          if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
            i++;
            buf[used++] = 0xf0 | (cp >> 18);
            buf[used++] = 0x80 | ((cp >> 12) & 0x3f);
            buf[used++] = 0x80 | ((cp >> 6) & 0x3f);
            buf[used++] = 0x80 | (cp & 0x3f);
            continue;
          }
          c = 0xfffd;
        }
        buf[used++] = 0xe0 | (c >> 12);
        buf[used++] = 0x80 | ((c >> 6) & 0x3f);
        buf[used++] = 0x80 | (c & 0x3f);
      }
      this.used = used;
      if (used >= BLOCK) this.flush();
    }
  }

  /** The hex digest of everything appended so far; appending may continue afterwards. */
  digestHex(): string {
    this.flush();
    return bytesToHex(this.hash.clone().digest());
  }

  private flush(): void {
    if (this.used === 0) return;
    this.hash.update(this.buffer.subarray(0, this.used));
    this.used = 0;
  }
}
