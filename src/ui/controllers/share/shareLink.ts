/**
 * Share links: a run packed into the URL fragment, so a colleague who opens the link sees the very
 * same run — nothing is sent to any server (a fragment never leaves the browser). The link carries
 * what makes a run: the template (name, description, scenario as written), the seed, the input log
 * (external events with the step each batch was added at), how far the run went, its ledger hash (so
 * the receiver can check the replay), and the view (shown step, selected node, traced id).
 *
 * Format: `#share=1.<base64url(deflate(JSON))>` — the leading `1.` is the format version. Deflate is
 * fflate's (small, no eval, no workers in its sync API). Pure functions; no DOM.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import * as v from 'valibot';
import type { ExternalEvent } from '../../../contract/coreTypes';

/** A link over this many characters is refused with an export file offered instead (browsers and chat tools cut long URLs). */
export const MAX_SHARE_CHARS = 32 * 1024;
export const SHARE_PREFIX = '#share=';
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
export function decodeShare(hash: string): DecodedShare {
  if (!isShareFragment(hash)) return { ok: false, message: 'the address holds no shared run' };
  const body = hash.slice(SHARE_PREFIX.length);
  const dot = body.indexOf('.');
  if (dot < 0 || body.slice(0, dot) !== VERSION) {
    return {
      ok: false,
      message: `it was made by another version of Flowledger (format "${body.slice(0, Math.max(0, dot))}", this one reads "${VERSION}")`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(inflateSync(fromBase64Url(body.slice(dot + 1)))));
  } catch {
    return { ok: false, message: 'it is incomplete or damaged (was it cut off when it was copied?)' };
  }
  const checked = v.safeParse(PayloadSchema, json);
  if (!checked.success) {
    const issue = checked.issues[0];
    const path = v.getDotPath(issue) ?? '(top level)';
    return { ok: false, message: `its content is not a shared run (${path}: ${issue.message})` };
  }
  return { ok: true, payload: checked.output };
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
