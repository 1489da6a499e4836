import { describe, expect, it } from 'vitest';
import { declarationOf, relativeSpecifiers, rewriteDeclaration } from '../../../scripts/build-lib.mjs';

/**
 * The package's declarations (scripts/build-lib.mjs): tsc writes relative imports without an
 * extension, which `moduleResolution: node16` cannot follow; each is given the `.js` file it names
 * (a module, or a folder's index), and nothing else is touched.
 */
describe('rewriteDeclaration', () => {
  const files = new Set(['/t/engine/run/engine.d.ts', '/t/engine/diff/index.d.ts', '/t/contract/queries.d.ts']);
  const exists = (p: string) => files.has(p);
  const at = '/t/engine/library.d.ts';

  it('gives every relative import, export and import() type its .js file', () => {
    const text = [
      "export { Engine } from './run/engine';",
      "export * from './diff';",
      "export type * from '../contract/queries';",
      'import type { X } from "./run/engine";',
      "type Y = import('./diff').Z;",
    ].join('\n');
    expect(rewriteDeclaration(text, at, exists)).toBe(
      [
        "export { Engine } from './run/engine.js';",
        "export * from './diff/index.js';",
        "export type * from '../contract/queries.js';",
        'import type { X } from "./run/engine.js";',
        "type Y = import('./diff/index.js').Z;",
      ].join('\n'),
    );
  });

  it('leaves package imports, specifiers with an extension and unknown files alone', () => {
    const text = "import * as v from 'valibot';\nexport * from './run/engine.js';\nexport * from './missing';";
    expect(rewriteDeclaration(text, at, exists)).toBe(text);
  });

  it('lists the relative specifiers a declaration file names, and where an entry is declared', () => {
    expect(
      relativeSpecifiers("export * from './a.js';\nimport * as v from 'valibot';\ntype T = import('../b.js').T;"),
    ).toEqual(['./a.js', '../b.js']);
    expect(declarationOf('src/engine/library.ts')).toBe('engine/library.d.ts');
  });
});
