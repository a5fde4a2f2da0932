/// <reference types="node" />
import type { BodySource } from './body-source.js';
import { type DirectCall, type Incoming, type Outgoing, type ProxyHandlerOptions, proxyCore } from './core.js';
import { tooLarge } from './guards.js';
import { bytesOf, nodeAnswer } from './node-transport.js';
import { ProxyProblem } from './problem.js';
import { fetchAnswer } from './transport.js';

export { ApiConfigError } from '../config.js';
export { REDACTED, redactQuery } from '../redact.js';
export type { ProxyHandlerOptions } from './core.js';

/** What the listener reads of a request: Node's `IncomingMessage` (Express's and Fastify's raw request are one). */
export interface ListenerRequest {
  method?: string | undefined;
  url?: string | undefined;
  /**
   * The URL as it arrived, where a framework mounting the listener under a path rewrites `url` without it: Express
   * (`app.use('/api', listener)`) leaves `/users.get` in `url` and `/api/users.get` here.
   */
  originalUrl?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** Whether the whole body has arrived. */
  complete: boolean;
  /** Bytes that have arrived and are not read yet (Node's Readable). */
  readableLength?: number;
  /** Takes every byte that has arrived and is not read yet, or null when there are none (Node's Readable). */
  read?(): Uint8Array | null;
  socket: object & { remoteAddress?: string | undefined };
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'error', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  off(event: 'end' | 'error', listener: () => void): unknown;
  pause(): unknown;
}

/** What the listener writes to: Node's `ServerResponse`. */
export interface ListenerResponse {
  shouldKeepAlive: boolean;
  /** Whether the connection is gone (the visitor left, or the answer was broken off). */
  destroyed: boolean;
  setHeader(name: string, value: string): unknown;
  appendHeader(name: string, value: string): unknown;
  /** The names of the headers set so far (Node's): with none, the answer's head goes in one `writeHead`. */
  getHeaderNames?(): string[];
  /** Headers as an object, or as Node's flat list of names and values (repeats kept). */
  writeHead(status: number, headers?: Record<string, string> | string[]): unknown;
  /** Whether more may be written now; else wait for `drain`. */
  write(chunk: Uint8Array): boolean;
  end(body?: Uint8Array | string): unknown;
  destroy(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

export type ProxyListener = (req: ListenerRequest, res: ListenerResponse) => Promise<void>;

/**
 * The listener's options: the handler's, and a hook told when each direct call's answer head arrives or the call
 * fails (a site's metrics). With it a site keeps the listener's own transport, which decodes a compressed answer
 * strictly: fetch decodes gzip, deflate and brotli leniently, so an answer cut inside its compressed stream ends as
 * if complete (issue 29 F5).
 */
export interface ListenerOptions extends ProxyHandlerOptions {
  onUpstream?: (event: { seconds: number; status?: number; error?: unknown }) => void;
}

/**
 * The body when the whole of it has already arrived, which for a proxy call's few bytes is nearly always so by the
 * check phase of the turn its head arrived in (Node parses the body of a packet right after emitting the request):
 * taken from the stream's buffer, with no timer and no listener (issue 30: the listener's CPU per call).
 */
function arrivedBody(req: ListenerRequest, maxBytes: number): Uint8Array<ArrayBuffer> | undefined {
  if (!req.complete || req.read === undefined || (req.readableLength ?? 0) > maxBytes) return undefined;
  const buffered = req.read();
  return buffered === null ? new Uint8Array() : bytesOf(buffered);
}

/** Reads a body counting bytes as they arrive; past `maxBytes` (413) or `timeoutMs` (408) it stops reading. */
async function readBody(req: ListenerRequest, maxBytes: number, timeoutMs: number): Promise<Uint8Array<ArrayBuffer>> {
  // Not a microtask: Node runs those between the head's callback and the parsing of the body from the same packet,
  // so after one the body was never there and every call paid for a timer, three listeners and flowing mode.
  if (!req.complete) await new Promise((resolve) => setImmediate(resolve));
  return arrivedBody(req, maxBytes) ?? readArriving(req, maxBytes, timeoutMs);
}

function readArriving(req: ListenerRequest, maxBytes: number, timeoutMs: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const done = (error: ProxyProblem | undefined) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (!error) return resolve(bytesOf(Buffer.concat(chunks, size)));
      // The rest is neither read nor held; the answer closes the connection.
      req.pause();
      reject(error);
    };
    const onData = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      chunks.push(chunk);
    };
    const onEnd = () => done(undefined);
    // A caller gone mid-body (Node reports ECONNRESET) is let go at once, not after the timeout.
    const onError = () => done(new ProxyProblem(400, 'Bad request', 'The body could not be read.'));
    const timer = setTimeout(
      () => done(new ProxyProblem(408, 'Request timeout', 'The body took too long.')),
      timeoutMs,
    );
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** The request's path, whole: under a framework's mount point (`originalUrl`) when that is where the base is. */
function targetOf(req: ListenerRequest, base: string): string {
  const original = req.originalUrl;
  return original?.startsWith(`${base}/`) ? original : (req.url ?? '/');
}

function incoming(req: ListenerRequest, base: string): Incoming {
  const target = targetOf(req, base);
  const query = target.indexOf('?');
  const header = (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const scheme = 'encrypted' in req.socket ? 'https' : 'http';
  return {
    method: req.method ?? 'GET',
    pathname: query === -1 ? target : target.slice(0, query),
    origin: `${scheme}://${header('host') ?? ''}`,
    peer: req.socket.remoteAddress,
    header,
    body: (maxBytes, timeoutMs) => readBody(req, maxBytes, timeoutMs),
  };
}

/** Whether `res` takes more within `ms` (or is gone, which the caller sees as `destroyed`). */
function drained(res: ListenerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (took: boolean) => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onDrain);
      resolve(took);
    };
    const onDrain = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    res.once('drain', onDrain);
    res.once('close', onDrain);
  });
}

