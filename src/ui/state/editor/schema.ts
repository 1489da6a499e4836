/**
 * The V3 JSON Schema the editor completes and documents from, as published with the build
 * (`schema/v3.json`, generated from the validator's own schema). Fetched once per page; null when
 * it cannot be had (offline before the first visit cached it): the editor then works without
 * completion and hover help.
 */
import type { Schema } from '../../controllers/editor/schemaHelp';

let loading: Promise<Schema | null> | null = null;

/** Not pure (fetches once, then answers from memory). */
export function loadSchema(): Promise<Schema | null> {
  loading ??= fetch('./schema/v3.json')
    .then((r) => (r.ok ? (r.json() as Promise<Schema>) : null))
    .catch(() => null);
  return loading;
}
