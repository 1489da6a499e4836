import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without type declarations
import { firstLoad } from '../../../scripts/check-budget.mjs';

/** A fake build: index.html loads a.js, which imports b.js statically and c.js dynamically; embed.html loads e.js. */
function fakeDist(sizes: { a: number; b: number; c: number; e: number }): string {
  const dist = mkdtempSync(join(tmpdir(), 'flowledger-budget-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  // Random bytes do not compress: their gzipped size is about their size.
  for (const [name, n] of Object.entries(sizes)) writeFileSync(join(dist, 'assets', `${name}.js`), randomBytes(n));
  const manifest = {
    'index.html': { file: 'assets/a.js', isEntry: true, imports: ['_b.js'], dynamicImports: ['_c.js'] },
    '_b.js': { file: 'assets/b.js' },
    '_c.js': { file: 'assets/c.js' },
    'embed.html': { file: 'assets/e.js', isEntry: true, imports: ['_b.js'] },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const check = (dist: string) =>
  spawnSync(process.execPath, ['scripts/check-budget.mjs', '--dist', dist], { encoding: 'utf8' });

describe('first-screen budget check (scripts/check-budget.mjs)', () => {
  it('counts the entry and its static imports, not its dynamic imports', () => {
    const dist = fakeDist({ a: 1000, b: 2000, c: 50_000, e: 10 });
    dirs.push(dist);
    const r = firstLoad(dist, 'index.html');
    expect(r.files.map((f: { file: string }) => f.file).sort()).toEqual(['assets/a.js', 'assets/b.js']);
    expect(r.bytes).toBe(3000);
  });

  it('passes under the budget and fails over it', () => {
    const small = fakeDist({ a: 100_000, b: 100_000, c: 400_000, e: 1000 });
    const large = fakeDist({ a: 200_000, b: 100_000, c: 10, e: 1000 });
    dirs.push(small, large);
    const under = check(small);
    expect(under.status).toBe(0);
    const over = check(large);
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/^OVER index\.html: 30\d\.\d KB gzipped/m);
  });
});
