// Every entry of the command line with no arguments: a bare `flowledger` and each command that needs
// an input exit 2 with the usage on stderr and nothing on stdout; asking for help is a success.
import { describe, expect, it } from 'vitest';
import { cli } from './helpers';

describe('flowledger with no arguments', () => {
  it('a bare `flowledger` exits 2 and prints the usage of every command on stderr', () => {
    const r = cli();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    for (const command of ['run', 'validate', 'parse', 'bench']) expect(r.stderr).toContain(`flowledger ${command}`);
  });

  it.each([
    ['run', 'a scenario file is required'],
    ['validate', 'usage: flowledger validate <scenario.json>'],
    ['parse', 'no log file given'],
  ])('`flowledger %s` exits 2 saying what is missing', (command, message) => {
    const r = cli(command);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });

  it('an unknown command exits 2 naming it', () => {
    const r = cli('frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
  });

  it('--help is a success, with the usage on stdout', () => {
    const r = cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Exit codes: 0 success, 2 invalid input or arguments, 1 internal error.');
  });
});
