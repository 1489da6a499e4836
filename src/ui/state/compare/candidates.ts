/**
 * Which runs the `Compare with…` picker offers and how a run is named there and in the Compare view:
 * pure functions of the template's cached execution list, so the picker and the view agree.
 */
import type { ExecutionRecord } from '../../../contract/wire';

/** Pure. The executions a run can be compared with: the others of its template, newest first. */
export function compareCandidates(executions: readonly ExecutionRecord[], openId: string | null): ExecutionRecord[] {
  return executions.filter((e) => e.id !== openId).sort((x, y) => y.createdAt.localeCompare(x.createdAt));
}

/** Pure. A run's label as the run picker shows it: its number and seed, numbered as the picker numbers them. */
export function runLabel(executions: readonly ExecutionRecord[], id: string): string {
  const i = executions.findIndex((e) => e.id === id);
  const rec = executions[i];
  return rec ? `#${executions.length - i} · seed ${rec.seed}` : id;
}
