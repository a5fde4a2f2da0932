// What an outside consumer met (issue 30), one test per finding, each through the public entry points.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiConfigError,
  ApiConnectionError,
  ApiError,
  createApiClient,
  createApiClientFor,
  NotFoundError,
  tableOf,
  UNKNOWN_OPERATION_TYPE,
  UnknownOperationError,
  UploadError,
} from '../src/index.js';
import type { OperationTable } from '../src/operation-table.js';
import { usersHasTwoFactorAuth } from '../src/operations.js';
import type { ProxyHandlerOptions } from '../src/proxy/core.js';
import { createProxyListener } from '../src/proxy/listener.js';
import { captureLogger, fakeFetch, problemResponse } from './fake-fetch.js';
import { updatePhoto } from './operations.js';

const endpoint = 'https://api.test';

describe('no URL in a connection error (Deno names it in its message)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // What Deno's fetch throws when nothing listens: the whole URL, the e-mail in its path.
  const denoRefused = () => {
    throw new TypeError(
      'error sending request for url (http://127.0.0.1:4010/users/ada%40example.com/has2fa?accessToken=tok-0123456789): client error (Connect): tcp connect error: Connection refused (os error 111)',
      {
        cause: new Error(
          'tcp connect error: Connection refused (os error 111) http://127.0.0.1:4010/users/ada%40example.com/has2fa',
        ),
      },
    );
  };

  it('keeps the path and query out of the message, every cause and the log record', async () => {
    const { fetch } = fakeFetch(denoRefused);
    const { logger, entries } = captureLogger();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger, retry: { delayMs: 1 } });
    const error = (await api.users
      .hasTwoFactorAuth({ params: { email: 'ada@example.com' } })
      .catch((e: unknown) => e)) as ApiConnectionError;
    expect(error).toBeInstanceOf(ApiConnectionError);
    const cause = error.cause as Error & { cause: Error };
    const said = [error.message, cause.message, cause.cause.message, JSON.stringify(entries)].join(' ');
    expect(said).not.toMatch(/ada%40example\.com|ada@example\.com|\/users\/ada|accessToken|tok-0123456789/);
    // Which server did not answer stays.
    expect(error.message).toContain('http://127.0.0.1:4010');
  });

  it('keeps it out of what the default logger prints', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch } = fakeFetch(denoRefused);
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, retry: { delayMs: 1 } });
    await api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } }).catch(() => undefined);
    expect(printed).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(printed.mock.calls)).not.toMatch(/ada%40example\.com|\/users\/ada/);
  });
});

