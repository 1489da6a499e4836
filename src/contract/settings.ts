/**
 * The app's settings (`GET`/`PUT /api/settings`): kept in the store, one row per key. Today one
 * setting: the compatibility profile the API answers in (docs/browser-service.md "Compatibility
 * profile `pled`").
 */

/** `default`: the seed's shapes (API.md); `pled`: the original tool's shapes and step semantics on the same paths. */
export const COMPAT_PROFILES = ['default', 'pled'] as const;
export type CompatProfile = (typeof COMPAT_PROFILES)[number];

/** Pure: whether `value` names a profile. */
export function isCompatProfile(value: unknown): value is CompatProfile {
  return typeof value === 'string' && (COMPAT_PROFILES as readonly string[]).includes(value);
}

/**
 * The request header naming the profile a request is answered in, over the page's choice. Flowledger's
 * own client sends `default` on every request, so its UI keeps working whatever the page chose.
 */
export const PROFILE_HEADER = 'x-flowledger-profile';

export interface Settings {
  /** The stored profile (a page may override it for itself: `?compat=pled`). */
  compat: CompatProfile;
}

export const DEFAULT_SETTINGS: Settings = { compat: 'default' };

/** `GET /api/settings` and `PUT /api/settings` answer. */
export interface SettingsAnswer {
  success: true;
  settings: Settings;
  /** The profile this page's API answers in: the page's override when it has one, else the stored one. */
  effectiveCompat: CompatProfile;
  /** Where `effectiveCompat` comes from: `page` (`?compat=` or `window.flowledger.setCompat(…, {page: true})`) or `store`. */
  compatSource: 'page' | 'store';
}

/** `PUT /api/settings` body: the settings to change. */
export interface SettingsPatch {
  compat?: CompatProfile;
}
