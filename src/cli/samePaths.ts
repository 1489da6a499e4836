/**
 * An output must never land on an input or on another output of the same command: `run X.json
 * --ledger X.json` replaced the scenario with its ledger, `parse a.log --out a.log` the log with
 * its events, and `--out`, `--templates` and `--structured` naming one path overwrote each other.
 * Paths are compared as the files they name — through links, `..` and different spellings (the
 * real path), and by device and inode for files that exist (a hard link) — before anything is
 * written. Devices and pipes (/dev/null, /dev/stdout) are not files a command can destroy, so they
 * may be named more than once.
 */
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** A path given on the command line and what names it there ("the scenario", "--ledger"). */
export interface NamedPath {
  role: string;
  path: string;
}

/** An output refused because it names the same file as an input or another output (exit 2, nothing written). */
export class SamePathError extends Error {}

interface Identity {
  /** The real path (the folder's real path plus the name, for a file not there yet). */
  real: string;
  /** `dev:ino` of an existing file, else null. */
  inode: string | null;
  /** An existing file that is not a regular file or folder: a device, a pipe, a socket. */
  special: boolean;
}

/** Not pure (reads the file system): what `path` names. */
async function identify(path: string): Promise<Identity> {
  try {
    const real = await realpath(path);
    const s = await stat(real);
    return { real, inode: `${s.dev}:${s.ino}`, special: !s.isFile() && !s.isDirectory() };
  } catch {
    let folder = resolve(dirname(path));
    try {
      folder = await realpath(folder);
    } catch {
      // A folder that is not there: the write will say so.
    }
    return { real: join(folder, basename(path)), inode: null, special: false };
  }
}

function same(a: Identity, b: Identity): boolean {
  if (a.special || b.special) return false;
  return a.real === b.real || (a.inode !== null && a.inode === b.inode);
}

/**
 * Not pure (reads the file system): the sentence refusing the first output that names the same
 * file as an input or as an earlier output, or null when every output has a file of its own.
 */
export async function overlappingPath(
  inputs: readonly NamedPath[],
  outputs: readonly NamedPath[],
): Promise<string | null> {
  const ins = await Promise.all(inputs.map((p) => identify(p.path)));
  const outs = await Promise.all(outputs.map((p) => identify(p.path)));
  for (let i = 0; i < outputs.length; i++) {
    const out = outputs[i]!;
    for (let j = 0; j < inputs.length; j++) {
      if (same(outs[i]!, ins[j]!))
        return `${out.role} ${out.path} is the same file as ${inputs[j]!.role} ${inputs[j]!.path}: writing it would destroy the input; write the output elsewhere`;
    }
    for (let j = 0; j < i; j++) {
      if (same(outs[i]!, outs[j]!))
        return `${out.role} ${out.path} is the same file as ${outputs[j]!.role} ${outputs[j]!.path}: one would overwrite the other; give each output its own path`;
    }
  }
  return null;
}

/**
 * Not pure (reads the file system): the one check every command that writes files makes before
 * writing anything — throws SamePathError with `overlappingPath`'s sentence when an output names
 * the same file as an input or another output. Paths not given (`path` undefined) are left out.
 */
export async function checkOutputPaths(
  inputs: readonly { role: string; path: string | undefined }[],
  outputs: readonly { role: string; path: string | undefined }[],
): Promise<void> {
  const given = (list: readonly { role: string; path: string | undefined }[]): NamedPath[] =>
    list.flatMap((p) => (p.path === undefined ? [] : [{ role: p.role, path: p.path }]));
  const overlap = await overlappingPath(given(inputs), given(outputs));
  if (overlap !== null) throw new SamePathError(overlap);
}
