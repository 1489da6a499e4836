/**
 * Engine benchmark E7 (issue 46): the E1 pipeline run to its end at 10,000,000 ledger events — wall
 * time, the process's peak resident memory and bytes per event. It must run in a process of its own
 * (`flowledger bench --only E7`, which `npm run bench` starts as a child) so the peak is the run's.
 * The target: the whole run within 2 GB of peak RSS. The run advances in slices of steps so the
 * progress (events, RSS) can be reported while it goes: when the process dies of memory, the last
 * progress line says how far it got. Clock and memory readings are injected (the CLI passes Node's).
 */
import { Engine, loadScenario } from '../engine';
import { e1Document, e1Scenario, EVENTS_PER_TOKEN, round1 } from './engine';

/** Ledger events of the E7 run (at least: the last step's events may pass it by a few). */
export const E7_EVENTS = 10_000_000;
/** The E7 target: peak resident memory of the whole process, bytes (2 GB). */
export const E7_TARGET_BYTES = 2_000_000_000;
/**
 * The ledger hash of the full E7 run (10,000,005 events) on commit fdbcae5, the build before the
 * columnar engine (issue 46): a full run that hashes says whether it still ends with it.
 */
export const E7_PREVIOUS_BUILD_HASH = '424d423640c454ebbabfdcd8b065494f2bf76d5c1e0cedbb4ad084a592aa4c98';
/** Steps per `advance` slice, between two progress readings. */
const SLICE_STEPS = 100_000;

export interface BigRunOptions {
  now: () => number;
  /** A full garbage collection. */
  gc: () => void;
  /** JavaScript heap and memory outside it (array buffers), bytes. */
  memory: () => { heap: number; external: number };
  /** The process's peak resident set so far, bytes. */
  peakRss: () => number;
  /** The process's resident set now, bytes. */
  rss: () => number;
  /** Told after every slice of steps (and may write it somewhere that survives a crash). */
  progress?: (p: { events: number; step: number; ms: number; rss: number }) => void;
  /** Events to run to (default E7_EVENTS); smaller for a smoke test. */
  events?: number;
  /** Also hash the finished ledger (canonical NDJSON + SHA-256), timed apart. */
  hash?: boolean;
}

export interface E7Result {
  id: 'E7';
  measure: string;
  tokens: number;
  ledgerEvents: number;
  steps: number;
  status: string;
  /** Loading the scenario and starting the run, ms (not in runMs). */
  loadMs: number;
  /** `advance` to the end, ms. */
  runMs: number;
  eventsPerSecond: number;
  /** Peak resident memory of the process (so far, at the end of the run), bytes. */
  peakRssBytes: number;
  /** Resident memory before the scenario was loaded, bytes. */
  baseRssBytes: number;
  /** Peak RSS over the events. */
  peakRssBytesPerEvent: number;
  /** Heap + array buffers retained by the finished run (after forced collections) over the events. */
  retainedBytesPerEvent: number;
  heapBytesPerEvent: number;
  externalBytesPerEvent: number;
  /** Hash of the finished ledger and its time (when asked), ms. */
  ledgerHash?: string;
  /** Whether that hash is the previous build's (only for a full-size run). */
  sameHashAsPreviousBuild?: boolean;
  hashMs?: number;
  /** Peak RSS after hashing, bytes (when hashed). */
  peakRssAfterHashBytes?: number;
  target: number;
  pass: boolean;
}

/** Pure: the E7 document — the E1 pipeline with enough tokens for `events` events and maxEvents above them. */
export function e7Document(events: number = E7_EVENTS): Record<string, unknown> {
  const tokens = Math.ceil(events / EVENTS_PER_TOKEN);
  // The default maxEvents (5 M) would truncate the run: leave a margin above the events sought.
  return { ...e1Document(tokens), name: 'E7 pipeline', maxEvents: Math.ceil(events * 1.2) };
}

/** Not pure (reads the clock and memory, allocates gigabytes): runs E7 and returns its result. */
export function runBigRun(options: BigRunOptions): E7Result {
  const events = options.events ?? E7_EVENTS;
  // A tiny run first, so the code the big run executes is compiled the same way as in E1.
  const warm = new Engine();
  warm.start(e1Scenario(2_000));
  warm.advance('end');
  const before = settled(options);
  const baseRssBytes = options.rss();
  const t0 = options.now();
  const loaded = loadScenario(e7Document(events));
  if (loaded.scenario === null)
    throw new Error(`E7 scenario does not load: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  const engine = new Engine();
  engine.start(loaded.scenario);
  const t1 = options.now();
  let status = engine.status;
  for (;;) {
    status = engine.advance('end', { steps: SLICE_STEPS });
    options.progress?.({
      events: engine.ledger.size,
      step: engine.getCurrentTick(),
      ms: options.now() - t1,
      rss: options.rss(),
    });
    if (status === 'completed' || status === 'truncated') break;
  }
  const runMs = options.now() - t1;
  const peakRssBytes = options.peakRss();
  const ledgerEvents = engine.ledger.size;
  const after = settled(options);
  const heap = after.heap - before.heap;
  const external = after.external - before.external;
  let hashed: Pick<E7Result, 'ledgerHash' | 'sameHashAsPreviousBuild' | 'hashMs' | 'peakRssAfterHashBytes'> = {};
  if (options.hash) {
    const h0 = options.now();
    const ledgerHash = engine.ledgerHash();
    hashed = {
      ledgerHash,
      ...(events === E7_EVENTS ? { sameHashAsPreviousBuild: ledgerHash === E7_PREVIOUS_BUILD_HASH } : {}),
      hashMs: round1(options.now() - h0),
      peakRssAfterHashBytes: options.peakRss(),
    };
  }
  return {
    id: 'E7',
    measure: 'run to end in Node, 6-node pipeline (E1) at 10 M ledger events: wall time, peak RSS, bytes per event',
    tokens: Math.ceil(events / EVENTS_PER_TOKEN),
    ledgerEvents,
    steps: engine.getCurrentTick(),
    status,
    loadMs: round1(t1 - t0),
    runMs: round1(runMs),
    eventsPerSecond: Math.round(ledgerEvents / (runMs / 1000)),
    peakRssBytes,
    baseRssBytes,
    peakRssBytesPerEvent: round1(peakRssBytes / ledgerEvents),
    retainedBytesPerEvent: round1((heap + external) / ledgerEvents),
    heapBytesPerEvent: round1(heap / ledgerEvents),
    externalBytesPerEvent: round1(external / ledgerEvents),
    ...hashed,
    target: E7_TARGET_BYTES,
    // The target covers the hash too when it is taken: a `flowledger run` hashes its ledger.
    pass:
      ledgerEvents >= events &&
      status === 'completed' &&
      hashed.sameHashAsPreviousBuild !== false &&
      Math.max(peakRssBytes, hashed.peakRssAfterHashBytes ?? 0) <= E7_TARGET_BYTES,
  };
}

/** Memory in use after collections, once it stops shrinking (as E3 reads it). */
function settled(options: BigRunOptions): { heap: number; external: number } {
  let last = { heap: Infinity, external: Infinity };
  for (let i = 0; i < 6; i++) {
    options.gc();
    const m = options.memory();
    if (m.heap + m.external >= last.heap + last.external) return m;
    last = m;
  }
  return last;
}
