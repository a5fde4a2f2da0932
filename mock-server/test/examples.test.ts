import { existsSync, readFileSync } from 'node:fs';
import { type SampleCall, sampleCalls } from '@runofshow/openapi/samples';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { type RunningPrism, startPrism } from '../src/prism.js';
import { paths } from '../src/stack.js';

// Prism started with --errors turns any response example that breaks its own schema into a 500, and any sample
// request that breaks the description into a 4xx: every operation must answer its documented success.
// OPENAPI_BUNDLE points the walk at another bundle (e.g. one built from a work-in-progress root file).
const bundle = process.env.OPENAPI_BUNDLE ?? paths.bundle;
const doc = JSON.parse(readFileSync(bundle, 'utf8'));
const calls = sampleCalls(doc);
const proxyBundle = bundle.replace(/\.json$/, '.proxy.json');
// A work-in-progress bundle (OPENAPI_BUNDLE) may come without its proxy description; the real one always has it.
const walkProxy = !process.env.OPENAPI_BUNDLE || existsSync(proxyBundle);
let prism: Pick<RunningPrism, 'url'>;
let proxyPrism: Pick<RunningPrism, 'url'> | undefined;
const own: RunningPrism[] = [];

beforeAll(async () => {
  if (!process.env.OPENAPI_BUNDLE) {
    // The real bundle: the Prisms every file shares (support/shared-prisms.ts), --errors on both descriptions.
    prism = { url: inject('prismBundle') };
    proxyPrism = { url: inject('prismProxyDescription') };
    return;
  }
  const started = await Promise.all([
    startPrism({ spec: bundle, port: await freePort(), errors: true }),
    walkProxy ? startPrism({ spec: proxyBundle, port: await freePort(), errors: true }) : undefined,
  ]);
  own.push(...started.filter((p) => p !== undefined));
  [prism, proxyPrism] = started as [RunningPrism, RunningPrism | undefined];
}, 60_000);

afterAll(() => Promise.all(own.map((p) => p.stop())));

/** The same call in proxy mode (§7): POST /api/{group}.{method} with { params, payload, query }. */
function sendProxy(call: SampleCall): Promise<Response> {
  if (!proxyPrism) throw new Error('no proxy mock');
  const url = new URL(`/api/${call.upload ? 'upload/' : ''}${call.operationId}`, proxyPrism.url);
  // The credentials ride in the envelope's query, never in the /api URL.
  const query = {
    ...call.typed.query,
    ...(call.authenticated ? { accessToken: 'sample-access-token-0123456789' } : {}),
    ...(call.guest ? { guestPass: 'sample-guest-pass-0123456789' } : {}),
  };
  const headers = new Headers(call.headers);
  if (call.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.form)) form.append(name, value);
    form.append('params', JSON.stringify(call.typed.params));
    form.append('query', JSON.stringify(query));
    form.append('file', new Blob(['sample file'], { type: 'text/plain' }), 'sample.txt');
    return fetch(url, { method: 'POST', headers, body: form });
  }
  headers.set('Content-Type', 'application/json');
  const envelope = {
    ...(Object.keys(call.typed.params).length ? { params: call.typed.params } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(call.body !== undefined ? { payload: call.body } : {}),
  };
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(envelope) });
}

function send(call: SampleCall): Promise<Response> {
  const url = new URL(call.path, prism.url);
  for (const [name, value] of Object.entries(call.query)) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  }
  if (call.authenticated) url.searchParams.set('accessToken', 'sample-access-token-0123456789');
  if (call.guest) url.searchParams.set('guestPass', 'sample-guest-pass-0123456789');
  const headers = new Headers({ 'X-Api-Key': 'development-api-key', ...call.headers });
  let body: RequestInit['body'];
  if (call.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.form)) form.append(name, value);
    form.append('file', new Blob(['sample file'], { type: 'text/plain' }), 'sample.txt');
    body = form;
  } else if (call.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(call.body);
  }
  return fetch(url, { method: call.method, headers, ...(body ? { body } : {}) });
}

describe('every operation answers its success example on Prism --errors', () => {
  it('has operations', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each(calls.map((call) => [call.operationId, call] as const))('%s', async (_, call) => {
    const response = await send(call);
    const text = await response.text();
    expect(call.success, `${call.operationId} documents no 2xx response`).not.toEqual([]);
    expect(call.success, `${call.method} ${call.path} → ${response.status} ${text.slice(0, 400)}`).toContain(
      response.status,
    );
  });
});

describe.runIf(walkProxy)('every operation answers in proxy mode on Prism --errors (openapi.proxy.json)', () => {
  it.each(calls.map((call) => [call.operationId, call] as const))('%s', async (_, call) => {
    const response = await sendProxy(call);
    const text = await response.text();
    expect(call.success, `POST /api/${call.operationId} → ${response.status} ${text.slice(0, 400)}`).toContain(
      response.status,
    );
  });
});
