/**
 * Window maths of the ledger's virtual table: which rows of a (possibly million-row) list are visible
 * for a scroll position, and where to draw them. Rows are not in memory — they are paged from the
 * service — so a virtual-list library that measures rendered items does not fit; this is the small
 * part such a library would contribute. Browsers cap an element's height (~33.5 M px in Chromium),
 * so past `maxHeight` the scrollbar is compressed: the scroll fraction maps onto the row range.
 */

export interface WindowInput {
  /** The scroller's `scrollTop`, px. */
  scrollTop: number;
  /** The scroller's visible height, px. */
  viewportHeight: number;
  /** Fixed height of one row, px. */
  rowHeight: number;
  /** Rows in the whole list. */
  total: number;
  /** Extra rows drawn above and below the visible ones. */
  overscan?: number;
  /** Largest spacer height used before compressing; default 8,000,000 px. */
  maxHeight?: number;
}

export interface VirtualWindow {
  /** First row to draw (inclusive). */
  first: number;
  /** Row after the last to draw (exclusive); `first === end` for an empty list. */
  end: number;
  /** Pixel top of row `first` inside the spacer. */
  top: number;
  /** Height of the spacer that gives the scrollbar its range, px. */
  height: number;
}

/** Pure: the spacer height for `total` rows, capped at `maxHeight`. */
export function spacerHeight(total: number, rowHeight: number, maxHeight = 8_000_000): number {
  return Math.min(Math.max(0, total) * rowHeight, maxHeight);
}

/** Pure: the rows to draw and where, for a scroll position. */
export function virtualWindow(input: WindowInput): VirtualWindow {
  const { viewportHeight, rowHeight } = input;
  const total = Math.max(0, Math.floor(input.total));
  const overscan = input.overscan ?? 8;
  const height = spacerHeight(total, rowHeight, input.maxHeight);
  if (total === 0 || rowHeight <= 0) return { first: 0, end: 0, top: 0, height };
  const visibleRows = viewportHeight / rowHeight;
  const scrollRange = Math.max(0, height - viewportHeight);
  const rowRange = Math.max(0, total - visibleRows);
  const scrollTop = Math.min(Math.max(0, input.scrollTop), scrollRange);
  // Fractional index of the first visible row; equals scrollTop / rowHeight when nothing is compressed.
  const exact = scrollRange === 0 ? 0 : (scrollTop / scrollRange) * rowRange;
  const firstVisible = Math.floor(exact);
  // Row `firstVisible` is drawn so its top sits `(exact - firstVisible)` rows above the viewport's top.
  const firstVisibleTop = scrollTop - (exact - firstVisible) * rowHeight;
  const first = Math.max(0, firstVisible - overscan);
  const end = Math.min(total, Math.ceil(exact + visibleRows) + overscan);
  return { first, end, top: firstVisibleTop - (firstVisible - first) * rowHeight, height };
}

/** Pure: the scrollTop that shows row `index` at the top of the viewport (inverse of `virtualWindow`). */
export function scrollTopFor(index: number, input: Omit<WindowInput, 'scrollTop'>): number {
  const total = Math.max(0, Math.floor(input.total));
  const height = spacerHeight(total, input.rowHeight, input.maxHeight);
  const scrollRange = Math.max(0, height - input.viewportHeight);
  const rowRange = Math.max(0, total - input.viewportHeight / input.rowHeight);
  if (rowRange === 0) return 0;
  return (Math.min(Math.max(0, index), rowRange) / rowRange) * scrollRange;
}

/** Pure: the page numbers (of `pageSize` rows) covering rows `[first, end)`. */
export function pagesCovering(first: number, end: number, pageSize: number): number[] {
  if (end <= first) return [];
  const pages: number[] = [];
  for (let p = Math.floor(first / pageSize); p <= Math.floor((end - 1) / pageSize); p++) pages.push(p);
  return pages;
}
