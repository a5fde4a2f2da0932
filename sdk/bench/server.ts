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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}
