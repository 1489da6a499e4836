import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chosenPort, DEFAULT_PORT, portProblem } from '../../../scripts/start.mjs';

describe('npm start: the port', () => {
  it('is 4173 unless --port or PORT says otherwise; the command line wins', () => {
    expect(chosenPort([], {})).toEqual({ port: DEFAULT_PORT });
    expect(DEFAULT_PORT).toBe(4173);
    expect(chosenPort(['--port', '4174'], {})).toEqual({ port: 4174 });
    expect(chosenPort(['--port=4175'], {})).toEqual({ port: 4175 });
    expect(chosenPort([], { PORT: '4176' })).toEqual({ port: 4176 });
    expect(chosenPort(['--port', '4177'], { PORT: '4176' })).toEqual({ port: 4177 });
  });

  it('refuses a value that is not a port, saying how to give one', () => {
    for (const bad of ['abc', '0', '70000', '41.5', ''])
      expect(chosenPort(['--port', bad], {})).toEqual({ error: expect.stringContaining('npm start -- --port 4174') });
  });

  let held: Server | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()));
    held = null;
  });

  it('a taken port gives one line that names it and says how to choose another', async () => {
    const server = createServer();
    held = server;
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    const line = await portProblem(port);
    expect(line).toBe(
      `Port ${port} is already in use on 127.0.0.1; choose another with npm start -- --port ${port + 1} (or PORT=${port + 1} npm start)`,
    );
    expect(line).not.toContain('\n');
  });

  it('the wrapper stops before the build on a taken port, with that one line on stderr', async () => {
    const server = createServer();
    held = server;
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    // Asynchronous: the held server must keep answering while the wrapper probes it.
    const child = spawn(process.execPath, ['scripts/start.mjs', '--port', String(port)], { cwd: process.cwd() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `Port ${port} is already in use on 127.0.0.1; choose another with npm start -- --port ${port + 1} (or PORT=${port + 1} npm start)\n`,
    );
  });

  it('a free port has no problem', async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await portProblem(port)).toBeNull();
  });
});
