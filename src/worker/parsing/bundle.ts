/**
 * The log sources and parser configurations that ship with the app, named by
 * `public/parser/manifest.json`. The worker reads them with a `BundleLoader`: in the browser a fetch
 * relative to the app's base URL (which the page tells the worker, see `fetchLoader`), in Node tests
 * a read from disk. They are static files, so each is read once per worker and kept; a failed read
 * is retried on the next request (the app may have been offline).
 */
import type { ParserConfigBody } from '../../contract/wire';
import { readConfigBody } from './parserInput';
import { Failure } from '../result';

/** Reads a bundled file by its path relative to the app's base URL (e.g. `parser/manifest.json`); rejects when it cannot. */
export type BundleLoader = (path: string) => Promise<string>;

export const MANIFEST_PATH = 'parser/manifest.json';
const DIR = 'parser/';

export interface BundledSource {
  id: string;
  name: string;
  /** Path relative to the app's base URL. */
  path: string;
}

export interface BundledConfig {
  id: string;
  config: ParserConfigBody;
}

export interface Manifest {
  /** The manifest as read; null when it could not be. */
  raw: unknown;
  sources: BundledSource[];
  configPaths: string[];
  /** What could not be read or used, in words. */
  problems: string[];
}

/** Not pure: a loader that fetches bundled files relative to the base URL `base()` returns (null until the page has said it). */
export function fetchLoader(base: () => string | null): BundleLoader {
  return async (path) => {
    const root = base();
    if (root === null) throw new Error('the app has not told the worker its base URL yet');
    const url = new URL(path, root);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url.pathname} answered ${res.status}`);
    return res.text();
  };
}

/** Not pure: reads and keeps the bundle through `load`. */
export class BundleReader {
  private manifestRead: Promise<Manifest> | null = null;
  private readonly texts = new Map<string, Promise<string>>();

  constructor(private readonly load: BundleLoader) {}

  /** The manifest's sources and configuration paths (an unreadable manifest lists none and says why). */
  manifest(): Promise<Manifest> {
    this.manifestRead ??= this.readManifest().then((m) => {
      if (m.raw === null) this.manifestRead = null;
      return m;
    });
    return this.manifestRead;
  }

  /** The text of bundled file `path`; throws Failure SOURCE_NOT_FOUND naming `what` when it cannot be read. */
  async text(path: string, what: string): Promise<string> {
    let read = this.texts.get(path);
    if (!read) {
      read = this.load(path);
      this.texts.set(path, read);
    }
    try {
      return await read;
    } catch (err) {
      this.texts.delete(path);
      throw new Failure('SOURCE_NOT_FOUND', `The bundled ${what} could not be read: ${reason(err)}`, { path });
    }
  }

  /** The manifest's configurations that read and check; the others are named in `problems`. */
  async configs(): Promise<{ configs: BundledConfig[]; problems: string[] }> {
    const manifest = await this.manifest();
    const configs: BundledConfig[] = [];
    const problems: string[] = [];
    for (const path of manifest.configPaths) {
      try {
        const doc = JSON.parse(await this.text(path, `configuration ${path}`)) as unknown;
        const config = readConfigBody(doc);
        const declared = (doc as { id?: unknown }).id;
        const id = typeof declared === 'string' && /^[\w.-]{1,100}$/.test(declared) ? declared : baseName(path);
        configs.push({ id, config });
      } catch (err) {
        problems.push(`${path}: ${err instanceof Failure ? err.error.message : reason(err)}`);
      }
    }
    return { configs, problems };
  }

  private async readManifest(): Promise<Manifest> {
    let raw: unknown;
    try {
      raw = JSON.parse(await this.load(MANIFEST_PATH)) as unknown;
    } catch (err) {
      return {
        raw: null,
        sources: [],
        configPaths: [],
        problems: [`${MANIFEST_PATH} could not be read: ${reason(err)}`],
      };
    }
    const problems: string[] = [];
    const m = (typeof raw === 'object' && raw !== null ? raw : {}) as { sources?: unknown; configs?: unknown };
    const sources: BundledSource[] = [];
    for (const [i, s] of list(m.sources).entries()) {
      const e = (typeof s === 'object' && s !== null ? s : {}) as {
        id?: unknown;
        name?: unknown;
        path?: unknown;
        type?: unknown;
      };
      const path = typeof e.path === 'string' ? inside(e.path) : null;
      if (typeof e.id !== 'string' || e.id === '' || path === null || (e.type !== undefined && e.type !== 'log')) {
        problems.push(`${MANIFEST_PATH}: sources[${i}] needs an "id", a "path" inside parser/ and type "log"`);
        continue;
      }
      sources.push({ id: e.id, name: typeof e.name === 'string' && e.name !== '' ? e.name : e.id, path });
    }
    const configPaths: string[] = [];
    for (const [i, c] of list(m.configs).entries()) {
      const path = typeof c === 'string' ? inside(c) : null;
      if (path === null) problems.push(`${MANIFEST_PATH}: configs[${i}] must be a path inside parser/`);
      else configPaths.push(path);
    }
    return { raw, sources, configPaths, problems };
  }
}

/** Pure: `parser/<path>` for a relative path that stays inside the parser folder; null otherwise. */
function inside(path: string): string | null {
  if (path === '' || path.startsWith('/') || path.includes('\\') || /^[a-z][\w+.-]*:/i.test(path)) return null;
  if (path.split('/').some((seg) => seg === '..' || seg === '')) return null;
  return DIR + path;
}

function baseName(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.json$/i, '');
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
