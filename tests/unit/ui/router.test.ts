import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../src/ui/app/router';
import { EMPTY_ROUTE, type RouteState } from '../../../src/ui/context/routes';

/** A stand-in address bar: `location` and `history` over one URL, with the history's entries counted. */
function fakeAddressBar(start: string) {
  const url = new URL(start);
  const entries: string[] = [url.search + url.hash];
  const listeners = new Set<() => void>();
  const set = (href: string) => {
    const next = new URL(href, url);
    url.search = next.search;
    url.hash = next.hash;
  };
  vi.stubGlobal('location', {
    get search() {
      return url.search;
    },
    get hash() {
      return url.hash;
    },
    get origin() {
      return url.origin;
    },
    get pathname() {
      return url.pathname;
    },
  });
  vi.stubGlobal('history', {
    pushState: (_s: unknown, _t: string, href: string) => {
      set(href);
      entries.push(url.search + url.hash);
    },
    replaceState: (_s: unknown, _t: string, href: string) => {
      set(href);
      entries[entries.length - 1] = url.search + url.hash;
    },
  });
  vi.stubGlobal('window', {
    addEventListener: (_type: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_type: string, fn: () => void) => listeners.delete(fn),
  });
  return { entries, back: () => listeners.forEach((fn) => fn()), listeners, set };
}

const click = (over: Partial<MouseEvent> = {}) => {
  const e = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, prevented: false, ...over };
  return Object.assign(e, { preventDefault: () => (e.prevented = true) }) as unknown as MouseEvent & {
    prevented: boolean;
  };
};

describe('router (the one owner of the address bar)', () => {
  let shown: RouteState[];
  beforeEach(() => {
    shown = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('push adds a history entry and shows the route; replace rewrites the entry and shows nothing', () => {
    const bar = fakeAddressBar('https://app.test/flowledger/');
    const router = createRouter((r) => shown.push(r));
    router.push({ ...EMPTY_ROUTE, template: 't1' });
    expect(bar.entries).toEqual(['', '?template=t1']);
    expect(shown).toEqual([{ ...EMPTY_ROUTE, template: 't1' }]);
    router.replace({ ...EMPTY_ROUTE, template: 't1', execution: 'e1', step: 4 });
    expect(bar.entries).toEqual(['', '?template=t1&execution=e1&step=4']);
    expect(shown).toHaveLength(1);
    // The empty route is written as a bare `?`, so the query really goes away.
    router.push(EMPTY_ROUTE);
    expect(bar.entries.at(-1)).toBe('');
    expect(router.current()).toEqual(EMPTY_ROUTE);
  });

  it('a plain left click on a link navigates; a click with a modifier or another button is the browser’s', () => {
    const bar = fakeAddressBar('https://app.test/');
    const router = createRouter((r) => shown.push(r));
    const withCtrl = click({ ctrlKey: true });
    router.follow(withCtrl, '?view=library');
    const middle = click({ button: 1 });
    router.follow(middle, '?view=library');
    expect([withCtrl.prevented, middle.prevented, bar.entries.length]).toEqual([false, false, 1]);
    const plain = click();
    router.follow(plain, '?view=library');
    expect(plain.prevented).toBe(true);
    expect(shown).toEqual([{ ...EMPTY_ROUTE, view: 'library', template: null }]);
  });

  it('a share fragment is taken once and leaves the address without it', () => {
    const bar = fakeAddressBar('https://app.test/?template=x#share=v1.abc');
    const router = createRouter((r) => shown.push(r));
    expect(router.takeShare()).toBe('#share=v1.abc');
    expect(bar.entries).toEqual(['?template=x']);
    expect(router.takeShare()).toBeNull();
    expect(router.appBase()).toBe('https://app.test/');
  });

  it('back and forward show the address’s route while listening, and not after', () => {
    const bar = fakeAddressBar('https://app.test/');
    const router = createRouter((r) => shown.push(r));
    const detach = router.listen();
    bar.set('?view=ingest');
    bar.back();
    expect(shown).toEqual([{ ...EMPTY_ROUTE, view: 'ingest' }]);
    detach();
    expect(bar.listeners.size).toBe(0);
  });
});
