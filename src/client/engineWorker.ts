/**
 * Not pure: starts the engine worker of the app and embed.html (src/worker/engine.worker.ts),
 * named `name` (which picks its store). In a module of its own so that a build that starts another
 * worker (the player element's, playerClient.ts) does not bundle this one.
 */
export function startEngineWorker(name: string): Worker {
  return new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module', name });
}
