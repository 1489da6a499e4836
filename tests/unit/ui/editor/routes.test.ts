import { describe, expect, it } from 'vitest';
import { EMPTY_ROUTE, formatRoute, parseRoute } from '../../../../src/ui/context/routes';

describe('authoring routes', () => {
  it('round-trips the library and the editor views', () => {
    expect(formatRoute({ ...EMPTY_ROUTE, view: 'library' })).toBe('?view=library');
    expect(parseRoute('?view=library')).toEqual({ ...EMPTY_ROUTE, view: 'library' });
    const edit = { ...EMPTY_ROUTE, view: 'editor' as const, template: 'tpl-1' };
    expect(formatRoute(edit)).toBe('?view=editor&template=tpl-1');
    expect(parseRoute(formatRoute(edit))).toEqual(edit);
    expect(parseRoute('?view=editor')).toEqual({ ...EMPTY_ROUTE, view: 'editor' });
  });

  it('ignores unknown views and keeps the workspace route as it was', () => {
    expect(parseRoute('?view=nope&template=t').view).toBeUndefined();
    expect(parseRoute('?view=nope&template=t').template).toBe('t');
    expect(parseRoute('?view=library&template=t&execution=e')).toEqual({ ...EMPTY_ROUTE, view: 'library' });
  });
});
