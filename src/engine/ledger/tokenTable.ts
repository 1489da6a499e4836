/**
 * The tokens of a run, in columns: no JavaScript object is kept per token. A token is its node and
 * its number n at that node (its id `"<nodeId>#<n>"` is computed when read), a range of interned
 * correlation-id keys in a shared pool, and its data — stored once per distinct *shape* (the data's
 * keys in order and the kind of each value: number, string, boolean or null) as a shape index and
 * the values in a column of doubles (strings interned). Data of any other form (nested objects,
 * arrays) is kept as the object itself. Token objects (`Token`) are built only when read (`get`,
 * `data`, `correlationIds`), fresh each time: a run of millions of tokens leaves nothing for the
 * garbage collector to trace or copy but a few typed arrays (TARGETS.md E2, E3). Read data must not
 * be mutated (for data kept as an object, it is the stored object).
 *
 * The token's canonical JSON (for the ledger line and its hash) is written straight from the
 * columns (`dataJson`), with the same bytes as `canonicalJson` of the object.
 *
 * Ids are computed, not searched: token `"<nodeId>#<n>"` is the n-th entry of its node's list, and
 * a generated correlation id `"<nodeId>-<n>"` the n-th entry of its source's table; only other
 * correlation ids (from external events) go through a Map.
 */
import { BlockColumn, IntList, ensureInt32 } from './columns';
import type { Token } from '../types';

/** Kinds of a shaped data value. */
const NUM = 0;
const STR = 1;
const BOOL = 2;
const NULL = 3;

/** One distinct data shape: keys in the data's own order, each value's kind, the canonical key order. */
interface Shape {
  readonly keys: readonly string[];
  readonly kinds: Uint8Array;
  /** Key indices in canonical (sorted) order. */
  readonly sorted: readonly number[];
  /** Per key: its JSON text and a colon. */
  readonly keyText: readonly string[];
}

/** Pure: the kind of a data value that can be stored in a column, or -1. */
function kindOf(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return NUM;
    case 'string':
      return STR;
    case 'boolean':
      return BOOL;
    case 'object':
      return v === null ? NULL : -1;
    default:
      return -1;
  }
}

/** The read side of the tokens of a run, by token index: what the ledger's readers see. */
export interface TokenReader {
  /** Number of tokens. */
  readonly length: number;
  /** Token `t`, built fresh. */
  get(t: number): Token;
  /** Id of token `t`. */
  id(t: number): string;
  /** Data of token `t` (never to be mutated). */
  data(t: number): Record<string, unknown>;
  /** Token `t`'s own data field `key` (undefined when it has none), without building the data object. */
  field(t: number, key: string): unknown;
  /** Correlation ids of token `t`, a fresh array. */
  correlationIds(t: number): string[];
  /** The first correlation id of token `t`, or undefined. */
  firstCorrelationId(t: number): string | undefined;
  /** Tokens `[start, end)`, built fresh. */
  slice(start?: number, end?: number): Token[];
  /** Canonical JSON of token `t`'s data, the same bytes as `canonicalJson(data(t))`; data kept as an object goes through `other`. */
  dataJson(t: number, other: (data: Record<string, unknown>) => string): string;
}

/** No token. */
export const NONE = -1;

/** Not pure: the token table of one run; `nodeIds` are the scenario's node ids by index. */
export class TokenTable implements TokenReader {
  /** Token → its correlation keys: `pool.data[corrStart[t] … corrEnd[t])`. */
  corrStart = new Int32Array(1024);
  corrEnd = new Int32Array(1024);
  readonly pool = new IntList(1024);

