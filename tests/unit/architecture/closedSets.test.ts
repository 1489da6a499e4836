/**
 * The DSL's closed sets (FSM actions, generation types, delay distributions, aggregation methods,
 * triggers and overflows, multiplexing strategies, Sink figures, node kinds, presentational types) are
 * written once, in src/contract/vocabulary.ts: no other module of src/ writes one of them out as a
 * list of its own (the editor's forms and the DSL's schema import them). A list is found whatever
 * its order, with or without `as const`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as vocabulary from '../../../src/contract/vocabulary';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HOME = 'src/contract/vocabulary.ts';

const CLOSED_SETS: Record<string, readonly string[]> = {
  NODE_KINDS: vocabulary.NODE_KINDS,
  GENERATION_TYPES: vocabulary.GENERATION_TYPES,
  DELAY_DISTRIBUTIONS: vocabulary.DELAY_DISTRIBUTIONS,
  FSM_ACTIONS: vocabulary.FSM_ACTIONS,
  FSM_INSTANCE_MODES: vocabulary.FSM_INSTANCE_MODES,
  AGGREGATION_METHODS: vocabulary.AGGREGATION_METHODS,
  AGGREGATION_TRIGGERS: vocabulary.AGGREGATION_TRIGGERS,
  AGGREGATION_OVERFLOWS: vocabulary.AGGREGATION_OVERFLOWS,
  MULTIPLEX_STRATEGIES: vocabulary.MULTIPLEX_STRATEGIES,
  SINK_RESULT_FIGURES: vocabulary.SINK_RESULT_FIGURES,
  PRESENTATIONAL_TYPES: vocabulary.PRESENTATIONAL_TYPES,
};

/** Not pure (reads the tree): every .ts and .svelte file under `dir`, relative to the root. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(e.name) ? [path] : [];
  });
}

/** Pure: the closed sets `text` writes out as an array literal of strings (in any order). */
function closedSetsWritten(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\[\s*((?:'[^'\n]*'|"[^"\n]*")(?:\s*,\s*(?:'[^'\n]*'|"[^"\n]*"))*)\s*,?\s*\]/g)) {
    const members = [...m[1]!.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((x) => x[1] ?? x[2]!);
    const written = new Set(members);
    for (const [name, set] of Object.entries(CLOSED_SETS))
      if (written.size === set.length && set.every((s) => written.has(s))) found.add(name);
  }
  return [...found];
}

describe('the closed sets of the DSL', () => {
  it('are each found by the search when written out, in any order and over lines', () => {
    expect(
      closedSetsWritten(
        "export const ACTION_KINDS = ['set_variable', 'increment', 'decrement', 'log', 'emit'] as const;",
      ),
    ).toEqual(['FSM_ACTIONS']);
    expect(closedSetsWritten('v.picklist([\n  "reject",\n  "drop_oldest",\n])')).toEqual(['AGGREGATION_OVERFLOWS']);
    expect(
      closedSetsWritten("const k = ['DataSource', 'ProcessNode', 'FSM', 'Aggregator', 'Multiplexer', 'Sink'];"),
    ).toEqual(['NODE_KINDS']);
    // A part of a set, or a set with one more member, is another list.
    expect(closedSetsWritten("['set_variable', 'log']; ['count', 'time', 'threshold', 'other']")).toEqual([]);
  });

  it('are written in the contract’s vocabulary, each once', () => {
    const home = closedSetsWritten(readFileSync(join(ROOT, HOME), 'utf8'));
    expect(home.sort()).toEqual(Object.keys(CLOSED_SETS).sort());
  });

  it('are written out nowhere else in src/ (the editor’s forms and the DSL’s schema import them)', () => {
    const elsewhere = sources('src')
      .filter((f) => f !== HOME)
      .flatMap((f) => closedSetsWritten(readFileSync(join(ROOT, f), 'utf8')).map((name) => `${f}: ${name}`));
    expect(elsewhere).toEqual([]);
  });
});
