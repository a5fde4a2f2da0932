import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../src/index.js';
import { redactQuery } from '../src/proxy/listener.js';
import { captureLogger, fakeFetch, problemResponse } from './fake-fetch.js';

const endpoint = 'https://api.test';
const apiKey = 'secret-api-key-0123456789';
const token = 'secret-access-token-0123456789';
const password = 'Correct-Horse-9!';
const captcha = 'P1_captcha-answer-0123456789';

function leaks(text: string): string[] {
  return [apiKey, token, password, captcha].filter((secret) => text.includes(secret));
}

describe('logs and errors hold no secrets', () => {
  it('keeps key, token, password and captcha out of an error the server echoes them in', async () => {
    const echo = `bad: ${apiKey} ${token} ${password} ${captcha}`;
    const { fetch } = fakeFetch(() => problemResponse(400, {}, echo));
    const { logger, entries } = captureLogger();
    const api = createApiClient({ endpoint, apiKey, fetch, logger, getAccessToken: () => token });
    const error = (await api
      .POST('/users', {
        body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password, captcha },
      })
      .catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(leaks(error.message)).toEqual([]);
    expect(leaks(JSON.stringify(error.body))).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(leaks(JSON.stringify(entries))).toEqual([]);
  });

  it('logs no URL, so a token in the query never reaches the log', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed', {
        cause: new Error(`connect to https://api.test/token/user?accessToken=${token}`),
      });
    });
    const { logger, entries } = captureLogger();
    const api = createApiClient({
      endpoint,
      apiKey,
      fetch,
      logger,
      getAccessToken: () => token,
      retry: { delayMs: 1 },
    });
    const error = (await api.GET('/token/user').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(leaks(`${error.message} ${String(error.cause)} ${JSON.stringify(entries)}`)).toEqual([]);
    expect(entries[0]?.details).toMatchObject({ path: '/token/user', operationId: 'tokens.getUser' });
  });
});

describe('redactQuery (the host and the mock log request targets with it)', () => {
  it('hides the value of every secret-named parameter, by the names the client redacts, and keeps the rest', () => {
    expect(redactQuery('email=ada%40example.com&api_key=k1&apiKey=k2&AccessToken=t&password=p&cookie=c&page=2')).toBe(
      'email=ada%40example.com&api_key=[redacted]&apiKey=[redacted]&AccessToken=[redacted]&password=[redacted]&cookie=[redacted]&page=2',
    );
  });
});
