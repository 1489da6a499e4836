/**
 * Where the player (Player.svelte) lives: in embed.html inside a host page's `<iframe>`, or as the
 * `<flowledger-player>` element in the host page itself (src/ui/player). One player serves both;
 * this says what differs — where its theme is set, how it tells the host what it shows, what its
 * `src` is resolved against, and whether it reads the address and the host's messages.
 */
export interface PlayerHost {
  /** `frame`: embed.html (reads its address's fragment and the parent's messages); `element`: neither. */
  kind: 'frame' | 'element';
  /** The element whose `data-theme` and `color-scheme` the player sets. */
  themeRoot: HTMLElement;
  /** Tells the host page what the player shows (`{type: 'flowledger:step', …}` and the rest). */
  tell(message: Record<string, unknown>): void;
  /** The address `src` is resolved against (and whose origin it must share). */
  baseUrl: string;
  /** Events and seed given beside `src` (the element's `events` property and `seed` attribute). */
  events: Record<string, unknown>[] | null;
  seed: number | null;
}

/** Not pure: embed.html's host — the page's root, `postMessage` to the parent frame, its own address. */
export function frameHost(): PlayerHost {
  return {
    kind: 'frame',
    themeRoot: document.documentElement,
    // Any origin: nothing here is secret, it is the host's own workflow.
    tell: (message) => {
      if (window.parent !== window) window.parent.postMessage({ source: 'flowledger', ...message }, '*');
    },
    baseUrl: location.href,
    events: null,
    seed: null,
  };
}
