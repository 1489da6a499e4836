/**
 * The bundled examples (`examples/*.json`) as starting points for `New template`: loaded on demand
 * (a separate chunk), each turned into a template document. Not pure (loads modules).
 */
import { toTemplateDocument } from '../../controllers/editor/authoring';

const modules = import.meta.glob<unknown>('/examples/*.json', { import: 'default' });

export interface ExampleDoc {
  file: string;
  name: string;
  doc: Record<string, unknown>;
}

export async function loadExamples(): Promise<ExampleDoc[]> {
  const out: ExampleDoc[] = [];
  for (const path of Object.keys(modules).sort()) {
    const file = path
      .split('/')
      .pop()!
      .replace(/\.json$/, '');
    const doc = toTemplateDocument(await modules[path]!(), file);
    if (!doc) continue;
    delete doc.$schema;
    out.push({ file, name: String(doc.name), doc });
  }
  return out;
}
