// `npm start`: build the app and serve it on 127.0.0.1 (port 4173 unless `--port N` or `PORT=N` says
// otherwise). The port is checked before the build, so a taken port costs no build time and reads as
// one line naming the port and how to choose another — not vite's stack of "Port … is already in use".
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

export const DEFAULT_PORT = 4173;
export const HOST = '127.0.0.1';

/**
 * Pure: the port asked for by `argv` (`--port N`, `--port=N`) or `env.PORT`, else 4173 (the command
 * line wins over the environment). `error` says what is wrong with a value that is not a port.
 */
export function chosenPort(argv, env) {
  let raw = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--port') raw = argv[i + 1] ?? '';
    else if (a.startsWith('--port=')) raw = a.slice('--port='.length);
  }
  if (raw === null && env.PORT !== undefined && env.PORT !== '') raw = env.PORT;
  if (raw === null) return { port: DEFAULT_PORT };
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw).trim()) || !Number.isInteger(port) || port < 1 || port > 65535)
    return { error: `"${raw}" is not a port: give a whole number from 1 to 65535, e.g. npm start -- --port 4174` };
  return { port };
}

/** Not pure (opens and closes a socket): null when `port` on `host` can be listened on, else the one line to print. */
export function portProblem(port, host = HOST) {
  const other = port >= 65535 ? DEFAULT_PORT + 1 : port + 1;
  const choose = `choose another with npm start -- --port ${other} (or PORT=${other} npm start)`;
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (err) => {
      const code = /** @type {NodeJS.ErrnoException} */ (err).code;
      resolve(
        code === 'EADDRINUSE'
          ? `Port ${port} is already in use on ${host}; ${choose}`
          : code === 'EACCES'
            ? `Port ${port} on ${host} needs more privileges; choose a port above 1023 with npm start -- --port 4174 (or PORT=4174 npm start)`
            : `Port ${port} on ${host} cannot be used (${code ?? String(err)}); ${choose}`,
      );
    });
    server.listen(port, host, () => server.close(() => resolve(null)));
  });
}

/** Runs `command args` with the terminal attached; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const chosen = chosenPort(process.argv.slice(2), process.env);
  if ('error' in chosen) {
    console.error(chosen.error);
    process.exit(2);
  }
  const problem = await portProblem(chosen.port);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const built = await run(npx, ['vite', 'build']);
  if (built !== 0) process.exit(built);
  // Checked again: the build takes a while and another program may have taken the port meanwhile.
  const late = await portProblem(chosen.port);
  if (late) {
    console.error(late);
    process.exit(1);
  }
  process.exit(await run(npx, ['vite', 'preview', '--host', HOST, '--port', String(chosen.port), '--strictPort']));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
