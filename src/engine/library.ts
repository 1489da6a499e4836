/**
 * The `flowledger` package's entry (docs/library.md): the engine object with the seed's 4.5
 * interface, the loader and validator, the ledger and its hash, and the pure functions over runs —
 * diff, process discovery and conformance, simulation (calibration, replications, fidelity). Only
 * re-exports: the app, the command line and the package build from the same modules. Pure
 * TypeScript over ES2022 (no DOM, no Node), so it runs in Node, in browsers and in workers.
 */
export * from './index';
export * from './diff';
export * from './discovery';
export * from './simulation';
export { DSL_DEFAULTS, DSL_VERSION, NODE_ID_PATTERN, unwrapTemplate, type Unwrapped } from './dsl';
