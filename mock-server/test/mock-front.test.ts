import type { RunningServer } from '@runofshow/devkit/listen';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { ssoStandIn } from '../src/sso-stand-in.js';
import { type RunningStack, startStack } from '../src/stack.js';
import { startProxy } from './proxy-server.js';
import { badEmailPathErrors } from './support/bad-email.js';

// The mock's public address on the real Prism and the real bundle: scenario accounts, Prefer from the client, CORS,
// requests that break the description, both transports (the proxy one through the SDK's listener) and the SSO
// stand-in. The front is this file's own; the Prism behind it is the one every file shares (support/shared-prisms.ts).
let stack: RunningStack;
let proxy: RunningServer;
const origin = 'http://127.0.0.1:5999';
const json = { 'content-type': 'application/json', 'x-api-key': 'qa-key', origin };

beforeAll(async () => {
  stack = await startStack({ mockPort: await freePort(), prismUrl: inject('prismBundle') });
  proxy = await startProxy(stack.mock.url);
}, 60_000);

afterAll(async () => {
  await Promise.all([stack?.stop(), proxy?.stop()]);
});

/** The parts of the answers these tests read. */
interface Answer {
  type?: string;
  detail?: string;
  errors: { location: string[]; code?: string; message: string }[];
  user: { email: string };
}
const read = async (response: Response): Promise<Answer> => (await response.json()) as Answer;

const login = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.mock.url}/login`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

describe('a request that breaks the description', () => {
  it('is refused with 422 and every broken rule in the problem’s errors', async () => {
    const response = await login(
      { email: 'not-an-email', password: 'abc' },
      { 'x-request-id': '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b' },
    );
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await read(response);
    expect(problem).toMatchObject({
      type: 'https://errors.runofshow.dev/validation-failed',
      title: 'Validation failed',
      status: 422,
      instance: '/login',
      requestId: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      detail: 'The request broke 3 rules of the API description.',
    });
    expect(problem.errors).toEqual([
      // §5's e-mail syntax, the app's, is a pattern beside the format.
      {
        location: ['body', 'email'],
        code: 'pattern',
        message: expect.stringMatching(/^Request body property email must match pattern /),
      },
      { location: ['body', 'email'], code: 'format', message: 'Request body property email must match format "email"' },
      {
        location: ['body', 'password'],
        code: 'minLength',
        message: 'Request body property password must NOT have fewer than 6 characters',
      },
    ]);
  });

  it('names a path parameter and a missing field too', async () => {
    const path = await fetch(`${stack.mock.url}/users/not-an-email/has2fa`, { headers: json });
    expect(path.status).toBe(422);
    expect((await read(path)).errors).toEqual(badEmailPathErrors());
    const missing = await login({ email: 'ada@example.com' });
    expect((await read(missing)).errors).toEqual([
      { location: ['body'], code: 'required', message: "Request body must have required property 'password'" },
    ]);
  });

  it('is refused even when the client prefers a success', async () => {
    const response = await login({ email: 'nope' }, { prefer: 'code=200' });
    expect(response.status).toBe(422);
  });

  it('without an API key still gets the description’s 401, not a validation problem', async () => {
    const response = await fetch(`${stack.mock.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'Correct-Horse-9' }),
    });
    expect(response.status).toBe(401);
    expect((await read(response)).type).toBe('https://errors.runofshow.dev/unauthorized');
  });
});

describe('scenario accounts', () => {
  it('locks out locked@example.com with 429 and Retry-After, readable from a page', async () => {
    const response = await login({ email: 'Locked@Example.com', password: 'Correct-Horse-9' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1800');
    expect(response.headers.get('x-mock-scenario')).toBe('locked out');
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/\bretry-after\b/);
  });

  it('lets everyone else sign in with the normal example', async () => {
    const response = await login({ email: 'ada@example.com', password: 'Correct-Horse-9' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-mock-scenario')).toBeNull();
    expect((await read(response)).user.email).toBe('ada@example.com');
  });

  it('gives way to an explicit Prefer from the client', async () => {
    const response = await login({ email: 'locked@example.com', password: 'Correct-Horse-9' }, { prefer: 'code=401' });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-mock-scenario')).toBeNull();
  });

  it('answers each catalogued account with its example', async () => {
    const get = (path: string) => fetch(`${stack.mock.url}${path}`, { headers: json });
    expect(await (await get('/users/mfa%40example.com/has2fa')).json()).toEqual({ hasTwoFactorAuth: true });
    expect(await (await get('/users/ada%40example.com/has2fa')).json()).toEqual({ hasTwoFactorAuth: false });
    const invite = await get('/users/invited/expired-invite-token');
    expect(invite.status).toBe(404);
    expect((await read(invite)).detail).toBe('This invitation link has expired or is not valid.');
    expect((await get('/ssoconfig/nosso.example.com')).status).toBe(404);
    expect((await get('/ssoconfig/sso.example.com')).status).toBe(200);
    const taken = await fetch(`${stack.mock.url}/users`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'taken@example.com',
        password: 'Correct-Horse-9!',
        captcha: 'captcha-token',
      }),
    });
    expect(taken.status).toBe(409);
  });
});

describe('CORS', () => {
  it('grants a preflight asking for prefer', async () => {
    const response = await fetch(`${stack.mock.url}/login`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,prefer,x-api-key,x-request-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('proxy transport (/api through the SDK listener)', () => {
  const call = (name: string, envelope: unknown, headers: Record<string, string> = {}) =>
    fetch(`${proxy.url}/api/${name}`, {
      method: 'POST',
      // As the app's own page sends it: the proxy takes calls from the site's origin only.
      headers: { 'content-type': 'application/json', origin: proxy.url, ...headers },
      body: JSON.stringify(envelope),
    });

  it('reaches the same scenarios', async () => {
    const locked = await call('auth.login', { payload: { email: 'locked@example.com', password: 'Correct-Horse-9' } });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1800');
    const mfa = await call('users.hasTwoFactorAuth', { params: { email: 'mfa@example.com' } });
    expect(await read(mfa)).toEqual({ hasTwoFactorAuth: true });
  });

  it('passes the client’s Prefer and the validation problem through', async () => {
    const preferred = await call(
      'auth.login',
      { payload: { email: 'ada@example.com', password: 'x'.repeat(8) } },
      {
        prefer: 'code=503',
      },
    );
    expect(preferred.status).toBe(503);
    const invalid = await call('auth.login', { payload: { email: 'nope', password: 'Correct-Horse-9' } });
    expect(invalid.status).toBe(422);
    expect((await read(invalid)).errors.map((e) => e.location)).toEqual([
      ['body', 'email'],
      ['body', 'email'],
    ]);
  });
});

describe('the SSO stand-in for /sso/login/{domain}', () => {
  it.each([
    ['sso.example.com', '/dash/redirect'],
    ['nosso.example.com', '/app.login/login/sso/invalid'],
    ['broken-sso.example.com', '/app.login/login/sso/error'],
  ])('sends %s to %s', async (domain, location) => {
    expect(await ssoStandIn(stack.mock.url, 'qa-key')(domain)).toBe(location);
  });
});
