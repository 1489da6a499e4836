/**
 * Two texts side by side (the editor's Compare of a save conflict): each one's lines, with those
 * between the common first and last lines marked as differing. One pass from each end, so a
 * 10,000-line document compares at once; a change in one place (a rename, one number) is marked
 * exactly, changes far apart are marked as the one span between them.
 */

/** One line of one side: its 1-based number, its text, and whether it lies in the differing span. */
export interface SideLine {
  n: number;
  text: string;
  differs: boolean;
}

/** Pure: the lines of `left` and `right`, each marked where the two differ. */
export function sideBySide(left: string, right: string): { left: SideLine[]; right: SideLine[] } {
  const a = left.split('\n');
  const b = right.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const mark = (lines: string[]): SideLine[] =>
    lines.map((text, i) => ({ n: i + 1, text, differs: i >= head && i < lines.length - tail }));
  return { left: mark(a), right: mark(b) };
}
