/**
 * Light and dark: the system setting by default, a person's explicit choice once they toggle (kept in
 * localStorage). Sets `data-theme` on the root element; CSS variables in global.css do the rest. The
 * graph reads `effective`, since its canvas cannot use CSS.
 */
export type ThemeName = 'light' | 'dark';

const KEY = 'flowledger.theme';

/** Not pure: the page's theme, following `prefers-color-scheme` until toggled. */
export function createTheme() {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const stored = readStored();
  let system = $state<ThemeName>(media.matches ? 'dark' : 'light');
  let chosen = $state<ThemeName | null>(stored);
  media.addEventListener('change', (e) => (system = e.matches ? 'dark' : 'light'));
  const effective = $derived(chosen ?? system);
  $effect.root(() => {
    $effect(() => {
      document.documentElement.dataset.theme = effective;
      document.documentElement.style.colorScheme = effective;
    });
  });
  return {
    get effective() {
      return effective;
    },
    toggle() {
      chosen = effective === 'dark' ? 'light' : 'dark';
      try {
        localStorage.setItem(KEY, chosen);
      } catch {
        // Storage may be blocked (private mode): the choice then lasts for this page only.
      }
    },
  };
}

function readStored(): ThemeName | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

export type Theme = ReturnType<typeof createTheme>;
