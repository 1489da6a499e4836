import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLog, type ParseOutcome, type ParserConfig, type ParseResult } from '../../../src/parser';

/** The shipped Loghub slices. */
export const FIXTURES = fileURLToPath(new URL('../../fixtures/logs/', import.meta.url));

export function fixture(path: string): string {
  return readFileSync(`${FIXTURES}${path}`, 'utf8');
}

/** A config with a benchmark format string and whatever else the test needs. */
export function withFormat(pattern: string, extra: Partial<ParserConfig> = {}): ParserConfig {
  return { name: 'test', format: { kind: 'format', pattern }, ...extra };
}

/** Parses (an array is lines, not chunks) and fails the test on a configuration error. */
export function parsed(input: string | string[], config: ParserConfig): ParseResult {
  const r: ParseOutcome = parseLog(Array.isArray(input) ? input.join('\n') : input, config);
  if (!r.ok) throw new Error(`unexpected config error: ${r.error.message} at ${r.error.path}`);
  const { ok: _ok, ...result } = r;
  return result;
}

/** `text` cut at the given offsets (sorted, deduplicated, within the text). */
export function cut(text: string, offsets: number[]): string[] {
  const at = [...new Set(offsets.map((o) => Math.min(Math.max(0, o), text.length)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let last = 0;
  for (const o of at) {
    chunks.push(text.slice(last, o));
    last = o;
  }
  chunks.push(text.slice(last));
  return chunks;
}
