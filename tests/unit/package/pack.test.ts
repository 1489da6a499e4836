/**
 * The npm package works where a user installs it (issue 45): the checkout is packed (`npm pack`),
 * the tarball installed into a fresh project, and there
 * - the README's engine example (the seed's 4.5 sequence on the bundled SSH example and its events)
 *   prints the ledger hash the installed `flowledger run` prints;
 * - the README's parser example counts what the installed `flowledger parse` counts for the bundled
 *   sshd log;
 * - a TypeScript file using the three entries compiles with `tsc --noEmit` under `moduleResolution:
 *   bundler` and `node16`, and its `@ts-expect-error` lines prove the types are real (not `any`).
 * - publint and arethetypeswrong find no problem in the tarball (attw's `esm-only` profile: the
 *   package is ESM only, so `require` from CommonJS and `moduleResolution: node10` are out of scope);
 * - every entry is within its size budget (scripts/package-size.mjs).
 * One pack and one install serve every check.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrySizes, sizeTable } from '../../../scripts/package-size.mjs';
import { installPackedPackage, ROOT, sh, type Installed } from './installed';

let installed: Installed;
/** For the checks that start a compiler or a linter: seconds alone, minutes on a shared machine. */
const SLOW = 180_000;

beforeAll(() => {
  installed = installPackedPackage();
}, 600_000);

afterAll(() => {
  if (installed) rmSync(dirname(installed.dir), { recursive: true, force: true });
});

