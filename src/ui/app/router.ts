/**
 * The one owner of the address bar: every `history` and `location` call of the app is here. The view
 * lives in the query string (routes.ts parses and formats it); a share link arrives in the fragment
 * and is taken once. A navigation (a link followed, back/forward) hands the new route to the app;
 * a replacement (the view following the person's scrubbing) does not, and does not fill the history.
 */
import { formatRoute, parseRoute, type RouteState } from '../context/routes';
import { isShareFragment } from '../controllers/share/shareLink';

export interface Router {
  /** The route in the address bar now. */
  current(): RouteState;
  /** Navigates to `target` (a route, or a link's `?…` href): a history entry, then the app shows it. */
  push(target: RouteState | string): void;
  /** Writes `route` over the current entry (no new entry, nothing shown): the address follows the view. */
  replace(route: RouteState): void;
  /** A plain left click on an in-app link navigates here; other clicks (new tab, copy) are the browser's. */
  follow(e: MouseEvent, href: string): void;
  /** The share fragment (`#share=…`) of the address, removed from it; null when there is none. */
  takeShare(): string | null;
  /** A query parameter of the address that is not part of the route (e.g. the ingestion screen's `example`). */
  param(name: string): string | null;
  /** The app's address without query or fragment (what share links start with). */
  appBase(): string;
  /** Shows back/forward navigations through `onNavigate`; returns the detach. */
  listen(): () => void;
}

/** Not pure (reads the address): the app's address without query or fragment (what share links start with). */
export function appBase(): string {
  return `${location.origin}${location.pathname}`;
}

/** Not pure (reads the address): a query parameter that is not part of the route (e.g. the ingestion screen's `example`). */
export function searchParam(name: string): string | null {
  return new URLSearchParams(location.search).get(name);
}

/** Not pure: loads the page again (a new deploy took over). */
export function reloadPage(): void {
  location.reload();
}

/** Not pure (the address bar): a router that hands every navigation's route to `onNavigate`. */
export function createRouter(onNavigate: (route: RouteState) => void): Router {
  const current = () => parseRoute(location.search);
  const push = (target: RouteState | string) => {
    history.pushState(null, '', typeof target === 'string' ? target : formatRoute(target) || '?');
    onNavigate(current());
  };
  return {
    current,
    push,
    replace(route) {
      const url = formatRoute(route) || '?';
      if (url !== location.search) history.replaceState(null, '', url);
    },
    follow(e, href) {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      push(href);
    },
    takeShare() {
      if (!isShareFragment(location.hash)) return null;
      const fragment = location.hash;
      history.replaceState(null, '', location.search || '?');
      return fragment;
    },
    param: searchParam,
    appBase,
    listen() {
      const popped = () => onNavigate(current());
      window.addEventListener('popstate', popped);
      return () => window.removeEventListener('popstate', popped);
    },
  };
}
