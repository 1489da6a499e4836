/**
 * The layer rules (.dependency-cruiser.cjs, docs/architecture.md) refuse each kind of violation, and
 * hold on the real src/ with only the UI's known violations in the baseline. A clean tree (one module
 * per room) is written under the system's temporary folder beside a copy of the configuration, then
 * a copy with every violation below planted in it; dependency-cruiser (through scripts/lint-deps.mjs)
 * runs on each, and each planted module must be refused for exactly its violation.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE, BASELINED_RULE, CONFIG, lintDeps, type DepViolation } from '../../../scripts/lint-deps.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const trees: string[] = [];

/** A tree that keeps every rule: one module per room, each importing only what its room may. */
const CLEAN: Record<string, string> = {
  'src/contract/vocabulary.ts':
    "export type RunStatus = 'ready' | 'completed';\nexport const KINDS = ['Sink'] as const;\n",
  'src/engine/types.ts':
    "export type { RunStatus } from '../contract/vocabulary';\nexport interface Scenario { name: string }\n",
  'src/engine/index.ts':
    "import { KINDS } from '../contract/vocabulary';\nimport { Engine } from './engine';\nexport const ENGINE_KINDS = KINDS;\nexport type { Scenario } from './types';\nexport { Engine };\n",
  'src/engine/behaviors/nodeContext.ts':
    "import type { Scenario } from '../types';\nexport interface NodeContext { s: Scenario }\n",
  'src/engine/run/scheduler.ts':
    "import type { NodeContext } from '../behaviors/nodeContext';\nexport class Simulation { ctx: NodeContext[] = [] }\n",
  'src/engine/replay/liveRun.ts':
    "import { Simulation } from '../run/scheduler';\nexport class LiveRun { sim = new Simulation() }\n",
  'src/engine/query/stepView.ts':
    "import type { LiveRun } from '../replay/liveRun';\nexport const view = (r: LiveRun) => r.sim;\n",
  'src/engine/engine.ts':
    "import { LiveRun } from './replay/liveRun';\nimport { view } from './query/stepView';\nexport class Engine { run = new LiveRun(); v = view(this.run) }\n",
  'src/engine/simulation/experiment.ts': "import { Engine } from '../engine';\nexport const e = new Engine();\n",
  'src/parser/index.ts':
    "import type { RunStatus } from '../contract/vocabulary';\nexport const parse = (s: RunStatus) => s;\n",
  'src/store/db.ts': "import type { Scenario } from '../engine/types';\nexport const rows: Scenario[] = [];\n",
  'src/worker/ops.ts':
    "import { ENGINE_KINDS } from '../engine/index';\nimport { parse } from '../parser/index';\nimport { rows } from '../store/db';\nexport const ops = { ENGINE_KINDS, parse, rows };\n",
  'src/worker/engine.worker.ts': "import { ops } from './ops';\nexport default ops;\n",
  'src/api/handlers.ts': "import { ops } from '../worker/ops';\nexport const handlers = [ops];\n",
  'src/client/engineCore.ts': "export { ENGINE_KINDS } from '../engine/index';\n",
  'src/client/parserCore.ts': "export { parse } from '../parser/index';\n",
  'src/client/service.ts':
    "import { handlers } from '../api/handlers';\nexport const start = () => new Worker(new URL('../worker/engine.worker.ts', import.meta.url));\nexport const api = handlers;\n",
  'src/ui/graph/layout.worker.ts': "import { s } from '../app';\nexport const layout = s;\n",
  'src/client/layoutWorker.ts':
    "export const startLayout = () => new Worker(new URL('../ui/graph/layout.worker.ts', import.meta.url));\n",
  'src/ui/app.ts':
    "import { api } from '../client/service';\nimport type { RunStatus } from '../contract/vocabulary';\nexport const s: RunStatus = 'ready';\nexport const a = api;\n",
  'src/main.ts': "import { a } from './ui/app';\nexport default a;\n",
};

