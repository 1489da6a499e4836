/**
 * A small, strict argument reader for the command line: positionals plus `--flag value` and
 * `--flag=value` options, with repeatable options collected in order. Unknown options are a usage
 * error, never ignored.
 */

export class UsageError extends Error {}

export interface OptionSpec {
  /** Takes a value (`--seed 3`) or is a switch (`--quick`). */
  kind: 'value' | 'switch';
  /** May be given several times; values are collected in order. */
  repeat?: boolean;
}

export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string[]>;
  switches: Set<string>;
}

/** Pure: reads `argv` (without node and script) against `spec`; throws UsageError on a mistake. */
export function parseArgs(argv: readonly string[], spec: Record<string, OptionSpec>): ParsedArgs {
  const out: ParsedArgs = {
    positionals: [],
    values: Object.create(null) as Record<string, string[]>,
    switches: new Set(),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg !== '--') out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    // Own entries only: `--constructor` or `--__proto__` is an unknown option, not Object's.
    const opt = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!opt) throw new UsageError(`unknown option --${name}`);
    if (opt.kind === 'switch') {
      if (eq !== -1) throw new UsageError(`option --${name} takes no value`);
      out.switches.add(name);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`option --${name} needs a value`);
      i++;
    }
    const list = (out.values[name] ??= []);
    if (list.length > 0 && !opt.repeat) throw new UsageError(`option --${name} given more than once`);
    list.push(value);
  }
  return out;
}

/** The single value of an option, or undefined. */
export function optionValue(args: ParsedArgs, name: string): string | undefined {
  return args.values[name]?.[0];
}
