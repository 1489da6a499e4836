/**
 * A Vitest environment for the UI's state modules: Node (no DOM), but modules transformed as the
 * browser gets them — so `*.svelte.ts` compile for Svelte's client runtime, where `$state` is
 * reactive and `$effect.root` runs, as on the page (the default Node environment compiles them for
 * server rendering, where effects never run).
 */
import type { Environment } from 'vitest/environments';

export default {
  name: 'node-client',
  viteEnvironment: 'client',
  setup: () => ({ teardown: () => undefined }),
} satisfies Environment;
