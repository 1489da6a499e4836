/**
 * The map's exports (issue 42): `Export SVG` writes the drawing as a file of its own (mapSvg, in the
 * theme's colours read off the page), `Export PNG` paints that SVG on a canvas at twice its size.
 */
import { saveFile } from '../download';
import type { MapColours } from '../../state/discovery/mapSvg';

/** Not pure (DOM): the theme's colours as computed on `el` (resolving `light-dark()` and the like). */
export function readMapColours(el: HTMLElement): MapColours {
  const probe = document.createElement('span');
  el.append(probe);
  const read = (v: string) => {
    probe.style.color = `var(${v})`;
    return getComputedStyle(probe).color;
  };
  const colours: MapColours = {
    background: read('--surface-soft'),
    surface: read('--surface'),
    text: read('--text'),
    muted: read('--muted'),
    line: read('--line-strong'),
    accent: read('--accent'),
    accentSoft: read('--accent-soft'),
    hot: read('--danger'),
  };
  probe.remove();
  return colours;
}

/** Not pure (download). */
export function saveSvg(svg: string, name: string): void {
  saveFile(name, new Blob([svg], { type: 'image/svg+xml' }));
}

/** Not pure (canvas, download): `svg` (width × height) painted at `scale` and saved as a PNG. */
export async function savePng(svg: string, width: number, height: number, name: string, scale = 2): Promise<void> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this browser cannot draw on a canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the canvas gave no PNG');
    saveFile(name, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
