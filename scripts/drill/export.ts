// The 200 MiB export through nginx → a host → the backend, read as fast as a visitor on loopback reads it, with the
// hosts' resident memory sampled meanwhile.
import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { rssMiB } from './hosts.js';

export interface ExportRun {
  status: number;
  bytes: number;
  /** Milliseconds from the request to the visitor's first byte, and to its last. */
  firstByteMs: number;
  lastByteMs: number;
  /** Each host's resident memory before, and its highest while the answer streamed, in MiB. */
  memory: { pid: number; beforeMiB: number; peakMiB: number }[];
}

export async function exportThrough(site: string, ca: string, pids: number[]): Promise<ExportRun> {
  const memory = pids.map((pid) => ({ pid, beforeMiB: rssMiB(pid), peakMiB: 0 }));
  const sample = () => {
    for (const one of memory) one.peakMiB = Math.max(one.peakMiB, rssMiB(one.pid));
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  const body = JSON.stringify({ query: { accessToken: 'drill-export-token' } });
  try {
    return await new Promise<ExportRun>((resolve, reject) => {
      const req = request(
        `${site}/api/users.exportCsv`,
        {
          method: 'POST',
          ca,
          headers: {
            origin: site,
            'content-type': 'application/json',
            'x-request-id': randomUUID(),
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          let bytes = 0;
          let firstByteMs = 0;
          res.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstByteMs = performance.now() - started;
            bytes += chunk.length;
          });
          res.on('end', () => {
            sample();
            resolve({
              status: res.statusCode ?? 0,
              bytes,
              firstByteMs,
              lastByteMs: performance.now() - started,
              memory,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    clearInterval(timer);
  }
}
