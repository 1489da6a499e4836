/**
 * Which shard a correlation id belongs to: FNV-1a (32 bits) of the id's UTF-8 bytes, modulo the
 * number of shards. Stable across machines, Node versions and runs (no seed, no platform hash),
 * cheap, and documented in docs/scale.md so another tool can split a log the same way.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Pure: FNV-1a 32 of the UTF-8 encoding of `text` (lone surrogates as U+FFFD), as an unsigned integer. */
export function fnv1a32(text: string): number {
  let h = FNV_OFFSET;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      h = Math.imul(h ^ c, FNV_PRIME);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        h = Math.imul(h ^ (0xf0 | (cp >> 18)), FNV_PRIME);
        h = Math.imul(h ^ (0x80 | ((cp >> 12) & 0x3f)), FNV_PRIME);
        h = Math.imul(h ^ (0x80 | ((cp >> 6) & 0x3f)), FNV_PRIME);
        h = Math.imul(h ^ (0x80 | (cp & 0x3f)), FNV_PRIME);
        continue;
      }
      c = 0xfffd;
    }
    if (c < 0x800) {
      h = Math.imul(h ^ (0xc0 | (c >> 6)), FNV_PRIME);
      h = Math.imul(h ^ (0x80 | (c & 0x3f)), FNV_PRIME);
      continue;
    }
    h = Math.imul(h ^ (0xe0 | (c >> 12)), FNV_PRIME);
    h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), FNV_PRIME);
    h = Math.imul(h ^ (0x80 | (c & 0x3f)), FNV_PRIME);
  }
  return h >>> 0;
}

/** Pure: the shard (0 ≤ shard < `shards`) of correlation id `id`. */
export function shardOf(id: string, shards: number): number {
  return fnv1a32(id) % shards;
}

/** Pure: the correlation id an event is sharded by — its first one (`correlationIds[0]`, else `correlationId`), as the engine reads it; null when it has none. */
export function shardKeyOf(event: unknown): string | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as Record<string, unknown>;
  const many = e['correlationIds'];
  if (Array.isArray(many) && many.length > 0) return typeof many[0] === 'string' ? many[0] : null;
  const one = e['correlationId'];
  return typeof one === 'string' && one !== '' ? one : null;
}
