/**
 * Parameters: the text of an event's content under each wildcard or mask placeholder of its template.
 * The template is read back as a regular expression — constant text literally, each space as `\s+`,
 * each `<*>` or `<NAME>` as a lazy group — and matched against the content's first line (the text that
 * was mined). A content that does not fit its template gets no parameters rather than wrong ones.
 */

/** Turns templates into parameter extractors, caching one compiled regex per template text. */
interface Compiled {
  re: RegExp;
  /** The template's constant words in order: a content lacking one cannot fit (checked first). */
  words: string[];
}

export class ParamExtractor {
  private readonly cache = new Map<string, Compiled | null>();
  private readonly split: RegExp;

  /** `placeholders`: every placeholder text (`<*>`, `<IP>`, …) that stands for a parameter. */
  constructor(placeholders: Iterable<string>) {
    const alternatives = [...placeholders].sort((a, b) => b.length - a.length).map(escapeRegex);
    this.split = new RegExp(`(${alternatives.join('|')})`);
  }

  /** Pure apart from the cache: the parameters of `content` under `template` ([] if it does not fit). */
  extract(template: string, content: string): string[] {
    let re = this.cache.get(template);
    if (re === undefined) {
      re = this.compile(template);
      // Provisional templates of a long stream could otherwise pile up.
      if (this.cache.size >= 10_000) this.cache.clear();
      this.cache.set(template, re);
    }
    if (re === null) return [];
    const nl = content.indexOf('\n');
    const line = nl === -1 ? content : content.slice(0, nl);
    // A content that cannot fit is turned away before the regex, whose lazy groups could otherwise
    // try every way to cut a long line before failing.
    let at = 0;
    for (const w of re.words) {
      const i = line.indexOf(w, at);
      if (i === -1) return [];
      at = i + w.length;
    }
    const m = re.re.exec(line);
    return m === null ? [] : m.slice(1).map((p) => p ?? '');
  }

  private compile(template: string): Compiled | null {
    const parts = template.split(this.split);
    if (parts.length === 1) return null;
    let source = '^\\s*';
    const words: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 === 1) {
        source += '(.*?)';
        continue;
      }
      source += escapeRegex(parts[i]!).replace(/\s+/g, '\\s+');
      for (const w of parts[i]!.split(/\s+/)) if (w !== '') words.push(w);
    }
    try {
      return { re: new RegExp(`${source}\\s*$`, 's'), words };
    } catch {
      return null;
    }
  }
}

/** Pure: `text` with every regular-expression metacharacter escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
