import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProxyHandlerOptions } from '../src/proxy/core.js';
import { createProxyHandler } from '../src/proxy/handler.js';
import { createProxyListener } from '../src/proxy/listener.js';

type Handler = (request: Request) => Promise<Response>;

/**
 * The node:http entry seen as a fetch handler, so one test can hold both entries to the same rules: each call goes
 * over a real loopback connection to a node:http server mounting `createProxyListener`, headers as given (a declared
 * Content-Length too) and a stream body sent chunked, and the answer comes back as soon as its head arrives, its body
 * a stream of the bytes as they come (an answer broken off mid-body errors it, as fetch's would). The server stands
 * on loopback, so the site's origin is `site` unless `origins` says otherwise; `remoteAddress` is what the listener
 * sees as the peer (127.0.0.1), the fetch handler's second argument.
 */
export function listenerAsHandler(site: string) {
  return (options: ProxyHandlerOptions): Handler => {
    const listener = createProxyListener({ origins: [site], ...options });
    return async (request) => {
      const server = createServer((req, res) => void listener(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const close = () => {
        server.close();
        server.closeAllConnections();
      };
      try {
        return await send((server.address() as AddressInfo).port, request, close);
      } catch (error) {
        close();
        throw error;
      }
    };
  };
}

function send(port: number, request: Request, done: () => void): Promise<Response> {
  const url = new URL(request.url);
  let answered = false;
  return new Promise<Response>((resolve, reject) => {
    const out = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: url.pathname + url.search,
        method: request.method,
        headers: Object.fromEntries(request.headers),
      },
      (res) => {
        answered = true;
        const headers: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          // What node:http adds to every answer itself, not the listener's choice.
          if (/^(date|connection|keep-alive|content-length|transfer-encoding)$/i.test(name)) continue;
          headers.push([name, res.rawHeaders[i + 1] as string]);
        }
        const status = res.statusCode ?? 0;
        if (status === 204 || status === 304) {
          res.resume();
          done();
          return resolve(new Response(null, { status, headers }));
        }
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            res.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
            res.on('close', () => {
              if (res.complete) controller.close();
              else controller.error(new TypeError('terminated: the answer was broken off'));
              done();
            });
          },
          cancel() {
            res.destroy();
            done();
          },
        });
        resolve(new Response(body, { status, headers }));
      },
    );
    // Writing into a connection the server closed after answering is no failure of the call.
    out.on('error', (error) => !answered && reject(error));
    void (async () => {
      const reader = request.body?.getReader();
      while (reader && !answered && !out.destroyed) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!out.write(value)) await new Promise((resolve) => out.once('drain', resolve).once('close', resolve));
      }
      await reader?.cancel().catch(() => undefined);
      if (!answered) out.end();
    })().catch(() => undefined);
  });
}

/**
 * Both entries of the proxy, for `describe.each`: the fetch-standard handler (told the peer is 127.0.0.1, as the
 * listener's loopback connection is) and the node:http listener.
 */
export const proxyEntries = (site: string): [string, (options: ProxyHandlerOptions) => Handler][] => [
  [
    'fetch handler',
    (options) => {
      const handler = createProxyHandler(options);
      return (request) => handler(request, { remoteAddress: '127.0.0.1' });
    },
  ],
  ['node listener', listenerAsHandler(site)],
];
