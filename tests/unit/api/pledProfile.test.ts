import { describe, expect, it } from 'vitest';
import { CompatProfiles, pageProfileOf } from '../../../src/api/profile';
import { aggregate, ledgerEntriesOf } from '../../../src/worker/compat/pledAggregate';
import { nextStepTarget } from '../../../src/api/pled/routes';
import type { ServicePort } from '../../../src/api/servicePort';
import type { CompatProfile } from '../../../src/contract/settings';
import type { LedgerEvent } from '../../../src/engine/types';

/** A service answering only `getSettings`, counting the reads. */
function settingsService(compat: CompatProfile): { service: ServicePort; reads: () => number } {
  let reads = 0;
  const service = {
    getSettings: async () => {
      reads++;
      return { ok: true as const, value: { compat } };
    },
  } as unknown as ServicePort;
  return { service, reads: () => reads };
}

describe('which profile a request is answered in', () => {
  it('reads the page address: ?compat=pled or default, anything else is no choice', () => {
    expect(pageProfileOf('?compat=pled')).toBe('pled');
    expect(pageProfileOf('?view=library&compat=default')).toBe('default');
    expect(pageProfileOf('?compat=PLED')).toBeNull();
    expect(pageProfileOf('')).toBeNull();
  });

  it('orders the request header, the page’s choice, then the stored setting, read once and kept', async () => {
    const { service, reads } = settingsService('pled');
    const profiles = new CompatProfiles();
    expect(await profiles.effective(service)).toEqual({ profile: 'pled', source: 'store' });
    expect(await profiles.effective(service)).toEqual({ profile: 'pled', source: 'store' });
    expect(reads()).toBe(1);
    const asked = new Request('http://x/api/settings', { headers: { 'x-flowledger-profile': 'default' } });
    expect(await profiles.effective(service, asked)).toEqual({ profile: 'default', source: 'request' });
    profiles.setPage('default');
    expect(await profiles.effective(service)).toEqual({ profile: 'default', source: 'page' });
    profiles.setPage(null);
    profiles.storedChanged(service, 'default');
    expect(await profiles.effective(service)).toEqual({ profile: 'default', source: 'store' });
    expect(reads()).toBe(1);
  });

  it('drops what it kept when another tab changes the stored setting', async () => {
    const { service, reads } = settingsService('default');
    const here = new CompatProfiles();
    const otherTab = new CompatProfiles();
    expect((await here.effective(service)).profile).toBe('default');
    const heard = new Promise<CompatProfile>((resolve) => here.onStoredChange(resolve));
    otherTab.storedChanged(settingsService('pled').service, 'pled');
    expect(await heard).toBe('pled');
    await here.effective(service);
    expect(reads()).toBe(2);
  });

  it('takes currentStep as the step the caller is at: n answers n + 1; -1 and end run to the end', () => {
    const at = (q: string) => nextStepTarget(new URLSearchParams(q));
    expect(at('currentStep=0')).toBe(1);
    expect(at('currentStep=4&_cache_bust=1700000000000')).toBe(5);
    expect(at('')).toBe(1);
    expect(at('currentStep=-1')).toBe('end');
    expect(at('currentStep=end')).toBe('end');
    expect(() => at('currentStep=2.5')).toThrow(/currentStep/);
  });
});

describe('the original’s sink formulas', () => {
  /** A Sink's collection event of a token with data `data`. */
  const collected = (seq: number, data: Record<string, unknown>): LedgerEvent => ({
    eventId: `e${seq}`,
    timestamp: 1000 * seq,
    nodeId: 'sink',
    operation: 'TOKEN_COLLECTED',
    inputToken: { id: `src#${seq}`, correlationIds: [`c${seq}`], data },
    seq,
    step: seq,
    nodeType: 'Sink',
  });
  const entries = ledgerEntriesOf([
    collected(1, { value: 5 }),
    collected(2, { value: 'x' }),
    collected(3, { value: 7 }),
  ]);

  it('reads each entry’s value, action and correlation ids', () => {
    expect(entries[0]).toMatchObject({
      id: 'e1',
      value: 5,
      action: 'token_consumed',
      correlationIds: ['c1'],
      tokenId: 'src#1',
    });
  });

  it('answers the built-in formulas over the numeric values, and latest/earliest as entries (hand-computed)', () => {
    expect(aggregate(entries, 'sum', null, 0)).toBe(12);
    expect(aggregate(entries, 'custom', '', 0)).toBe(12);
    expect(aggregate(entries, 'count', null, 0)).toBe(3);
    expect(aggregate(entries, 'average', null, 0)).toBe(6);
    expect(aggregate(entries, 'min', null, 0)).toBe(5);
    expect(aggregate(entries, 'max', null, 0)).toBe(7);
    expect(aggregate(entries, 'latest', null, 0)).toMatchObject({ id: 'e3', value: 7 });
    expect(aggregate(entries, 'earliest', null, 0)).toMatchObject({ id: 'e1' });
    expect(aggregate([], 'count', null, 0)).toBeNull();
    expect(() => aggregate(entries, 'median', null, 0)).toThrow(/latest, earliest, sum/);
  });

  it('evaluates a statement-style custom expression; Date.now() is the step’s simulated time', () => {
    const body =
      'const big = ledgerEntries.filter(e => typeof e.value === "number" && e.value > 5);\nreturn big.length;';
    expect(aggregate(entries, 'custom', body, 0)).toBe(1);
    expect(aggregate(entries, 'custom', 'Date.now()', 4242)).toBe(4242);
    expect(aggregate(entries, 'custom', 'numericValues.length', 0)).toBe(2);
  });

  it('refuses what the translator refuses, naming the construct, line and column', () => {
    try {
      aggregate(entries, 'custom', 'const n = ledgerEntries.length;\nwhile (n > 0) {}\nreturn n;', 0);
      expect.unreachable('expected a refusal');
    } catch (err) {
      expect(err).toMatchObject({ code: 'INVALID_PARAMETER', details: { parameter: 'customExpression', line: 2 } });
      expect((err as Error).message).toContain('line 2');
      expect(String((err as { details: { construct: unknown } }).details.construct)).toMatch(/while/i);
    }
  });
});
