// The layer rules of src/ (docs/architecture.md), checked by dependency-cruiser on every `npm test`
// and by `npm run lint:deps`. Each room has an allow-list: the rooms it may import, nothing else.
//
//   contract                     types and schemas of the wire; the bottom layer, imports no room
//   engine, parser               the pure cores; they may use the contract, the parser not the engine
//   store, worker                the browser service: storage and the operations over the cores
//   api                          the HTTP adapter: requests to service calls, no logic
//   client                       the only place that talks to the workers and the service worker;
//                                it may also run pure reads of the cores in the page
//   ui (and src/main.ts)         screens and their state; they see the client and the contract only
//   cli, bench                   Node tools beside the browser layers: the cores and the contract
//   sw                           the service worker's source, standalone
//
// Inside the rooms:
//   the client reaches the cores through one named pair only: client/engineCore.ts and
//   client/parserCore.ts (no other client module imports the engine or the parser, so none relays
//   them to the UI);
//   the engine stands on floors, each importing only its own floor and those below (ENGINE_FLOORS).
// Beside the rooms: nothing in src/ imports from scripts/ or tests/.
// Only the client starts a browser worker, from a `*.worker.ts` entry (workers-started-by-the-client:
// dependency-cruiser does not see worker starts, so scripts/lint-deps.mjs checks that rule).
//
// Type-only imports count (tsPreCompilationDeps), and so do import circles of any kind. The UI's
// remaining violations are listed in .dependency-cruiser-known-violations.json (`--ignore-known`);
// no other rule has a baseline.

/** Pure: a rule refusing imports from `from` into any room of src/ not in `allowed`. */
function room(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: '^src/', pathNot: `^src/(${allowed.join('|')})(/|$)` },
  };
}

/**
 * The engine's floors, top to bottom (paths under src/engine/): a module may import its own floor
 * and the floors below it, never one above. The facade (engine.ts) stands over the run's parts, so
 * arrows inside the engine point one way: the queries read a live run; a live run keeps its
 * checkpoints and replays (replay/); replay re-executes the simulation (run/); the simulation runs
 * the behaviours, which reach the run only through their NodeContext (behaviors/nodeContext.ts).
 */
const ENGINE_FLOORS = [
  ['entries', '(index|library)\\.ts$', 'the package entries (index.ts, library.ts)'],
  [
    'features',
    '(simulation|discovery|diff|shard)/',
    'what is built on runs: experiments, discovery and conformance, diffs, shards',
  ],
  ['facade', 'engine\\.ts$', 'the Engine facade (engine.ts)'],
  ['query', 'query/', 'the read side of a run (query/)'],
  ['replay', 'replay/', 'the live run and time travel (replay/)'],
  ['run', 'run/', 'the simulation: scheduler, external queue, snapshots (run/)'],
  ['behaviors', 'behaviors/', 'the node behaviours and their NodeContext (behaviors/)'],
  [
    'base',
    '(ledger|dsl|expr)/|(types|jsonValues|lowerBound|suggest)\\.ts$',
    'the ledger, the DSL, the expression language and the shared types',
  ],
];

/** Pure: `^src/engine/` followed by any of `floors`' paths. */
function onFloors(floors) {
  return `^src/engine/(${floors.map(([, path]) => `(?:${path})`).join('|')})`;
}

