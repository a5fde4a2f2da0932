import { readFileSync } from 'node:fs';
import type { RunningServer } from '@runofshow/devkit/listen';
import { type SampleCall, sampleCalls } from '@runofshow/openapi/samples';
// The SDK's source, like stack.ts: vitest resolves `@runofshow/sdk` to its dist/ here, which may be stale.
import { type ApiClient, ApiError, createApiClient, type OperationId, operationTable } from '@runofshow/sdk';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { paths, type RunningStack, startStack } from '../src/stack.js';
import type { Violation } from '../src/violations.js';
import { startProxy } from './proxy-server.js';

// The SDK against the real Prism on the real description, for EVERY operation: direct mode straight to the mock,
// proxy mode through the SDK's proxy listener (the one the production host mounts, here without its allow-list). Prism
// runs with --errors (shared by every file: support/shared-prisms.ts) and every rule it reports for an exchange (its
// `sl-violations` header, warnings included, as the mock's front reads it) fails the call, so a request the
// description would refuse fails here even where Prism answers it with a placeholder.
const doc = JSON.parse(readFileSync(paths.bundle, 'utf8'));
const calls = sampleCalls(doc);
const accessToken = 'sample-access-token-0123456789';
const guestPass = 'sample-guest-pass-0123456789';
/** Every rule Prism reported, by exchange through this file's front, as `METHOD path → status: location message`. */
const reported: string[] = [];
const describeViolation = (v: Violation) => `${v.location.join('.')} [${v.severity}] ${v.message}`;
let stack: RunningStack;
let proxyServer: RunningServer;
// One client per credential a sample call satisfies: none (public), an access token, or a guest pass.
let direct: ApiClient;
let proxy: ApiClient;
let signedInDirect: ApiClient;
let signedInProxy: ApiClient;
let guestDirect: ApiClient;
let guestProxy: ApiClient;

const clientFor = (call: SampleCall, mode: 'direct' | 'proxy') =>
  call.guest
    ? mode === 'direct'
      ? guestDirect
      : guestProxy
    : call.authenticated
      ? mode === 'direct'
        ? signedInDirect
        : signedInProxy
      : mode === 'direct'
        ? direct
        : proxy;

function fromOrigin(origin: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('origin', origin);
    return fetch(new Request(request, { headers }));
  };
}

beforeAll(async () => {
  stack = await startStack({
    mockPort: await freePort(),
    prismUrl: inject('prismBundle'),
    onExchange: ({ method, path, status, violations }) => {
      for (const v of violations) reported.push(`${method} ${path} → ${status}: ${describeViolation(v)}`);
    },
  });
  proxyServer = await startProxy(stack.mock.url);
  const shared = { endpoint: stack.mock.url, logger: false as const };
  // The proxy takes calls from the site's own pages only; a browser there sends the site's Origin, Node's fetch none.
  const site = proxyServer.url;
  const viaSite = { proxy: `${site}/api`, fetch: fromOrigin(site) };
  direct = createApiClient({ ...shared, apiKey: 'development-api-key' });
  proxy = createApiClient({ ...shared, ...viaSite });
  guestDirect = createApiClient({ ...shared, apiKey: 'development-api-key', getGuestPass: () => guestPass });
  guestProxy = createApiClient({ ...shared, ...viaSite, getGuestPass: () => guestPass });
  signedInDirect = createApiClient({ ...shared, apiKey: 'development-api-key', getAccessToken: () => accessToken });
  signedInProxy = createApiClient({ ...shared, ...viaSite, getAccessToken: () => accessToken });
}, 60_000);

afterAll(async () => {
  await Promise.all([stack?.stop(), proxyServer?.stop()]);
});

/** The sample call as facade input: `params`, `query`, `payload`, and a file for an upload. */
function inputOf(call: SampleCall): Record<string, unknown> {
  return {
    params: call.typed.params,
    query: call.typed.query,
    headers: call.headers,
    ...(call.body !== undefined ? { payload: call.body } : {}),
    ...(call.upload
      ? { payload: call.form ?? {}, file: new Blob(['sample file'], { type: 'text/plain' }), fileName: 'sample.txt' }
      : {}),
  };
}

async function callThrough(mode: 'direct' | 'proxy', call: SampleCall): Promise<void> {
  const api = clientFor(call, mode);
  const invoke = api.invoke as unknown as (id: OperationId, input: Record<string, unknown>) => Promise<unknown>;
  const before = reported.length;
  try {
    await invoke(call.operationId as OperationId, inputOf(call));
  } catch (error) {
    const detail = error instanceof ApiError ? JSON.stringify(error.body).slice(0, 600) : String(error);
    throw new Error(`${call.operationId}: ${(error as Error).message} ${detail}`);
  }
  // The front records an exchange before it answers, and this file's calls run one at a time.
  expect(reported.slice(before), `${call.operationId}: Prism reported`).toEqual([]);
}

describe('the SDK knows every operation of the description', () => {
  it('has the same operations as the bundle', () => {
    expect(Object.keys(operationTable).sort()).toEqual(calls.map((call) => call.operationId).sort());
  });
});

describe('direct mode: every operation through the SDK against Prism', () => {
  it.each(calls.map((call) => [call.operationId, call] as const))('%s', async (_, call) => {
    await callThrough('direct', call);
  });
});

describe('proxy mode: every operation through the SDK, the /api handler and Prism', () => {
  it.each(calls.map((call) => [call.operationId, call] as const))('%s', async (_, call) => {
    await callThrough('proxy', call);
  });

  it('answers an unknown operation with a 404 problem', async () => {
    const response = await fetch(`${proxyServer.url}/api/users.noSuchOperation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxyServer.url },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, title: 'Unknown operation' });
  });
});

describe('Prism saw no invalid request', () => {
  it('reported no violation in any exchange', () => {
    expect(reported).toEqual([]);
  });
});
