/// <reference types="node" />
// The direct call over node:http(s) with kept-alive connections: no Request, Response or stream objects per call (a
// decoder only for a compressed answer).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Answer, DirectCall } from './core.js';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** The content codings fetch decodes; an answer in any other cannot be passed on (Content-Encoding is not). */
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** A Buffer's bytes as a Uint8Array over the same memory: no copy. */
export const bytesOf = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

const timeoutError = (timeoutMs: number) =>
  Object.assign(new Error(`The API did not answer within ${timeoutMs} ms.`), { name: 'TimeoutError' });

/** The multipart bytes and type of a FormData (its boundary included), as fetch would send them. */
async function encode(body: DirectCall['body']): Promise<{ bytes?: Uint8Array | string; type?: string }> {
  if (body === undefined || typeof body === 'string') return body === undefined ? {} : { bytes: body };
  const encoded = new Response(body);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** Makes the direct call: redirects handed back as they are, the whole call (answer read) within `timeoutMs`. */
export async function nodeAnswer(direct: DirectCall, timeoutMs: number): Promise<Answer> {
  const { bytes, type } = await encode(direct.body);
  const headers = { ...direct.headers };
  if (type) headers['content-type'] = type;
  if (bytes !== undefined) headers['content-length'] = String(Buffer.byteLength(bytes));
  const https = direct.url.startsWith('https:');
  return new Promise<Answer>((resolve, reject) => {
    let timedOut = false;
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(timedOut ? timeoutError(timeoutMs) : error);
    };
    const onAnswer = (answer: IncomingMessage) => {
      const status = answer.statusCode ?? 502;
      const empty = status === 204 || status === 304;
      const chunks: Buffer[] = [];
      answer.on('error', fail);
      answer.on('aborted', () => fail(new Error('The API closed the connection mid-answer.')));
      // Decoded as fetch decodes it: node:http hands over the bytes as sent, which passed on as JSON would be garbage.
      const coding = String(answer.headers['content-encoding'] ?? 'identity')
        .trim()
        .toLowerCase();
      let stream: Readable = answer;
      if (!empty && coding !== 'identity' && coding !== '') {
        const decoder = DECODERS[coding];
        if (!decoder) {
          answer.destroy();
          return fail(new Error(`The API answered in an encoding it cannot pass on: ${coding}.`));
        }
        stream = answer.pipe(decoder()) as unknown as Readable;
        stream.on('error', fail);
      }
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        clearTimeout(timer);
        const raw = answer.rawHeaders;
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
        const body = empty ? null : bytesOf(Buffer.concat(chunks));
        resolve({ status, statusText: answer.statusMessage ?? '', headers: pairs, body });
      });
    };
    const options = { method: direct.method, headers, agent: https ? agents.https : agents.http };
    const call = https ? httpsRequest(direct.url, options, onAnswer) : httpRequest(direct.url, options, onAnswer);
    const timer = setTimeout(() => {
      timedOut = true;
      call.destroy(timeoutError(timeoutMs));
    }, timeoutMs);
    call.on('error', fail);
    call.end(bytes);
  });
}
