import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const user = JSON.stringify({
  _id: '65a1f0c2e4b0a1b2c3d4e5f6',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
});

/** A loopback API that answers at once: a GET with a user, a POST with the body it was sent (201). */
export async function startServer(): Promise<{ endpoint: string; close(): void }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : user;
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  const { url, close } = await listenLocal(server);
  return { endpoint: url, close };
}

/** Listens on a free loopback port; `close` drops the kept-alive connections too, so the bench ends at once. */
export async function listenLocal(server: Server): Promise<{ url: string; close(): void }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}
