/**
 * Skeletons: what is left of a template once wildcards, placeholders, tokens with digits and
 * punctuation are taken out — its constant words, in order. Templates of different lengths that share
 * a skeleton are one event whose variable part spans a varying number of tokens (`12 bytes` /
 * `1024 bytes (1.0 KB)`); the merge pass joins them and writes one text for them here.
 */
import { WILDCARD } from './drain';
import { isPunctuation, joinTokens } from './tokens';

/** A template as tokens with their spacing. */
export interface Template {
  tokens: readonly string[];
  glue: readonly boolean[];
}

/** A constant word: not `<*>`, not variable-looking, not punctuation. */
function isWord(token: string, isVariable: (t: string) => boolean): boolean {
  return token !== WILDCARD && !isVariable(token) && !isPunctuation(token);
}

/** Pure: the skeleton of a template (its constant words in order), or null when it has none. */
export function skeletonKey(tokens: readonly string[], isVariable: (t: string) => boolean): string | null {
  const words = tokens.filter((t) => isWord(t, isVariable));
  return words.length === 0 ? null : words.join('\u0000');
}

interface Shape {
  words: { token: string; glue: boolean }[];
  /** gaps[j]: the tokens before word j (gaps[words.length]: after the last word). */
  gaps: { tokens: string[]; glue: boolean[]; text: string }[];
}

function shape(e: Template, isVariable: (t: string) => boolean): Shape {
  const words: Shape['words'] = [];
  const gaps: Shape['gaps'] = [];
  let gap = { tokens: [] as string[], glue: [] as boolean[], text: '' };
  e.tokens.forEach((t, i) => {
    if (isWord(t, isVariable)) {
      gap.text = joinTokens(gap.tokens, gap.glue);
      gaps.push(gap);
      words.push({ token: t, glue: e.glue[i] ?? false });
      gap = { tokens: [], glue: [], text: '' };
    } else {
      gap.tokens.push(t);
      gap.glue.push(e.glue[i] ?? false);
    }
  });
  gap.text = joinTokens(gap.tokens, gap.glue);
  gaps.push(gap);
  return { words, gaps };
}

/**
 * Pure: one template text for templates sharing a skeleton: each gap between constant words that all
 * members agree on is kept, others become `<*>` with the punctuation every member opens and closes the
 * gap with (`close, <*> sent`). Words and spacing come from the first member.
 */
export function mergedText(members: readonly Template[], isVariable: (t: string) => boolean): string {
  const shapes = members.map((e) => shape(e, isVariable));
  const first = shapes[0]!;
  const tokens: string[] = [];
  const glue: boolean[] = [];
  for (let j = 0; j < first.gaps.length; j++) {
    const gap = first.gaps[j]!;
    const all = shapes.map((s) => s.gaps[j]!.tokens);
    const agreed = shapes.every((s) => s.gaps[j]!.text === gap.text);
    if (agreed) {
      tokens.push(...gap.tokens);
      glue.push(...gap.glue);
    } else {
      // Keep the punctuation every member opens and closes the gap with (`close, <*> sent`).
      const head = sharedPunctuation(all, (t, k) => t[k]);
      const tail = sharedPunctuation(all, (t, k) => t[t.length - 1 - k], head);
      for (let k = 0; k < head; k++) (tokens.push(gap.tokens[k]!), glue.push(gap.glue[k]!));
      tokens.push(WILDCARD);
      glue.push(false);
      for (let k = gap.tokens.length - tail; k < gap.tokens.length; k++)
        (tokens.push(gap.tokens[k]!), glue.push(gap.glue[k]!));
    }
    const word = first.words[j];
    if (word) {
      tokens.push(word.token);
      glue.push(word.glue);
    }
  }
  return joinTokens(tokens, glue);
}

/** How many leading (or trailing) punctuation tokens all gaps share, leaving room for `used` at the other end. */
function sharedPunctuation(
  gaps: string[][],
  at: (tokens: string[], k: number) => string | undefined,
  used = 0,
): number {
  const shortest = Math.min(...gaps.map((g) => g.length)) - used;
  let k = 0;
  while (k < shortest) {
    const t = at(gaps[0]!, k);
    if (t === undefined || !isPunctuation(t) || !gaps.every((g) => at(g, k) === t)) break;
    k++;
  }
  return k;
}
