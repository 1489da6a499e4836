/** The filter options of `discover`: percentages from 0 to 100. */
import { optionValue, UsageError, type ParsedArgs } from '../args';

/** Pure: option `name` as a percentage 0–100, or undefined when absent; throws UsageError otherwise. */
export function percentOption(args: ParsedArgs, name: string): number | undefined {
  const text = optionValue(args, name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100)
    throw new UsageError(`--${name} must be a percentage from 0 to 100, got "${text}"`);
  return n;
}
