import { describe, expect, it } from 'vitest';
import { createApiClientFor, tableOf } from '../src/index.js';
import { authLogin, operations, usersHasTwoFactorAuth } from '../src/operations.js';
import { fakeFetch } from './fake-fetch.js';

const endpoint = 'https://api.test';

describe('a client over a smaller table (tableOf)', () => {
  const table = tableOf(authLogin, usersHasTwoFactorAuth);

  it('keys the generated rows by their operationId', () => {
    expect(Object.keys(table)).toEqual(['auth.login', 'users.hasTwoFactorAuth']);
    expect(table['auth.login']).toBe(operations['auth.login']);
  });

  it('gives the facade only its operations, and they send what the full client sends', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ hasTwoFactorAuth: false }));
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch }, table);
    expect(Object.keys(api).filter((key) => ['auth', 'users', 'events'].includes(key))).toEqual(['auth', 'users']);
    expect(Object.keys(api.users)).toEqual(['hasTwoFactorAuth']);
    await expect(api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } })).resolves.toEqual({
      hasTwoFactorAuth: false,
    });
    expect(requests[0]?.url).toBe('https://api.test/users/ada%40example.com/has2fa');
    expect(requests[0]?.headers.get('x-api-key')).toBe('k');
  });

  it('in proxy mode, refuses a route outside the table before anything is sent', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}));
    const api = createApiClientFor({ endpoint, proxy: 'https://app.test/api', fetch }, table);
    await expect(api.GET('/token/user')).rejects.toThrow("GET /token/user is not in the client's operation table");
    expect(requests).toHaveLength(0);
    await api.POST('/login', { body: { email: 'ada@example.com', password: 'secret1' } });
    expect(requests[0]?.url).toBe('https://app.test/api/auth.login');
  });
});
