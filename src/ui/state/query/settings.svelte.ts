/**
 * The API's settings (the compatibility profile) as the Settings menu reads and changes them: an
 * observer of the cached settings, read when the menu opens, and a change that writes the answer back
 * into the cache, so every reader sees the new profile without another request.
 */
import { createQuery, useQueryClient } from '@tanstack/svelte-query';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { CompatProfile, SettingsAnswer } from '../../../contract/settings';
import { queryKeys, settingsQuery } from './queries';

export interface SettingsState {
  readonly current: SettingsAnswer | null;
  readonly error: string | null;
  readonly saving: boolean;
  /** Reads the settings again (the profile may have been set from outside, e.g. `flowledger.setCompat`). */
  load(): void;
  choose(profile: CompatProfile): Promise<void>;
}

const sentence = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Not pure: the settings over `api`, read once `load()` is first called. Create while a component initialises. */
export function observeSettings(api: EngineAPIService): SettingsState {
  const cache = useQueryClient();
  let wanted = $state(false);
  let saving = $state(false);
  let writeError = $state<string | null>(null);
  const query = createQuery(() => ({ ...settingsQuery(api), enabled: wanted }));
  return {
    get current() {
      return query.data ?? null;
    },
    get error() {
      return writeError ?? (query.error ? sentence(query.error) : null);
    },
    get saving() {
      return saving;
    },
    load() {
      writeError = null;
      if (wanted) void query.refetch();
      else wanted = true;
    },
    async choose(profile) {
      saving = true;
      try {
        cache.setQueryData(queryKeys.settings(), await api.updateSettings({ compat: profile }));
        writeError = null;
      } catch (err) {
        writeError = sentence(err);
      } finally {
        saving = false;
      }
    },
  };
}
