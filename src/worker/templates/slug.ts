/** Template slugs (API.md): the name in lower case with hyphens between words. */

/** Pure: the slug of `name` — lower case, words of letters and digits joined by hyphens; `template` when nothing is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'template' : slug;
}
