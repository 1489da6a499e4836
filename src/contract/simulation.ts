/**
 * Shapes of simulation on the API (issue 43; docs/simulation.md, "On the screen"): a model
 * calibrated from events with its fidelity, and an experiment's replications run in the worker in
 * batches. Plain data, so they cross the worker boundary and the HTTP API unchanged; the engine's
 * simulation module computes them.
 */
import type { CaseFields, EventSource } from './discovery';

/** The fidelity measures (src/engine/simulation/fidelity.ts): simulated cases against the real ones. */
export interface FidelityFigures {
  /** W₁(real durations, simulated durations) / mean real duration; 0 is perfect. */
  cycleTimeDistance: number;
  /** Total variation over variants, 0 to 1; 0 is perfect. */
  variantDistance: number;
  /** Per real edge `a→b`: occurrences per simulated case / per real case; 1 is perfect. */
  edgeFrequencyRatio: Record<string, number>;
  /** Simulated arrival rate / real; null when either spans no time. */
  arrivalRateRatio: number | null;
  cases: { real: number; simulated: number };
  /** Edges the model made that the log never shows, per simulated case. */
  unseenEdges: Record<string, number>;
  replications: number;
  seeds: [number, number];
}

/** The body of `POST /api/mining/simulation-model` (client `simulationModel`). */
export type SimulationModelRequest = EventSource & {
  fields?: CaseFields;
  arrivals?: 'empirical' | 'exponential';
  stop?: 'cases' | 'horizon';
  /** The model's name in the library. */
  name?: string;
  /** Replications the fidelity runs (1–100, default 10), seeds 1…N. */
  replications?: number;
};

/** `POST /api/mining/simulation-model`: the model, stored in the library, and its fidelity to the events. */
export interface SimulationModelAnswer {
  success: true;
  templateId: string;
  template: Record<string, unknown>;
  /** Simulated milliseconds per step. */
  tickMs: number;
  fidelity: FidelityFigures;
}

/** The body of `POST /api/mining/experiment` (client `experiment`): replications `from` to `from + count − 1` of each variant. */
export interface ExperimentRequest {
  templateId: string;
  /** The first seed (default 1); replication k runs with seed + k. */
  seed?: number;
  /** The first replication of this batch (default 0). */
  from?: number;
  /** Replications in this batch (1–1000). */
  count: number;
  /** One variant per value of the field at `path` (JSON pointer or nodeId.field); absent: the template alone. */
  vary?: { path: string; values: unknown[] };
  /** A step to stop each replication at (default: its end). */
  horizon?: number;
}

/** One replication's figures (src/engine/simulation/figures.ts). */
export interface ReplicationFigures {
  seed: number;
  figures: Record<string, number>;
  truncatedBy?: string;
}

/** `POST /api/mining/experiment`: per variant (in the order of `vary.values`), this batch's replications in seed order. */
export interface ExperimentAnswer {
  success: true;
  variants: { label: string; runs: ReplicationFigures[] }[];
}
