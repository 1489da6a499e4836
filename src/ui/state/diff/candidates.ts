/**
 * Which runs the `Compare with…` picker offers and how a run is named there and in the Compare view:
 * pure functions of the template's cached execution list, so the picker and the view agree.
 */
import type { ExecutionRecord } from '../../../contract/wire';

/** Pure. The executions a run can be compared with: the others of its template, newest first. */
export function diffCandidates(executions: readonly ExecutionRecord[], openId: string | null): ExecutionRecord[] {
  return executions.filter((e) => e.id !== openId).sort((x, y) => y.createdAt.localeCompare(x.createdAt));
}

/**
 * Pure. Each run's number: its place in the order the runs were created (`createdAt`, then id — the
 * store's own order), from 1, whatever order `executions` comes in. `#1` is the template's first
 * run, and a new run takes the next number, so adding one never shifts the others. (Deleting a run
 * renumbers the runs made after it: the numbers name the runs the template has, in order.)
 */
export function runNumbers(executions: readonly ExecutionRecord[]): Map<string, number> {
  const byCreation = [...executions].sort((x, y) =>
    x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0,
  );
  return new Map(byCreation.map((e, i) => [e.id, i + 1]));
}

/** Pure. A run's label as the run picker shows it: its number (`runNumbers`) and seed; its id when it is not listed. */
export function runLabel(executions: readonly ExecutionRecord[], id: string): string {
  const rec = executions.find((e) => e.id === id);
  return rec ? `#${runNumbers(executions).get(id)} · seed ${rec.seed}` : id;
}
