/// <reference types="node" />
// The direct call over node:http(s) with kept-alive connections: no Request or Response per call, the answer read
// from Node's own message as it arrives (through a decoder only when compressed).
import { type ClientRequest, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
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
export const bytesOf = (buffer: Uint8Array) =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);

interface Encoded {
  bytes?: Uint8Array | string | undefined;
  type?: string;
}

/** The multipart bytes and type of a FormData (its boundary included), as fetch would send them. */
async function encode(form: FormData): Promise<Encoded> {
  const encoded = new Response(form);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/**
 * The chunks of a stream as it gives them, a read at a time (the stream is paused between reads); a stream that
 * closes before its end fails the read. Lighter than the stream's async iterator, which this runs in place of on
 * every answer. What has already arrived is taken at once, and `arrived` (all of it is in the buffer) says when that
 * was the end: the listeners a wait needs are added only when a read must wait, which an answer of a few bytes
 * seldom does (issue 30: the listener's CPU per call). A failure is listened for from the start, since a stream that
 * fails with no listener takes the process down.
 */
function chunksOf(
  stream: Readable,
  arrived: () => boolean,
): { next: () => Promise<Uint8Array | null>; now: () => Uint8Array | null | undefined } {
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  let listening = false;
  const notify = () => wake?.();
  stream.once('error', (error) => {
    failure = error;
    notify();
  });
  const listen = () => {
    listening = true;
    stream.on('readable', notify);
    stream.once('end', () => {
      ended = true;
      notify();
    });
    stream.once('close', () => {
      if (!ended) failure ??= new Error('The API closed the connection mid-answer.');
      notify();
    });
  };
  /** What has arrived: a chunk, null at the end, undefined when there is nothing yet (or a failure). */
  const now = () => {
    if (failure !== undefined) return undefined;
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) return bytesOf(chunk);
    return ended || stream.readableEnded || arrived() ? null : undefined;
  };
  const next = async () => {
    for (;;) {
      if (failure !== undefined) throw failure;
      const chunk = now();
      if (chunk !== undefined) return chunk;
      if (!listening) {
        if (stream.destroyed) throw new Error('The API closed the connection mid-answer.');
        listen();
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  };
  return { next, now };
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
export function nodeAnswer(direct: DirectCall, timeoutMs: number): Promise<Answer> {
  const { body } = direct;
  // Text goes as it is, in this turn: only a form waits to be encoded.
  if (typeof body === 'object') return encode(body).then((encoded) => send(direct, encoded, timeoutMs));
  return send(direct, { bytes: body }, timeoutMs);
}

function send(direct: DirectCall, { bytes, type }: Encoded, timeoutMs: number): Promise<Answer> {
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
      // One pass over the raw head, which Node's `headers` would otherwise parse a second time into an object: the
      // pairs as sent, and the coding (repeats joined, as Node joins them) and declared length (the first) read on
      // the way (issue 30: the listener's CPU per call).
      const raw = answer.rawHeaders;
      const pairs: [string, string][] = [];
      let encoding: string | undefined;
      let declared: string | undefined;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const name = raw[i] as string;
        const value = raw[i + 1] as string;
        pairs.push([name, value]);
        if (name.length === 16 && name.toLowerCase() === 'content-encoding') {
          encoding = encoding === undefined ? value : `${encoding}, ${value}`;
        } else if (name.length === 14 && declared === undefined && name.toLowerCase() === 'content-length') {
          declared = value;
        }
      }
      const statusText = answer.statusMessage ?? '';
      if (status === 204 || status === 304) {
        answer.resume();
        return resolve({ status, statusText, headers: pairs, body: null });
      }
      // Decoded as fetch decodes it: node:http hands over the bytes as sent, which passed on as JSON would be garbage.
      const coding = (encoding ?? 'identity').trim().toLowerCase();
      let stream: Readable = answer;
      let length: number | undefined;
      if (coding === 'identity' || coding === '') length = declaredLength(declared);
      else {
        const decoder = DECODERS[coding];
        if (!decoder) {
          answer.destroy();
          return reject(new Error(`The API answered in an encoding it cannot pass on: ${coding}.`));
        }
        // pipeline, not pipe: an upstream that breaks off mid-answer fails the decoder too, instead of ending it.
        stream = pipeline(answer, decoder(), () => undefined) as unknown as Readable;
      }
      // Undecoded, the message's buffer is all there is: complete and empty is its end.
      const drained = stream === answer ? () => answer.complete && answer.readableLength === 0 : () => false;
      const { next, now } = chunksOf(stream, drained);
      const stop = () => {
        stream.destroy();
        answer.destroy();
      };
      const arrived = () => answer.complete;
      resolve({
        status,
        statusText,
        headers: pairs,
        length,
        body: guardedSource(next, stop, timeoutMs, length, arrived, now),
      });
    };
    const options = { method: direct.method, headers, agent: https ? agents.https : agents.http };
    let call: ClientRequest;
    // A kept-alive connection the API closes as it sits idle can meet the next call on its way: the API never read it,
    // and Node reports ECONNRESET on a reused socket. As Node's documentation advises (`request.reusedSocket`), the call
    // goes again, each failed reuse dropping that socket, until it fails on a fresh connection, which is final.
    let answered = false;
    const answering = (answer: IncomingMessage) => {
      answered = true;
      onAnswer(answer);
    };
    const attempt = () => {
      call = https ? httpsRequest(direct.url, options, answering) : httpRequest(direct.url, options, answering);
      call.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered && !timedOut && call.reusedSocket && error.code === 'ECONNRESET') attempt();
        else fail(error);
      });
      call.end(bytes);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      call.destroy(timeoutError(timeoutMs));
    }, timeoutMs);
    attempt();
  });
}
