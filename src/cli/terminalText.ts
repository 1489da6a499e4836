/**
 * What the command line prints is text from users and logs (template names, node ids, log lines):
 * control characters in it could drive the terminal (an escape sequence that clears the screen,
 * retitles the window or rewrites the line before it). Every control character except tab and
 * newline is printed as its `\uXXXX` escape, which is also valid inside JSON strings, so JSON output
 * stays JSON (JSON.stringify already escapes C0 controls; C1 controls, DEL and the line and
 * paragraph separators it leaves raw).
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Pure: `text` with every control character but tab and newline escaped as `\uXXXX`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A file the command could not read or write, with the path and the reason a person can act on. */
export class FileAccessError extends Error {
  constructor(
    readonly verb: 'read' | 'write',
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot ${verb} ${path}: ${reason}`);
  }
}

/** Pure: the reason of a file system error `err` met while trying to `verb` a file. */
export function accessReason(err: unknown, verb: 'read' | 'write'): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return verb === 'read' ? 'no such file' : 'no such folder';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return code ?? (err instanceof Error ? err.message : String(err));
  }
}
