/**
 * The cases of a log as timed steps, for the Discover screen's replay (issue 42, docs/discovery.md,
 * "Replay"): per case, its timed events in log order (activity and epoch ms), cases in order of first
 * appearance. Events without a time are left out (a replay places a case by its times); a case with
 * none is left out whole. Compact columns (a case's steps are `starts[k] … starts[k + 1] − 1`), so an
 * answer of 100,000 steps stays small. Pure and linear in events.
 */
import type { CaseTimeline } from '../../contract/discovery';
import type { CaseLog } from './caseLog';

/**
 * Pure. The timed steps of `log`'s cases, the cases in order of first appearance, taking whole cases
 * while the steps stay within `maxSteps` (a case longer than that on its own still ends the list);
 * `truncated` says some timed case was left out.
 */
export function caseTimeline(log: CaseLog, maxSteps: number): CaseTimeline {
  const C = log.caseNames.length;
  const n = log.caseOf.length;
  // Timed events per case, then each case's place in the columns.
  const timed = new Int32Array(C);
  for (let i = 0; i < n; i++) if (log.timeOf[i] === log.timeOf[i]) timed[log.caseOf[i]!]!++;
  const slot = new Int32Array(C).fill(-1);
  const starts: number[] = [0];
  const caseNames: string[] = [];
  let steps = 0;
  let truncated = false;
  for (let c = 0; c < C; c++) {
    const k = timed[c]!;
    if (k === 0) continue;
    if (steps + k > maxSteps) {
      truncated = true;
      break;
    }
    slot[c] = caseNames.length;
    caseNames.push(log.caseNames[c]!);
    steps += k;
    starts.push(steps);
  }
  const activityOf = new Array<number>(steps);
  const timeMs = new Array<number>(steps);
  const next = starts.slice(0, -1);
  for (let i = 0; i < n; i++) {
    const t = log.timeOf[i]!;
    if (t !== t) continue;
    const s = slot[log.caseOf[i]!]!;
    if (s === -1) continue;
    const at = next[s]!++;
    activityOf[at] = log.activityOf[i]!;
    timeMs[at] = t;
  }
  return { activities: [...log.activityNames], caseNames, starts, activityOf, timeMs, truncated };
}
