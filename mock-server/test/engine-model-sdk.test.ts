import type { RunningServer } from '@runofshow/devkit/listen';
import { type ApiClient, ApiError, createApiClient } from '@runofshow/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { SEED_PASSWORD } from '../src/sandbox/seed.js';
import { type RunningStack, startStack } from '../src/stack.js';
import { startProxy } from './proxy-server.js';
import * as lifecycle from './support/lifecycle-model.js';
import { walk } from './support/model-walk.js';
import { quickHasher } from './support/quick-hasher.js';
import { sharedValidatingPrism } from './support/shared-validating-prism.js';

// Issue 31: the lifecycle model (test/support/lifecycle-model.ts) driven through the SDK against the running sandbox
// behind Prism's validating proxy, in both transports of §7: direct (REST paths, API key) and proxy (POST /api/…
// through the SDK's proxy listener). Every answer is checked by Prism against the description (0 contract violations)
// and by the model (0 divergences). Through Prism a step costs tens of milliseconds, so this walk is `npm run
// test:model`'s (MODEL_SDK_STEPS per transport), not `npm test`'s.
const STEPS = Number(process.env.MODEL_SDK_STEPS ?? 0);
const SEED = Number(process.env.MODEL_SEED ?? 31);

describe.runIf(STEPS > 0)('the lifecycle model through the SDK, behind Prism', () => {
  let stack: RunningStack;
  let proxyServer: RunningServer;
  const violations: string[] = [];
  const clients = { direct: new Map<string, ApiClient>(), proxy: new Map<string, ApiClient>() };

  beforeAll(async () => {
    stack = await startStack({
      mockPort: await freePort(),
      sandbox: true,
      sandboxOptions: { hasher: quickHasher },
      validatingPrism: sharedValidatingPrism,
      onExchange: ({ method, path, status, violations: found }) => {
        for (const v of found) violations.push(`${method} ${path} → ${status}: ${JSON.stringify(v)}`);
      },
    });
    proxyServer = await startProxy(stack.mock.url);
    const site = proxyServer.url;
    // The proxy takes calls from the site's own pages only: a browser there sends the site's Origin.
    const fromSite: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      headers.set('origin', site);
      return fetch(new Request(request, { headers }));
    };
    const anonymous = createApiClient({ endpoint: stack.mock.url, apiKey: 'model-sdk', logger: false });
    for (const email of Object.values(lifecycle.CALLERS)) {
      const { accessToken } = await anonymous.auth.login({ payload: { email, password: SEED_PASSWORD } });
      const getAccessToken = () => accessToken;
      const shared = { endpoint: stack.mock.url, logger: false as const, getAccessToken };
      clients.direct.set(email, createApiClient({ ...shared, apiKey: 'model-sdk' }));
      clients.proxy.set(email, createApiClient({ ...shared, proxy: `${site}/api`, fetch: fromSite }));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stack?.stop(), proxyServer?.stop()]);
  });

  /** One model step as an SDK call: its data is the answer (200), an ApiError its status and problem. */
  const through =
    (mode: keyof typeof clients): lifecycle.Send =>
    async (who, operationId, path, body = {}) => {
      const [group = '', method = ''] = operationId.split('.');
      const api = clients[mode].get(who) as unknown as Record<
        string,
        Record<string, (input: object) => Promise<unknown>>
      >;
      const call = api[group]?.[method];
      if (!call) throw new Error(`the SDK has no ${operationId}`);
      try {
        const data = await call({ params: path, ...(Object.keys(body).length ? { payload: body } : {}) });
        return { status: 200, body: data };
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, body: error.body };
        throw error;
      }
    };

  for (const mode of ['direct', 'proxy'] as const) {
    it(`agrees in ${mode} mode, with no contract violation`, async () => {
      const { steps, runs } = await walk(
        STEPS,
        async () => ({ send: through(mode), log: [] }),
        lifecycle.commands,
        lifecycle.emptyModel,
        'small',
        SEED,
      );
      console.log(`lifecycle walk through the SDK (${mode}): ${steps} steps in ${runs} sequences, 0 divergences`);
      expect(violations).toEqual([]);
    }, 1_800_000);
  }
});
