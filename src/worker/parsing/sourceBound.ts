/**
 * The bound on one log source (PARSER_LIMITS.sourceBytes, 256 MiB; docs/limits.md): how a log over
 * it is refused, by its size alone, before any of it is read.
 */
import { Failure } from '../result';

/** Pure: the refusal of a log over the bound, with its size and the bound in bytes and MiB. */
export function tooLarge(size: number, limit: number): Failure {
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB`;
  return new Failure(
    'PAYLOAD_TOO_LARGE',
    `The log is ${size} bytes (${mib(size)}); a source may be at most ${limit} bytes (${mib(limit)}); nothing was read or stored`,
    { limit, size },
  );
}
