/**
 * JSON text ↔ JSON Pointer, for the editor: a small position-keeping JSON reader (RFC 8259), the range
 * of a pointer's value in the text, the pointer at a cursor offset, and the smallest single edit that
 * turns one text into another. Pure; no DOM, no CodeMirror — tested in Node.
 */

export type JNode =
  | { kind: 'object'; from: number; to: number; props: JProp[] }
  | { kind: 'array'; from: number; to: number; items: JNode[] }
  | { kind: 'value'; from: number; to: number; value: string | number | boolean | null };

export interface JProp {
  key: string;
  keyFrom: number;
  keyTo: number;
  value: JNode;
}

export type ReadResult = { ok: true; root: JNode } | { ok: false; message: string; offset: number };

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Pure. The syntax tree of `text` with offsets, or the first syntax error and where it is. */
export function readJson(text: string): ReadResult {
  let i = 0;
  const fail = (msg: string): never => {
    throw new JsonSyntaxError(msg, i);
  };
  const ws = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let runStart = i;
    while (true) {
      if (i >= text.length) {
        i = start;
        fail('unterminated string');
      }
      const c = text[i];
      if (c === '"') break;
      if (c === '\\') {
        out += text.slice(runStart, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail('bad escape in string');
        runStart = i;
        continue;
      }
      if (c!.charCodeAt(0) < 0x20) fail('control character in string');
      i++;
    }
    out += text.slice(runStart, i);
    i++;
    return out;
  };
  const value = (): JNode => {
    ws();
    const from = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const props: JProp[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', from, to: i, props };
      }
      while (true) {
        ws();
        if (text[i] !== '"') fail('expected a property name in double quotes');
        const keyFrom = i;
        const key = str();
        const keyTo = i;
        ws();
        if (text[i] !== ':') fail('expected ":" after the property name');
        i++;
        const v = value();
        props.push({ key, keyFrom, keyTo, value: v });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { kind: 'object', from, to: i, props };
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const items: JNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', from, to: i, items };
      }
      while (true) {
        items.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { kind: 'array', from, to: i, items };
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return { kind: 'value', from, to: (str(), i), value: JSON.parse(text.slice(from, i)) as string };
    const lit = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!lit) fail(i >= text.length ? 'unexpected end of the document' : `unexpected ${JSON.stringify(c)}`);
    i += lit![0].length;
    return { kind: 'value', from, to: i, value: JSON.parse(lit![0]) as number | boolean | null };
  };
  try {
    const root = value();
    ws();
    if (i < text.length) fail('unexpected text after the document');
    return { ok: true, root };
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { ok: false, message: err.message, offset: err.offset };
    throw err;
  }
}

/** Pure. The segments of a JSON Pointer (`/a/0/b~1c` → ['a', '0', 'b/c']). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Pure. The pointer of `segments`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export interface PointerRange {
  from: number;
  to: number;
  /** The pointer went only this deep (its tail is missing from the document). */
  exact: boolean;
  /** The node the range covers. */
  node: JNode;
  /** When the range is a property value: where its key is. */
  keyFrom?: number;
}

/** Pure. Where `pointer`'s value is in the text (its deepest existing ancestor when the tail is missing). */
export function rangeOfPointer(root: JNode, pointer: string): PointerRange {
  let node = root;
  let keyFrom: number | undefined;
  for (const seg of pointerSegments(pointer)) {
    let next: JNode | undefined;
    if (node.kind === 'object') {
      // The last property wins, as in JSON.parse.
      const prop = [...node.props].reverse().find((p) => p.key === seg);
      next = prop?.value;
      if (prop) keyFrom = prop.keyFrom;
    } else if (node.kind === 'array' && /^\d+$/.test(seg)) {
      next = node.items[Number(seg)];
      keyFrom = undefined;
    }
    if (!next) return { from: node.from, to: node.to, exact: false, node, keyFrom };
    node = next;
  }
  return { from: node.from, to: node.to, exact: true, node, keyFrom };
}

/** Pure. The path segments of the innermost value containing `offset` (a key counts as its value's). */
export function pathAt(root: JNode, offset: number): (string | number)[] {
  const path: (string | number)[] = [];
  let node: JNode = root;
  outer: while (true) {
    if (node.kind === 'object') {
      for (const p of node.props)
        if ((offset >= p.keyFrom && offset <= p.keyTo) || (offset >= p.value.from && offset <= p.value.to)) {
          path.push(p.key);
          node = p.value;
          continue outer;
        }
    } else if (node.kind === 'array') {
      for (let k = 0; k < node.items.length; k++) {
        const it = node.items[k]!;
        if (offset >= it.from && offset <= it.to) {
          path.push(k);
          node = it;
          continue outer;
        }
      }
    }
    return path;
  }
}

/** Pure. The one replacement `{from, to, insert}` that turns `before` into `after` (common prefix and suffix kept). */
export function minimalEdit(before: string, after: string): { from: number; to: number; insert: string } | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  return { from: start, to: endB, insert: after.slice(start, endA) };
}

/**
 * Pure. Where an issue belongs in the text: its path's range, narrowed for an expression that does not
 * parse to the character the parser named (`… does not parse: … at 19`) inside the string.
 */
export function issueRange(text: string, root: JNode, path: string, message: string): { from: number; to: number } {
  const r = rangeOfPointer(root, path);
  if (!r.exact) {
    // Missing field: mark the key of the parent (or the start of the parent object), not the whole object.
    const from = r.keyFrom ?? r.from;
    return { from, to: Math.min(r.to, from + 1) };
  }
  const at = /does not parse:.*\bat (?:position )?(\d+)\b/.exec(message);
  if (at && r.node.kind === 'value' && typeof r.node.value === 'string') {
    const raw = text.slice(r.from + 1, r.to - 1);
    const pos = rawOffset(raw, Number(at[1]));
    const from = Math.min(r.from + 1 + pos, r.to - 1);
    return { from, to: Math.min(from + 1, r.to - 1) };
  }
  return { from: r.from, to: r.to };
}

/** Pure. The offset in a JSON string literal's raw text of character `n` of its decoded value. */
function rawOffset(raw: string, n: number): number {
  let i = 0;
  for (let k = 0; k < n && i < raw.length; k++) i += raw[i] === '\\' ? (raw[i + 1] === 'u' ? 6 : 2) : 1;
  return i;
}

/** Pure. The 1-based line and column of `offset` in `text` (a column counts UTF-16 units). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = before.lastIndexOf('\n');
  let line = 1;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
  return { line, column: before.length - lastBreak };
}
