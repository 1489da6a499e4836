/**
 * Per-node pseudo-random streams. Each node draws from its own xoroshiro128+ generator whose 128-bit
 * state is derived from SHA-256 of (run seed, node id), so adding, removing or reordering another
 * node never changes this node's draws (DSL.md §5.5), and the same seed always gives the same run.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** Not pure (mutable generator): one node's seeded stream. */
export class NodeRandom {
  private rng: JumpableRandomGenerator;

  /** `seed` is the run's seed, `nodeId` the node owning the stream. */
  constructor(seed: number, nodeId: string) {
    this.rng = xoroshiro128plusFromState(streamState(seed, nodeId));
  }

  /** A float in [0, 1) with 53 random bits. */
  next(): number {
    return uniformFloat64(this.rng);
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }

  /** The generator's state, for checkpoints (replay). */
  getState(): readonly number[] {
    return this.rng.getState();
  }

  /** Continues from `state` (from `getState`), e.g. when a replay restores a checkpoint. */
  setState(state: readonly number[]): void {
    this.rng = xoroshiro128plusFromState(state);
  }
}

/** Pure: four 32-bit words of state from SHA-256 of `"<seed>\0<nodeId>"`; never all zero. */
export function streamState(seed: number, nodeId: string): number[] {
  const digest = sha256(utf8ToBytes(`${seed}\u0000${nodeId}`));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const state: number[] = [view.getInt32(0), view.getInt32(4), view.getInt32(8), view.getInt32(12)];
  // xoroshiro must not start from the all-zero state; SHA-256 makes that astronomically unlikely.
  if (!state.some((w) => w !== 0)) state[0] = 1;
  return state;
}
