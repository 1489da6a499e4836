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

  it("keeps an FSM's open state diagram with its node (diagram=1), and only with one", () => {
    const open = { ...EMPTY_ROUTE, template: 't', execution: 'x', step: 3, node: 'Process', diagram: true };
    expect(formatRoute(open)).toBe('?template=t&execution=x&step=3&node=Process&diagram=1');
    expect(parseRoute(formatRoute(open))).toEqual(open);
    // Without a node the flag means nothing: neither written nor read.
    expect(formatRoute({ ...open, node: null })).toBe('?template=t&execution=x&step=3');
    expect(parseRoute('?template=t&diagram=1')).toEqual({ ...EMPTY_ROUTE, template: 't' });
    expect(parseRoute('?template=t&node=n&diagram=yes')).toEqual({ ...EMPTY_ROUTE, template: 't', node: 'n' });
  });
});
