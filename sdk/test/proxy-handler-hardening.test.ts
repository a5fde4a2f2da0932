import { describe, expect, it } from 'vitest';
import { ApiConfigError } from '../src/config.js';
import { fakeFetch } from './fake-fetch.js';
import { uploadOnly } from './operations.js';
import { proxyEntries } from './proxy-entries.js';

// Issue 14: the holes found when the proxy handler was attacked, each closed and held here.
const endpoint = 'https://api.test';
const site = 'https://app.test';
const apiKey = 'server-side-key';
const upload = uploadOnly;

/**
 * A body that arrives in `chunks` pieces of `size` bytes, with no Content-Length; counts what was pulled. Nothing is
 * pulled before a reader asks (no queue ahead), so the count is what the reader took.
 */
function chunked(chunks: number, size: number) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= chunks * size) return controller.close();
        pulled.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request(`${site}${path}`, {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', origin: site, 'x-request-id': 'r1', ...init.headers },
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

describe.each(proxyEntries(site))('proxy handler hardening (issue 14): %s', (entry, createProxyHandler) => {
  it('throws ApiConfigError without an API key or an endpoint', () => {
    expect(() => createProxyHandler({ endpoint, apiKey: '' })).toThrow(ApiConfigError);
    expect(() => createProxyHandler({ endpoint: '', apiKey })).toThrow(ApiConfigError);
  });

  describe('body limit', () => {
    it('stops a chunked body at the limit with 413, reading no further and calling nothing', async () => {
      const upstream = fakeFetch();
      const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, maxBodyBytes: 1000 });
      const { stream, pulled } = chunked(12 * 1024, 1024);
      const response = await handler(call('/api/users.create', { body: stream }));
      expect(response.status).toBe(413);
      // Over a socket the sender's buffers fill before the answer arrives: the site server's raw-socket tests hold
      // the listener to closing the connection instead.
      if (entry === 'fetch handler') expect(pulled.bytes).toBeLessThanOrEqual(2 * 1024);
      expect(upstream.requests).toHaveLength(0);
    });

    it('answers 413 at once for a declared length over the limit, before reading any of it', async () => {
      const upstream = fakeFetch();
      const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, maxBodyBytes: 1000 });
      const { stream, pulled } = chunked(1, 10);
      const response = await handler(
        call('/api/users.create', { body: stream, headers: { 'content-length': String(1024 ** 3) } }),
      );
      expect(response.status).toBe(413);
      expect(pulled.bytes).toBeLessThanOrEqual(10);
      // Over a socket the sender pulls the body to send it, whatever the listener reads.
      if (entry === 'fetch handler') expect(pulled.bytes).toBe(0);
      expect(upstream.requests).toHaveLength(0);
    });

    it('counts an upload the same way', async () => {
      const upstream = fakeFetch();
      const handler = createProxyHandler({
        endpoint,
        apiKey,
        fetch: upstream.fetch,
        operations: upload,
        maxBodyBytes: 1000,
      });
      const { stream } = chunked(100, 1024);
      const response = await handler(
        call('/api/upload/users.updatePhoto', {
          body: stream,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        }),
      );
      expect(response.status).toBe(413);
      expect(upstream.requests).toHaveLength(0);
    });

    it('answers 408 when the body does not finish in time', async () => {
      const handler = createProxyHandler({ endpoint, apiKey, fetch: fakeFetch().fetch, bodyTimeoutMs: 20 });
      const never = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new Uint8Array(1)) });
      expect((await handler(call('/api/users.create', { body: never }))).status).toBe(408);
    });
  });

  it('refuses JSON nested deeper than 64 levels with 400, and takes 64', async () => {
    const upstream = fakeFetch(() => Response.json({}));
    const handler = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const nested = (depth: number) => `{"payload":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const deep = await handler(call('/api/users.create', { body: nested(100_000) }));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({ detail: 'The body is nested deeper than 64 levels.' });
    expect((await handler(call('/api/users.create', { body: nested(64) }))).status).toBe(200);
  });

  // encodeURIComponent throws on a lone surrogate: the fetch handler rejected, and the listener's rejected promise
  // (`void listener(req, res)`, as the README mounts it) took the whole Node process down with one request.
  it('refuses a path parameter that is not well-formed Unicode with 400, as JSON and in an upload', async () => {
    const upstream = fakeFetch(() => Response.json({}));
    const json = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch });
    const response = await json(call('/api/users.delete', { body: '{"params":{"userId":"\\ud800"}}' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, detail: expect.stringMatching(/not well-formed/) });
    const form = new FormData();
    form.append('params', '{"userId":"\\udc00x"}');
    form.append('file', new File(['png'], 'a.png'));
    const uploads = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, operations: upload });
    const request = new Request(`${site}/api/upload/users.updatePhoto`, {
      method: 'POST',
      headers: { origin: site, 'x-request-id': 'r1' },
      body: form,
    });
    expect((await uploads(request)).status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  describe('same origin only (CSRF)', () => {
    const handler = () => createProxyHandler({ endpoint, apiKey, fetch: fakeFetch(() => Response.json({})).fetch });
    it.each([
      ['another origin of the same site', { 'sec-fetch-site': 'same-site', origin: 'https://evil.app.test' }],
      ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }],
      ['an Origin that is not the site, without Sec-Fetch-Site', { origin: 'https://evil.test' }],
      ['an opaque origin (sandboxed frame, data: page)', { origin: 'null' }],
      ['a same-origin claim with a foreign Origin', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.test' }],
      ['neither header', { origin: '' }],
    ])('refuses a call from %s with 403', async (_, headers) => {
      const request = call('/api/tokens.getUser', { body: '{}', headers });
      if (headers.origin === '') request.headers.delete('origin');
      const response = await handler()(request);
      expect(response.status).toBe(403);
    });

    it.each([
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['an Origin equal to the site', {}],
    ])('accepts a call with %s', async (_, headers) => {
      const request = call('/api/tokens.getUser', { body: '{}', headers });
      if ('sec-fetch-site' in headers) request.headers.delete('origin');
      expect((await handler()(request)).status).toBe(200);
    });

    it('accepts the origins it is told are the site, behind a reverse proxy', async () => {
      const behind = createProxyHandler({
        endpoint,
        apiKey,
        fetch: fakeFetch(() => Response.json({})).fetch,
        origins: ['https://public.example'],
      });
      const ok = call('/api/tokens.getUser', { body: '{}', headers: { origin: 'https://public.example' } });
      expect((await behind(ok)).status).toBe(200);
      expect((await behind(call('/api/tokens.getUser', { body: '{}' }))).status).toBe(403);
    });

    // What a plain HTML form on the site's own origin can send: three content types, no custom header.
    it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=b', 'text/plain'])(
      'a form posting %s to a JSON call is refused',
      async (type) => {
        const response = await handler()(
          call('/api/tokens.getUser', { body: 'a=1', headers: { 'content-type': type } }),
        );
        expect(response.status).toBe(415);
      },
    );

    it('a form posting multipart to the upload route is refused: it cannot send the request id', async () => {
      const upstream = fakeFetch(() => Response.json({}));
      const uploads = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, operations: upload });
      const form = new FormData();
      form.append('params', JSON.stringify({ userId: 'u1' }));
      form.append('file', new File(['png'], 'a.png'));
      const request = new Request(`${site}/api/upload/users.updatePhoto`, {
        method: 'POST',
        headers: { origin: site, 'sec-fetch-site': 'same-origin' },
        body: form,
      });
      expect((await uploads(request)).status).toBe(403);
      expect(upstream.requests).toHaveLength(0);
    });
  });

  describe("the upstream's answer", () => {
    it('passes an allow-list of headers: never its CSP, cookies, CORS or framing headers', async () => {
      const upstream = fakeFetch(() =>
        Response.json(
          { ok: true },
          {
            headers: {
              'content-security-policy': "script-src 'unsafe-inline' *",
              'set-cookie': 'session=1',
              'access-control-allow-origin': '*',
              'x-frame-options': 'ALLOWALL',
              'referrer-policy': 'unsafe-url',
              'x-request-id': 'r1',
              'retry-after': '3',
              'ratelimit-remaining': '9',
            },
          },
        ),
      );
      const response = await createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch })(
        call('/api/tokens.getUser', { body: '{}' }),
      );
      expect(Object.fromEntries(response.headers)).toEqual({
        'content-type': 'application/json',
        'x-request-id': 'r1',
        'retry-after': '3',
        'ratelimit-remaining': '9',
      });
    });

    it.each([
      ['text/html', '<script>alert(1)</script>'],
      ['image/svg+xml', '<svg onload="alert(1)"/>'],
      ['application/javascript', 'alert(1)'],
      ['', 'alert(1)'],
    ])('turns a %s body into a 502 problem', async (type, body) => {
      const upstream = fakeFetch(() => new Response(body, { headers: type ? { 'content-type': type } : {} }));
      const response = await createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch })(
        call('/api/tokens.getUser', { body: '{}' }),
      );
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    });

    it.each([
      ['application/json', '{}'],
      ['application/problem+json', '{"status":404}'],
      ['text/csv; charset=utf-8', 'a,b\n1,2\n'],
    ])('passes a %s body', async (type, body) => {
      const upstream = fakeFetch(() => new Response(body, { headers: { 'content-type': type } }));
      const response = await createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch })(
        call('/api/tokens.getUser', { body: '{}' }),
      );
      expect(response.headers.get('content-type')).toBe(type);
      expect(await response.text()).toBe(body);
    });
  });
});
