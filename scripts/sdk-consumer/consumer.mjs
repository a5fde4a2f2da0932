// Run with plain `node` against the mock (MOCK_URL), from the installed tarball: the ESM entry points, both modes.
import assert from 'node:assert/strict';
import { ApiConfigError, ApiError, createApiClient, createApiClientFor, tableOf, unwrap } from '@runofshow/sdk';
import { authLogin, usersHasTwoFactorAuth } from '@runofshow/sdk/operations';
import { createProxyHandler } from '@runofshow/sdk/proxy-handler';

const endpoint = process.env.MOCK_URL;
const apiKey = 'development-api-key';
let checks = 0;

// Direct mode: the path-based form and the facade.
const api = createApiClient({ endpoint, apiKey, clientId: 'consumer', logger: false });
const has2fa = await unwrap(api.GET('/users/{email}/has2fa', { params: { path: { email: 'ada@example.com' } } }));
assert.equal(typeof has2fa.hasTwoFactorAuth, 'boolean');
checks++;
const session = await api.auth.login({ payload: { email: 'ada@example.com', password: 'Correct-Horse-9' } });
assert.equal(typeof session.accessToken, 'string');
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
assert.equal(typeof viaProxy.hasTwoFactorAuth, 'boolean');
checks++;

// Errors are the package's own classes.
assert.throws(() => createApiClient({ endpoint: 'not a url', apiKey }), ApiConfigError);
checks++;
const refused = await api.users.delete({ params: { userId: '..' } }).catch((error) => error);
assert.ok(refused instanceof ApiConfigError);
checks++;
const failed = await api.auth
  .login({ payload: { email: 'ada@example.com', password: 'Correct-Horse-9' }, headers: { Prefer: 'code=401' } })
  .catch((error) => error);
assert.ok(failed instanceof ApiError);
assert.equal(failed.status, 401);
checks++;

console.log(`consumer on Node ${process.versions.node}: ${checks} checks passed`);
