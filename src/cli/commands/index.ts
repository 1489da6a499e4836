import type { Command } from '../command';
import { benchCommand } from './bench';
import { checkEventsCommand } from './checkEvents';
import { conformCommand } from './conform';
import { discoverCommand } from './discover';
import { exportXesCommand } from './exportXes';
import { diffCommand } from './diff';
import { parseCommand } from './parse';
import { runCommand } from './run';
import { validateCommand } from './validate';
import { mergeCommand } from './merge';
import { shardableCommand } from './shardable';
import { experimentCommand } from './experiment';
import { fidelityCommand } from './fidelity';
import { experimentMergeCommand } from './experimentMerge';

/** Every command of the command line, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  runCommand,
  validateCommand,
  parseCommand,
  discoverCommand,
  fidelityCommand,
  experimentCommand,
  experimentMergeCommand,
  conformCommand,
  checkEventsCommand,
  exportXesCommand,
  diffCommand,
  benchCommand,
  shardableCommand,
  mergeCommand,
];
