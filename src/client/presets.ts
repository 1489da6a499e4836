/**
 * The parser core's built-in log formats, as the page lists them (name and description): a small
 * read of the core's registry, so the screens need not import the parser themselves.
 */
import { BUILTIN_PRESETS } from '../parser/formats/presets';

/** A built-in preset as the ingestion form offers it. */
export interface PresetInfo {
  name: string;
  description: string;
}

/** Pure: every built-in preset, in the registry's order. */
export function builtinPresets(): PresetInfo[] {
  return BUILTIN_PRESETS.names().map((name) => ({ name, description: BUILTIN_PRESETS.get(name)!.description }));
}
