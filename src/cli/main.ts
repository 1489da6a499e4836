import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { writeFileAtomic } from './atomicFiles';
import { accessReason, escapeControls, FileAccessError } from './terminalText';
import { UsageError } from './args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIO } from './command';
import { COMMANDS } from './commands';
import { SamePathError } from './samePaths';
import { fileLineBatches, LineTooLongError } from './lineFiles';

function usage(): string {
  // Usage lines vary a lot in length (parse has many options): the summary goes on its own line.
  const lines = COMMANDS.flatMap((c) => [`  flowledger ${c.usage}`, `      ${c.summary}`]);
  return ['usage:', ...lines, '', 'Exit codes: 0 success, 2 invalid input or arguments, 1 internal error.', ''].join(
    '\n',
  );
}

/** Runs one command line (`argv` without node and script) and returns the exit code. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`flowledger: unknown command "${name}"\n\n${usage()}`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`flowledger ${command.name}: ${err.message}\nusage: flowledger ${command.usage}\n`);
      return EXIT_USAGE;
    }
    if (err instanceof FileAccessError || err instanceof SamePathError || err instanceof LineTooLongError) {
      io.stderr(`flowledger ${command.name}: ${err.message}\n`);
      return EXIT_USAGE;
    }
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
      const path = (err as NodeJS.ErrnoException).path ?? '';
      io.stderr(`flowledger ${command.name}: cannot read ${path}: ${accessReason(err, 'read')}\n`);
      return EXIT_USAGE;
    }
    io.stderr(
      `flowledger ${command.name}: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return EXIT_FAILURE;
  }
}

/** The process's own IO. */
export const nodeIO: CliIO = {
  stdout: (t) => void process.stdout.write(escapeControls(t)),
  stderr: (t) => void process.stderr.write(escapeControls(t)),
  readFile: async (p) => {
    try {
      return await readFile(p, 'utf8');
    } catch (err) {
      throw new FileAccessError('read', p, accessReason(err, 'read'));
    }
  },
  readLineBatches: fileLineBatches,
  writeFile: async (p, c) => {
    try {
      await writeFileAtomic(p, c);
    } catch (err) {
      throw new FileAccessError('write', p, accessReason(err, 'write'));
    }
  },
};

export async function runCli(): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), nodeIO);
}

/** Not pure: a `parse --workers` thread runs its command line and answers its exit code, stdout and stderr. */
export async function runWorkerTask(task: unknown, port: MessagePort | null): Promise<void> {
  const argv = (task as { argv?: string[] } | null)?.argv ?? [];
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    ...nodeIO,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  port?.postMessage({ code, stdout, stderr });
}
