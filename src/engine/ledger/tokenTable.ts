/**
 * The tokens of a run and their correlation ids. Tokens are plain shared objects (`Token`), held
 * once and referred to everywhere else — queues, ledger columns — by their index. Each token's
 * correlation ids are also kept as a range of interned integer keys, so the ledger's correlation
 * index and the union of ids on merges never look strings up on the hot path.
 *
 * Ids are computed, not searched: token `"<nodeId>#<n>"` is the n-th entry of its node's list, and
 * a generated correlation id `"<nodeId>-<n>"` the n-th entry of its source's table; only other
 * correlation ids (from external events) go through a Map.
 */
import { IntList, ensureInt32 } from './columns';
import type { Token } from '../types';

/** No token. */
export const NONE = -1;

/** Not pure: the token table of one run; `nodeIds` are the scenario's node ids by index. */
export class TokenTable {
  /** Every token, by token index. Shared, never mutated. */
  readonly tokens: Token[] = [];
  /** Token → its correlation keys: `pool.data[corrStart[t] … corrEnd[t])`. */
  corrStart = new Int32Array(1024);
  corrEnd = new Int32Array(1024);
  readonly pool = new IntList(1024);

  private readonly nodeIndexById: ReadonlyMap<string, number>;
  private readonly tokenPrefix: string[];
  private readonly corrPrefix: string[];
  /** Per node: token index of its n-th token at n - 1. */
  private readonly ofNode: IntList[];
  /** Tokens whose id does not read `<nodeId>#<n>` (only from `adopt`). */
  private readonly foreign = new Map<string, number>();
  private readonly keyById = new Map<string, number>();
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
  }

  /** Creates the next token of node `node` (`"<nodeId>#<n>"`); `correlationIds` is kept by reference. */
  create(node: number, correlationIds: string[], data: Record<string, unknown>): number {
    const t = this.push(node, { id: this.nextId(node), correlationIds, data });
    const start = this.pool.length;
    for (let i = 0; i < correlationIds.length; i++) this.pool.push(this.key(correlationIds[i]!));
    this.setRange(t, start, this.pool.length);
    return t;
  }

  /** Creates the next token of source `node` with the generated correlation id `"<nodeId>-<n>"` (DSL.md §3). */
  createSource(node: number, data: Record<string, unknown>): number {
    const n = this.ofNode[node]!.length + 1;
    const digits = String(n);
    const correlationId = this.corrPrefix[node]! + digits;
    const t = this.push(node, { id: this.tokenPrefix[node]! + digits, correlationIds: [correlationId], data });
    const start = this.pool.length;
    this.pool.push(this.generatedKey(node, n, correlationId));
    this.setRange(t, start, start + 1);
    return t;
  }

  /** Creates the next token of `node` carrying the correlation ids (the same array) of token `parent`. */
  derive(node: number, parent: number, data: Record<string, unknown>): number {
    const t = this.push(node, { id: this.nextId(node), correlationIds: this.tokens[parent]!.correlationIds, data });
    this.setRange(t, this.corrStart[parent]!, this.corrEnd[parent]!);
    return t;
  }

  /**
   * Creates the next token of `node` merging tokens `inputs`: its correlation ids are the ordered,
   * de-duplicated union of theirs (DSL.md §3), computed on interned keys; the first input's array
   * is shared when the union adds nothing to it.
   */
  merge(node: number, inputs: ArrayLike<number>, data: Record<string, unknown>): number {
    const pool = this.pool;
    const start = pool.length;
    const stamp = ++this.stamp;
    if (this.mark.length < this.names.length) this.mark = ensureInt32(this.mark, this.names.length);
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
    if (first !== NONE && this.corrEnd[first]! - this.corrStart[first]! === pool.length - start) {
      pool.length = start;
      const t = this.push(node, { id: this.nextId(node), correlationIds: this.tokens[first]!.correlationIds, data });
      this.setRange(t, this.corrStart[first]!, this.corrEnd[first]!);
      return t;
    }
    const correlationIds: string[] = [];
    for (let k = start; k < pool.length; k++) correlationIds.push(this.names[pool.data[k]!]!);
    const t = this.push(node, { id: this.nextId(node), correlationIds, data });
    this.setRange(t, start, pool.length);
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
      t = this.push(node, token);
    else {
      t = this.tokens.length;
      this.tokens.push(token);
      this.foreign.set(token.id, t);
    }
    const start = this.pool.length;
    for (const c of token.correlationIds) this.pool.push(this.key(c));
    this.setRange(t, start, this.pool.length);
    return t;
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
    return this.names[key]!;
  }

  /** Bytes held by the typed arrays (capacity). */
  bytes(): number {
    let bytes = this.corrStart.byteLength + this.corrEnd.byteLength + this.pool.data.byteLength + this.mark.byteLength;
    for (const l of this.ofNode) bytes += l.data.byteLength;
    for (const l of this.generated) bytes += l.data.byteLength;
    return bytes;
  }

  private nextId(node: number): string {
    return this.tokenPrefix[node]! + (this.ofNode[node]!.length + 1);
  }

  private push(node: number, token: Token): number {
    const t = this.tokens.length;
    this.tokens.push(token);
    this.ofNode[node]!.push(t);
    return t;
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
      key = this.names.length;
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
  private generatedKey(node: number, n: number, id: string): number {
    // The same text may have arrived earlier as an external event's correlation id.
    let key = this.keyById.size > 0 ? (this.keyById.get(id) ?? -1) : -1;
    if (key < 0) {
      key = this.names.length;
      this.names.push(id);
    }
    const table = this.generated[node]!;
    while (table.length < n - 1) table.push(-1);
    if (table.length === n - 1) table.push(key);
    else table.data[n - 1] = key;
    return key;
  }
}