  /** Per token: node index, number at that node (0: an adopted token with a foreign id). */
  private readonly nodeCol = new BlockColumn((n) => new Uint16Array(n));
  private readonly ordinalCol = new BlockColumn((n) => new Int32Array(n));
  /** Per token: shape index, or -(k + 1) for data kept as the object `objects[k]`. */
  private readonly shapeCol = new BlockColumn((n) => new Int32Array(n));
  /** Per token: offset of its first value in `values`. */
  private readonly valueStart = new BlockColumn((n) => new Int32Array(n));
  /** Shaped data values: numbers as they are, strings as their index in `strings`, booleans 0/1, null 0. */
  private readonly values = new BlockColumn((n) => new Float64Array(n), 1024);
  private readonly shapes: Shape[] = [];
  private readonly shapeByKey = new Map<string, number>();
  /** Per node: the shape of its last token's data (most nodes make one shape). */
  private readonly lastShape: Int32Array;
  /** Per node: the shape `lastShape` held before (-1: none). */
  private readonly prevShape: Int32Array;
  private readonly objects: Record<string, unknown>[] = [];
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();

  private readonly nodeIndexById: ReadonlyMap<string, number>;
  private readonly tokenPrefix: string[];
  private readonly corrPrefix: string[];
  /** Per node: token index of its n-th token at n - 1. */
  private readonly ofNode: IntList[];
  /** Tokens whose id does not read `<nodeId>#<n>` (only from `adopt`), both ways. */
  private readonly foreign = new Map<string, number>();
  private readonly foreignId = new Map<number, string>();
  private readonly keyById = new Map<string, number>();
  /**
   * Per correlation key: the source node of a generated id `"<nodeId>-<n>"` and its n — computed
   * when read, never kept as a string — or -1 and the index of the id in `names` (any other id).
   */
  private readonly keyNode = new BlockColumn((n) => new Int32Array(n));
  private readonly keyN = new BlockColumn((n) => new Int32Array(n));
  private readonly names: string[] = [];
  /** Per source node: key of its generated correlation id `"<nodeId>-<n>"` at n - 1 (-1: none). */
  private readonly generated: IntList[];
  /** Scratch marks of `merge` (a key is seen when its mark equals the stamp). */
  private mark = new Int32Array(1024);
  private stamp = 0;

  constructor(nodeIds: readonly string[], nodeIndexById: ReadonlyMap<string, number>) {
    this.nodeIndexById = nodeIndexById;
    this.tokenPrefix = nodeIds.map((id) => `${id}#`);
    this.corrPrefix = nodeIds.map((id) => `${id}-`);
    this.ofNode = nodeIds.map(() => new IntList(16));
    this.generated = nodeIds.map(() => new IntList(4));
    this.lastShape = new Int32Array(nodeIds.length).fill(-1);
    this.prevShape = new Int32Array(nodeIds.length).fill(-1);
  }

  /** Number of tokens. */
  get length(): number {
    return this.nodeCol.length;
  }

  /** Creates the next token of node `node` (`"<nodeId>#<n>"`) with `correlationIds` (copied). */
  create(node: number, correlationIds: readonly string[], data: Record<string, unknown>): number {
    const t = this.push(node, data);
    const start = this.pool.length;
    for (let i = 0; i < correlationIds.length; i++) this.pool.push(this.key(correlationIds[i]!));
    this.setRange(t, start, this.pool.length);
    return t;
  }

  /** Creates the next token of source `node` with the generated correlation id `"<nodeId>-<n>"` (DSL.md §3). */
  createSource(node: number, data: Record<string, unknown>): number {
    const n = this.ofNode[node]!.length + 1;
    const t = this.push(node, data);
    const start = this.pool.length;
    this.pool.push(this.generatedKey(node, n));
    this.setRange(t, start, start + 1);
    return t;
  }

  /** Creates the next token of `node` carrying the correlation ids of token `parent`. */
  derive(node: number, parent: number, data: Record<string, unknown>): number {
    const t = this.push(node, data);
    this.setRange(t, this.corrStart[parent]!, this.corrEnd[parent]!);
    return t;
  }

