import type { IncomingMessage } from 'node:http';

/** A request's body, counted as it arrives and never held past `maxBytes` (then 'too large'). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too large'> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve('too large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      // Stop receiving: the rest is neither read nor held, and the answer closes the connection.
      req.off('data', onData);
      req.pause();
      resolve('too large');
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
