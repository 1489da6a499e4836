/**
 * Simulation (issue 43; docs/simulation.md): a model calibrated from a log, replications with
 * confidence intervals and variants compared, and the model's fidelity to the log. Pure and
 * deterministic like the rest of the engine: every draw comes from the per-node seeded streams.
 */
export { simulationModel, chooseTickMs, empiricalValues, MAX_EMPIRICAL, type SimulationOptions } from './calibrate';
export { replicationFigures, simulatedLog, type Figures, type LoggedCase } from './figures';
export { casesOfLog, durationOf, fidelity, totalVariation, wasserstein1, type Fidelity } from './fidelity';
export { mean, sampleSd, studentTCdf, studentTQuantile, summarise, type Summary } from './stats';
export {
  compareVariants,
  parseSetValue,
  runReplication,
  setPath,
  summariseReplications,
  type Difference,
  type ExperimentSummary,
  type Replication,
  type VariantSummary,
} from './experiment';
export {
  differingField,
  isReplicationEnd,
  readReplicationEnd,
  readReplicationHeader,
  readReplicationLine,
  replicationAt,
  replicationEndLine,
  replicationHeaderLine,
  replicationLine,
  REPLICATIONS_FORMAT,
  sliceOf,
  type ReplicationEntry,
  type ReplicationHeader,
  type ReplicationVariant,
} from './replicationFile';
