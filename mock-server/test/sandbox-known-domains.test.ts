import { beforeAll, describe, expect, it } from 'vitest';
import { SandboxCore } from '../src/sandbox/answer.js';
import { startEngine } from '../src/sandbox/engine/start.js';
import { SignInSandbox } from '../src/sandbox/sandbox.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { webCryptoHasher } from '../src/sandbox/web-hasher.js';
import { quickHasher } from './support/quick-hasher.js';

// Issue 28: the sandbox's sign-up keeps §5's e-mail and name rules as the app does (top-level domains from the
// standard list plus 'mail'; a name is a link only when it ends in one), where Prism checks the description's syntax.
const newcomer = {
  firstName: 'Tess',
  lastName: 'Tester',
  email: 'tess@example.com',
  password: 'Domain-Work-Pass-1',
  captcha: 'c',
};

const signUp = async (change: Record<string, string>) => {
  const sandbox = await SignInSandbox.seeded({ hasher: quickHasher });
  const answer = await sandbox.createUser({ ...newcomer, ...change });
  const errors = (answer.body as { errors?: { location: string[] }[] }).errors;
  return [answer.status, errors?.[0]?.location.at(-1)];
};

describe('sign-up in the sandbox: §5 top-level domains', () => {
  it.each(["o'brien@example.com", 'ada@team.mail', 'ada@Example.MUSEUM', 'ada@xn--80ak6aa92e.xn--p1ai'])(
    'creates an account for %s',
    async (email) => {
      expect(await signUp({ email })).toEqual([201, undefined]);
    },
  );

  it.each(['ada@example.notatld', 'ada@example.xn--nope'])('refuses %s on its e-mail with 422', async (email) => {
    expect(await signUp({ email })).toEqual([422, 'email']);
  });

  it.each([
    ['Mary.Ann', 201, undefined],
    ['St.John', 201, undefined],
    ['tess.com', 422, 'firstName'],
    ['Visit.MAIL', 422, 'firstName'],
  ])('takes the first name %s as %i', async (firstName, status, field) => {
    expect(await signUp({ firstName })).toEqual([status, field]);
  });
});

// The description's `Email` and `PersonName` hold on every operation that takes them, not on sign-up alone: a team
// admin's invitation, a lead, a new team's address, a lookup by address all refused `zed@example.zz` nowhere.
describe('every operation that takes an address or a person name keeps the two rules', () => {
  let core: SandboxCore;
  let token = '';
  beforeAll(async () => {
    const sandbox = await SignInSandbox.seeded({ hasher: webCryptoHasher(1000) });
    core = new SandboxCore(sandbox, startEngine());
    const signedIn = await sandbox.login('root@example.com', SEED_PASSWORD, undefined, '198.51.100.28');
    token = String((signedIn.body as { accessToken?: string }).accessToken);
  });

  const call = async (method: string, path: string, body?: object) => {
    const reply = await core.answer({
      method,
      pathname: path,
      query: new URLSearchParams({ accessToken: token }),
      headers: new Headers({ 'content-type': 'application/json', 'x-api-key': 'test' }),
      body: new TextEncoder().encode(body ? JSON.stringify(body) : ''),
      client: '198.51.100.28',
    });
    const json = JSON.parse(reply.body || '{}') as { errors?: { location: string[] }[] };
    return [reply.status, json.errors?.[0]?.location.join('.')];
  };
  const lead = { firstName: 'Grace', lastName: 'Hopper', company: 'Engines', phone: '+1 212 555 0147' };
  const calls: [string, string, string, (email: string) => object | undefined][] = [
    ['users.createPending', 'POST', '/users/pending', (email) => ({ email, firstName: 'Alan', lastName: 'Turing' })],
    ['users.findOrCreatePendingByEmail', 'POST', '/users/findOrCreatePendingByEmail', (email) => ({ email })],
    ['leads.create', 'POST', '/leads', (email) => ({ ...lead, email, heardAbout: 'A colleague told us.' })],
    ['teams.create', 'POST', '/teams', (email) => ({ title: `Engines ${email}`, email })],
  ];

  it.each(calls)('%s refuses an address on no listed top-level domain with 422', async (_, method, path, body) => {
    expect(await call(method, path, body('zed@example.zz'))).toEqual([422, 'body.email']);
  });

  it.each(calls)('%s takes any RFC 5322 address on a listed one', async (_, method, path, body) => {
    const [status] = await call(method, path, body(`o'hare.${path.length}@example.com`));
    expect(status).toBeLessThan(300);
  });

  it('a lookup by address in the path refuses it too', async () => {
    expect(await call('GET', '/users/zed%40example.zz/has2fa')).toEqual([422, 'path.email']);
    expect(await call('GET', "/users/o'hare%40example.com/has2fa")).toEqual([200, undefined]);
  });

  it('a name holding a listed domain is a link wherever a person is named', async () => {
    const invite = { email: 'tess.link@example.com', firstName: 'tess.com', lastName: 'Tester' };
    expect(await call('POST', '/users/pending', invite)).toEqual([422, 'body.firstName']);
    expect(await call('POST', '/leads', { ...lead, lastName: 'Visit.MAIL', email: 'g@example.com' })).toEqual([
      422,
      'body.lastName',
    ]);
    expect((await call('POST', '/users/pending', { ...invite, firstName: 'St.John' }))[0]).toBe(201);
  });
});
