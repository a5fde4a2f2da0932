import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on loopback (or `host`), with its URL and a stop that also drops kept-alive connections. */
export interface RunningServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { address, port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://${address}:${bound}`,
        server,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
