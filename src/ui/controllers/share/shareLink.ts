/**
 * Share links: a run packed into the URL fragment, so a colleague who opens the link sees the very
 * same run — nothing is sent to any server (a fragment never leaves the browser). The link carries
 * what makes a run: the template (name, description, scenario as written), the seed, the input log
 * (external events with the step each batch was added at), how far the run went, its ledger hash (so
 * the receiver can check the replay), and the view (shown step, selected node, traced id).
 *
 * Format: `#share=1.<base64url(deflate(JSON))>` — the leading `1.` is the format version. Deflate is
 * fflate's (small, no eval, no workers in its sync API). Pure functions; no DOM.
 *
 * Reading a link inflates it in chunks with a cap on the output (MAX_SHARE_INFLATED): deflate packs
 * up to ~1,000 bytes into one, so an 87 KB link can unpack to hundreds of MB. Past the cap the link
 * is refused at once, with the sizes; it is called cut off only when its data actually ends early.
 */
import { deflateSync, Inflate, strFromU8, strToU8, type FlateError } from 'fflate';
import * as v from 'valibot';
import type { ExternalEvent } from '../../../contract/vocabulary';

/** A link over this many characters is refused with an export file offered instead (browsers and chat tools cut long URLs). */
export const MAX_SHARE_CHARS = 32 * 1024;
export const SHARE_PREFIX = '#share=';
/**
 * A link's JSON is refused once it unpacks past this many bytes (16 MiB): the API's request-body bound
 * (MAX_BODY_BYTES), which the template in it would have to pass anyway. A link Flowledger makes
 * (at most MAX_SHARE_CHARS) unpacks to a few MB at the very most.
 */
export const MAX_SHARE_INFLATED = 16 * 1024 * 1024;
/** Compressed bytes fed to the inflater at a time: at most ~1 MB of output each, so the cap holds within 1 MB. */
const INFLATE_CHUNK = 1024;
const VERSION = '1';

const Correlation = {
  correlationId: v.optional(v.string()),
  correlationIds: v.optional(v.array(v.string())),
};
/**
 * An external event as the engine takes it: addressed by `targetDataSourceId`, or *(compat)* in the
 * original tool's shape, routed by `type` with its payload under `data`. Other fields ride along.
 */
const EventSchema = v.union(
  [
    v.looseObject({ targetDataSourceId: v.string(), ...Correlation }),
    v.looseObject({
      targetDataSourceId: v.optional(v.undefined()),
      type: v.string(),
      data: v.optional(v.record(v.string(), v.unknown())),
      ...Correlation,
    }),
  ],
  'an event needs a "targetDataSourceId" or a "type" (the original tool\'s events)',
);
const PayloadSchema = v.object({
  template: v.object({ name: v.string(), description: v.optional(v.string(), ''), scenario: v.unknown() }),
  seed: v.pipe(v.number(), v.integer(), v.minValue(0)),
  inputLog: v.array(v.object({ step: v.pipe(v.number(), v.integer(), v.minValue(0)), events: v.array(EventSchema) })),
  step: v.pipe(v.number(), v.integer(), v.minValue(0)),
  ended: v.boolean(),
  ledgerHash: v.nullable(v.string()),
  view: v.object({
    step: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
    node: v.nullable(v.string()),
    lineage: v.nullable(v.string()),
  }),
});

/** What a share link carries. */
export type SharePayload = v.InferOutput<typeof PayloadSchema>;

export type EncodedShare =
  { ok: true; fragment: string; chars: number } | { ok: false; reason: 'too-large'; chars: number; limit: number };

export type DecodedShare = { ok: true; payload: SharePayload } | { ok: false; message: string };

/** Pure. The URL fragment for `payload`, or why it cannot be one (too large for a link). */
export function encodeShare(payload: SharePayload, limit = MAX_SHARE_CHARS): EncodedShare {
  const packed = deflateSync(strToU8(JSON.stringify(payload)), { level: 9 });
  const fragment = `${SHARE_PREFIX}${VERSION}.${toBase64Url(packed)}`;
  return fragment.length <= limit
    ? { ok: true, fragment, chars: fragment.length }
    : { ok: false, reason: 'too-large', chars: fragment.length, limit };
}