/** Not pure (writes a temporary folder): the clean tree with `planted` files added or replaced. */
function tree(planted: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'flowledger-layers-'));
  trees.push(dir);
  for (const name of [CONFIG, 'tsconfig.base.json', 'package.json']) copyFileSync(join(ROOT, name), join(dir, name));
  for (const [path, text] of Object.entries({ ...CLEAN, ...planted })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A violation as `rule: from → to` (circles: `no-circular: ` and their members, sorted). */
function show(v: DepViolation): string {
  if (v.rule.name === 'no-circular') {
    const members = [v.from, ...(v.cycle ?? []).map((c) => (typeof c === 'string' ? c : c.name))];
    return `no-circular: ${[...new Set(members)].sort().join(' ')}`;
  }
  return `${v.rule.name}: ${v.from} → ${v.to}`;
}

/** Each kind of violation: the modules planted, and the refusals they must get (worked out by hand). */
const PLANTS: { what: string; files: Record<string, string>; refused: string[] }[] = [
  {
    what: 'the UI importing the worker',
    files: { 'src/ui/bad.ts': "import { ops } from '../worker/ops';\nexport const o = ops;\n" },
    refused: ['ui-sees-client-and-contract: src/ui/bad.ts → src/worker/ops.ts'],
  },
  {
    what: 'a worker started outside the client: by its entry (in the UI or the service), or by any `new Worker` in the UI',
    files: {
      'src/ui/spawn.ts': "export const w = new Worker(new URL('../worker/engine.worker.ts', import.meta.url));\n",
      'src/ui/graph/offThread.ts':
        "export const w = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });\n",
      'src/ui/byUrl.ts': 'export const start = (url: string) => new SharedWorker(url);\n',
      'src/worker/nested.ts': "export const w = new Worker(new URL('./engine.worker.ts', import.meta.url));\n",
      'src/client/notAnEntry.ts': "export const w = new Worker(new URL('../worker/ops.ts', import.meta.url));\n",
    },
    refused: [
      'workers-started-by-the-client: src/client/notAnEntry.ts → src/worker/ops.ts',
      'workers-started-by-the-client: src/ui/byUrl.ts → src/ui/byUrl.ts',
      'workers-started-by-the-client: src/ui/graph/offThread.ts → src/ui/graph/layout.worker.ts',
      'workers-started-by-the-client: src/ui/spawn.ts → src/worker/engine.worker.ts',
      'workers-started-by-the-client: src/worker/nested.ts → src/worker/engine.worker.ts',
    ],
  },
  {
    what: 'the UI importing the store, type-only included (in a module and in a Svelte component)',
    files: {
      'src/ui/rows.ts': "import type { rows } from '../store/db';\nexport type R = typeof rows;\n",
      'src/ui/Rows.svelte':
        '<script lang="ts">\n  import type { rows } from \'../store/db\';\n  let r: typeof rows = [];\n</script>\n<p>{r.length}</p>\n',
    },
    refused: [
      'ui-sees-client-and-contract: src/ui/Rows.svelte → src/store/db.ts',
      'ui-sees-client-and-contract: src/ui/rows.ts → src/store/db.ts',
    ],
  },
  {
    what: 'the UI importing the HTTP adapter or a core',
    files: {
      'src/ui/h.ts': "import { handlers } from '../api/handlers';\nexport const h = handlers;\n",
      'src/ui/e.ts': "import { ENGINE_KINDS } from '../engine/index';\nexport const e = ENGINE_KINDS;\n",
    },
    refused: [
      'ui-sees-client-and-contract: src/ui/e.ts → src/engine/index.ts',
      'ui-sees-client-and-contract: src/ui/h.ts → src/api/handlers.ts',
    ],
  },
  {
    what: 'the contract importing an engine value, or even an engine type',
    files: {
      'src/contract/wire.ts':
        "import { ENGINE_KINDS } from '../engine/index';\nimport type { Scenario } from '../engine/types';\nexport const k = ENGINE_KINDS;\nexport type S = Scenario;\n",
    },
    refused: [
      'contract-stands-alone: src/contract/wire.ts → src/engine/index.ts',
      'contract-stands-alone: src/contract/wire.ts → src/engine/types.ts',
    ],
  },
  {
    what: 'the parser importing the engine, type-only included',
    files: { 'src/parser/mapping.ts': "import type { Scenario } from '../engine/types';\nexport type M = Scenario;\n" },
    refused: ['parser-needs-no-engine: src/parser/mapping.ts → src/engine/types.ts'],
  },
  {
    what: 'a room importing a higher one',
    files: {
      'src/store/up.ts': "import { handlers } from '../api/handlers';\nexport const h = handlers;\n",
      'src/engine/ledger/up.ts': "import { rows } from '../../store/db';\nexport const r = rows;\n",
      'src/worker/up.ts': "import { api } from '../client/service';\nexport const a = api;\n",
    },
    refused: [
      'engine-uses-contract-only: src/engine/ledger/up.ts → src/store/db.ts',
      'store-below-worker: src/store/up.ts → src/api/handlers.ts',
      'worker-below-api: src/worker/up.ts → src/client/service.ts',
    ],
  },
  {
    what: 'a default-profile module of the HTTP adapter importing the pled profile',
    files: {
      'src/api/pled/routes.ts': 'export const pledHandlers = {};\n',
      'src/api/handlers.ts': "import { pledHandlers } from './pled/routes';\nexport const handlers = [pledHandlers];\n",
      'src/api/step.ts': "import { pledHandlers } from './pled/routes';\nexport const s = pledHandlers;\n",
    },
    refused: ['default-profile-without-pled: src/api/step.ts → src/api/pled/routes.ts'],
  },
  {
    what: 'a client module other than the named pair importing a core, or relaying it',
    files: {
      'src/client/cores.ts': "export { parse } from '../parser/index';\n",
      'src/client/presets.ts': "import { ENGINE_KINDS } from '../engine/index';\nexport const p = ENGINE_KINDS;\n",
      'src/client/types.ts': "import type { Scenario } from '../engine/types';\nexport type S = Scenario;\n",
    },
    refused: [
      'client-cores-through-the-pair: src/client/cores.ts → src/parser/index.ts',
      'client-cores-through-the-pair: src/client/presets.ts → src/engine/index.ts',
      'client-cores-through-the-pair: src/client/types.ts → src/engine/types.ts',
    ],
  },
  {
    what: 'a module of src/ importing from scripts/ or tests/',
    files: {
      'scripts/tool.mjs': 'export const tool = 1;\n',
      'tests/fixtures/sample.ts': 'export const sample = 1;\n',
      'src/worker/tooling.ts': "import { tool } from '../../scripts/tool.mjs';\nexport const t = tool;\n",
      'src/ui/fixture.ts': "import { sample } from '../../tests/fixtures/sample';\nexport const f = sample;\n",
    },
    refused: [
      'src-stands-apart-from-tools: src/ui/fixture.ts → tests/fixtures/sample.ts',
      'src-stands-apart-from-tools: src/worker/tooling.ts → scripts/tool.mjs',
    ],
  },
  {
    what: 'a floor of the engine importing a floor above it',
    files: {
      'src/engine/behaviors/sink.ts':
        "import type { Simulation } from '../run/scheduler';\nexport type S = Simulation;\n",
      'src/engine/run/checkpoint.ts':
        "import { LiveRun } from '../replay/liveRun';\nexport const c = () => new LiveRun();\n",
      'src/engine/replay/read.ts': "import { view } from '../query/stepView';\nexport const r = view;\n",
      'src/engine/query/facade.ts': "import type { Engine } from '../engine';\nexport type E = Engine;\n",
      'src/engine/engine2.ts': "import { e } from './simulation/experiment';\nexport const x = e;\n",
      'src/engine/simulation/entry.ts': "import { ENGINE_KINDS } from '../index';\nexport const k = ENGINE_KINDS;\n",
      'src/engine/dsl/up.ts':
        "import type { NodeContext } from '../behaviors/nodeContext';\nexport type C = NodeContext;\n",
    },
    refused: [
      'engine-file-on-a-floor: src/engine/engine2.ts → src/engine/simulation/experiment.ts',
      'engine-floor-base: src/engine/dsl/up.ts → src/engine/behaviors/nodeContext.ts',
      'engine-floor-behaviors: src/engine/behaviors/sink.ts → src/engine/run/scheduler.ts',
      'engine-floor-features: src/engine/simulation/entry.ts → src/engine/index.ts',
      'engine-floor-query: src/engine/query/facade.ts → src/engine/engine.ts',
      'engine-floor-replay: src/engine/replay/read.ts → src/engine/query/stepView.ts',
      'engine-floor-run: src/engine/run/checkpoint.ts → src/engine/replay/liveRun.ts',
    ],
  },
  {
    what: 'an import circle',
    files: {
      'src/engine/dsl/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/engine/dsl/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    },
    refused: ['no-circular: src/engine/dsl/a.ts src/engine/dsl/b.ts'],
  },
  {
    what: 'a type-only import circle',
    files: {
      'src/worker/context.ts': "import type { Run } from './run';\nexport interface Context { run: Run }\n",
      'src/worker/run.ts': "import type { Context } from './context';\nexport interface Run { ctx: Context }\n",
    },
    refused: ['no-circular: src/worker/context.ts src/worker/run.ts'],
  },
];

afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

// Each run of dependency-cruiser takes a second or more (longer on a busy machine).
describe('the layer rules refuse', { timeout: 120_000 }, () => {
  let clean: DepViolation[] = [];
  let planted: DepViolation[] = [];
  beforeAll(() => {
    clean = lintDeps({ root: tree({}), baseline: false }).violations;
    planted = lintDeps({ root: tree(Object.assign({}, ...PLANTS.map((p) => p.files))), baseline: false }).violations;
  }, 240_000);

  it('nothing in the clean tree (so each refusal below is the planted modules’)', () => {
    expect(clean.map(show)).toEqual([]);
  });

  it('nothing but what was planted', () => {
    expect(planted.map(show).sort()).toEqual(PLANTS.flatMap((p) => p.refused).sort());
  });

  it.each(PLANTS)('$what', ({ files, refused }) => {
    const mine = planted.filter(
      (v) => v.from in files || (v.cycle ?? []).some((c) => (typeof c === 'string' ? c : c.name) in files),
    );
    expect(mine.map(show).sort()).toEqual([...refused].sort());
  });
});

describe('the layer rules on src/', { timeout: 120_000 }, () => {
  it('hold with nothing set aside: the known-violations baseline is empty', () => {
    const { violations, known, modules } = lintDeps();
    expect(modules).toBeGreaterThan(200);
    expect(violations.map(show)).toEqual([]);
    expect(known).toBe(0);
  });

  it('keep in the baseline only UI modules breaking the UI rule', () => {
    const entries = JSON.parse(readFileSync(join(ROOT, BASELINE), 'utf8')) as DepViolation[];
    const outside = entries.filter((e) => e.rule.name !== BASELINED_RULE || !/^src\/(ui\/|main\.ts$)/.test(e.from));
    expect(outside).toEqual([]);
  });
});
