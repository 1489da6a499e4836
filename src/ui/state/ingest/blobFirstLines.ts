/**
 * The first lines of a dropped or stored log, read without loading the whole file: a log may be
 * gigabytes, and the preview and preset detection need only its head.
 */

/** Not pure (reads the blob): the first `n` lines of a blob as text, reading no more than needed. */
export async function blobFirstLines(blob: Blob, n: number): Promise<string> {
  const step = 64 * 1024;
  let text = '';
  let end = 0;
  while (end < blob.size) {
    end = Math.min(blob.size, end + step * Math.max(1, Math.ceil(n / 500)));
    // Reading from the start each time keeps multi-byte characters whole.
    text = await blob.slice(0, end).text();
    let lines = 0;
    for (let at = text.indexOf('\n'); at >= 0 && lines < n; at = text.indexOf('\n', at + 1)) {
      lines++;
      if (lines === n) return text.slice(0, at + 1);
    }
  }
  return text;
}
