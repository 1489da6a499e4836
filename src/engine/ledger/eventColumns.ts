/**
 * The ledger's per-event columns (step, node, operation, input and output token, transition states,
 * consumed-token list, details), indexed by seq, stored in blocks of 65,536 events.
 *
 * Blocks, not one doubling array per column: a million-event ledger then holds at most one
 * partly filled block instead of up to twice the memory it needs, and growing never copies a
 * column or needs the old and the new array at once. Measured on E1 at 1 M events (with the same
 * change to the ledger's postings): array-buffer memory 104 → 77 bytes per event (TARGETS.md E3).
 * The first block starts small and doubles up to full size, so a small ledger stays small.
 */
const BITS = 16;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;

/** Not pure: one block of columns. */
class Block {
  readonly capacity: number;
  readonly step: Int32Array;
  readonly node: Uint16Array;
  readonly op: Uint8Array;
  readonly input: Int32Array;
  readonly output: Int32Array;
  /** Unsigned: `(from + 1) * 65536 + to + 1` passes 2^31 from the 32,768th state name on. */
  readonly states: Uint32Array;
  readonly inputs: Int32Array;
  readonly details: Int32Array;

  constructor(capacity: number, from?: Block) {
    this.capacity = capacity;
    this.step = new Int32Array(capacity);
    this.node = new Uint16Array(capacity);
    this.op = new Uint8Array(capacity);
    this.input = new Int32Array(capacity);
    this.output = new Int32Array(capacity);
    this.states = new Uint32Array(capacity);
    this.inputs = new Int32Array(capacity);
    this.details = new Int32Array(capacity);
    if (from !== undefined) {
      this.step.set(from.step);
      this.node.set(from.node);
      this.op.set(from.op);
      this.input.set(from.input);
      this.output.set(from.output);
      this.states.set(from.states);
      this.inputs.set(from.inputs);
      this.details.set(from.details);
    }
  }

  bytes(): number {
    return this.capacity * (4 + 2 + 1 + 4 * 5);
  }
}

/** Not pure: the columns of one ledger. Seqs start at 1; slot 0 is unused. */
export class EventColumns {
  private readonly blocks: Block[] = [new Block(1024)];

  /** Writes event `seq`'s columns. */
  set(
    seq: number,
    step: number,
    node: number,
    op: number,
    input: number,
    output: number,
    states: number,
    inputs: number,
    details: number,
  ): void {
    const i = seq & MASK;
    let b = this.blocks[seq >>> BITS];
    if (b === undefined || i >= b.capacity) b = this.grow(seq);
    b.step[i] = step;
    b.node[i] = node;
    b.op[i] = op;
    b.input[i] = input;
    b.output[i] = output;
    b.states[i] = states;
    b.inputs[i] = inputs;
    b.details[i] = details;
  }

  step(seq: number): number {
    return this.blocks[seq >>> BITS]!.step[seq & MASK]!;
  }
  node(seq: number): number {
    return this.blocks[seq >>> BITS]!.node[seq & MASK]!;
  }
  op(seq: number): number {
    return this.blocks[seq >>> BITS]!.op[seq & MASK]!;
  }
  input(seq: number): number {
    return this.blocks[seq >>> BITS]!.input[seq & MASK]!;
  }
  output(seq: number): number {
    return this.blocks[seq >>> BITS]!.output[seq & MASK]!;
  }
  states(seq: number): number {
    return this.blocks[seq >>> BITS]!.states[seq & MASK]!;
  }
  inputs(seq: number): number {
    return this.blocks[seq >>> BITS]!.inputs[seq & MASK]!;
  }
  details(seq: number): number {
    return this.blocks[seq >>> BITS]!.details[seq & MASK]!;
  }

  /** Bytes held (capacity). */
  bytes(): number {
    return this.blocks.reduce((n, b) => n + b.bytes(), 0);
  }

  /** The block holding `seq`, made (or, for the first block, enlarged) so it can. */
  private grow(seq: number): Block {
    const index = seq >>> BITS;
    if (index === 0) {
      let capacity = this.blocks[0]!.capacity * 2;
      while (capacity <= seq) capacity *= 2;
      this.blocks[0] = new Block(Math.min(SIZE, capacity), this.blocks[0]);
      return this.blocks[0];
    }
    if (this.blocks[0]!.capacity < SIZE) this.blocks[0] = new Block(SIZE, this.blocks[0]);
    while (this.blocks.length <= index) this.blocks.push(new Block(SIZE));
    return this.blocks[index]!;
  }
}
