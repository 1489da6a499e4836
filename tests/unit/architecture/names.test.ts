/**
 * One name per concept (docs/architecture.md, "Where each concept lives"): `mining` is template
 * mining and lives in src/parser/ only (process discovery is `discovery`), comparing two runs is
 * `diff` (the UI's label `Compare` is no file name), the parser's configuration is `parserConfig`.
 * And the doc's table "Every folder" has exactly one row per folder under src/, and every file a row
 * names in backticks exists in that row's folder (so the table cannot go stale when files move).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * Pure: the files each row of the doc's "Every folder" table names in backticks, as
 * `{folder, file}`. A file is a backticked name with an extension (`engine.ts`, `Diff.svelte`,
 * `functions*.ts` as a pattern); identifiers (`Engine`), packages (`flowledger/parser`) and paths
 * elsewhere are no file names of the row's folder.
 */
export function tableFiles(doc: string): { folder: string; file: string }[] {
  const start = doc.indexOf('### Every folder');
  const end = doc.indexOf('\n## ', start);
  const section = doc.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `(src[^`]*)`\s*\|(.*)$/gm)].flatMap((m) =>
    [...(m[2] ?? '').matchAll(/`([\w*+-]+(?:\.[\w-]+)*\.(?:ts|svelte|js|mjs|css|html|json))`/g)].map((f) => ({
      folder: m[1] ?? '',
      file: f[1] ?? '',
    })),
  );
}

/** Pure: the `{folder, file}` entries whose file is not among `filesOf(folder)` (`*` matches any run). */
export function missingFiles(
  entries: readonly { folder: string; file: string }[],
  filesOf: (folder: string) => readonly string[],
): string[] {
  return entries
    .filter(({ folder, file }) => {
      const re = new RegExp(`^${file.replace(/[.+]/g, '\\$&').replace(/\*/g, '.*')}$`);
      return !filesOf(folder).some((f) => re.test(f));
    })
    .map(({ folder, file }) => `${folder}/${file}`);
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

  it('refuses a row naming a file its folder does not hold (planted)', () => {
    const doc = [
      '### Every folder',
      '',
      '| folder | what lives there |',
      '| --- | --- |',
      '| `src/engine` | the facade: `engine.ts` (`Engine`), `library.ts`, the `flowledger` package |',
      '| `src/engine/run` | `scheduler.ts`, `engine.ts` (moved), `functions*.ts` |',
      '| `src/engine/expr` | `functions*.ts`, `parser.ts` |',
      '',
      '## Next',
      '| `src/gone` | `gone.ts` |',
    ].join('\n');
    const files: Record<string, string[]> = {
      'src/engine': ['engine.ts', 'library.ts'],
      'src/engine/run': ['scheduler.ts'],
      'src/engine/expr': ['functions.ts', 'functions-math.ts', 'parser.ts'],
    };
    expect(tableFiles(doc).map((e) => `${e.folder}/${e.file}`)).toEqual([
      'src/engine/engine.ts',
      'src/engine/library.ts',
      'src/engine/run/scheduler.ts',
      'src/engine/run/engine.ts',
      'src/engine/run/functions*.ts',
      'src/engine/expr/functions*.ts',
      'src/engine/expr/parser.ts',
    ]);
    expect(missingFiles(tableFiles(doc), (folder) => files[folder] ?? [])).toEqual([
      'src/engine/run/engine.ts',
      'src/engine/run/functions*.ts',
    ]);
  });

  it('docs/architecture.md names in each row of "Every folder" only files of that folder', () => {
    const entries = tableFiles(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(entries.length).toBeGreaterThan(100);
    const filesOf = (folder: string) =>
      existsSync(join(ROOT, folder))
        ? readdirSync(join(ROOT, folder), { withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => e.name)
        : [];
    expect(missingFiles(entries, filesOf)).toEqual([]);
  });
});