/** Pure: one rule per floor of the engine, refusing imports of the engine's floors above it. */
function engineFloors() {
  return ENGINE_FLOORS.slice(1).map(([name, path, what], i) => ({
    name: `engine-floor-${name}`,
    comment: `Inside the engine, ${what} imports only its own floor and those below it: nothing from ${ENGINE_FLOORS.slice(
      0,
      i + 1,
    )
      .map(([n]) => n)
      .join(', ')}.`,
    severity: 'error',
    from: { path: onFloors([[name, path]]) },
    to: { path: '^src/engine/', pathNot: onFloors(ENGINE_FLOORS.slice(i + 1)) },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    room(
      'contract-stands-alone',
      'The contract is the bottom layer: it imports no other room, not even types.',
      '^src/contract/',
      ['contract'],
    ),
    room('engine-uses-contract-only', 'The engine core may use the contract and nothing above it.', '^src/engine/', [
      'engine',
      'contract',
    ]),
    room(
      'parser-needs-no-engine',
      'The parser core may use the contract only: nothing from the engine, not even types.',
      '^src/parser/',
      ['parser', 'contract'],
    ),
    room('store-below-worker', 'Storage may use the cores and the contract.', '^src/store/', [
      'store',
      'engine',
      'parser',
      'contract',
    ]),
    room(
      'worker-below-api',
      'The service may use storage, the cores and the contract, never the adapter or the UI.',
      '^src/worker/',
      ['worker', 'store', 'engine', 'parser', 'contract'],
    ),
    room(
      'api-adapts-only',
      'The HTTP adapter maps requests to service calls: it may use the service and the contract.',
      '^src/api/',
      ['api', 'worker', 'contract'],
    ),
    room(
      'client-below-ui',
      'The client talks to the adapter and the workers, and runs small pure reads of the cores in the page (a condition compiled as it is typed, a regex checked, the preset list); it never imports storage or the UI.',
      '^src/client/',
      ['client', 'api', 'worker', 'engine', 'parser', 'contract'],
    ),
    room(
      'ui-sees-client-and-contract',
      'The UI imports only the client, the contract and UI modules.',
      '^src/(ui/|main\\.ts$)',
      ['ui', 'client', 'contract'],
    ),
    room(
      'cli-uses-cores',
      'The command line stands beside the browser layers: the cores, the contract and the benchmarks.',
      '^src/cli/',
      ['cli', 'bench', 'engine', 'parser', 'contract'],
    ),
    room(
      'bench-uses-cores',
      'The benchmarks measure the cores: they may use the cores and the contract.',
      '^src/bench/',
      ['bench', 'engine', 'parser', 'contract'],
    ),
    room('sw-stands-alone', 'The service worker source is standalone.', '^src/sw/', ['sw']),
    {
      name: 'client-cores-through-the-pair',
      comment:
        'Only the named pair client/engineCore.ts and client/parserCore.ts may import the engine or the parser: no other client module relays a core to the UI.',
      severity: 'error',
      from: { path: '^src/client/', pathNot: '^src/client/(engineCore|parserCore)\\.ts$' },
      to: { path: '^src/(engine|parser)/' },
    },
    ...engineFloors(),
    {
      name: 'engine-file-on-a-floor',
      comment: 'A module of the engine on no floor: give it a place in ENGINE_FLOORS.',
      severity: 'error',
      from: { path: '^src/engine/', pathNot: onFloors(ENGINE_FLOORS) },
      to: {},
    },
    {
      name: 'src-stands-apart-from-tools',
      comment: 'Nothing in src/ imports from scripts/ or tests/ (they use src/, never the other way).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(scripts|tests)/' },
    },
    {
      name: 'every-file-has-a-room',
      comment: 'A module of src/ outside every room: give its folder a place in the layers.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: '^src/(contract|engine|parser|store|worker|api|client|ui|cli|bench|sw)/|^src/main\\.ts$',
      },
      to: {},
    },
    {
      name: 'cores-platform-free',
      comment: 'The cores and the contract run anywhere: no Node built-in modules.',
      severity: 'error',
      from: { path: '^src/(contract|engine|parser)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'default-profile-without-pled',
      comment:
        'The HTTP adapter answers the pled profile in api/pled; only the dispatcher (handlers.ts) picks its handlers.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/api/(pled/|handlers\\.ts$)' },
      to: { path: '^src/api/pled/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circles, type-only ones included: a module and the modules it imports form a tree.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every relative import resolves to a file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // scripts/ and tests/ are included so that an import of them from src/ is seen (the cruise starts
    // at src/ only: their own modules appear only when src/ reaches them).
    includeOnly: '^(src|scripts|tests)/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
