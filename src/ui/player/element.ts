/**
 * `<flowledger-player>` (the package's `flowledger/player`, docs/embed.md): embed.html's player —
 * the same Player.svelte, transport, timeline and Result — as a custom element for docs sites. It
 * renders in a shadow root with its own styles, runs its engine in a worker of its own with an
 * in-memory store (src/client/playerClient.ts), and tells the page what it shows as DOM events:
 * `flowledger-step`, `flowledger-ended` (with the ledger hash), `flowledger-error`, and
 * `flowledger-ready`; they bubble and cross the shadow boundary.
 *
 * Attributes: `src` (a template file, same origin), `step`, `autoplay`, `speed`, `theme` (`light` |
 * `dark`), `height` (the graph's height in pixels), `seed`; the `events` property: the external
 * events to run with. A change of any of them starts the player again.
 */
import { mount, unmount } from 'svelte';
import { createPlayerClient } from '../../client/playerClient';
import globalCss from '../styles/global.css?inline';
import type { PlayerHost } from '../embed/host';
import Player from '../embed/Player.svelte';
import { readEmbedOptions } from '../embed/source';
import { readSeed, shadowCss } from './attributes';
import type { FlowledgerPlayer as PlayerElement } from './player';

const ATTRIBUTES = ['src', 'step', 'autoplay', 'speed', 'theme', 'height', 'seed'] as const;
/** The graph's height when the element has no `height` attribute. */
const DEFAULT_HEIGHT = 360;

export class FlowledgerPlayer extends HTMLElement implements PlayerElement {
  static observedAttributes = [...ATTRIBUTES];
  #events: Record<string, unknown>[] | null = null;
  #player: ReturnType<typeof mount> | null = null;
  #frame: HTMLDivElement | null = null;
  #pending = false;
  /** One client (and engine worker) per element, kept across restarts. */
  #api: ReturnType<typeof createPlayerClient> | null = null;

  /** The external events the player runs the template with (instead of the template file's own). */
  get events(): Record<string, unknown>[] | null {
    return this.#events;
  }
  set events(value: Record<string, unknown>[] | null) {
    this.#events = Array.isArray(value) ? value.filter((e) => e !== null && typeof e === 'object') : null;
    this.#restart();
  }

  connectedCallback(): void {
    // `events` set before this module defined the element is the instance's own property, which
    // hides the accessor: take it over.
    if (Object.hasOwn(this, 'events')) {
      const events = (this as { events: Record<string, unknown>[] | null }).events;
      delete (this as { events?: unknown }).events;
      this.events = events;
    }
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = `${shadowCss(globalCss)}\n:host { display: block; }\n:host([hidden]) { display: none; }`;
      this.#frame = document.createElement('div');
      this.#frame.style.height = '100%';
      root.append(style, this.#frame);
    }
    this.#restart();
  }

  disconnectedCallback(): void {
    if (this.#player) void unmount(this.#player);
    this.#player = null;
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#restart();
  }

  /** Starts the player again once this task's attribute changes are all in. */
  #restart(): void {
    if (this.#pending || !this.isConnected) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      if (!this.isConnected || !this.#frame) return;
      if (this.#player) void unmount(this.#player);
      const query = new URLSearchParams();
      for (const name of ATTRIBUTES) {
        const value = this.getAttribute(name);
        if (value !== null) query.set(name, name === 'autoplay' && value === '' ? '1' : value);
      }
      const options = readEmbedOptions(`?${query}`);
      const host: PlayerHost = {
        kind: 'element',
        themeRoot: this,
        tell: (message) => {
          const { type, ...detail } = message;
          if (typeof type !== 'string') return;
          this.dispatchEvent(new CustomEvent(type.replace(':', '-'), { detail, bubbles: true, composed: true }));
        },
        baseUrl: document.baseURI,
        events: this.#events,
        seed: readSeed(this.getAttribute('seed')),
      };
      this.#player = mount(Player, {
        target: this.#frame,
        props: {
          api: (this.#api ??= createPlayerClient()),
          options: { ...options, height: options.height ?? DEFAULT_HEIGHT },
          host,
        },
      });
    });
  }
}

/** Not pure: registers `<flowledger-player>` (once: a second copy of the module leaves the first). */
export function definePlayer(): void {
  if (!customElements.get('flowledger-player')) customElements.define('flowledger-player', FlowledgerPlayer);
}
