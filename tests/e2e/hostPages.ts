import { createServer } from 'node:http';

/**
 * The host page of a docs site for the embed tests: a server on another loopback port (so another
 * origin than the app) answering each path with the HTML a test put in `pages` for it, 404 else.
 */
export interface HostPages {
  url: string;
  close(): Promise<void>;
}

/** Not pure: listens on a free loopback port until `close()`; `pages` is read on every request. */
export async function serveHostPages(pages: Readonly<Record<string, string>>): Promise<HostPages> {
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections would hold close() open
      }),
  };
}
