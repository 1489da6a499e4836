/**
 * Which compatibility profile a request is answered in (docs/browser-service.md "Compatibility
 * profile"). In order: the request's own `x-flowledger-profile` header (Flowledger's client always
 * sends `default`), then the page's choice (`?compat=pled` in its address, or `window.flowledger.
 * setCompat(…, {page: true})`), then the stored setting (`PUT /api/settings`), else `default`.
 *
 * The stored setting is read from the service once per service instance and kept: a change through
 * `PUT /api/settings` updates it here, and one made in another tab arrives as a message on the
 * `flowledger-settings` BroadcastChannel, which drops what was kept.
 */
import { isCompatProfile, PROFILE_HEADER, type CompatProfile } from '../contract/settings';
import type { ServicePort } from './servicePort';

/** The BroadcastChannel a settings change is announced on (other tabs drop their kept value). */
export const SETTINGS_CHANNEL = 'flowledger-settings';

export interface EffectiveProfile {
  profile: CompatProfile;
  source: 'request' | 'page' | 'store';
}

/** Not pure: the page's profile choice and the stored setting as last read. */
export class CompatProfiles {
  private page: CompatProfile | null;
  private stored = new WeakMap<object, CompatProfile>();
  private channel: BroadcastChannel | null = null;
  private readonly listeners = new Set<(profile: CompatProfile) => void>();

  /** `page`: the page's own choice (e.g. from `?compat=`), over the stored setting; null for none. */
  constructor(page: CompatProfile | null = null) {
    this.page = page;
  }

  /** The page's own choice, or null when the page follows the stored setting. */
  pageChoice(): CompatProfile | null {
    return this.page;
  }

  /** Sets (or, with null, drops) the page's own choice; it is not stored. */
  setPage(profile: CompatProfile | null): void {
    this.page = profile;
  }

  /** The stored setting, read through `service` the first time and kept until changed. */
  async storedProfile(service: ServicePort): Promise<CompatProfile> {
    const kept = this.stored.get(service);
    if (kept !== undefined) return kept;
    this.listen();
    const read = await service.getSettings();
    const profile = read.ok ? read.value.compat : 'default';
    this.stored.set(service, profile);
    return profile;
  }

  /** The profile a request is answered in, and where that choice comes from. */
  async effective(service: ServicePort, request?: Request): Promise<EffectiveProfile> {
    const asked = request?.headers.get(PROFILE_HEADER) ?? null;
    if (isCompatProfile(asked)) return { profile: asked, source: 'request' };
    if (this.page !== null) return { profile: this.page, source: 'page' };
    return { profile: await this.storedProfile(service), source: 'store' };
  }

  /** Remembers a stored setting just written through `service`, and tells other tabs. */
  storedChanged(service: ServicePort, profile: CompatProfile): void {
    this.stored.set(service, profile);
    this.listen();
    this.channel?.postMessage({ compat: profile });
    for (const f of this.listeners) f(profile);
  }

  /** Calls `f` when the stored setting changes (here or in another tab); answers a function that stops it. */
  onStoredChange(f: (profile: CompatProfile) => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private listen(): void {
    if (this.channel !== null || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(SETTINGS_CHANNEL);
    // In Node (tests) an open channel must not keep the process alive.
    (this.channel as unknown as { unref?: () => void }).unref?.();
    this.channel.onmessage = (e: MessageEvent<unknown>) => {
      const compat = (e.data as { compat?: unknown } | null)?.compat;
      if (!isCompatProfile(compat)) return;
      // Another tab changed it: what was kept here for any service is stale.
      for (const f of this.listeners) f(compat);
      this.dropKept();
    };
  }

  private dropKept(): void {
    // A WeakMap cannot be cleared; a fresh one is swapped in.
    this.stored = new WeakMap();
  }
}

/** Pure: the profile named by a page address's `compat` parameter (`?compat=pled`), or null. */
export function pageProfileOf(search: string): CompatProfile | null {
  const value = new URLSearchParams(search).get('compat');
  return isCompatProfile(value) ? value : null;
}
