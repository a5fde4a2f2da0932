import { describe, expect, it } from 'vitest';
import { operations } from '../src/generated/operations.js';
import type { OperationTable } from '../src/operation-table.js';
import { createProxyHandler } from '../src/proxy/handler.js';
import { fakeFetch } from './fake-fetch.js';
import { row, updatePhoto } from './operations.js';
import { proxyEntries } from './proxy-entries.js';

// Issue 20 item 10: what of a caller's call the proxy sends upstream, decided before anything goes there.
const endpoint = 'https://api.test';
const site = 'https://app.test';
const apiKey = 'server-side-key';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${site}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site, 'x-request-id': 'r1', ...headers },
    body: JSON.stringify(body),
  });

/** An upload as the SDK sends it: the envelope's fields first, then the payload and the file. */
function upload(parts: [string, string | File][], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request(`${site}/api/upload/users.updatePhoto`, {
    method: 'POST',
    headers: { origin: site, 'x-request-id': 'r1', ...headers },
    body: form,
  });
}

const photo = () => new File(['png-bytes'], 'a.png', { type: 'image/png' });
const uploads: OperationTable = { 'users.updatePhoto': updatePhoto };

describe.each(proxyEntries(site))('what a call may send upstream: %s', (entry, createProxyHandler) => {
  const proxy = (options: { operations?: OperationTable; trustProxy?: boolean } = {}) => {
    const upstream = fakeFetch(() => Response.json({}));
    return { upstream, handler: createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, ...options }) };
  };

  describe('the query: the parameters the operation declares, and the credentials it takes', () => {
    it('passes what users.list declares, with the access token', async () => {
      const { upstream, handler } = proxy();
      const query = { page: 2, size: 10, ids: ['a', 'b'], includeDeleted: false, accessToken: 'tok' };
      expect((await handler(post('/api/users.list', { query }))).status).toBe(200);
      expect(new URL(upstream.requests[0]?.url ?? '').search).toBe(
        '?page=2&size=10&ids=a&ids=b&includeDeleted=false&accessToken=tok',
      );
    });

    it.each([
      ['users.list', 'apiKey'],
      ['users.list', 'AccessToken'],
      ['users.list', 'ACCESSTOKEN'],
      ['users.list', 'accesstoken'],
      ['users.list', 'access_token'],
      ['users.list', 'accessToken '],
      ['users.list', 'x-api-key'],
      ['users.list', 'Page'],
      ['users.list', '__proto__'],
      ['users.list', 'constructor'],
      ['users.list', 'guestPass'],
      ['users.list', 'GuestPass'],
      ['tokens.getUser', 'page'],
      ['auth.login', 'accessToken'],
    ])('refuses %s with %j in the query: 400 naming it, nothing sent', async (name, parameter) => {
      const { upstream, handler } = proxy();
      const body = `{"query":{"accessToken":"tok",${JSON.stringify(parameter)}:"x"}}`;
      const response = await handler(
        new Request(`${site}/api/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site },
          body: name === 'auth.login' ? `{"query":{${JSON.stringify(parameter)}:"x"}}` : body,
        }),
      );
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { detail: string };
      // Named as it may be shown: printable characters only.
      expect(problem.detail).toContain(`"${parameter.replace(/[^\x21-\x7e]/g, '?')}"`);
      expect(upstream.requests).toHaveLength(0);
    });

    it('passes the guest pass to a guest view, and refuses it anywhere else', async () => {
      const guestView = Object.values(operations).find((op) => op.guest && !op.path.includes('{'));
      const table: OperationTable = {
        'guest.view': guestView ?? row('GET', '/guest', { guest: true }),
        'users.me': row('GET', '/me', { token: true }),
      };
      const { upstream, handler } = proxy({ operations: table });
      expect((await handler(post('/api/guest.view', { query: { guestPass: 'g' } }))).status).toBe(200);
      expect(new URL(upstream.requests[0]?.url ?? '').searchParams.get('guestPass')).toBe('g');
      expect((await handler(post('/api/users.me', { query: { guestPass: 'g' } }))).status).toBe(400);
      expect(upstream.requests).toHaveLength(1);
    });

    it('holds an upload to the same rule', async () => {
      const { upstream, handler } = proxy({ operations: uploads });
      const response = await handler(
        upload([
          ['params', '{"userId":"u1"}'],
          ['query', '{"accessToken":"t","AccessToken":"t"}'],
          ['file', photo()],
        ]),
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toContain('"AccessToken"');
      expect(upstream.requests).toHaveLength(0);
    });
  });

  describe('the client id: an X-Client-Id as the description defines it', () => {
    it.each(['app.login', 'a', 'x'.repeat(256), '!~#%&*+-.^_`|', 'app login', 'app\tlogin'])(
      'sends %j as X-Client-Id',
      async (clientId) => {
        const { upstream, handler } = proxy();
        expect((await handler(post('/api/tokens.getUser', { clientId }))).status).toBe(200);
        expect(upstream.requests[0]?.headers.get('x-client-id')).toBe(clientId);
      },
    );

    it.each([
      ['empty', ''],
      ['257 characters', 'x'.repeat(257)],
      ['a line break', 'app\r\nX-Api-Key: k'],
      ['a NUL', 'app\u0000'],
      ['DEL', 'app\u007f'],
      ['non-ASCII', 'appé'],
      ['a number', 42],
      ['an object', { id: 'app' }],
      ['a list', ['app']],
    ])('refuses %s with 400, sending nothing', async (_, clientId) => {
      const { upstream, handler } = proxy();
      const response = await handler(post('/api/tokens.getUser', { clientId }));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('X-Client-Id');
      expect(upstream.requests).toHaveLength(0);
    });

    it('holds an upload to the same rule', async () => {
      const { upstream, handler } = proxy({ operations: uploads });
      const parts: [string, string | File][] = [
        ['params', '{"userId":"u1"}'],
        ['clientId', 'x'.repeat(257)],
        ['file', photo()],
      ];
      expect((await handler(upload(parts))).status).toBe(400);
      expect(upstream.requests).toHaveLength(0);
    });
  });

  describe('X-Forwarded-For, -Proto and -Host', () => {
    const forged = {
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.test',
    };

    it('starts a fresh chain with the peer by default, whatever the caller claims, and sends no host', async () => {
      const { upstream, handler } = proxy();
      expect((await handler(post('/api/tokens.getUser', {}, forged))).status).toBe(200);
      const sent = upstream.requests[0]?.headers;
      expect(sent?.get('x-forwarded-for')).toBe('127.0.0.1');
      // The scheme the call came in on: the site's for the fetch handler, plain HTTP over the listener's loopback.
      expect(sent?.get('x-forwarded-proto')).toBe(entry === 'fetch handler' ? 'https' : 'http');
      // Never the caller's own Host either: an API building a reset link from it would mail a token to that host.
      expect(sent?.has('x-forwarded-host')).toBe(false);
    });

    it('behind a trusted proxy, appends the peer to its chain and passes its proto and host', async () => {
      const { upstream, handler } = proxy({ trustProxy: true });
      const headers = { ...forged, 'x-forwarded-for': '203.0.113.7, 2001:db8::1', 'x-forwarded-proto': 'http' };
      expect((await handler(post('/api/tokens.getUser', {}, headers))).status).toBe(200);
      const sent = upstream.requests[0]?.headers;
      expect(sent?.get('x-forwarded-for')).toBe('203.0.113.7, 2001:db8::1, 127.0.0.1');
      expect(sent?.get('x-forwarded-proto')).toBe('http');
      expect(sent?.get('x-forwarded-host')).toBe('evil.test');
    });

    it('behind a trusted proxy, keeps only the well-formed nearest stretch of a chain, ten hops at most', async () => {
      const { upstream, handler } = proxy({ trustProxy: true });
      const chain = ['<script>', '1.1.1.1', 'unknown', ...Array.from({ length: 12 }, (_, i) => `10.0.0.${i}`)];
      const headers = {
        'x-forwarded-for': chain.join(', '),
        'x-forwarded-proto': 'javascript',
        'x-forwarded-host': 'a.test/evil',
      };
      expect((await handler(post('/api/tokens.getUser', {}, headers))).status).toBe(200);
      const sent = upstream.requests[0]?.headers;
      const hops = sent?.get('x-forwarded-for')?.split(', ') ?? [];
      expect(hops).toHaveLength(10);
      expect(hops.at(-1)).toBe('127.0.0.1');
      expect(hops.at(0)).toBe('10.0.0.3');
      expect(sent?.get('x-forwarded-proto')).toMatch(/^https?$/);
      expect(sent?.has('x-forwarded-host')).toBe(false);
    });
  });

  describe('an upload: the envelope checked before the file is parsed, the parse bounded', () => {
    it('forwards a well-formed upload', async () => {
      const { upstream, handler } = proxy({ operations: uploads });
      const response = await handler(
        upload([
          ['params', '{"userId":"u1"}'],
          ['query', '{"accessToken":"t"}'],
          ['clientId', 'app.login'],
          ['alt', 'Ada'],
          ['file', photo()],
        ]),
      );
      expect(response.status).toBe(200);
      const sent = upstream.requests[0];
      expect(sent?.url).toBe('https://api.test/users/u1/photo?accessToken=t');
      expect(sent?.headers.get('x-client-id')).toBe('app.login');
      const form = (await sent?.formData()) ?? new FormData();
      expect([...form.keys()]).toEqual(['alt', 'file']);
      const file = form.get('file') as File;
      expect(await file.text()).toBe('png-bytes');
      expect(file.name).toBe('a.png');
    });

    it.each([
      ['a path parameter that moves the path', [['params', '{"userId":".."}']]],
      ['a missing path parameter', [['params', '{}']]],
      ['params that are not JSON', [['params', '{']]],
    ] as [string, [string, string][]][])('refuses %s before it reads the parts after it', async (_, envelope) => {
      const { upstream, handler } = proxy({ operations: uploads });
      // A part after the envelope that no parser could read: reading it would answer "could not be read".
      const boundary = 'b0undary';
      const head = envelope
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('');
      const body = `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nno closing boundary`;
      const response = await handler(
        new Request(`${site}/api/upload/users.updatePhoto`, {
          method: 'POST',
          headers: { origin: site, 'x-request-id': 'r1', 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        }),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain('could not be read');
      expect(upstream.requests).toHaveLength(0);
    });

    it.each([
      [
        'an envelope field after the file',
        [
          ['file', photo()],
          ['params', '{"userId":"u1"}'],
        ],
      ],
      [
        'a second params',
        [
          ['params', '{"userId":"u1"}'],
          ['params', '{"userId":"u2"}'],
          ['file', photo()],
        ],
      ],
      [
        'params as a file',
        [
          ['params', new File(['{"userId":"u1"}'], 'p.json')],
          ['file', photo()],
        ],
      ],
    ] as [string, [string, string | File][]][])('refuses %s with 400', async (_, parts) => {
      const { upstream, handler } = proxy({ operations: uploads });
      expect((await handler(upload(parts))).status).toBe(400);
      expect(upstream.requests).toHaveLength(0);
    });

    it('refuses 9 MiB of one-byte parts in a bounded time, where a full parse held the thread for seconds', async () => {
      const { upstream, handler } = proxy({ operations: uploads });
      const boundary = 'b';
      const part = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`;
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n{"userId":"u1"}\r\n${part.repeat(Math.floor((9 * 1024 * 1024) / part.length))}--${boundary}--\r\n`;
      const started = performance.now();
      const response = await handler(
        new Request(`${site}/api/upload/users.updatePhoto`, {
          method: 'POST',
          headers: { origin: site, 'x-request-id': 'r1', 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        }),
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('at most 32 parts');
      expect(performance.now() - started).toBeLessThan(1000);
      expect(upstream.requests).toHaveLength(0);
    });

    it.each([
      ['no boundary', 'multipart/form-data'],
      ['an empty boundary', 'multipart/form-data; boundary='],
      ['a boundary of 71 characters', `multipart/form-data; boundary=${'b'.repeat(71)}`],
      ['two types', 'multipart/form-data; boundary=b, text/plain'],
    ])('refuses a Content-Type with %s with 415', async (_, type) => {
      const { upstream, handler } = proxy({ operations: uploads });
      const response = await handler(
        new Request(`${site}/api/upload/users.updatePhoto`, {
          method: 'POST',
          headers: { origin: site, 'x-request-id': 'r1', 'content-type': type },
          body: '--b--\r\n',
        }),
      );
      expect(response.status).toBe(415);
      expect(upstream.requests).toHaveLength(0);
    });
  });
});

describe('X-Forwarded-For from the fetch handler', () => {
  it('is not sent when the host does not say where the call came from, unless a trusted chain is', async () => {
    const upstream = fakeFetch(() => Response.json({}));
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    await createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch })(post('/api/tokens.getUser', {}, headers));
    expect(upstream.requests[0]?.headers.has('x-forwarded-for')).toBe(false);
    const trusted = createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch, trustProxy: true });
    await trusted(post('/api/tokens.getUser', {}, headers));
    expect(upstream.requests[1]?.headers.get('x-forwarded-for')).toBe('203.0.113.7');
  });
});
