/**
 * One of the client's two modules that may import a core (the other: engineCore.ts; the rule
 * `client-cores-through-the-pair` in .dependency-cruiser.cjs): what the page runs of the parser in
 * its own thread, so the screens need not import the parser themselves —
 *   - a regular expression checked as the person types it, with the parser's safe-regex rules;
 *   - the built-in log formats, as the page lists them (name and description): a small read of the
 *     core's registry.
 */
import { BUILTIN_PRESETS } from '../parser/formats/presets';

export { userRegex } from '../parser/regex/safeRegex';

/** A built-in preset as the ingestion form offers it. */
export interface PresetInfo {
  name: string;
  description: string;
}

/** Pure: every built-in preset, in the registry's order. */
export function builtinPresets(): PresetInfo[] {
  return BUILTIN_PRESETS.names().map((name) => ({ name, description: BUILTIN_PRESETS.get(name)!.description }));
}
