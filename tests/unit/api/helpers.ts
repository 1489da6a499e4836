/**
 * The contract-test harness: the real handlers (MSW `setupServer`) over the real service on a fresh
 * fake-indexeddb database per test, driven through the real `EngineAPIService` at an absolute base
 * URL. Ids and clocks are deterministic.
 *
 * The client's transport is `fetch` (through `setupServer`, as outside clients reach the API) unless
 * FLOWLEDGER_TRANSPORT=in-page, when it is the page's own in-page transport (MSW `getResponse` over
 * the same handler list). vitest.config.ts runs every contract test under both.
 */
import 'fake-indexeddb/auto';
import { Validator } from '@cfworker/json-schema';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildHandlers } from '../../../src/api/handlers';
import { createApiServer } from '../../../src/api/node';
import { CompatProfiles } from '../../../src/api/profile';
import type { ServicePort } from '../../../src/api/servicePort';
import { ApiError } from '../../../src/client/ApiError';
import { EngineAPIService } from '../../../src/client/EngineAPIService';
import { inPageTransport } from '../../../src/client/transport';
import { Engine } from '../../../src/engine';
import type { AppDB } from '../../../src/store/AppDB';
import { openAppDb } from '../../../src/store/db';
import { createService, type ServiceDeps } from '../../../src/worker/api';
import type { BundleLoader } from '../../../src/worker/parsing/bundle';
import { inProcessLocks, type LockRunner } from '../../../src/worker/locks';
import { exampleTemplates } from '../../../src/worker/templates/seedTemplates';

export const BASE = 'http://flowledger.test/api';

export type Json = Record<string, unknown>;

let current: ServicePort | null = null;

/** Which transport the tests' client uses: `fetch` (default) or `in-page`. */
export const TRANSPORT = process.env.FLOWLEDGER_TRANSPORT === 'in-page' ? 'in-page' : 'fetch';

/** One profile choice for the server's handlers and the in-page client's, as a page has one handler list. */
const profiles = new CompatProfiles();

function currentService(): ServicePort {
  if (!current) throw new Error('no service: call newApi() in the test first');
  return current;
}

/** A client at BASE over the transport under test. */
export function newClient(): EngineAPIService {
  return new EngineAPIService({
    baseUrl: BASE,
    ...(TRANSPORT === 'in-page'
      ? { transport: inPageTransport(buildHandlers(currentService, BASE, { profiles })) }
      : {}),
  });
}
let dbCount = 0;
const opened: AppDB[] = [];

/** Starts the MSW server for the file's tests (call once at the top of a test file). */
export function useApiServer(): void {
  const server = createApiServer(currentService, BASE, { profiles });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    current = null;
    for (const db of opened.splice(0)) db.close();
  });
  afterAll(() => server.close());
}

export interface TestApi {
  api: EngineAPIService;
  service: ReturnType<typeof createService>;
  db: AppDB;
  dbName: string;
  locks: LockRunner;
}

export interface NewApiOptions extends Partial<ServiceDeps> {
  /** Reuse a database (a reload, or a second tab). */
  dbName?: string;
  /** Seed the example templates on first open. */
  examples?: boolean;
  /** Prepare the database before first use (e.g. add a Dexie middleware). */
  configure?: (db: AppDB) => void;
}

/** A service on a fresh (or the named) database, now answering the API. */
export function newApi(options: NewApiOptions = {}): TestApi {
  const dbName = options.dbName ?? `flowledger-test-${process.pid}-${++dbCount}-${Math.random().toString(36).slice(2)}`;
  let ids = 0;
  const newId = options.newId ?? (() => `${dbName.slice(-6)}-${++ids}`);
  let tick = Date.UTC(2026, 0, 1);
  const now = options.now ?? (() => new Date((tick += 1000)));
  const db =
    options.db ??
    openAppDb({
      name: dbName,
      ...(options.examples
        ? { initialTemplates: () => exampleTemplates(exampleDocuments(), new Date(tick).toISOString(), newId) }
        : {}),
    });
  options.configure?.(db);
  opened.push(db);
  const locks = options.locks ?? inProcessLocks();
  const { dbName: _name, examples: _examples, configure: _configure, ...deps } = options;
  const service = createService({ ...deps, db, newId, now, locks });
  current = service;
  return { api: newClient(), service, db, dbName, locks };
}

/** Makes `t` the service the API answers with (switching tabs). */
export function use(t: TestApi): EngineAPIService {
  current = t.service;
  return t.api;
}

/** The example documents, sorted by file name (as the worker entry does). */
export function exampleDocuments(): unknown[] {
  const dir = new URL('../../../examples/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as unknown);
}

/** The bundled parser files read from `public/` on disk, as the worker fetches them in the browser. */
export const diskBundle: BundleLoader = (path) => readFile(new URL(`../../../public/${path}`, import.meta.url), 'utf8');

/** A three-node pipeline: `src` (values 1, 2, 3, …, `count` tokens) → `double` (value × 2) → `sink`. */
export function pipeline(count = 3, extra: Json = {}): Json {
  return {
    version: '3.0',
    name: 'Pipeline',
    seed: 1,
    ...extra,
    nodes: [
      {
        nodeId: 'src',
        type: 'DataSource',
        generation: { type: 'sequence', start: 1, step: 1 },
        count,
        outputs: [{ destinationNodeId: 'double' }],
      },
      {
        nodeId: 'double',
        type: 'ProcessNode',
        processing: { formula: 'value * 2' },
        outputs: [{ destinationNodeId: 'sink' }],
      },
      { nodeId: 'sink', type: 'Sink' },
    ],
  };
}

/** The ledger hash of an uninterrupted run of `scenario` (with `events` added at step 0), run to the end. */
export function uninterruptedHash(scenario: Json, events: Json[] = [], seed?: number): string {
  const engine = new Engine();
  const loaded = engine.initialize(scenario, seed === undefined ? {} : { seed });
  expect(loaded.errors).toEqual([]);
  if (events.length > 0) expect(engine.getExternalEventQueue().addEvents(events).ok).toBe(true);
  engine.runToEnd();
  return engine.ledgerHash();
}

/** The ApiError a call rejects with (fails the test if it resolves). */
export async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail with an ApiError');
}

/** A raw request to the API (for what the client does not expose: status codes, headers, bad bodies). */
export function raw(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${BASE}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json', ...headers } }),
  });
}

const openapi = JSON.parse(readFileSync(new URL('../../../public/openapi.json', import.meta.url), 'utf8')) as {
  components: Record<string, unknown>;
};

/** The problems of `value` against schema `name` of public/openapi.json (empty when it conforms). */
export function schemaErrors(name: string, value: unknown): string[] {
  const validator = new Validator(
    { $ref: `#/components/schemas/${name}`, components: openapi.components } as never,
    '2020-12',
    false,
  );
  return validator.validate(value).errors.map((e) => `${e.instanceLocation}: ${e.error}`);
}
