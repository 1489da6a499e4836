/** A broken layer rule: an import (or worker reference) `from → to`, or a circle through `from`. */
export interface DepViolation {
  type: 'dependency' | 'cycle' | string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
  /**
   * For references dependency-cruiser does not see: a `worker` entry, a Svelte `type-only` import, or
   * a `new Worker` in the UI (from and to: the module).
   */
  kind?: 'worker' | 'type-only' | 'new Worker';
  cycle?: (string | { name: string })[];
}
export const CONFIG: string;
export const BASELINE: string;
/** The one rule the baseline may hold violations of. */
export const BASELINED_RULE: string;
/** The rule on worker starts: only the client starts a browser worker, and only from a `*.worker.ts` entry. */
export const WORKER_RULE: string;
/** Runs the layer rules on `root` (default: this repository); `baseline` ignores the known UI violations. */
export function lintDeps(options?: { root?: string; baseline?: boolean }): {
  violations: DepViolation[];
  known: number;
  modules: number;
  dependencies: number;
};
/** A violation's one-line description. */
export function describe(v: DepViolation): string;
