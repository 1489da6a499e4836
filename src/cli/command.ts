/** What a command of the command line is: a name, a usage line, and a run function returning the exit code. */
export interface Command {
  name: string;
  /** One line, after `flowledger `. */
  usage: string;
  summary: string;
  run(argv: readonly string[], io: CliIO): Promise<number>;
}

/** The outside world of a command, injected so tests can run commands in-process. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  /** The file's lines in batches as it streams in (a ledger may be longer than one string can be); absent: `readFile` split. */
  readLineBatches?(path: string): AsyncIterable<string[]>;
  /** `content` as one text or as chunks written in order (a ledger may be longer than one string can be). */
  writeFile(path: string, content: string | Iterable<string>): Promise<void>;
}

/** Exit codes: 0 success, 1 internal failure, 2 a user mistake (bad arguments, invalid input). */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
