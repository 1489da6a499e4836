/**
 * Completion for the property panel's formula fields: the names a formula can use (its scope and the
 * expression language's functions, DSL.md §7 and docs/dsl.md "Expressions") matching the word being
 * typed before the cursor. Pure.
 */

/** What a ProcessNode formula reads, with a word on each. */
export const SCOPE_NAMES: readonly { name: string; info: string }[] = [
  { name: 'value', info: "the token's data.value" },
  { name: 'data', info: "the token's data (data.x is its field x)" },
  { name: 'token', info: 'the token: token.id, token.correlationIds' },
  { name: 'step', info: 'the current step' },
  { name: 'time', info: 'simulated time (epoch ms)' },
];

/** The expression language's functions (DSL.md §7). */
export const FUNCTION_NAMES: readonly string[] = [
  'min',
  'max',
  'abs',
  'round',
  'floor',
  'ceil',
  'sqrt',
  'pow',
  'log',
  'exp',
  'sum',
  'avg',
  'count',
  'len',
  'upper',
  'lower',
  'concat',
  'contains',
  'startsWith',
  'endsWith',
  'split',
  'join',
  'number',
  'string',
  'bool',
  'coalesce',
  'if',
  'now',
  'rand',
];

export interface Completion {
  label: string;
  /** The text that replaces the word. */
  insert: string;
  info: string;
}

/** Pure. The word being typed at `caret` in `text`: where it starts and what it is (letters, digits, `_`, `.`). */
export function wordAt(text: string, caret: number): { from: number; word: string } {
  let from = caret;
  while (from > 0 && /[A-Za-z0-9_.]/.test(text[from - 1]!)) from--;
  return { from, word: text.slice(from, caret) };
}

/** Pure. The completions for the word before `caret` (none for an empty word or a number). */
export function completeFormula(text: string, caret: number, limit = 8): { from: number; options: Completion[] } {
  const { from, word } = wordAt(text, caret);
  if (!word || /^[0-9]/.test(word)) return { from, options: [] };
  const options: Completion[] = [];
  for (const s of SCOPE_NAMES)
    if (s.name.startsWith(word) && s.name !== word) options.push({ label: s.name, insert: s.name, info: s.info });
  if (word.startsWith('token.'))
    for (const f of ['token.id', 'token.correlationIds'])
      if (f.startsWith(word) && f !== word) options.push({ label: f, insert: f, info: 'of the token' });
  for (const f of FUNCTION_NAMES)
    if (f.startsWith(word)) options.push({ label: `${f}()`, insert: `${f}(`, info: 'function' });
  return { from, options: options.slice(0, limit) };
}
