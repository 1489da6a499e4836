/**
 * The service as the handlers see it: the contract's port (`PortOf`, src/contract/port.ts) of the
 * worker's implementation, re-exported here where the handlers import it.
 */
import type { ServicePort } from '../worker/api';

export type { ServicePort } from '../worker/api';

/** How handlers reach the service: called per request (the browser's starts the worker lazily). */
export type ServiceGetter = () => ServicePort;
