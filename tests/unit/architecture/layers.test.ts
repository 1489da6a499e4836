/**
 * The layer rules (.dependency-cruiser.cjs, docs/architecture.md) refuse each kind of violation, and
 * hold on the real src/ with only the UI's known violations in the baseline. Each planted violation
 * goes into a small tree of its own under the system's temporary folder, beside a copy of the
 * configuration, and dependency-cruiser (through scripts/lint-deps.mjs) runs on that tree.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
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
    "import { KINDS } from '../contract/vocabulary';\nexport const ENGINE_KINDS = KINDS;\nexport type { Scenario } from './types';\n",
  'src/parser/index.ts':
    "import type { RunStatus } from '../contract/vocabulary';\nexport const parse = (s: RunStatus) => s;\n",
  'src/store/db.ts': "import type { Scenario } from '../engine/types';\nexport const rows: Scenario[] = [];\n",
  'src/worker/ops.ts':
    "import { ENGINE_KINDS } from '../engine/index';\nimport { parse } from '../parser/index';\nimport { rows } from '../store/db';\nexport const ops = { ENGINE_KINDS, parse, rows };\n",
  'src/worker/engine.worker.ts': "import { ops } from './ops';\nexport default ops;\n",
  'src/api/handlers.ts': "import { ops } from '../worker/ops';\nexport const handlers = [ops];\n",
  'src/client/service.ts':
    "import { handlers } from '../api/handlers';\nexport const start = () => new Worker(new URL('../worker/engine.worker.ts', import.meta.url));\nexport const api = handlers;\n",
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

/** The violations of `planted` added to the clean tree, as `rule: from → to` (circles: `rule: members`). */
function refusals(planted: Record<string, string>): string[] {
  return lintDeps({ root: tree(planted), baseline: false })
    .violations.map(show)
    .sort();
}

function show(v: DepViolation): string {
  if (v.rule.name === 'no-circular') {
    const members = [v.from, ...(v.cycle ?? []).map((c) => (typeof c === 'string' ? c : c.name))];
    return `no-circular: ${[...new Set(members)].sort().join(' ')}`;
  }
  return `${v.rule.name}: ${v.from} → ${v.to}`;
}

afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

describe('the layer rules refuse', () => {
  it('nothing in the clean tree (so each refusal below is the planted file’s)', () => {
    expect(refusals({})).toEqual([]);
  });

  it('the UI importing the worker, by import or by a worker entry', () => {
    expect(
      refusals({
        'src/ui/bad.ts': "import { ops } from '../worker/ops';\nexport const o = ops;\n",
        'src/ui/spawn.ts': "export const w = new Worker(new URL('../worker/engine.worker.ts', import.meta.url));\n",
      }),
    ).toEqual([
      'ui-sees-client-and-contract: src/ui/bad.ts → src/worker/ops.ts',
      'ui-sees-client-and-contract: src/ui/spawn.ts → src/worker/engine.worker.ts',
    ]);
  });

  it('the UI importing the store, type-only included (in a module and in a Svelte component)', () => {
    expect(
      refusals({
        'src/ui/rows.ts': "import type { rows } from '../store/db';\nexport type R = typeof rows;\n",
        'src/ui/Rows.svelte':
          '<script lang="ts">\n  import type { rows } from \'../store/db\';\n  let r: typeof rows = [];\n</script>\n<p>{r.length}</p>\n',
      }),
    ).toEqual([
      'ui-sees-client-and-contract: src/ui/Rows.svelte → src/store/db.ts',
      'ui-sees-client-and-contract: src/ui/rows.ts → src/store/db.ts',
    ]);
  });

  it('the UI importing the HTTP adapter or a core', () => {
    expect(
      refusals({
        'src/ui/h.ts': "import { handlers } from '../api/handlers';\nexport const h = handlers;\n",
        'src/ui/e.ts': "import { ENGINE_KINDS } from '../engine/index';\nexport const e = ENGINE_KINDS;\n",
      }),
    ).toEqual([
      'ui-sees-client-and-contract: src/ui/e.ts → src/engine/index.ts',
      'ui-sees-client-and-contract: src/ui/h.ts → src/api/handlers.ts',
    ]);
  });

  it('the contract importing an engine value, or even an engine type', () => {
    expect(
      refusals({
        'src/contract/wire.ts':
          "import { ENGINE_KINDS } from '../engine/index';\nimport type { Scenario } from '../engine/types';\nexport const k = ENGINE_KINDS;\nexport type S = Scenario;\n",
      }),
    ).toEqual([
      'contract-stands-alone: src/contract/wire.ts → src/engine/index.ts',
      'contract-stands-alone: src/contract/wire.ts → src/engine/types.ts',
    ]);
  });

  it('the parser importing the engine, type-only included', () => {
    expect(
      refusals({
        'src/parser/mapping.ts': "import type { Scenario } from '../engine/types';\nexport type M = Scenario;\n",
      }),
    ).toEqual(['parser-needs-no-engine: src/parser/mapping.ts → src/engine/types.ts']);
  });

  it('a room importing a higher one', () => {
    expect(
      refusals({
        'src/store/up.ts': "import { handlers } from '../api/handlers';\nexport const h = handlers;\n",
        'src/engine/up.ts': "import { rows } from '../store/db';\nexport const r = rows;\n",
        'src/worker/up.ts': "import { api } from '../client/service';\nexport const a = api;\n",
      }),
    ).toEqual([
      'engine-uses-contract-only: src/engine/up.ts → src/store/db.ts',
      'store-below-worker: src/store/up.ts → src/api/handlers.ts',
      'worker-below-api: src/worker/up.ts → src/client/service.ts',
    ]);
  });

  it('a default-profile module of the HTTP adapter importing the pled profile', () => {
    expect(
      refusals({
        'src/api/pled/routes.ts': 'export const pledHandlers = {};\n',
        'src/api/handlers.ts':
          "import { pledHandlers } from './pled/routes';\nexport const handlers = [pledHandlers];\n",
        'src/api/step.ts': "import { pledHandlers } from './pled/routes';\nexport const s = pledHandlers;\n",
      }),
    ).toEqual(['default-profile-without-pled: src/api/step.ts → src/api/pled/routes.ts']);
  });

  it('an import circle', () => {
    expect(
      refusals({
        'src/engine/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'src/engine/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toEqual(['no-circular: src/engine/a.ts src/engine/b.ts']);
  });

  it('a type-only import circle', () => {
    expect(
      refusals({
        'src/worker/context.ts': "import type { Run } from './run';\nexport interface Context { run: Run }\n",
        'src/worker/run.ts': "import type { Context } from './context';\nexport interface Run { ctx: Context }\n",
      }),
    ).toEqual(['no-circular: src/worker/context.ts src/worker/run.ts']);
  });
});

describe('the layer rules on src/', () => {
  it('hold, with only the baseline’s known UI violations set aside', () => {
    const { violations, known, modules } = lintDeps();
    expect(modules).toBeGreaterThan(200);
    expect(violations.map(show)).toEqual([]);
    expect(known).toBeGreaterThan(0);
  });

  it('keep in the baseline only UI modules breaking the UI rule', () => {
    const entries = JSON.parse(readFileSync(join(ROOT, BASELINE), 'utf8')) as DepViolation[];
    const outside = entries.filter((e) => e.rule.name !== BASELINED_RULE || !/^src\/(ui\/|main\.ts$)/.test(e.from));
    expect(outside).toEqual([]);
  });
});