/** Pure. Whether a location hash holds a share link (it may still be damaged: see `decodeShare`). */
export function isShareFragment(hash: string): boolean {
  return hash.startsWith(SHARE_PREFIX);
}

/** Pure. The payload of a share fragment, or a sentence saying what is wrong with it. Never throws. */
export function decodeShare(hash: string, maxInflated = MAX_SHARE_INFLATED): DecodedShare {
  if (!isShareFragment(hash)) return { ok: false, message: 'the address holds no shared run' };
  const body = hash.slice(SHARE_PREFIX.length);
  const dot = body.indexOf('.');
  if (dot < 0 || body.slice(0, dot) !== VERSION) {
    return {
      ok: false,
      message: `it was made by another version of Flowledger (format "${body.slice(0, Math.max(0, dot))}", this one reads "${VERSION}")`,
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(body.slice(dot + 1));
  } catch {
    return { ok: false, message: 'it is damaged (it holds characters a share link never has)' };
  }
  const inflated = inflateCapped(bytes, maxInflated);
  if (inflated.kind === 'too-large')
    return {
      ok: false,
      message:
        `it unpacks to more than ${mib(maxInflated)} (the link is ${kb(hash.length)}; ` +
        `a shared run is refused past ${mib(maxInflated)})`,
    };
  if (inflated.kind === 'cut-off')
    return { ok: false, message: 'it is incomplete: its data ends early (was it cut off when it was copied?)' };
  if (inflated.kind !== 'ok') return { ok: false, message: 'it is damaged: its data cannot be unpacked' };
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(inflated.bytes));
  } catch {
    return { ok: false, message: 'it is damaged: its data unpacks to something other than a shared run' };
  }
  const checked = v.safeParse(PayloadSchema, json);
  if (!checked.success) {
    const issue = checked.issues[0];
    const path = v.getDotPath(issue) ?? '(top level)';
    return { ok: false, message: `its content is not a shared run (${path}: ${issue.message})` };
  }
  return { ok: true, payload: checked.output };
}

type Inflated = { kind: 'ok'; bytes: Uint8Array } | { kind: 'too-large' | 'cut-off' | 'damaged' };

/** Thrown from the inflater's output handler to stop it once the output passes the cap. */
class OverCap extends Error {}

/**
 * Pure. `bytes` inflated (raw DEFLATE) in chunks, stopped as soon as the output passes `cap` bytes;
 * 'cut-off' when the data ends before the stream does, 'damaged' when it is not DEFLATE data.
 */
export function inflateCapped(bytes: Uint8Array, cap: number): Inflated {
  const parts: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((data, final) => {
    total += data.length;
    if (total > cap) throw new OverCap();
    parts.push(data);
    // The last chunk went through without an "unexpected end": the stream is whole.
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < bytes.length || at === 0; at += INFLATE_CHUNK) {
      const end = Math.min(bytes.length, at + INFLATE_CHUNK);
      inflater.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch (err) {
    if (err instanceof OverCap) return { kind: 'too-large' };
    return { kind: (err as FlateError).code === 0 ? 'cut-off' : 'damaged' };
  }
  if (!ended) return { kind: 'cut-off' };
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return { kind: 'ok', bytes: out };
}

/** Pure. `bytes` in MiB for a sentence ("16 MiB"). */
function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`;
}

/** Pure. `chars` characters as a size for a sentence ("87 KB"). */
function kb(chars: number): string {
  return chars < 1024 * 1024
    ? `${Math.ceil(chars / 1024).toLocaleString('en-US')} KB`
    : `${(chars / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** Pure. Base64url without padding (RFC 4648 §5), safe in a URL fragment. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Pure. The bytes of a base64url text; throws on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Pure. The header line of a run export (`exportRun`): everything a share link needs but the template's name. */
export function readExportHeader(exportText: string): {
  scenario: unknown;
  seed: number;
  inputLog: { step: number; events: ExternalEvent[] }[];
  step: number;
  status: string;
  ledgerHash: string;
} {
  const end = exportText.indexOf('\n');
  return JSON.parse(end < 0 ? exportText : exportText.slice(0, end));
}
