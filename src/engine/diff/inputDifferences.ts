/**
 * Why two runs differ: a deterministic run is a function of its scenario, its seed and the external
 * events fed to it, so comparing those three names the cause — another seed, the first event that
 * is not the same, or the scenario's changed JSON Pointers (the paths the validator and the editor
 * use). Two runs whose inputs are all equal have equal ledgers.
 */
import { MAX_TEMPLATE_PATHS, type InputDifferences } from '../../contract/diff';
import { canonicalJson } from '../ledger/canonical';
import { jsonDifferences } from './jsonDifferences';

/** Everything a run is made from. */
export interface RunInputs {
  /** The template's identity: its id, or the path of the scenario file. */
  templateKey: string;
  /** The scenario document as written (not the loader's normalised form). */
  scenario: unknown;
  /** The seed the run used (its own, or the scenario's). */
  seed: number;
  /** The external events fed in, in order. */
  events: readonly unknown[];
}

/** Pure: which inputs of run `a` and run `b` differ, and where. */
export function inputDifferences(a: RunInputs, b: RunInputs): InputDifferences {
  const seed = a.seed === b.seed ? null : { a: a.seed, b: b.seed };
  const events = firstDifferentEvent(a.events, b.events);
  const changed = jsonDifferences(a.scenario, b.scenario, MAX_TEMPLATE_PATHS);
  const template = changed.paths.length === 0 ? null : changed;
  const differ: InputDifferences['differ'] = [];
  if (seed) differ.push('seed');
  if (events) differ.push('events');
  if (template) differ.push('template');
  return { differ, sameTemplate: a.templateKey === b.templateKey, seed, events, template };
}

/** Pure: the first index at which two event lists differ (as canonical JSON), or null. */
function firstDifferentEvent(a: readonly unknown[], b: readonly unknown[]): InputDifferences['events'] {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (i < a.length && i < b.length && canonicalJson(a[i]) === canonicalJson(b[i])) continue;
    const found: NonNullable<InputDifferences['events']> = { index: i, countA: a.length, countB: b.length };
    if (i < a.length) found.a = a[i];
    if (i < b.length) found.b = b[i];
    return found;
  }
  return null;
}
