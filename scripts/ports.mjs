// Free loopback ports for the test and screenshot servers, so they never collide with `npm start`
// (4173), `npm run dev` (5173) or another checkout's run.
import { createServer } from 'node:net';

/** A port nobody listens on now: the OS picks one, we close it and hand it to the servers. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
