/// <reference types="node" />
// The direct call over node:http(s) with kept-alive connections: no Request or Response per call, the answer read
// from Node's own message as it arrives (through a decoder only when compressed).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { guardedSource, timeoutError } from './body-source.js';
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

/** The multipart bytes and type of a FormData (its boundary included), as fetch would send them. */
async function encode(body: DirectCall['body']): Promise<{ bytes?: Uint8Array | string; type?: string }> {
  if (body === undefined || typeof body === 'string') return body === undefined ? {} : { bytes: body };
  const encoded = new Response(body);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/**
 * The chunks of a stream as it gives them, a read at a time (the stream is paused between reads); a stream that
 * closes before its end fails the read. Lighter than the stream's async iterator, which this runs in place of on
 * every answer.
 */
function chunksOf(stream: Readable): () => Promise<Uint8Array | null> {
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => wake?.();
  stream.on('readable', notify);
  stream.once('end', () => {
    ended = true;
    notify();
  });
  stream.once('error', (error) => {
    failure = error;
    notify();
  });
  stream.once('close', () => {
    if (!ended) failure ??= new Error('The API closed the connection mid-answer.');
    notify();
  });
  return async () => {
    for (;;) {
      if (failure !== undefined) throw failure;
      const chunk = stream.read() as Buffer | null;
      if (chunk !== null) return bytesOf(chunk);
      if (ended) return null;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  };
}

/** A declared Content-Length as a number, when it is one. */
function declaredLength(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * Makes the direct call: redirects handed back as they are, the answer's head within `timeoutMs`, then its body as a
 * source that waits at most `timeoutMs` for each chunk. A compressed body is decoded as it arrives, as fetch would;
 * one sent as it is keeps its declared length, which its bytes must match.
 */
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
      clearTimeout(timer);
      const status = answer.statusCode ?? 502;
      const raw = answer.rawHeaders;
      const pairs: [string, string][] = [];
      for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
      const head = { status, statusText: answer.statusMessage ?? '', headers: pairs };
      if (status === 204 || status === 304) {
        answer.resume();
        return resolve({ ...head, body: null });
      }
      // Decoded as fetch decodes it: node:http hands over the bytes as sent, which passed on as JSON would be garbage.
      const coding = String(answer.headers['content-encoding'] ?? 'identity')
        .trim()
        .toLowerCase();
      let stream: Readable = answer;
      let length: number | undefined;
      if (coding === 'identity' || coding === '') length = declaredLength(answer.headers['content-length']);
      else {
        const decoder = DECODERS[coding];
        if (!decoder) {
          answer.destroy();
          return reject(new Error(`The API answered in an encoding it cannot pass on: ${coding}.`));
        }
        // pipeline, not pipe: an upstream that breaks off mid-answer fails the decoder too, instead of ending it.
        stream = pipeline(answer, decoder(), () => undefined) as unknown as Readable;
      }
      const next = chunksOf(stream);
      const stop = () => {
        stream.destroy();
        answer.destroy();
      };
      const arrived = () => answer.complete;
      resolve({ ...head, length, body: guardedSource(next, stop, timeoutMs, length, arrived) });
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
