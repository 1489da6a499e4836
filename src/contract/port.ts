/**
 * The service port: how the HTTP handlers (and any other caller across the worker boundary) see a
 * service — every method of its implementation, returning a promise. It is derived, never written
 * twice: the worker applies it to its own implementation (`ServicePort` in src/worker/api.ts, the
 * type of `createService`), since the contract may not import the worker (layer rule). Both the plain
 * service (Node tests) and the Comlink proxy of the worker (browser) fit it.
 */
export type PortOf<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};
