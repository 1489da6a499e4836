/**
 * Reading JSON input files with errors a person can act on: a syntax error names the file, the line
 * and the column, not a character offset.
 */

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

/** Pure: parses `text` (the content of `file`); a syntax error becomes a message with line and column. */
export function readJson(text: string, file: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(stripBom(text)) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(reason);
    if (!pos) return { ok: false, message: `${file}: not valid JSON: ${reason}` };
    const { line, column } = lineColumn(text, Number(pos[1]));
    const short = reason.replace(/ in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { ok: false, message: `${file}:${line}:${column}: not valid JSON: ${short}` };
  }
}

/** Pure: reads JSON or NDJSON (one value per non-empty line); an array document yields its items. */
export function readJsonOrNdjson(text: string, file: string): { ok: true; values: unknown[] } | { ok: false; message: string } {
  const body = stripBom(text).trim();
  if (body.startsWith('[')) {
    const r = readJson(body, file);
    if (!r.ok) return r;
    return { ok: true, values: r.value as unknown[] };
  }
  const values: unknown[] = [];
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      return { ok: false, message: `${file}:${i + 1}: not valid JSON: ${reason}` };
    }
  }
  return { ok: true, values };
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
