/**
 * Finds where a JSON text stops being valid. `JSON.parse` on Node 20 names the offending token but not
 * its position, so after a failed parse this small scanner walks the JSON grammar (RFC 8259) and
 * returns the offset of the first character that does not fit, with what was expected there.
 * It runs only on the error path, so clarity wins over speed.
 */

export interface JsonSyntaxProblem {
  offset: number;
  expected: string;
}

/** Pure: the first syntax problem in `text`, or null when the text is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxProblem | null {
  let i = 0;
  const fail = (expected: string): never => {
    throw { offset: i, expected } satisfies JsonSyntaxProblem;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`"${word}"`);
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail('a closing quote (control characters must be escaped)');
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++)
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) ((i += k), fail('four hex digits after \\u'));
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail('a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
      }
      i++;
    }
    if (i >= text.length) fail('a closing quote');
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '-' || m[0] === '') fail('a number');
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail(i >= text.length ? 'a value (the text ended)' : 'a value');
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === ']') return void i++;
    for (;;) {
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') return void i++;
      fail('"," or "]"');
    }
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail('a property name in double quotes');
      string();
      ws();
      if (text[i] !== ':') fail('":"');
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') return void i++;
      fail('"," or "}"');
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail('the end of the text');
    return null;
  } catch (problem) {
    return problem as JsonSyntaxProblem;
  }
}
