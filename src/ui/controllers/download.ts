/**
 * Saving a file from the page: a Blob behind a temporary link, clicked, then released. The one place
 * the UI starts a download (the library's template export, the workspace's run file).
 */

/** Not pure (DOM): offers `blob` as a download named `name`; the object URL is released after `keepMs`. */
export function saveFile(name: string, blob: Blob, keepMs = 1000): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), keepMs);
}