/**
 * Writes the rest of an API's answer as it arrives, as fast as the visitor takes it. An upstream that fails on the
 * way (broken off, a length it did not keep, a stall) breaks the answer off too: the connection is destroyed, so
 * the visitor sees a failed download, never a complete-looking truncated one. A visitor who leaves, or takes nothing
 * for `idleMs`, lets go of the upstream.
 */
async function pump(res: ListenerResponse, rest: BodySource, idleMs: number): Promise<void> {
  const gone = () => rest.cancel();
  res.once('close', gone);
  try {
    for (;;) {
      const chunk = await rest.read();
      if (res.destroyed) return rest.cancel();
      if (chunk === null) return void res.end();
      if (!res.write(chunk) && !(await drained(res, idleMs))) throw new Error('The visitor took nothing.');
    }
  } catch {
    rest.cancel();
    res.destroy();
  } finally {
    res.off('close', gone);
  }
}

/**
 * The answer's status and head, and its length when known. When the host has set no header on `res`, in one
 * `writeHead` with Node's flat list, which Node stores as given; else appended to the host's (issue 30: appending
 * each name and merging the length cost the listener's CPU per call).
 */
function writeHead(res: ListenerResponse, outgoing: Outgoing, length: number | undefined): void {
  if (res.getHeaderNames?.().length === 0) {
    const flat: string[] = [];
    for (const [name, value] of outgoing.headers) flat.push(name, value);
    if (length !== undefined) flat.push('content-length', String(length));
    res.writeHead(outgoing.status, flat);
    return;
  }
  for (const [name, value] of outgoing.headers) res.appendHeader(name, value);
  res.writeHead(outgoing.status, length === undefined ? {} : { 'content-length': String(length) });
}

async function write(req: ListenerRequest, res: ListenerResponse, outgoing: Outgoing, idleMs: number): Promise<void> {
  // A body not read to its end (refused early, too large, too slow) is not waited for: the connection closes.
  if (!req.complete) {
    res.shouldKeepAlive = false;
    res.setHeader('connection', 'close');
  }
  if (outgoing.body === null) {
    writeHead(res, outgoing, undefined);
    return void res.end();
  }
  const body = typeof outgoing.body === 'string' ? Buffer.from(outgoing.body) : outgoing.body;
  if (outgoing.rest === undefined) {
    writeHead(res, outgoing, body.byteLength);
    return void res.end(body);
  }
  // Without a declared length the answer goes chunked, whose end the visitor sees only when it is really there.
  writeHead(res, outgoing, outgoing.length);
  if (body.byteLength) res.write(body);
  await pump(res, outgoing.rest, idleMs);
}

/**
 * The proxy handler as a node:http request listener, `(req, res) => Promise<void>`: the same rules, options and
 * answers as `createProxyHandler`, without a fetch Request or Response per call, and the direct call made over
 * kept-alive node:http(s) connections (through `options.fetch` instead when one is given). Headers already set on
 * `res` (a site's security headers) stay unless the API's allow-listed ones name them. It never rejects: anything
 * unforeseen is answered 500.
 */
export function createProxyListener(options: ListenerOptions): ProxyListener {
  const core = proxyCore(options);
  const { fetch, onUpstream } = options;
  const direct = fetch
    ? (call: DirectCall) => fetchAnswer(fetch, call, core.timeoutMs)
    : (call: DirectCall) => nodeAnswer(call, core.timeoutMs);
  const send = onUpstream
    ? async (call: DirectCall) => {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        try {
          const answer = await direct(call);
          onUpstream({ seconds: seconds(), status: answer.status });
          return answer;
        } catch (error) {
          onUpstream({ seconds: seconds(), error });
          throw error;
        }
      }
    : direct;
  return async (req, res) => {
    let requestId = '';
    let outgoing: Outgoing;
    try {
      const call = incoming(req, core.base);
      requestId = core.requestIdOf(call);
      outgoing = await core.serve(call, send, requestId);
    } catch {
      // Mounted as `void listener(req, res)`, a rejection would end the host's process: whatever else went wrong is
      // a 500 problem that says nothing of the error.
      outgoing = core.problem(new ProxyProblem(500, 'Internal error', 'The proxy could not take the call.'), requestId);
    }
    // Whatever the host's response refuses of the API's head (Node checks header values again) breaks the answer off.
    await write(req, res, outgoing, core.timeoutMs).catch(() => res.destroy());
  };
}
