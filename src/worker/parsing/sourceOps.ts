/**
 * The log-source operations (API.md "Parser"): list every source — the manifest's bundled samples
 * and the logs a user added — and add one. Also how a configuration's `sources` become texts.
 */
import type { LogSource, SourceAdded, SourceList, SourcesLoaded, SourceSummary } from '../../contract/wire';
import type { SourceRow } from '../../store/AppDB';
import * as store from '../../store/sources';
import type { Manifest } from './bundle';
import type { ParserContext } from './parserContext';
import { readSourceBody } from './parserInput';
import { tooLarge } from './sourceBound';
import { Failure, guard, ok, type Result } from '../result';

/** Not pure: the source methods of a service over `p`. */
export function sourceOps(p: ParserContext) {
  const { ctx } = p;
  return {
    /** The bundled sources (with their text) and the user's, plus the manifest; what could not be read is named in `problems`. */
    loadSources(): Promise<Result<SourcesLoaded>> {
      return guard(async () => {
        await p.ensureSeeded();
        const manifest = await p.bundle.manifest();
        const problems = [...manifest.problems];
        const sources: LogSource[] = [];
        for (const s of manifest.sources) {
          try {
            sources.push({
              id: s.id,
              name: s.name,
              type: 'log',
              content: await p.bundle.text(s.path, `source "${s.id}"`),
              origin: 'bundled',
            });
          } catch (err) {
            if (!(err instanceof Failure)) throw err;
            problems.push(err.error.message);
          }
        }
        if (manifest.raw !== null) problems.push(...(await p.bundle.configs()).problems);
        for (const row of await store.listSources(ctx.db))
          sources.push({
            id: row.id,
            name: row.name,
            type: 'log',
            content: await store.sourceText(row),
            origin: 'user',
          });
        return ok({ success: true, sources, manifest: manifest.raw, problems });
      });
    },

    /** Every source without its text (`getSource` has it): bundled first, then the user's, oldest first. */
    listSources(): Promise<Result<SourceList>> {
      return guard(async () => {
        await p.ensureSeeded();
        const manifest = await p.bundle.manifest();
        const problems = [...manifest.problems];
        const sources: SourceSummary[] = [];
        for (const s of manifest.sources) {
          let bytes: number | null = null;
          try {
            bytes = utf8Bytes(await p.bundle.text(s.path, `source "${s.id}"`));
          } catch (err) {
            if (!(err instanceof Failure)) throw err;
            problems.push(err.error.message);
          }
          sources.push({ id: s.id, name: s.name, type: 'log', origin: 'bundled', bytes });
        }
        for (const row of await store.listSources(ctx.db))
          sources.push({ id: row.id, name: row.name, type: 'log', origin: 'user', bytes: row.bytes });
        return ok({ success: true, sources, problems });
      });
    },

    /** Source `sourceId` (a user's, else a bundled one) with its text; SOURCE_NOT_FOUND otherwise. */
    getSource(sourceId: string): Promise<Result<LogSource>> {
      return guard<LogSource>(async () => {
        const row = await store.getSource(ctx.db, sourceId);
        if (row)
          return ok({ id: row.id, name: row.name, type: 'log', content: await store.sourceText(row), origin: 'user' });
        const bundled = (await p.bundle.manifest()).sources.find((s) => s.id === sourceId);
        if (!bundled) throw new Failure('SOURCE_NOT_FOUND', `Source "${sourceId}" not found`, { sourceId });
        const content = await p.bundle.text(bundled.path, `source "${sourceId}"`);
        return ok({ id: bundled.id, name: bundled.name, type: 'log', content, origin: 'bundled' });
      });
    },

    /**
     * Stores a user's log (`{name, type: "log", content}`); over the size limit is PAYLOAD_TOO_LARGE.
     * The text is stored as a Blob, never as one string value: the browser refuses a stored value
     * over ~128 MB, and a log may be up to 256 MiB.
     */
    addSource(body: unknown): Promise<Result<SourceAdded>> {
      return guard(async () => {
        const input = readSourceBody(body, p.maxSourceBytes);
        const row: SourceRow = {
          id: ctx.newId(),
          name: input.name,
          type: 'log',
          content: '',
          blob: new Blob([input.content]),
          bytes: input.bytes,
          createdAt: ctx.now(),
        };
        await store.addSource(ctx.db, row);
        return ok({
          success: true,
          source: {
            id: row.id,
            name: row.name,
            type: 'log',
            origin: 'user',
            bytes: row.bytes,
            createdAt: row.createdAt,
          },
        });
      });
    },

    /**
     * Stores a user's log as the Blob it came as (a File from the page: never read into a string);
     * over the size limit is PAYLOAD_TOO_LARGE with its size, before a byte is read.
     */
    addSourceBlob(name: string, blob: Blob): Promise<Result<SourceAdded>> {
      return guard(async () => {
        if (typeof name !== 'string' || name.trim() === '' || !(blob instanceof Blob))
          throw new Failure('BAD_REQUEST', 'A log to store needs a name and a Blob', {
            issues: [{ path: '', message: 'a non-empty name and a Blob are required' }],
          });
        if (blob.size > p.maxSourceBytes) throw tooLarge(blob.size, p.maxSourceBytes);
        const at = ctx.now();
        const row: SourceRow = {
          id: ctx.newId(),
          name: name.trim(),
          type: 'log',
          content: '',
          blob,
          bytes: blob.size,
          createdAt: at,
        };
        await store.addSource(ctx.db, row);
        const source = {
          id: row.id,
          name: row.name,
          type: 'log' as const,
          origin: 'user' as const,
          bytes: row.bytes,
          createdAt: at,
        };
        return ok({ success: true, source });
      });
    },
  };
}

