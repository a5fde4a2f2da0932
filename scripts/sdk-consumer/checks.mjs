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
import { createProxyHandler } from '@runofshow/sdk/proxy-handler';

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
  return checks;
}
