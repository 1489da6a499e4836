/**
 * First run: the example templates (`examples/*.json`, as templates `{name, description, version,
 * scenario}` or bare scenarios) become stored templates when the database is first created, so the
 * app is useful immediately. The worker entry finds them with Vite's `import.meta.glob`; Node tests
 * pass them in.
 */
import type { TemplateRow } from '../../store/AppDB';
import { slugify } from './slug';
import { checkScenario, versionOf } from './templateInput';

/**
 * Pure given `newId`: template rows for the example documents that load (in the given order; one
 * that does not is skipped), with unique slugs. `at` is the ISO creation time.
 */
export function exampleTemplates(documents: readonly unknown[], at: string, newId: () => string): TemplateRow[] {
  const rows: TemplateRow[] = [];
  const slugs = new Set<string>();
  for (const doc of documents) {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) continue;
    const d = doc as Record<string, unknown>;
    const wrapped = typeof d.scenario === 'object' && d.scenario !== null && !Array.isArray(d.scenario);
    // A template's scenario may inherit the template's "version"; stored bare, it must carry it.
    const scenario = wrapped ? { version: d.version, ...(d.scenario as Record<string, unknown>) } : d;
    try {
      checkScenario(scenario);
    } catch {
      continue;
    }
    const name = text(d.name) ?? text(scenario.name) ?? `Example ${rows.length + 1}`;
    let slug = slugify(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    slugs.add(slug);
    rows.push({
      id: newId(),
      name,
      description: text(d.description) ?? text(scenario.description) ?? '',
      version: versionOf(scenario),
      slug,
      scenario,
      createdAt: at,
      updatedAt: at,
      revision: 1,
    });
  }
  return rows;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}
