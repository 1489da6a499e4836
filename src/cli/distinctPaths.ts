/** The rule every command with output files keeps: no output path equals an input or another output. */
import { resolve } from 'node:path';
import { UsageError } from './args';

/** Throws UsageError (exit 2, nothing written) when an output path repeats an input or another output. */
export function checkDistinctPaths(inputs: readonly string[], outputs: readonly (string | undefined)[]): void {
  const seen = new Map<string, string>(inputs.map((p) => [resolve(p), 'an input']));
  for (const out of outputs) {
    if (out === undefined) continue;
    const key = resolve(out);
    const clash = seen.get(key);
    if (clash !== undefined) throw new UsageError(`${out} is also ${clash}; nothing was written`);
    seen.set(key, 'another output');
  }
}