describe('every rejection has a kind', () => {
  const table: OperationTable = { 'users.updatePhoto': updatePhoto };
  const photo = new Blob(['png'], { type: 'image/png' });

  it('a failed upload is an ApiError with the failure’s kind and status', async () => {
    const { fetch } = fakeFetch(() => problemResponse(404, {}, 'No such user'));
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, logger: false }, table) as unknown as {
      users: { updatePhoto(input: object): Promise<unknown> };
    };
    const error = (await api.users
      .updatePhoto({ params: { userId: 'u1' }, file: photo })
      .catch((e: unknown) => e)) as UploadError;
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'not-found', status: 404, path: '/users/{userId}/photo' });
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.error).toBeInstanceOf(NotFoundError);
  });

  it("a configuration mistake is kind 'config', thrown or rejected", async () => {
    const thrown = (() => {
      try {
        createApiClient({ endpoint: '', apiKey: 'k' });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toMatchObject({ name: 'ApiConfigError', kind: 'config' });
    const api = createApiClient({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch, logger: false });
    const rejected = await api.users.delete({ params: { userId: '..' } }).catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(ApiConfigError);
    expect(rejected).toMatchObject({ kind: 'config' });
  });

  it('a call a proxy does not serve is UnknownOperationError, not a NotFoundError', async () => {
    const unknown = { type: UNKNOWN_OPERATION_TYPE, title: 'Unknown operation', status: 404, detail: 'No operation…' };
    const { fetch } = fakeFetch(() =>
      Response.json(unknown, { status: 404, headers: { 'content-type': 'application/problem+json' } }),
    );
    const api = createApiClient({ endpoint, proxy: 'https://app.test/api', fetch, logger: false });
    const error = await api.teams.get({ params: { teamId: '5f8d0d55b54764421b7156c3' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOperationError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: 'unknown-operation', status: 404 });
  });
});

describe('withOptions() with options it cannot use', () => {
  it('returns a client whose calls reject with ApiConfigError, as every other bad input does', async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    let derived: ReturnType<typeof api.withOptions> | undefined;
    expect(() => {
      derived = api.withOptions({ endpoint: 'not a url' });
    }).not.toThrow();
    const error = await derived?.users
      .hasTwoFactorAuth({ params: { email: 'a@example.com' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConfigError);
    expect((error as Error).message).toMatch(/endpoint "not a url" is not an absolute http\(s\) URL/);
    await expect(derived?.GET('/token/user')).rejects.toBeInstanceOf(ApiConfigError);
    expect(requests).toHaveLength(0);
  });
});

describe("the app's onRequest middleware", () => {
  it('sees the request id (and the idempotency key of a write) the call is sent with', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}, { status: 201 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch, logger: false });
    const seen: (string | null)[][] = [];
    api.use({
      onRequest({ request }) {
        seen.push([request.headers.get('x-request-id'), request.headers.get('idempotency-key')]);
      },
    });
    const { requestId } = await api.teams
      .create({ payload: { title: 'Engines', email: 'ops@example.com', defaultTimeZone: 'America/New_York' } })
      .withResponse();
    expect(seen).toEqual([[requestId, requestId]]);
    expect(requests[0]?.headers.get('x-request-id')).toBe(requestId);
  });
});

describe('the README', () => {
  it('names every runtime dependency the package installs', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const sentence = readme.split('\n').find((line) => /runtime dependencies/.test(line)) ?? '';
    for (const name of Object.keys(manifest.dependencies)) expect(sentence).toContain(name);
  });
});

describe('the proxy listener mounted by a framework, and its allow-list', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /** A node:http site that mounts the listener as Express 5's `app.use('/api', listener)` does: `url` loses the mount. */
  async function expressLike(options: Omit<ProxyHandlerOptions, 'apiKey'>): Promise<string> {
    const listener = createProxyListener({ apiKey: 'server-key', ...options });
    const server = createServer((req, res) => {
      const url = req.url ?? '/';
      if (!url.startsWith('/api/')) return void res.writeHead(404).end();
      Object.assign(req, { originalUrl: url, url: url.slice('/api'.length) });
      void listener(req, res);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('serves calls under the mount without a basePath', async () => {
    const upstream = fakeFetch(() => Response.json({ hasTwoFactorAuth: true }));
    const site = await expressLike({ endpoint, fetch: upstream.fetch });
    const response = await fetch(`${site}/api/users.hasTwoFactorAuth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify({ params: { email: 'ada@example.com' } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasTwoFactorAuth: true });
    expect(upstream.requests[0]?.url).toBe('https://api.test/users/ada%40example.com/has2fa');
  });

  it('answers a call outside its allow-list with its own problem type, which the SDK types apart from a 404', async () => {
    const upstream = fakeFetch(() => Response.json({}));
    const site = await expressLike({ endpoint, fetch: upstream.fetch, operations: tableOf(usersHasTwoFactorAuth) });
    const api = createApiClient({ endpoint, proxy: `${site}/api`, logger: false });
    const error = await api.teams.get({ params: { teamId: '5f8d0d55b54764421b7156c3' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOperationError);
    expect(error).toMatchObject({ status: 404, kind: 'unknown-operation', body: { type: UNKNOWN_OPERATION_TYPE } });
    expect(upstream.requests).toHaveLength(0);
  });
});