  /**
   * Creates the next token of `node` merging tokens `inputs`: its correlation ids are the ordered,
   * de-duplicated union of theirs (DSL.md §3), computed on interned keys; the first input's range
   * of the pool is shared when the union adds nothing to it.
   */
  merge(node: number, inputs: ArrayLike<number>, data: Record<string, unknown>): number {
    const pool = this.pool;
    const start = pool.length;
    const stamp = ++this.stamp;
    if (this.mark.length < this.keyNode.length) this.mark = ensureInt32(this.mark, this.keyNode.length);
    const mark = this.mark;
    for (let i = 0; i < inputs.length; i++) {
      const t = inputs[i]!;
      for (let k = this.corrStart[t]!, end = this.corrEnd[t]!; k < end; k++) {
        const key = pool.data[k]!;
        if (mark[key] === stamp) continue;
        mark[key] = stamp;
        pool.push(key);
      }
    }
    const first = inputs.length > 0 ? inputs[0]! : NONE;
    const t = this.push(node, data);
    if (first !== NONE && this.corrEnd[first]! - this.corrStart[first]! === pool.length - start) {
      pool.length = start;
      this.setRange(t, this.corrStart[first]!, this.corrEnd[first]!);
    } else this.setRange(t, start, pool.length);
    return t;
  }

  /** The index of `token` (by id), adding it when it is new (a ledger read back from storage). */
  adopt(token: Token): number {
    const known = this.indexOf(token.id);
    if (known !== NONE) return known;
    const hash = token.id.lastIndexOf('#');
    const node = hash > 0 ? this.nodeIndexById.get(token.id.slice(0, hash)) : undefined;
    let t: number;
    if (node !== undefined && token.id.slice(hash + 1) === String(this.ofNode[node]!.length + 1))
      t = this.push(node, token.data);
    else {
      t = this.length;
      this.nodeCol.push(0);
      this.ordinalCol.push(0);
      this.storeData(0, token.data);
      this.foreign.set(token.id, t);
      this.foreignId.set(t, token.id);
    }
    const start = this.pool.length;
    for (const c of token.correlationIds) this.pool.push(this.key(c));
    this.setRange(t, start, this.pool.length);
    return t;
  }

  // ——— reading ———

  /** Token `t` as an object, built fresh (`{id, correlationIds, data}`). */
  get(t: number): Token {
    return { id: this.id(t), correlationIds: this.correlationIds(t), data: this.data(t) };
  }

  /** Id of token `t`. */
  id(t: number): string {
    const n = this.ordinalCol.get(t);
    return n === 0 ? this.foreignId.get(t)! : this.tokenPrefix[this.nodeCol.get(t)]! + n;
  }

