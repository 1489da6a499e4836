// Type-checks every layer under its own tsconfig: the pure cores without DOM or Node types, the
// command line with Node's, the worker with WebWorker's, the app with svelte-check, and the tests.
// Exit code 0 when all pass. Also used by scripts/test.mjs, which counts each project as one check.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const PROJECTS = [
  { name: 'engine (pure, ES2022 only)', cmd: ['tsc', '-p', 'src/engine/tsconfig.json'] },
  { name: 'parser (pure, ES2022 only)', cmd: ['tsc', '-p', 'src/parser/tsconfig.json'] },
  { name: 'cli (Node)', cmd: ['tsc', '-p', 'src/cli/tsconfig.json'] },
  { name: 'worker (WebWorker)', cmd: ['tsc', '-p', 'src/worker/tsconfig.json'] },
  { name: 'tests', cmd: ['tsc', '-p', 'tests/tsconfig.json'] },
  {
    name: 'app (svelte-check)',
    cmd: ['svelte-check', '--tsconfig', './tsconfig.json', '--threshold', 'warning', '--output', 'human'],
  },
];

/** Runs every project; returns [{name, ok, output}]. */
export function typecheck({ quiet = false } = {}) {
  return PROJECTS.map(({ name, cmd }) => {
    const r = spawnSync('npx', ['--no-install', ...cmd], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const ok = r.status === 0;
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
    if (!quiet) process.stdout.write(`${ok ? '✓' : '✗'} typecheck ${name}\n${ok ? '' : `${output}\n`}`);
    return { name, ok, output };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = typecheck();
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}
