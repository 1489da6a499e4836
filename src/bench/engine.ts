/**
 * Engine benchmark E1 (TARGETS.md): run to the end, on the synchronous core, a 6-node pipeline that
 * uses every node kind — DataSource → ProcessNode → Multiplexer → FSM | Aggregator → Sink — with
 * 100,000 tokens, several times, and report the median ledger events per second. The clock (and
 * the native hasher) are injected so the module stays free of platform calls; the CLI passes
 * `performance.now` and Node's SHA-256. E2–E5 (`scale.ts`, `timeTravel.ts`) reuse the scenario.
 */
import { Engine, loadScenario, type HasherFactory, type Scenario } from '../engine';

/** The E1 target, ledger events per second. */
export const E1_TARGET = 1_000_000;

/** Ledger events per E1 token (measured: 4.6), to size a run by its event count. */
export const EVENTS_PER_TOKEN = 4.6;

export interface EngineBenchOptions {
  /** Milliseconds from some origin (e.g. `performance.now`). */
  now: () => number;
  /** The hasher the engine uses (the CLI's native one); the default JavaScript one is timed too. */
  hasher?: HasherFactory;
  /** Fewer tokens and repetitions, for a smoke run. */
  quick?: boolean;
  tokens?: number;
  repetitions?: number;
}

export interface E1Result {
  id: 'E1';
  measure: string;
  tokens: number;
  steps: number;
  ledgerEvents: number;
  repetitions: number;
  /** Run-to-end time of each repetition, ms. */
  runsMs: number[];
  medianMs: number;
  /** Median ledger events per second of the run itself (what E1 targets). */
  eventsPerSecond: number;
  /** Hashing the finished ledger (canonical NDJSON + SHA-256) with the injected hasher, ms, and its rate. */
  hashMs: number;
  hashEventsPerSecond: number;
  /** The same with the engine's default JavaScript SHA-256. */
  hashMsDefault: number;
  ledgerHash: string;
  target: number;
  pass: boolean;
}

/** Not pure (throws on a bug): the E1 scenario with `tokens` tokens, loaded. */
export function e1Scenario(tokens: number): Scenario {
  const loaded = loadScenario(e1Document(tokens));
  if (loaded.scenario === null)
    throw new Error(`E1 scenario does not load: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return loaded.scenario;
}

/** Pure: the E1 scenario (a plain DSL document, loaded like any user scenario) with `tokens` tokens. */
export function e1Document(tokens: number): Record<string, unknown> {
  return {
    version: '3.0',
    name: 'E1 pipeline',
    seed: 7,
    maxSteps: tokens + 100,
    nodes: [
      {
        nodeId: 'source',
        type: 'DataSource',
        generation: { type: 'random', valueMin: 1, valueMax: 100 },
        count: tokens,
        outputs: [{ destinationNodeId: 'price' }],
      },
      {
        nodeId: 'price',
        type: 'ProcessNode',
        processing: { formula: 'value * 1.2' },
        outputs: [{ destinationNodeId: 'router' }],
      },
      {
        nodeId: 'router',
        type: 'Multiplexer',
        multiplexing: { strategy: 'round_robin' },
        outputs: [
          { name: 'check', destinationNodeId: 'approval' },
          { name: 'batch', destinationNodeId: 'window' },
        ],
      },
      {
        nodeId: 'approval',
        type: 'FSM',
        fsm: {
          states: ['idle', 'busy'],
          transitions: [
            { from: 'idle', to: 'busy', trigger: 'token_received', condition: 'value > 20' },
            { from: 'busy', to: 'idle', trigger: 'token_received' },
          ],
        },
        outputs: [{ destinationNodeId: 'done' }],
      },
      {
        nodeId: 'window',
        type: 'Aggregator',
        aggregation: { method: 'sum', field: 'value', trigger: { type: 'count', window: 10 } },
        outputs: [{ destinationNodeId: 'done' }],
      },
      { nodeId: 'done', type: 'Sink' },
    ],
  };
}

/** Not pure (reads the clock, allocates a lot): runs E1 and returns its result. */
export function runEngineBench(options: EngineBenchOptions): E1Result {
  const tokens = options.tokens ?? (options.quick ? 10_000 : 100_000);
  const repetitions = options.repetitions ?? (options.quick ? 2 : 7);
  const scenario = e1Scenario(tokens);
  const engine = new Engine(options.hasher ? { hasher: options.hasher } : {});
  // One warm-up run so the timed runs measure optimised code, as a long simulation would.
  engine.start(scenario);
  engine.advance('end');
  const runsMs: number[] = [];
  for (let r = 0; r < repetitions; r++) {
    engine.start(scenario);
    const t0 = options.now();
    engine.advance('end');
    runsMs.push(options.now() - t0);
  }
  const ledgerEvents = engine.ledger.size;
  const t0 = options.now();
  const ledgerHash = engine.ledgerHash();
  const hashMs = options.now() - t0;
  const plain = new Engine();
  plain.start(scenario);
  plain.advance('end');
  const t1 = options.now();
  const plainHash = plain.ledgerHash();
  const hashMsDefault = options.now() - t1;
  if (plainHash !== ledgerHash)
    throw new Error(`the injected hasher gives ${ledgerHash}, the default one ${plainHash}`);
  const medianMs = median(runsMs);
  const eventsPerSecond = Math.round(ledgerEvents / (medianMs / 1000));
  return {
    id: 'E1',
    measure: 'run to end, 6-node pipeline using every kind, ledger events/s (median)',
    tokens,
    steps: engine.getCurrentTick(),
    ledgerEvents,
    repetitions,
    runsMs: runsMs.map(round1),
    medianMs: round1(medianMs),
    eventsPerSecond,
    hashMs: round1(hashMs),
    hashEventsPerSecond: Math.round(ledgerEvents / (hashMs / 1000)),
    hashMsDefault: round1(hashMsDefault),
    ledgerHash,
    target: E1_TARGET,
    pass: eventsPerSecond >= E1_TARGET,
  };
}

/** Pure: the median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Pure: `x` rounded to one decimal. */
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