  /** Data of token `t`: a fresh object for shaped data, else the stored object (never to be mutated). */
  data(t: number): Record<string, unknown> {
    const s = this.shapeCol.get(t);
    if (s < 0) return this.objects[-s - 1]!;
    const shape = this.shapes[s]!;
    const keys = shape.keys;
    const kinds = shape.kinds;
    let p = this.valueStart.get(t);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++, p++) {
      const v = this.values.get(p);
      const kind = kinds[i];
      out[keys[i]!] = kind === NUM ? v : kind === STR ? this.strings[v]! : kind === BOOL ? v !== 0 : null;
    }
    return out;
  }

  /**
   * The value of token `t`'s own data field `key`, or undefined when the data has no such field —
   * read from the columns without building the data object (a Sink reads one field of every token
   * it collects, an Aggregator the field it aggregates).
   */
  field(t: number, key: string): unknown {
    const s = this.shapeCol.get(t);
    if (s < 0) {
      const data = this.objects[-s - 1]!;
      return Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
    }
    const shape = this.shapes[s]!;
    const keys = shape.keys;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== key) continue;
      const v = this.values.get(this.valueStart.get(t) + i);
      const kind = shape.kinds[i];
      return kind === NUM ? v : kind === STR ? this.strings[v]! : kind === BOOL ? v !== 0 : null;
    }
    return undefined;
  }

  /** Correlation ids of token `t` (a fresh array). */
  correlationIds(t: number): string[] {
    const out: string[] = [];
    const pool = this.pool.data;
    for (let k = this.corrStart[t]!, end = this.corrEnd[t]!; k < end; k++) out.push(this.correlationName(pool[k]!));
    return out;
  }

  /** First correlation id of token `t`, or undefined. */
  firstCorrelationId(t: number): string | undefined {
    const k = this.corrStart[t]!;
    return k < this.corrEnd[t]! ? this.correlationName(this.pool.data[k]!) : undefined;
  }

  /** Tokens `[start, end)`, built fresh. */
  slice(start = 0, end = this.length): Token[] {
    const out: Token[] = [];
    for (let t = Math.max(0, start), e = Math.min(end, this.length); t < e; t++) out.push(this.get(t));
    return out;
  }

  /**
   * Canonical JSON of token `t`'s data (`canonicalJson(data(t))`, the same bytes), written from the
   * columns; data kept as an object is written by `other`.
   */
  dataJson(t: number, other: (data: Record<string, unknown>) => string): string {
    const s = this.shapeCol.get(t);
    if (s < 0) return other(this.objects[-s - 1]!);
    const shape = this.shapes[s]!;
    const sorted = shape.sorted;
    const p = this.valueStart.get(t);
    let out = '{';
    for (let j = 0; j < sorted.length; j++) {
      const i = sorted[j]!;
      const v = this.values.get(p + i);
      const kind = shape.kinds[i];
      const text =
        kind === NUM
          ? Number.isFinite(v)
            ? '' + v
            : 'null'
          : kind === STR
            ? JSON.stringify(this.strings[v])
            : kind === BOOL
              ? v !== 0
                ? 'true'
                : 'false'
              : 'null';
      out += (j > 0 ? ',' : '') + shape.keyText[i]! + text;
    }
    return out + '}';
  }

  /** Token index of the token with id `id`, or NONE. */
  indexOf(id: string): number {
    const hash = id.lastIndexOf('#');
    if (hash > 0) {
      const node = this.nodeIndexById.get(id.slice(0, hash));
      const digits = id.slice(hash + 1);
      if (node !== undefined && /^[1-9][0-9]*$/.test(digits)) {
        const list = this.ofNode[node]!;
        const n = Number(digits);
        if (n <= list.length) return list.data[n - 1]!;
      }
    }
    return this.foreign.get(id) ?? NONE;
  }

  /** Number of tokens node `node` has created. */
  countOf(node: number): number {
    return this.ofNode[node]!.length;
  }

  /** Key of correlation id `id`, or -1 when no token carries it. */
  findCorrelation(id: string): number {
    const key = this.keyById.get(id);
    if (key !== undefined) return key;
    const dash = id.lastIndexOf('-');
    if (dash <= 0) return -1;
    const node = this.nodeIndexById.get(id.slice(0, dash));
    const digits = id.slice(dash + 1);
    if (node === undefined || !/^[1-9][0-9]*$/.test(digits)) return -1;
    const table = this.generated[node]!;
    const n = Number(digits);
    return n <= table.length ? table.data[n - 1]! : -1;
  }

  /** The correlation id of key `key` (from `findCorrelation`). */
  correlationName(key: number): string {
    const node = this.keyNode.get(key);
    return node < 0 ? this.names[this.keyN.get(key)]! : this.corrPrefix[node]! + this.keyN.get(key);
  }

  /** Bytes held by the typed arrays (capacity). */
  bytes(): number {
    let bytes = this.corrStart.byteLength + this.corrEnd.byteLength + this.pool.data.byteLength + this.mark.byteLength;
    bytes += this.nodeCol.bytes() + this.ordinalCol.bytes() + this.shapeCol.bytes() + this.valueStart.bytes();
    bytes +=
      this.values.bytes() +
      this.lastShape.byteLength +
      this.prevShape.byteLength +
      this.keyNode.bytes() +
      this.keyN.bytes();
    for (const l of this.ofNode) bytes += l.data.byteLength;
    for (const l of this.generated) bytes += l.data.byteLength;
    return bytes;
  }

  private push(node: number, data: Record<string, unknown>): number {
    const t = this.length;
    const list = this.ofNode[node]!;
    list.push(t);
    this.nodeCol.push(node);
    this.ordinalCol.push(list.length);
    this.storeData(node, data);
    return t;
  }

  /** Stores the data of the token being added (its shape and values, or the object). */
  private storeData(node: number, data: Record<string, unknown>): void {
    const keys = Object.keys(data);
    let s = this.lastShape[node]!;
    if (s < 0 || !this.fits(this.shapes[s]!, keys, data)) {
      // A node often alternates between two shapes (an FSM's transition and no-match tokens):
      // its shape before the last is tried before the lookup by text.
      const prev = this.prevShape[node]!;
      s = prev >= 0 && this.fits(this.shapes[prev]!, keys, data) ? prev : this.shapeOf(keys, data);
      if (s < 0) {
        this.shapeCol.push(-(this.objects.length + 1));
        this.valueStart.push(this.values.length);
        this.objects.push(data);
        return;
      }
      this.prevShape[node] = this.lastShape[node]!;
      this.lastShape[node] = s;
    }
    const kinds = this.shapes[s]!.kinds;
    this.shapeCol.push(s);
    this.valueStart.push(this.values.length);
    for (let i = 0; i < keys.length; i++) {
      const v = data[keys[i]!];
      const kind = kinds[i];
      this.values.push(
        kind === NUM ? (v as number) : kind === STR ? this.stringKey(v as string) : kind === BOOL ? (v ? 1 : 0) : 0,
      );
    }
  }

  /** True when `data` (with own keys `keys`) has shape `shape`. */
  private fits(shape: Shape, keys: readonly string[], data: Record<string, unknown>): boolean {
    if (keys.length !== shape.keys.length) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (key !== shape.keys[i] || kindOf(data[key]) !== shape.kinds[i]) return false;
    }
    return true;
  }

  /** The shape of `data`, made when new; -1 when it cannot be stored in columns. */
  private shapeOf(keys: readonly string[], data: Record<string, unknown>): number {
    const kinds = new Uint8Array(keys.length);
    let text = '';
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const kind = kindOf(data[key]);
      if (kind < 0 || key === '__proto__') return -1;
      kinds[i] = kind;
      text += `${kind}${JSON.stringify(key)}`;
    }
    const known = this.shapeByKey.get(text);
    if (known !== undefined) return known;
    const order = keys.map((_, i) => i);
    const sortedKeys = [...keys].sort();
    const sorted = sortedKeys.map((k) => order[keys.indexOf(k)]!);
    const s = this.shapes.length;
    this.shapes.push({ keys: [...keys], kinds, sorted, keyText: keys.map((k) => JSON.stringify(k) + ':') });
    this.shapeByKey.set(text, s);
    return s;
  }

  private stringKey(v: string): number {
    let k = this.stringIndex.get(v);
    if (k === undefined) {
      k = this.strings.length;
      this.strings.push(v);
      this.stringIndex.set(v, k);
    }
    return k;
  }

  private setRange(t: number, start: number, end: number): void {
    if (t >= this.corrStart.length) {
      this.corrStart = ensureInt32(this.corrStart, t + 1);
      this.corrEnd = ensureInt32(this.corrEnd, t + 1);
    }
    this.corrStart[t] = start;
    this.corrEnd[t] = end;
  }

  private key(id: string): number {
    let key = this.findCorrelation(id);
    if (key < 0) {
      key = this.keyNode.length;
      this.keyNode.push(-1);
      this.keyN.push(this.names.length);
      this.names.push(id);
      this.keyById.set(id, key);
    }
    return key;
  }

  /**
   * Key of the generated correlation id `"<nodeId>-<n>"`. Generated ids live in a per-node table
   * indexed by n rather than in the Map: a source makes one per token, and hashing each new string
   * into a growing Map cost a sixth of the engine's run time.
   */
  private generatedKey(node: number, n: number): number {
    // The same text may have arrived earlier as an external event's correlation id.
    let key = this.keyById.size > 0 ? (this.keyById.get(this.corrPrefix[node]! + n) ?? -1) : -1;
    if (key < 0) {
      key = this.keyNode.length;
      this.keyNode.push(node);
      this.keyN.push(n);
    }
    const table = this.generated[node]!;
    while (table.length < n - 1) table.push(-1);
    if (table.length === n - 1) table.push(key);
    else table.data[n - 1] = key;
    return key;
  }
}
