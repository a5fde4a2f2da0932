import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../src/index.js';
import { fakeFetch, problemResponse } from './fake-fetch.js';

// A bundler's minifier renames classes: an app must still tell the errors apart by class, `name` and `kind`.
const folder = mkdtempSync(join(tmpdir(), 'runofshow-minified-'));
let sdk: typeof Sdk;

beforeAll(async () => {
  const out = await build({
    entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const file = join(folder, 'sdk.min.js');
  writeFileSync(file, out.outputFiles[0]?.text ?? '');
  sdk = (await import(pathToFileURL(file).href)) as typeof Sdk;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('error classes after minification', () => {
  it.each([
    [404, 'NotFoundError', 'not-found'],
    [401, 'AuthError', 'auth'],
    [429, 'RateLimitError', 'rate-limit'],
    [500, 'InternalServerError', 'http'],
    [409, 'ConflictError', 'http'],
  ] as const)('%i is still a %s of kind %s', async (status, name, kind) => {
    const { fetch } = fakeFetch(() => problemResponse(status));
    const api = sdk.createApiClient({ endpoint: 'https://api.test', apiKey: 'k', fetch, logger: false });
    const error = (await api.GET('/token/user').catch((e: unknown) => e)) as Sdk.ApiError;
    // The minifier did rename the class: reading `constructor.name` would give this, not the name.
    expect(error.constructor.name).not.toBe(name);
    expect(error).toBeInstanceOf(sdk[name]);
    expect(error).toBeInstanceOf(sdk.ApiError);
    expect(error.name).toBe(name);
    expect(error.kind).toBe(kind);
  });

  it('keeps the connection error and the cancel apart', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const api = sdk.createApiClient({
      endpoint: 'https://api.test',
      apiKey: 'k',
      fetch,
      logger: false,
      retry: { tries: 1 },
    });
    const error = await api.GET('/token/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.ApiConnectionError);
    expect(error).toMatchObject({ name: 'ApiConnectionError', kind: 'connection' });
    const cancelled = new AbortController();
    cancelled.abort();
    const cancel = await api.GET('/token/user', { signal: cancelled.signal }).catch((e: unknown) => e);
    expect(cancel).toBeInstanceOf(sdk.ApiCancelError);
    expect(cancel).toMatchObject({ name: 'ApiCancelError', kind: 'abort' });
  });
});
