/** One entry of the package: its sizes in bytes and its budget (gzipped bytes; null: none set). */
export interface EntrySize {
  entry: string;
  file: string;
  shipped: number;
  minified: number;
  gzip: number;
  budget: number | null;
}
export const BUDGETS: Record<string, number>;
export function packageEntries(pkg: {
  name: string;
  exports?: Record<string, unknown>;
}): { entry: string; file: string }[];
/** Bundles every entry of the package in `packageDir` and measures it. */
export function entrySizes(packageDir: string): Promise<EntrySize[]>;
export function sizeTable(rows: EntrySize[]): string;
