import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule (PRODUCT.md, docs/browser-service.md): core ← contract ← store ← worker ← api ←
 * client ← ui, and nothing imports upward. Every import between the folders of src/ (static,
 * dynamic, type-only, and `new URL(…, import.meta.url)` worker references) is checked against it.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Rank of each folder of src/: a file may import only folders of its rank or lower. */
const RANK: Record<string, number> = {
  engine: 0,
  parser: 0,
  contract: 1,
  store: 2,
  worker: 3,
  api: 4,
  client: 5,
  ui: 6,
  'main.ts': 6,
  // The Node tools stand beside the browser layers: they may use the cores and the contract only.
  bench: 1,
  cli: 1,
};

interface Source {
  /** Path relative to the repository root, e.g. `src/store/templates.ts`. */
  path: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(name) ? [{ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

/** The layer of a path under src/ (its first folder, or the file itself at the top). */
function layerOf(path: string): string {
  return path.split('/')[1]!;
}

/** Pure: every import of `files` that points to a higher layer, as `file → target`. */
export function upwardImports(files: readonly Source[]): string[] {
  const out: string[] = [];
  const pattern =
    /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|new\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g;
  for (const file of files) {
    const from = layerOf(file.path);
    const rank = RANK[from];
    if (rank === undefined) {
      out.push(`${file.path}: its folder has no layer`);
      continue;
    }
    for (const m of file.text.matchAll(pattern)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4]!;
      if (!spec.startsWith('.')) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(file.path), spec));
      if (!target.startsWith('src/')) continue;
      const to = layerOf(target);
      const toRank = RANK[to];
      if (toRank === undefined || toRank > rank) out.push(`${file.path} → ${target} (${from} imports ${to})`);
    }
  }
  return out;
}

describe('the layer rule', () => {
  const files = sources(join(ROOT, 'src'));

  it('holds: no module imports from a higher layer', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(upwardImports(files)).toEqual([]);
  });

  it('fails for a planted upward import (the store importing from src/api)', () => {
    const planted: Source = {
      path: 'src/store/planted.ts',
      text: "import { STATUS_OF } from '../api/status';\nexport const x = STATUS_OF;\n",
    };
    expect(upwardImports([...files, planted])).toEqual(['src/store/planted.ts → src/api/status (store imports api)']);
    const typeOnly: Source = { path: 'src/engine/x.ts', text: "import type { Result } from '../contract/result';" };
    expect(upwardImports([typeOnly])).toEqual(['src/engine/x.ts → src/contract/result (engine imports contract)']);
    const worker: Source = {
      path: 'src/contract/y.ts',
      text: "new Worker(new URL('../worker/engine.worker.ts', import.meta.url));",
    };
    expect(upwardImports([worker])).toHaveLength(1);
  });
});
