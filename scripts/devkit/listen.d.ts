import type { Server } from 'node:http';

/** A server listening on loopback (or `host`), with its URL and a stop that also drops kept-alive connections. */
export interface RunningServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

export function listen(server: Server, port: number, host?: string): Promise<RunningServer>;
