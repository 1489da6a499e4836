/**
 * The parser-configuration operations (API.md "Parser"): list, read, create, update, delete. Every
 * configuration is checked by the parser core before it is stored (422 INVALID_CONFIG otherwise).
 *
 * The manifest's configurations are SEEDED: stored like any saved configuration, under the id they
 * declare (`openssh-sessions`), the first time the worker serves a parser request on a database
 * that never had them — so they can be edited and deleted, and a deleted one never comes back.
 */
import type { Deleted, ParserConfigBody, ParserConfigRecord, ParserConfigSaved } from '../../contract/wire';
import { parserConfigToRow, parserConfigToWire } from '../../store/mappers';
import * as store from '../../store/parserConfigs';
import type { ParserContext } from './parserContext';
import { detectPreset } from '../../parser';
import { applyConfigPatch, checkConfig, readConfigBody, readConfigPatch } from './parserInput';
import { Failure, guard, ok, type Result } from '../result';
import { resolveSources } from './sourceOps';

/**
 * Not pure (reads sources): a configuration without a `format` gets the built-in preset that reads
 * most lines of its first source (at least half of a sample; on a tie, one that has the
 * `groupByField`), so the seed's own shape
 * `{name, description, sources, groupByField}` is accepted and its group field checked against that
 * format. Sources that cannot be read, or that no preset fits, leave the body as it is (the whole
 * line is then the content).
 */
async function withDetectedFormat(p: ParserContext, body: unknown): Promise<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const o = body as Record<string, unknown>;
  if (o.format !== undefined || !Array.isArray(o.sources) || o.sources.length === 0) return body;
  if (!o.sources.every((s) => typeof s === 'string' && s !== '')) return body;
  let texts: string[];
  try {
    texts = await resolveSources(p, [o.sources[0] as string], '');
  } catch {
    return body;
  }
  const field = typeof o.groupByField === 'string' ? o.groupByField : undefined;
  const found = detectPreset(texts[0] ?? '', field === undefined ? {} : { field });
  return found === null ? body : { ...o, format: { kind: 'preset', name: found.name } };
}

/** Not pure: the configuration methods of a service over `p`. */
export function parserConfigOps(p: ParserContext) {
  const { ctx } = p;
  return {
    /** Every saved configuration (the seeded ones included), by name. */
    listParserConfigs(): Promise<Result<ParserConfigRecord[]>> {
      return guard(async () => {
        await p.ensureSeeded();
        return ok((await store.listParserConfigs(ctx.db)).map(parserConfigToWire));
      });
    },

    /** The configuration `configId`; CONFIG_NOT_FOUND otherwise. */
    getParserConfig(configId: string): Promise<Result<ParserConfigRecord>> {
      return guard(async () => ok(await mustGetConfig(p, configId)));
    },

    /** Checks and stores a new configuration (`{name, description?, sources, groupByField?, format?, …}`). */
    createParserConfig(body: unknown): Promise<Result<ParserConfigSaved>> {
      return guard(async () => {
        const config = readConfigBody(await withDetectedFormat(p, body));
        await p.ensureSeeded();
        const at = ctx.now();
        const record: ParserConfigRecord = { id: ctx.newId(), ...config, createdAt: at, updatedAt: at };
        await store.putParserConfig(ctx.db, parserConfigToRow(record));
        return ok({ success: true, config: record, message: `Parser configuration '${record.name}' created` });
      });
    },

    /** Applies a partial update (a field set to null is removed); the result is checked as a whole. */
    updateParserConfig(configId: string, body: unknown): Promise<Result<ParserConfigSaved>> {
      return guard(async () => {
        const patch = readConfigPatch(body);
        const current = await mustGetConfig(p, configId);
        const next = applyConfigPatch(current, patch);
        checkConfig(next);
        const record: ParserConfigRecord = {
          ...next,
          id: configId,
          createdAt: current.createdAt,
          updatedAt: ctx.now(),
        };
        await store.putParserConfig(ctx.db, parserConfigToRow(record));
        return ok({ success: true, config: record, message: `Parser configuration '${record.name}' updated` });
      });
    },

    /** Deletes the configuration (a seeded one stays deleted). */
    deleteParserConfig(configId: string): Promise<Result<Deleted>> {
      return guard(async () => {
        const current = await mustGetConfig(p, configId);
        if (!(await store.deleteParserConfig(ctx.db, configId))) throw notFound(configId);
        return ok({ success: true, message: `Parser configuration '${current.name}' deleted` });
      });
    },
  };
}

/** Not pure: the stored configuration (after seeding), or Failure CONFIG_NOT_FOUND. */
export async function mustGetConfig(p: ParserContext, configId: string): Promise<ParserConfigRecord> {
  await p.ensureSeeded();
  const row = await store.getParserConfig(p.ctx.db, configId);
  if (!row) throw notFound(configId);
  return parserConfigToWire(row);
}

/** Pure: the configuration part of a record (what the parser reads). */
export function configOf(record: ParserConfigRecord): ParserConfigBody {
  const { id: _id, createdAt: _c, updatedAt: _u, ...config } = record;
  return config;
}

/**
 * Not pure: stores the manifest's configurations that were never seeded; returns false when the
 * manifest could not be read (nothing is recorded then, so a later request tries again).
 */
export async function seedBundledConfigs(p: ParserContext): Promise<boolean> {
  const manifest = await p.bundle.manifest();
  if (manifest.raw === null) return false;
  const seeded = new Set(await store.seededParserConfigIds(p.ctx.db));
  if (manifest.configPaths.length === 0) return true;
  const { configs } = await p.bundle.configs();
  const fresh = configs.filter((c) => !seeded.has(c.id));
  if (fresh.length === 0) return true;
  const at = p.ctx.now();
  await store.seedParserConfigs(
    p.ctx.db,
    fresh.map((c) => parserConfigToRow({ id: c.id, ...c.config, createdAt: at, updatedAt: at })),
  );
  return true;
}

function notFound(configId: string): Failure {
  return new Failure('CONFIG_NOT_FOUND', `Parser configuration "${configId}" not found`, { configId });
}
