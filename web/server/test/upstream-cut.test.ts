import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { operations } from '@runofshow/sdk/operations';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, type RunningHost, startHost } from '../src/index.js';
import { API_KEY, builtApp } from './support.js';

// Issue 29 F5: a backend answer cut short inside its gzip, deflate or brotli stream reached the visitor as a complete
// 200 (a CSV export of 5,001 lines arrived with 4,995, cut mid-row, and curl exited 0): the host's proxy ran on fetch,
// which decodes leniently. The host runs as `npm run serve` runs it here (no fetch of a test's own), in front of a
// backend that sends the export compressed and closes its connection 10 bytes before the stream's end.
const ROWS = Array.from({ length: 5001 }, (_, i) => `${i},Visitor ${i}\n`).join('');
const CODINGS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;
const stops: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

/** A backend that answers every call with the export in `coding`, cut short, its connection then closed. */
async function cuttingBackend(coding: keyof typeof CODINGS): Promise<string> {
  const whole = CODINGS[coding](ROWS);
  const server: Server = createServer((socket) => {
    socket.once('data', () => {
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Encoding: ${coding}\r\nConnection: close\r\n\r\n`,
      );
      socket.end(whole.subarray(0, whole.length - 10));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** The export as a visitor's network stack reads it: the bytes, and whether the answer really completed. */
function exportFrom(host: RunningHost): Promise<{ status: number; bytes: number; complete: boolean }> {
  return new Promise((resolve) => {
    const req = request(`${host.url}/api/users.exportCsv`, {
      method: 'POST',
      headers: { origin: host.url, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('error', () => undefined);
      res.on('close', () => resolve({ status: res.statusCode ?? 0, bytes, complete: res.complete }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, complete: false }));
    req.end('{"query":{"accessToken":"tok"}}');
  });
}

describe('a backend answer cut inside its compressed stream', () => {
  it.each(Object.keys(CODINGS) as (keyof typeof CODINGS)[])(
    'ends the visitor’s answer with an error (%s), never a clean end',
    async (coding) => {
      // As main.ts starts it: no fetch of the test's own, so the listener's own transport.
      const host = await startHost({
        port: 0,
        appDir: await builtApp(),
        apiOrigin: await cuttingBackend(coding),
        apiMode: 'proxy',
        apiKey: API_KEY,
        logger: createLogger('silent', API_KEY),
        operations: { 'users.exportCsv': operations['users.exportCsv'] },
      });
      stops.push(() => host.stop());
      const answer = await exportFrom(host);
      expect(answer.bytes).toBeLessThan(ROWS.length);
      expect(answer.complete).toBe(false);
    },
  );
});
