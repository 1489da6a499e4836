/**
 * One name per concept (docs/architecture.md, "Where each concept lives"): `mining` is template
 * mining and lives in src/parser/ only (process discovery is `discovery`), comparing two runs is
 * `diff` (the UI's label `Compare` is no file name), the parser's configuration is `parserConfig`.
 * And the doc's table "Every folder" has exactly one row per folder under src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every folder and file under `dir`, relative to the repository, with `/` separators. */
function walk(dir: string, out: { dirs: string[]; files: string[] } = { dirs: [], files: [] }) {
  out.dirs.push(relative(ROOT, dir).split('\\').join('/'));
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.files.push(relative(ROOT, p).split('\\').join('/'));
  }
  return out;
}

/** Pure: the paths whose own name (a folder's or a file's) uses a concept's other name. */
export function misnamed(paths: readonly string[]): string[] {
  return paths.filter((p) => {
    const name = p.slice(p.lastIndexOf('/') + 1);
    if (/mining/i.test(name) && !p.startsWith('src/parser/')) return true;
    if (/compar/i.test(name)) return true;
    if (/^(config|configSchema|configs\.svelte|parserTypes)\.ts$/.test(name)) return true;
    return /^IngestConfig\.svelte$/.test(name);
  });
}

/** Pure: the folders the doc's "Every folder" table lists, in its order. */
export function tableFolders(doc: string): string[] {
  const start = doc.indexOf('### Every folder');
  const end = doc.indexOf('\n## ', start);
  const section = doc.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `(src[^`]*)`/gm)].map((m) => m[1] ?? '');
}

describe('one name per concept', () => {
  const tree = walk(join(ROOT, 'src'));

  it('refuses the old names (planted)', () => {
    const planted = [
      'src/engine/mining',
      'src/worker/discovery/miningOps.ts',
      'src/ui/state/compare',
      'src/ui/components/Diff/Compare.svelte',
      'src/parser/config.ts',
      'src/contract/parserTypes.ts',
      'src/ui/components/Ingest/IngestConfig.svelte',
    ];
    const fine = [
      'src/parser/mining',
      'src/parser/mining/drain.ts',
      'src/engine/discovery',
      'src/parser/parserConfig.ts',
    ];
    expect(misnamed([...planted, ...fine])).toEqual(planted);
  });

  it("holds on src/: no folder or file is named after a concept's other name", () => {
    expect(misnamed([...tree.dirs, ...tree.files])).toEqual([]);
  });

  it('docs/architecture.md lists every folder under src/, once each, and no other', () => {
    const listed = tableFolders(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...tree.dirs].sort());
  });
});
