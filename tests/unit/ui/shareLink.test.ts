import { readFileSync } from 'node:fs';
import { cpuClock } from '../timeBudget';
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import {
  decodeShare,
  encodeShare,
  fromBase64Url,
  inflateCapped,
  isShareFragment,
  MAX_SHARE_CHARS,
  MAX_SHARE_INFLATED,
  toBase64Url,
  type SharePayload,
} from '../../../src/ui/controllers/share/shareLink';
import type { TypedEvent } from '../../../src/contract/wire';

const payload: SharePayload = {
  template: {
    name: 'Orders <b>bold</b>',
    description: 'ünïcødé ✓',
    scenario: { version: '3.0', nodes: [{ nodeId: 'a', type: 'DataSource' }] },
  },
  seed: 7,
  inputLog: [
    { step: 0, events: [{ targetDataSourceId: 'a', value: 1, correlationId: 'x' }] },
    { step: 4, events: [{ targetDataSourceId: 'a', value: 2 }] },
  ],
  step: 12,
  ended: true,
  ledgerHash: 'ab'.repeat(32),
  view: { step: 3, node: 'a', lineage: 'x' },
};

describe('share links', () => {
  it('round-trips a run through the URL fragment, unicode and markup included', () => {
    const encoded = encodeShare(payload);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    expect(encoded.fragment.startsWith('#share=1.')).toBe(true);
    expect(encoded.fragment).toMatch(/^#share=1\.[A-Za-z0-9_-]+$/);
    expect(isShareFragment(encoded.fragment)).toBe(true);
    expect(decodeShare(encoded.fragment)).toEqual({ ok: true, payload });
  });

  it('compresses: a repetitive scenario takes far fewer characters than its JSON', () => {
    const nodes = Array.from({ length: 200 }, (_, i) => ({
      nodeId: `step${i}`,
      type: 'ProcessNode',
      processing: { formula: 'value * 2' },
      outputs: [{ destinationNodeId: `step${i + 1}` }],
    }));
    const big = { ...payload, template: { ...payload.template, scenario: { version: '3.0', nodes } } };
    const encoded = encodeShare(big);
    expect(encoded.ok).toBe(true);
    expect(encoded.chars).toBeLessThan(JSON.stringify(big).length / 5);
  });

  it('refuses a run too large for a link, saying how large', () => {
    // Incompressible content: pseudo-random characters from a fixed xorshift32 sequence.
    let x = 2463534242;
    const noise = Array.from({ length: 60_000 }, () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return String.fromCharCode(33 + ((x >>> 0) % 90));
    }).join('');
    const encoded = encodeShare({ ...payload, template: { ...payload.template, description: noise } });
    expect(encoded.ok).toBe(false);
    if (encoded.ok) return;
    expect(encoded.reason).toBe('too-large');
    expect(encoded.limit).toBe(MAX_SHARE_CHARS);
    expect(encoded.chars).toBeGreaterThan(MAX_SHARE_CHARS);
  });

  it('explains a damaged, cut-off, foreign or wrong-shaped link instead of throwing', () => {
    const encoded = encodeShare(payload);
    if (!encoded.ok) throw new Error('expected a link');
    const cut = encoded.fragment.slice(0, encoded.fragment.length - 20);
    expect(decodeShare(cut)).toEqual({ ok: false, message: expect.stringContaining('cut off') });
    expect(decodeShare('#share=1.%%%')).toEqual({ ok: false, message: expect.stringContaining('damaged') });
    expect(decodeShare('#share=9.abc')).toEqual({ ok: false, message: expect.stringContaining('another version') });
    expect(decodeShare('#other')).toEqual({ ok: false, message: expect.stringContaining('no shared run') });
    const wrong = encodeShare({ ...payload, seed: -1 } as SharePayload);
    if (!wrong.ok) throw new Error('expected a link');
    expect(decodeShare(wrong.fragment)).toEqual({ ok: false, message: expect.stringContaining('seed') });
  });

  it('carries events in the original tool shape (type, data, no target) and both shapes mixed, unchanged', () => {
    const events = JSON.parse(
      readFileSync(new URL('../../fixtures/pled/document-review.events.json', import.meta.url), 'utf8'),
    ) as TypedEvent[];
    const typed: SharePayload = {
      ...payload,
      inputLog: [
        { step: 0, events },
        { step: 2, events: [{ targetDataSourceId: 'a', data: { documentId: 'd5' } }] },
      ],
    };
    const encoded = encodeShare(typed);
    if (!encoded.ok) throw new Error('expected a link');
    expect(decodeShare(encoded.fragment)).toEqual({ ok: true, payload: typed });
  });

  it('refuses a link whose event has neither a target nor a type, naming where', () => {
    const bad = encodeShare({ ...payload, inputLog: [{ step: 0, events: [{ value: 1 }] }] } as unknown as SharePayload);
    if (!bad.ok) throw new Error('expected a link');
    expect(decodeShare(bad.fragment)).toEqual({
      ok: false,
      message:
        'its content is not a shared run (inputLog.0.events.0: an event needs a "targetDataSourceId" or a "type" (the original tool\'s events))',
    });
    const payloadless = encodeShare({
      ...payload,
      inputLog: [{ step: 0, events: [{ type: 'document.uploaded', data: 'x' }] }],
    } as unknown as SharePayload);
    if (!payloadless.ok) throw new Error('expected a link');
    expect(decodeShare(payloadless.fragment).ok).toBe(false);
  });

  it('refuses a link that unpacks past MAX_SHARE_INFLATED at once, with the sizes, and never calls it cut off', () => {
    // 20 MiB of one repeated JSON string deflates to ~20 KB: past the cap before its end.
    const bomb = deflateSync(new TextEncoder().encode(`{"template":"${'a'.repeat(20 * 1024 * 1024)}"}`), { level: 1 });
    const fragment = `#share=1.${toBase64Url(bomb)}`;
    const started = cpuClock();
    const decoded = decodeShare(fragment);
    expect(cpuClock() - started).toBeLessThan(2000);
    expect(decoded).toEqual({
      ok: false,
      message: `it unpacks to more than 16 MiB (the link is ${Math.ceil(fragment.length / 1024)} KB; a shared run is refused past 16 MiB)`,
    });
    expect(MAX_SHARE_INFLATED).toBe(16 * 1024 * 1024);
  });

  it('inflates in chunks under a cap: whole data, data over the cap, cut-off data and non-DEFLATE data told apart', () => {
    const text = new TextEncoder().encode(JSON.stringify(payload).repeat(200));
    const packed = deflateSync(text, { level: 9 });
    const whole = inflateCapped(packed, text.length);
    expect(whole.kind).toBe('ok');
    if (whole.kind === 'ok') expect(whole.bytes).toEqual(text);
    expect(inflateCapped(packed, text.length - 1)).toEqual({ kind: 'too-large' });
    expect(inflateCapped(packed.subarray(0, packed.length - 3), text.length)).toEqual({ kind: 'cut-off' });
    // Block type 3 does not exist in DEFLATE: damaged, not cut off.
    expect(inflateCapped(new Uint8Array([0x07, 0, 0, 0]), 1000)).toEqual({ kind: 'damaged' });
    // A damaged link is not called cut off.
    expect(decodeShare(`#share=1.${toBase64Url(new Uint8Array([0x07, 0, 0, 0]))}`)).toEqual({
      ok: false,
      message: 'it is damaged: its data cannot be unpacked',
    });
  });

  it('base64url is the RFC 4648 §5 alphabet without padding, and round-trips every byte', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = toBase64Url(bytes);
    expect(text).not.toMatch(/[+/=]/);
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(() => fromBase64Url('a+b')).toThrow();
  });
});
