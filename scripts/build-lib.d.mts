export const OUT: string;
export const ENTRIES: Record<string, string>;
/** The declaration file of the source `src/<path>.ts`, relative to dist-lib/types. */
export function declarationOf(src: string): string;
/** `spec` (a relative import in the declaration file `file`) as the `.js` path it resolves to. */
export function withJsExtension(spec: string, file: string, exists: (path: string) => boolean): string;
/** `text` (a declaration file at `file`) with every relative module specifier given its `.js` file. */
export function rewriteDeclaration(text: string, file: string, exists: (path: string) => boolean): string;
export function relativeSpecifiers(text: string): string[];
export function reachableDeclarations(entries: string[]): Set<string>;
export function buildLib(): Promise<void>;
