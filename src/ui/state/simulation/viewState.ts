/** What the address keeps of the Experiment view (`reps`, `vary`, `values`; src/ui/context/routes.ts). */
export interface ExperimentView {
  replications: number;
  vary: string | null;
  values: string | null;
}

/** The view a plain `?view=experiment&template=…` opens with. */
export const DEFAULT_EXPERIMENT_VIEW: ExperimentView = { replications: 20, vary: null, values: null };
