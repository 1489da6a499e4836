import type { Command } from '../command';
import { parseCommand } from './parse';
import { validateCommand } from './validate';

/** Every command of the command line, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [validateCommand, parseCommand];
