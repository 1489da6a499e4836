/**
 * The service as the handlers see it: every method of `EngineService` returning a promise. Both the
 * plain service (Node tests) and the Comlink proxy of the worker (browser) fit it.
 */
import type { EngineService } from '../worker/api';

export type ServicePort = {
  [K in keyof EngineService]: (...args: Parameters<EngineService[K]>) => Promise<Awaited<ReturnType<EngineService[K]>>>;
};

/** How handlers reach the service: called per request (the browser's starts the worker lazily). */
export type ServiceGetter = () => ServicePort;
