// Run with a runtime's own command against the mock (MOCK_URL), from the installed tarball: `node consumer.mjs`,
// `bun consumer.mjs`, `deno run --allow-net --allow-env consumer.mjs`.
import { ApiConnectionError, createApiClient } from '@runofshow/sdk';
import { runChecks } from './checks.mjs';

const endpoint = process.env.MOCK_URL;
let checks = await runChecks(endpoint);

// Deno without net access: the call must say so (NotCapable), not only that no answer came.
if (globalThis.Deno) {
  await Deno.permissions.revoke({ name: 'net' });
  const api = createApiClient({ endpoint, apiKey: 'development-api-key', logger: false });
  const error = await api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' }, retries: 0 }).catch((e) => e);
  if (
    !(error instanceof ApiConnectionError) ||
    error.cause?.name !== 'NotCapable' ||
    !/NotCapable/.test(error.message)
  ) {
    throw new Error(`without net access Deno's NotCapable must show: ${error?.message}`);
  }
  checks++;
}

const runtime = globalThis.Deno
  ? `Deno ${Deno.version.deno}`
  : globalThis.Bun
    ? `Bun ${Bun.version}`
    : `Node ${process.versions.node}`;
console.log(`consumer on ${runtime}: ${checks} checks passed`);
