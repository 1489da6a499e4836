/**
 * Reading JSON input files with errors a person can act on: a syntax error names the file, the line
 * and the column, not a character offset.
 */

import { jsonTooDeepAt, tooDeepJsonMessage } from '../contract/jsonDepth';
import { locateJsonError } from './jsonLocate';

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

/** Pure: parses `text` (the content of `file`); a syntax error becomes a message with line and column. */
export function readJson(text: string, file: string): JsonRead {
  const body = stripBom(text);
  const deep = jsonTooDeepAt(body);
  if (deep !== null) {
    const { line, column } = lineColumn(body, deep);
    return { ok: false, message: `${file}:${line}:${column}: ${tooDeepJsonMessage()}` };
  }
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (err) {
    return { ok: false, message: `${file}:${syntaxMessage(body, err)}` };
  }
}

/** Pure: `line:column: not valid JSON: …` for a text JSON.parse refused. */
function syntaxMessage(text: string, err: unknown): string {
  const problem = locateJsonError(text);
  if (!problem) return ` not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  const { line, column } = lineColumn(text, problem.offset);
  const found =
    problem.offset < text.length ? `found ${JSON.stringify(text[problem.offset])}` : 'found the end of the text';
  return `${line}:${column}: not valid JSON: expected ${problem.expected}, ${found}`;
}

/** Pure: reads JSON or NDJSON (one value per non-empty line); an array document yields its items. */
export function readJsonOrNdjson(
  text: string,
  file: string,
): { ok: true; values: unknown[]; lines?: number[] } | { ok: false; message: string } {
  const body = stripBom(text);
  if (body.trim().startsWith('[')) {
    const r = readJson(body.trim(), file);
    if (!r.ok) return r;
    return { ok: true, values: r.value as unknown[] };
  }
  // NDJSON: `lines[k]` is the 1-based line of value k, blank lines counted, so a problem found later
  // in an event can name the line a person opens the file at.
  const values: unknown[] = [];
  const at: number[] = [];
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    at.push(i + 1);
    const deep = jsonTooDeepAt(line);
    if (deep !== null) return { ok: false, message: `${file}:${i + 1}:${deep + 1}: ${tooDeepJsonMessage()}` };
    try {
      values.push(JSON.parse(line));
    } catch (err) {
      const message = syntaxMessage(line, err).replace(/^1:/, `${i + 1}:`);
      return { ok: false, message: `${file}:${message}` };
    }
  }
  return { ok: true, values, lines: at };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastBreak = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lastBreak = i;
    }
  }
  return { line, column: offset - lastBreak };
}