/** The `js` code blocks of the README's "Use it as a library" section, in order. */
function readmeExamples(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Use it as a library\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** Runs the installed command line in the consumer project. */
function flowledger(...args: string[]): string {
  return sh(process.execPath, [join(installed.dir, 'node_modules/.bin/flowledger'), ...args], installed.dir);
}

const pkg = (path: string) => join('node_modules/flowledger', path);

describe('the packed package, installed into a fresh project', () => {
  it('ships the entries, the command line and the bundled examples, and no sources', () => {
    const files = installed.files;
    for (const f of [
      'dist-lib/index.js',
      'dist-lib/parser.js',
      'dist-lib/player/player.js',
      'dist-lib/types/ui/player/index.d.ts',
      'dist-cli/flowledger.mjs',
      'bin/flowledger.mjs',
    ])
      expect(files).toContain(f);
    expect(files).toContain('examples/ssh-sessions.json');
    expect(files).toContain('public/parser/sources/openssh-2k.log');
    expect(files.filter((f) => /^(src|tests|scripts|node_modules)\//.test(f) || f.endsWith('.map'))).toEqual([]);
  });

  it("runs the README's engine example (the seed's 4.5 sequence) to the ledger hash `flowledger run` prints", () => {
    const [engineExample] = readmeExamples();
    writeFileSync(join(installed.dir, 'engine.mjs'), engineExample!);
    const printed = sh(process.execPath, ['engine.mjs'], installed.dir).trim().split('\n');
    const run = JSON.parse(
      flowledger('run', pkg('examples/ssh-sessions.json'), '--events', pkg('examples/ssh-sessions.events.ndjson')),
    ) as { ledgerHash: string; steps: number };
    expect(run.ledgerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(printed.at(-1)).toBe(run.ledgerHash);
    expect(printed[0]).toContain(`step ${run.steps}:`);
  });

  it("runs the README's parser example to the counts `flowledger parse` prints for the sshd sample", () => {
    const [, parserExample] = readmeExamples();
    writeFileSync(join(installed.dir, 'parser.mjs'), parserExample!);
    const counts = JSON.parse(sh(process.execPath, ['parser.mjs'], installed.dir)) as Record<string, number>;
    const cli = JSON.parse(
      flowledger(
        'parse',
        pkg('public/parser/sources/openssh-2k.log'),
        '--config',
        pkg('public/parser/configs/openssh-sessions.json'),
      ),
    ) as Record<string, number>;
    expect(counts).toEqual({ lines: cli.lines, parsed: cli.parsed, templates: cli.templates, groups: cli.groups });
    expect(counts.lines).toBe(2000);
  });

  it.each(['bundler', 'node16'])(
    'compiles a TypeScript consumer of the three entries (moduleResolution %s)',
    (resolution) => {
      writeFileSync(
        join(installed.dir, 'consumer.ts'),
        [
          "import { Engine, conform, diffRuns, discover, loadScenario, type LoadResult, type NodeState } from 'flowledger';",
          "import { LogParser, type ParseResult, type ParserConfig } from 'flowledger/parser';",
          "import { definePlayer, type FlowledgerEndedDetail, type FlowledgerPlayer } from 'flowledger/player';",
          '',
          'const engine = new Engine();',
          'const loaded: LoadResult = engine.initialize({ nodes: [] });',
          'const checked: LoadResult = loadScenario({ nodes: [] });',
          "const state: NodeState | undefined = engine.getNodeState('a');",
          'const tick: number = engine.getCurrentTick();',
          'const size: number = engine.getQueue().size();',
          'const hash: string = await engine.ledgerHash();',
          'await engine.step();',
          "const config: ParserConfig = { name: 'x', format: { kind: 'preset', name: 'openssh' } };",
          'const created = LogParser.create(config);',
          'if (created.ok) {',
          "  created.value.push('line\\n');",
          '  const result: ParseResult = created.value.end();',
          '  console.log(result.stats.lines.toFixed(0));',
          '}',
          "const player: FlowledgerPlayer = document.createElement('flowledger-player');",
          "player.events = [{ type: 'order', data: { amount: 3 } }];",
          "player.addEventListener('flowledger-ended', (e) => console.log(e.detail.ledgerHash.length));",
          'const detail: FlowledgerEndedDetail | null = null;',
          'definePlayer();',
          'console.log(loaded, checked, state, tick, size, hash, conform, diffRuns, discover, detail);',
          '// @ts-expect-error the queue size is a number',
          'const wrong: string = engine.getQueue().size();',
          '// @ts-expect-error the engine has no such method',
          'engine.noSuchMethod();',
          "// @ts-expect-error the ended event's ledger hash is a string",
          "player.addEventListener('flowledger-ended', (e) => e.detail.ledgerHash.toFixed());",
          'console.log(wrong);',
          '',
        ].join('\n'),
      );
      const module = resolution === 'bundler' ? 'esnext' : 'node16';
      writeFileSync(
        join(installed.dir, `tsconfig.${resolution}.json`),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            module,
            moduleResolution: resolution,
            lib: ['es2022', 'dom'],
            types: [],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['consumer.ts'],
        }),
      );
      sh(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${resolution}.json`],
        installed.dir,
      );
    },
    SLOW,
  );

  it(
    'passes publint and arethetypeswrong',
    () => {
      const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
      const publint = sh(bin('publint'), ['run', installed.tarball, '--strict'], installed.dir);
      expect(publint).toContain('All good!');
      // attw exits 1 on any problem, which `sh` turns into this test's failure with attw's report.
      sh(bin('attw'), [installed.tarball, '--profile', 'esm-only', '--format', 'ascii'], installed.dir);
    },
    SLOW,
  );

  it('keeps every entry within its size budget', async () => {
    const rows = await entrySizes(join(installed.dir, 'node_modules/flowledger'));
    console.log(sizeTable(rows));
    expect(rows.map((r) => r.entry)).toEqual(
      expect.arrayContaining(['flowledger', 'flowledger/parser', 'flowledger/player']),
    );
    for (const row of rows) {
      expect(row.budget, `${row.entry} has no budget in scripts/package-size.mjs`).not.toBeNull();
      expect(row.gzip, `${row.entry}: ${row.gzip} gzipped bytes`).toBeLessThanOrEqual(row.budget!);
    }
  });
});
