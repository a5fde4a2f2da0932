// The consumer's checks, from the installed tarball, against the mock at `endpoint`: the ESM entry points, both
// modes, the typed errors, `.withResponse()`. Plain JavaScript with no Node module, so every runtime of
// `npm run test:node` runs the same file: Node, Bun and Deno through consumer.mjs, workerd through worker.mjs.
import {
  ApiConfigError,
  ApiConnectionError,
  AuthError,
  createApiClient,
  createApiClientFor,
  tableOf,
  unwrap,
} from '@runofshow/sdk';
import { authLogin, ApiConfigError as ConfigErrorOfOperations, usersHasTwoFactorAuth } from '@runofshow/sdk/operations';
import { paged } from '@runofshow/sdk/paging';
import { createProxyHandler } from '@runofshow/sdk/proxy-handler';
import { createSession } from '@runofshow/sdk/session';

function ok(value, what) {
  if (!value) throw new Error(`consumer check failed: ${what}`);
}

/** Runs every check; resolves with how many passed, rejects at the first that fails. */
export async function runChecks(endpoint) {
  const apiKey = 'development-api-key';
  let checks = 0;

  // Direct mode: the path-based form and the facade.
  const api = createApiClient({ endpoint, apiKey, clientId: 'consumer', logger: false });
  const has2fa = await unwrap(api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } }));
  ok(typeof has2fa.hasTwoFactorAuth === 'boolean', 'the path-based call resolves with the body');
  checks++;
  const session = await api.auth.login({ payload: { email: 'ada@example.com', password: 'Correct-Horse-9' } });
  ok(typeof session.accessToken === 'string', 'the facade resolves with the body');
  checks++;

  // The answer around a body: its headers and the request id the call was sent with.
  const { data, response, requestId } = await api.users
    .hasTwoFactorAuth({ params: { email: 'ada@example.com' } })
    .withResponse();
  ok(typeof data.hasTwoFactorAuth === 'boolean' && response.status === 200, 'withResponse gives the body and answer');
  ok(/^[0-9a-f-]{36}$/.test(requestId), `withResponse gives the request id, not ${requestId}`);
  ok(response.headers.get('ratelimit-remaining') !== null, 'the answer carries its RateLimit headers');
  checks++;

  // Proxy mode through the package's own handler, in process: the browser half and the server half.
  const site = 'http://consumer.test';
  const handler = createProxyHandler({ endpoint, apiKey });
  const proxied = createApiClientFor(
    {
      endpoint,
      proxy: `${site}/api`,
      logger: false,
      // What a browser adds on a same-origin call.
      fetch: (input, init) => {
        const request = new Request(input, init);
        const headers = new Headers(request.headers);
        headers.set('origin', site);
        headers.set('sec-fetch-site', 'same-origin');
        return handler(new Request(request, { headers }));
      },
    },
    tableOf(authLogin, usersHasTwoFactorAuth),
  );
  const viaProxy = await proxied.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } });
  ok(typeof viaProxy.hasTwoFactorAuth === 'boolean', 'proxy mode resolves with the body');
  checks++;

  // Errors are the package's own classes, the same from every entry point.
  ok(ConfigErrorOfOperations === ApiConfigError, '@runofshow/sdk/operations exports the same ApiConfigError');
  let thrown;
  try {
    createApiClient({ endpoint: 'not a url', apiKey });
  } catch (error) {
    thrown = error;
  }
  ok(thrown instanceof ApiConfigError, 'a bad endpoint throws ApiConfigError');
  checks++;
  const refused = await api.users.delete({ params: { userId: '..' } }).catch((error) => error);
  ok(refused instanceof ApiConfigError, 'a path parameter that moves the path is refused');
  checks++;
  const failed = await api.auth
    .login({ payload: { email: 'ada@example.com', password: 'Correct-Horse-9' }, headers: { Prefer: 'code=401' } })
    .catch((error) => error);
  ok(failed instanceof AuthError && failed.status === 401 && failed.kind === 'auth', 'a 401 rejects as AuthError');
  ok(failed.headers.get('content-type')?.includes('json'), "the error carries the answer's headers");
  checks++;

  // A 503 is retried: the SDK imports ky on a call's first retry, an import each runtime (and workerd's bundle) must
  // resolve from the installed package.
  let tries = 0;
  const unavailable = () =>
    new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503 }), {
      status: 503,
      headers: { 'content-type': 'application/problem+json' },
    });
  const flaky = createApiClient({
    endpoint,
    apiKey,
    logger: false,
    fetch: (input, init) => (++tries === 1 ? Promise.resolve(unavailable()) : fetch(input, init)),
  });
  const retried = await flaky.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } });
  ok(typeof retried.hasTwoFactorAuth === 'boolean' && tries === 2, `a 503 is retried once, in ${tries} tries`);
  checks++;

  // Nothing listens on port 9 here: the runtime's own error is kept as the cause.
  const nowhere = createApiClient({ endpoint: 'http://127.0.0.1:9', apiKey, logger: false });
  const lost = await nowhere.users
    .hasTwoFactorAuth({ params: { email: 'ada@example.com' }, retries: 0 })
    .catch((e) => e);
  ok(
    lost instanceof ApiConnectionError && lost.kind === 'connection',
    `no answer rejects as ApiConnectionError: ${lost}`,
  );
  ok(lost.cause instanceof Error, `the connection error keeps the runtime's error as cause: ${lost.message}`);
  checks++;
  checks += await pagingChecks(endpoint, apiKey, session.accessToken);
  checks += await sessionChecks(endpoint, apiKey);
  return checks;
}

