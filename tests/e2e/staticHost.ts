import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

/**
 * A tiny static host for the end-to-end tests, standing in for GitHub Pages, S3 or nginx: it serves
 * a folder under a sub-path (e.g. `/demo/`) with plain content types and NO special headers (no
 * Content-Security-Policy), and answers anything else 404 — so the tests see what a real static
 * host gives, not what `vite preview` adds.
 */
export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.log': 'text/plain; charset=utf-8',
};

/** Not pure: listens on a free loopback port until `close()`. `root()` is read on every request. */
export async function serveStatic(root: () => string, base = '/demo/'): Promise<StaticHost> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(base)) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(root(), path.slice(base.length)));
    if (!file.startsWith(root())) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static host: no port');
  return {
    url: `http://127.0.0.1:${address.port}${base}`,
    // Keep-alive connections of the browser (a worker's script fetch, say) would hold close() open
    // until they time out: end them too.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
