/**
 * Whether the editor's graph is stale, and why: it keeps showing the last version that validated
 * while the text does not parse, and equally while it parses but breaks a rule (an edge to a node
 * that does not exist, a duplicate id) — the graph of such a document cannot be drawn as written.
 * The banner saying so clears with the last error.
 */

export interface Staleness {
  /** Since when: the edit and the clock time of the first check that found the text broken. */
  since: string;
  /** Why, as the end of the sentence `Graph stale since …: <why>`. */
  why: string;
}

/**
 * Pure: the staleness after a check of the text (`doc` null: it does not parse as a template;
 * `valid`: no error), keeping `previous.since` while the text stays broken; `now` names the moment.
 */
export function staleness(
  previous: Staleness | null,
  outcome: {
    doc: unknown;
    valid: boolean;
    problems: ReadonlyArray<{ severity: string; path: string; message: string }>;
  },
  now: () => string,
): Staleness | null {
  const errors = outcome.problems.filter((p) => p.severity === 'error');
  if (outcome.valid || errors.length === 0) return null;
  const syntax = outcome.doc === null && errors.some((p) => p.path === '' && p.message.startsWith('JSON syntax'));
  const why = syntax
    ? 'the JSON does not parse'
    : `the template breaks ${errors.length === 1 ? 'a rule' : `${errors.length} rules`} (see Problems)`;
  return { since: previous?.since ?? now(), why };
}