/**
 * Not pure: the texts of `refs` in order — each a source id (a user's, then a bundled one) or, failing
 * that, a source name. A configuration that names no source is BAD_REQUEST (`at` is where its
 * `sources` sit in the request body); unknown ones are SOURCE_NOT_FOUND, all named at once. A text
 * named twice is read once.
 */
export async function resolveSources(p: ParserContext, refs: readonly string[], at: string): Promise<string[]> {
  if (refs.length === 0) {
    throw new Failure('BAD_REQUEST', 'The configuration names no sources: add the id or name of a log to "sources"', {
      issues: [{ path: `${at}/sources`, message: 'no sources to parse' }],
    });
  }
  const found = new Map<string, string>();
  const unknown: string[] = [];
  let manifest: Manifest | null = null;
  for (const ref of new Set(refs)) {
    const user = await store.getSource(p.ctx.db, ref);
    if (user) {
      found.set(ref, await store.sourceText(user));
      continue;
    }
    manifest ??= await p.bundle.manifest();
    const bundled = manifest.sources.find((s) => s.id === ref);
    const named = bundled ? undefined : await store.findSourceByName(p.ctx.db, ref);
    if (named) {
      found.set(ref, await store.sourceText(named));
      continue;
    }
    const bundledByName = bundled ?? manifest.sources.find((s) => s.name === ref);
    if (bundledByName) found.set(ref, await p.bundle.text(bundledByName.path, `source "${ref}"`));
    else unknown.push(ref);
  }
  if (unknown.length > 0) {
    const names = unknown.map((u) => `"${u}"`).join(', ');
    const known = manifest?.sources.map((s) => s.id) ?? [];
    throw new Failure(
      'SOURCE_NOT_FOUND',
      `${unknown.length === 1 ? 'Source' : 'Sources'} ${names} not found (neither the id nor the name of a bundled or added log)`,
      {
        sources: unknown,
        bundled: known,
        ...(manifest && manifest.problems.length > 0 ? { problems: manifest.problems } : {}),
      },
    );
  }
  return refs.map((r) => found.get(r)!);
}

/** Pure: the UTF-8 size of `text` in bytes. */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