/** A list of `n` items answering as the description's three paging shapes do, counting the pages asked for. */
function listFetch(n) {
  const asked = [];
  const fetchList = async (input, init) => {
    const url = new URL(new Request(input, init).url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size'));
    asked.push(page);
    const items = Array.from({ length: n }, (_, i) => ({ _id: String(i), title: `Event ${i}` })).slice(
      (page - 1) * size,
      page * size,
    );
    return Response.json(url.pathname.endsWith('/event/search') ? { items, page, size, total: n } : items);
  };
  return { fetchList, asked };
}

// Issue 33: `@runofshow/sdk/paging` on every runtime: a list of the mock, and each shape's page count.
async function pagingChecks(endpoint, apiKey, accessToken) {
  const teamId = '65a1f0c2e4b0a1b2c3d4e5f7';
  const api = createApiClient({ endpoint, apiKey, logger: false, getAccessToken: () => accessToken });
  const fromMock = [];
  for await (const event of paged(api).events.searchByTeam.all({ params: { teamId }, query: { term: 'Autumn' } })) {
    fromMock.push(event.title);
  }
  ok(fromMock.length === 1, `the mock's one-page list walks to its total, not ${fromMock.length}`);
  const { fetchList, asked } = listFetch(7);
  const lists = paged(
    createApiClient({ endpoint, apiKey, logger: false, fetch: fetchList, getAccessToken: () => 't' }),
  );
  let count = 0;
  for await (const _ of lists.events.searchByTeam.all({ params: { teamId }, query: { term: 'Ev', size: 3 } })) count++;
  ok(count === 7 && asked.join() === '1,2,3', `a total list of 7 by 3: ${count} items in pages ${asked}`);
  asked.length = 0;
  count = 0;
  for await (const _ of lists.teams.list.all({ query: { size: 7 } })) count++;
  ok(count === 7 && asked.join() === '1,2', `a short-page list of 7 by 7: ${count} items in pages ${asked}`);
  return 2;
}

// Issue 33: `@runofshow/sdk/session` on every runtime, on real timers: tokens living 600 ms are refreshed before they
// end, one refresh for many askers, and a 401 signs out once. What is timed is when the refresh was asked for, against
// the token's end; how long the answer then takes is the machine's load, not the session's doing (the package step
// runs beside the type-checks, and a fixed 500 ms wait for the new token failed there once in a busy run).
async function sessionChecks(endpoint, apiKey) {
  const life = 600;
  let refreshes = 0;
  let revoked = false;
  const firstEnd = Date.now() + life;
  let askedAt;
  let inFlight = false;
  const expiresAt = () => new Date(Date.now() + life).toISOString();
  const tokenFetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/tokens/valid')
      return Response.json({ valid: true, expiresAt: new Date(firstEnd).toISOString() });
    if (url.pathname === '/tokens' && request.method === 'PUT') {
      refreshes++;
      askedAt ??= Date.now();
      inFlight = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight = false;
      const token = `t${refreshes}`;
      return Response.json({ token, userId: 'u', kind: 'refresh', issuedAt: expiresAt(), expiresAt: expiresAt() });
    }
    if (revoked) return Response.json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, { status: 401 });
    return Response.json({ hasTwoFactorAuth: false });
  };
  const api = createApiClient({ endpoint, apiKey, logger: false, fetch: tokenFetch });
  let signedOut = 0;
  const session = createSession({ api, token: 't0', refreshAheadMs: 200, onSignedOut: () => signedOut++ });
  await session.ready;
  for (const until = Date.now() + 10_000; session.token === 't0' && Date.now() < until; )
    await new Promise((resolve) => setTimeout(resolve, 10));
  ok(
    askedAt !== undefined && askedAt < firstEnd && session.token !== 't0',
    `a token is refreshed before its end: asked ${askedAt === undefined ? 'never' : `${firstEnd - askedAt} ms before`}, now ${session.token}`,
  );
  // One refresh for the three, or none if the session's own timer had one in flight that they share.
  const [before, expected] = [refreshes, inFlight ? 0 : 1];
  const shared = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
  ok(
    refreshes - before === expected && new Set(shared).size === 1,
    `three askers share one refresh: ${refreshes - before} refreshes, tokens ${shared}`,
  );
  revoked = true;
  const calls = [1, 2].map(() => session.api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } }));
  const outcomes = await Promise.allSettled(calls);
  ok(
    outcomes.every((o) => o.status === 'rejected' && o.reason instanceof AuthError) && signedOut === 1,
    `401s sign out once: ${signedOut}`,
  );
  session.close();
  return 2;
}
