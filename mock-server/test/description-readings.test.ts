import { readFileSync } from 'node:fs';
import { type SampleCall, sampleCalls } from '@runofshow/openapi/samples';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../src/stack.js';

// Issue 12 points 1, 3 and 4, as a client written from §7 sees them on the real Prism: no requirement §7/§5 does not
// state refuses the call, the calls §7 and §6 name answer, and the client id rides in both modes.
const doc = JSON.parse(readFileSync(paths.bundle, 'utf8'));
const calls = new Map(sampleCalls(doc).map((call) => [call.operationId, call]));
const token = 'sample-access-token-0123456789';
const guestPass = 'sample-guest-pass-0123456789';
// Prism --errors on the bundle and on the proxy description, shared by every file (support/shared-prisms.ts).
const direct = { url: inject('prismBundle') };
const proxy = { url: inject('prismProxyDescription') };

function sample(id: string): SampleCall {
  const call = calls.get(id);
  if (!call) throw new Error(`no operation ${id}`);
  return call;
}

interface Tweak {
  /** Path parameters to fill in instead of the sample's. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Query parameters of the sample to leave out. */
  drop?: string[];
  headers?: Record<string, string>;
  /** The JSON body to send instead of the sample's. */
  body?: unknown;
}

/** The operation's sample call in direct mode, changed by `tweak`; answers the status. */
async function send(id: string, tweak: Tweak = {}): Promise<number> {
  const call = sample(id);
  const params = { ...call.params, ...tweak.params };
  const path = call.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const url = new URL(path, direct.url);
  for (const [name, value] of Object.entries(call.query)) {
    if (tweak.drop?.includes(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  }
  for (const [name, value] of Object.entries(tweak.query ?? {})) url.searchParams.set(name, value);
  if (call.authenticated) url.searchParams.set('accessToken', token);
  if (call.guest) url.searchParams.set('guestPass', guestPass);
  const headers = new Headers({ 'X-Api-Key': 'development-api-key', ...call.headers, ...tweak.headers });
  const init: RequestInit = { method: call.method, headers };
  const body = tweak.body ?? call.body;
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  await response.body?.cancel();
  return response.status;
}

describe('no requirement §7 and §5 do not state (point 1)', () => {
  it('answers GET /ssoconfig/emailMatchers without an email', async () => {
    expect(sample('sso.listEmailMatchers').query).toEqual({});
    expect(await send('sso.listEmailMatchers')).toBe(200);
    expect(await send('sso.listEmailMatchers', { query: { email: 'ada@eu.example.com' } })).toBe(200);
  });

  it.each(['shows.getItemSetListSubset', 'shows.getItemSetListSubsetAsGuest'])(
    'answers %s without columnIds',
    async (id) => {
      expect(sample(id).query).toEqual({});
      expect(await send(id)).toBe(200);
    },
  );

  // Issue 28: any header value (spaces too) up to 256 characters, a hardening limit no real id meets.
  it('takes any request id up to 256 characters, not only UUIDs', async () => {
    for (const id of [
      'req-2026-11-23.abc_42',
      'x',
      'A'.repeat(256),
      '0b6f3e2c-6a4f-4d1e-9a51-3f1f5c2b8d11',
      'has space',
    ]) {
      expect(await send('teams.listRoleTypes', { headers: { 'X-Request-Id': id } }), id).toBe(200);
    }
    for (const id of ['A'.repeat(257)]) {
      expect(await send('teams.listRoleTypes', { headers: { 'X-Request-Id': id } }), id).toBe(422);
    }
  });

  it('takes any size of at least 1 on plain lists, and keeps §5 1 to 100 on search', async () => {
    expect(await send('users.list', { query: { size: '5000', page: '20000' } })).toBe(200);
    expect(await send('users.autocomplete', { query: { size: '500' } })).toBe(200);
    expect(await send('users.list', { query: { size: '0' } })).toBe(422);
    expect(await send('users.search', { query: { size: '100', page: '10000' } })).toBe(200);
    expect(await send('users.search', { query: { size: '101' } })).toBe(422);
  });

  it('has no company on the user create payload', () => {
    expect(Object.keys(doc.components.schemas.SignupRequest.properties)).toEqual([
      'firstName',
      'lastName',
      'email',
      'password',
      'captcha',
      'isVerified',
      'industry',
      'timezone',
    ]);
  });

  it('answers GET …/categories/{categoryId}', async () => {
    expect(sample('categories.get').template).toBe(
      '/teams/{teamId}/events/{eventId}/shows/{showId}/categories/{categoryId}',
    );
    expect(await send('categories.get')).toBe(200);
  });
});

// Issue 22: constraints §5 and §7 do not state refused what a client would send.
describe('what a client written from §7 sends', () => {
  const sampleBody = (id: string) => sample(id).body as Record<string, unknown>;

  it('takes a card id of 24 characters whatever the payment provider prefixes it with', async () => {
    const ids = ['pm_1Q2w3E4r5T6y7U8i9O0pAs'.slice(0, 24), 'card_1Q2w3E4r5T6y7U8i9O0'];
    for (const id of ids) {
      expect(id).toHaveLength(24);
      expect(await send('billing.updateCard', { params: { stripeCardId: id } }), id).toBe(200);
    }
    expect(await send('billing.updateCard', { params: { stripeCardId: 'card_1Q2w3E4r5T6y7U8i' } })).not.toBe(200);
  });

  it('takes a search term longer than 24 characters (at least 2)', async () => {
    expect(await send('events.searchByTeam', { query: { term: 'harbour hall evening reception' } })).toBe(200);
    expect(await send('users.search', { query: { term: 'ada lovelace analytical engine' } })).toBe(200);
    expect(await send('events.searchByTeam', { query: { term: 'g' } })).toBe(422);
  });

  it('takes a column type beyond the six the product draws', async () => {
    const body = { ...sampleBody('columns.create'), type: 'timecode' };
    expect(await send('columns.create', { body })).toBe(201);
  });

  it('creates an event without dates or a time zone', async () => {
    expect(await send('events.create', { body: { title: 'Autumn Product Launch' } })).toBe(201);
  });

  it('adds a row without a title, and with a title of one character', async () => {
    const { row, ...rest } = sampleBody('itemSets.createRow');
    expect(await send('itemSets.createRow', { body: { ...rest, row: {} } })).toBe(201);
    expect(await send('itemSets.createRow', { body: { ...rest, row: { title: 'A' } } })).toBe(201);
  });

  it('takes a permission name that is not one camelCase word', async () => {
    const body = { ...sampleBody('teams.createPermission'), name: 'Manage billing' };
    expect(await send('teams.createPermission', { body })).toBe(201);
  });
});

describe('what §6 names (point 3)', () => {
  it.each([
    ['teams.updateRole', 'PUT /teams/{teamId}/roles/{roleId}'],
    ['teams.deleteRole', 'DELETE /teams/{teamId}/roles/{roleId}'],
    ['events.removeRole', 'DELETE /events/{eventId}/roles'],
    ['events.removePermission', 'DELETE /events/{eventId}/permissions/{permissionId}'],
    ['events.listRoleTypes', 'GET /eventRoleTypes'],
  ])('%s is %s and answers its success', async (id, call) => {
    const sampled = sample(id);
    expect(`${sampled.method} ${sampled.template}`).toBe(call);
    expect(sampled.success).toContain(await send(id));
  });
});

describe('the client identifier in request data (point 4)', () => {
  it('is accepted as the X-Client-Id header in direct mode', async () => {
    expect(await send('teams.listRoleTypes', { headers: { 'X-Client-Id': 'app.login' } })).toBe(200);
    expect(await send('users.create', { headers: { 'X-Client-Id': 'app.login' } })).toBe(201);
  });

  it('is accepted as `clientId` in the proxy envelope, JSON and multipart', async () => {
    const json = async (id: string, envelope: object) => {
      const url = new URL(`/api/${id}`, proxy.url);
      // The access token rides in the envelope's query, never in the /api URL.
      const body = sample(id).authenticated ? { ...envelope, query: { accessToken: token } } : envelope;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.body?.cancel();
      return response.status;
    };
    expect(await json('teams.listRoleTypes', { clientId: 'app.login' })).toBe(200);
    expect(await json('users.create', { payload: sample('users.create').body, clientId: 'app.login' })).toBe(201);
    expect(await json('teams.listRoleTypes', { clientId: '' })).toBe(422);

    const upload = sample('users.updatePhoto');
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.form ?? {})) form.append(name, value);
    form.append('params', JSON.stringify(upload.typed.params));
    form.append('query', JSON.stringify({ accessToken: token }));
    form.append('clientId', 'app.login');
    form.append('file', new Blob(['sample file'], { type: 'text/plain' }), 'sample.txt');
    const url = new URL('/api/upload/users.updatePhoto', proxy.url);
    const response = await fetch(url, { method: 'POST', body: form });
    await response.body?.cancel();
    expect(upload.success).toContain(response.status);
  });
});
