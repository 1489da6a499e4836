/**
 * Output files written whole or not at all: each is written to a temporary file beside it and
 * renamed over the destination only when the command succeeds, so a failed or interrupted command
 * leaves existing files untouched (a crash at worst leaves a `.<name>.<pid>-<n>.tmp` beside them).
 *
 * A destination that is a link is followed (the file it names is replaced, not the link), and one
 * that is not a regular file — a device such as /dev/null or /dev/full, a pipe — is written in
 * place: renaming a file over it would replace the device itself.
 */
import { constants } from 'node:fs';
import { access, open, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let counter = 0;

/** Not pure (a counter): a fresh temporary path in the folder of `path`. */
export function temporaryPathFor(path: string): string {
  counter++;
  return join(dirname(path), `.${basename(path)}.${process.pid}-${counter}.tmp`);
}

/**
 * Not pure (reads the file system): where output for `path` goes — the file a link names, and
 * whether it is written in place (an existing file that is not a regular file: a device, a pipe).
 */
export async function destinationOf(path: string): Promise<{ path: string; inPlace: boolean }> {
  try {
    const real = await realpath(path);
    return { path: real, inPlace: !(await stat(real)).isFile() };
  } catch {
    return { path, inPlace: false };
  }
}

/** Not pure (writes): writes `content` to `path` through a temporary file and a rename (in place for a device). */
export async function writeFileAtomic(path: string, content: string | Iterable<string>): Promise<void> {
  const dest = await destinationOf(path);
  const temp = dest.inPlace ? dest.path : temporaryPathFor(dest.path);
  try {
    if (typeof content === 'string') await writeFile(temp, content, 'utf8');
    else {
      const file = await open(temp, 'w');
      try {
        for (const chunk of content) await file.write(chunk, null, 'utf8');
      } finally {
        await file.close();
      }
    }
    if (!dest.inPlace) await rename(temp, dest.path);
  } catch (err) {
    if (!dest.inPlace) await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Not pure (touches the file system): why `path` cannot be written, or null. Never changes `path`
 * itself: a temporary file is created beside it and removed.
 */
export async function unwritable(path: string): Promise<string | null> {
  try {
    if ((await stat(path)).isDirectory()) return 'is a folder';
  } catch {
    // Not there yet: the folder decides.
  }
  const dest = await destinationOf(path);
  if (dest.inPlace) {
    try {
      await access(dest.path, constants.W_OK);
      return null;
    } catch {
      return 'permission denied';
    }
  }
  path = dest.path;
  const temp = temporaryPathFor(path);
  try {
    await writeFile(temp, '');
    await rm(temp, { force: true });
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'not a folder' : (code ?? String(err));
  }
}

/** Not pure: the temporary files of one command, renamed into place together on success. */
export class PendingFiles {
  private readonly files: Array<{ temp: string; path: string }> = [];

  /** The path to write instead of `path`: a temporary file, or the destination itself when it is a device. */
  async add(path: string): Promise<string> {
    const dest = await destinationOf(path);
    if (dest.inPlace) return dest.path;
    const temp = temporaryPathFor(dest.path);
    this.files.push({ temp, path: dest.path });
    return temp;
  }

  /** Renames every temporary file over its destination. */
  async commit(): Promise<void> {
    for (const f of this.files.splice(0)) await rename(f.temp, f.path);
  }

  /** Removes the temporary files not committed (after a failure); existing destinations stay as they were. */
  async discard(): Promise<void> {
    for (const f of this.files.splice(0)) await rm(f.temp, { force: true });
  }
}
